// mlir-opt's debugging output: IR dumps around passes (stderr), pass
// statistics, local scope.
// RUN: buffer-opt %s -one-shot-bufferize=bufferize-function-boundaries -buffer-hoisting -mlir-print-ir-before-all -mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: buffer-opt %s -one-shot-bufferize=bufferize-function-boundaries -buffer-loop-hoisting -mlir-print-ir-after-all -mlir-print-ir-after-change -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// RUN: buffer-opt %s -one-shot-bufferize=bufferize-function-boundaries -buffer-loop-hoisting -mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: buffer-opt %s -one-shot-bufferize=bufferize-function-boundaries -mlir-print-ir-after=one-shot-bufferize -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: buffer-opt %s -one-shot-bufferize=bufferize-function-boundaries -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: buffer-opt %s -mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL
// RUN: buffer-opt %s -one-shot-bufferize=bufferize-function-boundaries -buffer-hoisting -mlir-print-ir-after=buffer-hoisting -mlir-print-ir-module-scope -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE

// DUMP: // -----// IR Dump Before OneShotBufferizePass (one-shot-bufferize) //----- //
// DUMP-NEXT: #map = affine_map<(d0) -> (d0)>
// DUMP-NEXT: module {
// DUMP: // -----// IR Dump After OneShotBufferizePass (one-shot-bufferize) //----- //
// DUMP: memref.copy
// DUMP: // -----// IR Dump Before BufferHoistingPass (buffer-hoisting) //----- //
// DUMP-NOT: module
// DUMP: func.func @f(
// DUMP: // -----// IR Dump After BufferHoistingPass (buffer-hoisting) //----- //
// DUMP-NOT: module
// DUMP: func.func @f(

// Loop hoisting changes nothing here (no loops): with after-change only
// One-Shot's dump is printed.
// CHANGE: IR Dump After OneShotBufferizePass
// CHANGE-NOT: IR Dump After BufferLoopHoistingPass
// ALL: IR Dump After OneShotBufferizePass
// ALL: IR Dump After BufferLoopHoistingPass (buffer-loop-hoisting)

// ONE-NOT: IR Dump Before
// ONE: // -----// IR Dump After OneShotBufferizePass (one-shot-bufferize) //----- //

// STATS: ... Pass statistics report ...
// STATS: 'builtin.module' Pipeline
// STATS-NEXT:   OneShotBufferizePass
// STATS-NEXT:     (S) 1 num-buffer-alloc - Number of buffer allocations
// STATS-NEXT:     (S) 5 num-tensor-in-place - Number of in-place tensor OpOperands
// STATS-NEXT:     (S) 1 num-tensor-out-of-place - Number of out-of-place tensor OpOperands

// SCOPE: // -----// IR Dump After BufferHoistingPass (buffer-hoisting) ('func.func' operation: @f) //----- //
// SCOPE-NEXT: #map = affine_map<(d0) -> (d0)>
// SCOPE-NEXT: module {

// LOCAL-NOT: #map =
// LOCAL: indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]

#id = affine_map<(d0) -> (d0)>
func.func @f(%t: tensor<4xf32>, %u: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, f32) {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<4xf32>) outs(%u : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %1 = tensor.insert %f into %t[%c0] : tensor<4xf32>
  %e = tensor.extract %t[%c0] : tensor<4xf32>
  return %0, %1, %e : tensor<4xf32>, tensor<4xf32>, f32
}
