// private-function-dynamic-ownership=true: a private function returns one
// i1 ownership flag per memref result after its results instead of cloning
// what it does not own, and its callers free a result only where its flag
// holds. Both the pipeline and the pass take the option; the program frees
// every buffer once whichever buffer the callee returns (run with the leak
// check, which also reports double frees and uses after free).
// RUN: buffer-opt -ownership-based-buffer-deallocation=private-function-dynamic-ownership=true %s | FileCheck %s
// RUN: buffer-opt -buffer-deallocation-pipeline=private-function-dynamic-ownership=true %s | FileCheck %s --check-prefix=PIPE
// RUN: buffer-opt -buffer-deallocation-pipeline=private-function-dynamic-ownership=true --run=main --run-leak-check %s | FileCheck %s --check-prefix=EXEC
// RUN: buffer-opt --pass-pipeline="builtin.module(buffer-deallocation-pipeline{private-function-dynamic-ownership=true})" --run=main --run-leak-check %s | FileCheck %s --check-prefix=EXEC
// RUN: buffer-opt -buffer-deallocation-pipeline --run=main --run-leak-check %s | FileCheck %s --check-prefix=EXEC
// RUN: buffer-opt -buffer-deallocation-pipeline=private-function-dynamic-ownership=true --run=main --run-leak-check %S/Inputs/private_dynamic_ownership_calls.mlir | FileCheck %s --check-prefix=CALLS
// RUN: buffer-opt -buffer-deallocation-pipeline --run=main --run-leak-check %S/Inputs/private_dynamic_ownership_calls.mlir | FileCheck %s --check-prefix=CALLS
// CALLS: [{"type":"f32","value":10.0},{"type":"f32","value":3.0},{"type":"f32","value":13.0},{"type":"f32","value":43.0}]
// The same CHECK lines hold for mlir-opt: same-as-mlir-opt.mlir in dropin.

// CHECK-LABEL: func.func private @select_arg_or_new(
// CHECK-SAME: %[[ARG:.*]]: memref<4xf32>, %[[C:.*]]: i1) -> (memref<4xf32>, i1)
// CHECK: %[[NEW:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[SEL:.*]] = arith.select %[[C]], %[[ARG]], %[[NEW]]
// CHECK-NOT: bufferization.clone
// CHECK: %[[OWN:.*]] = bufferization.dealloc (%{{.*}}) if (%{{.*}}) retain (%[[SEL]] : memref<4xf32>)
// CHECK: return %[[SEL]], %[[OWN]] : memref<4xf32>, i1
// PIPE-LABEL: func.func private @select_arg_or_new(
// PIPE-NOT: bufferization.clone
// PIPE: return %{{.*}}, %{{.*}} : memref<4xf32>, i1
func.func private @select_arg_or_new(%arg: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %new = memref.alloc() : memref<4xf32>
  %z = arith.constant 0 : index
  %f = arith.constant 7.0 : f32
  memref.store %f, %new[%z] : memref<4xf32>
  %r = arith.select %c, %arg, %new : memref<4xf32>
  return %r : memref<4xf32>
}

// A public function keeps the default contract: owned results, a clone
// where ownership is not known.
// CHECK-LABEL: func.func @public_select(
// CHECK-SAME: -> memref<4xf32>
// CHECK: bufferization.clone
func.func @public_select(%arg: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %new = memref.alloc() : memref<4xf32>
  %r = arith.select %c, %arg, %new : memref<4xf32>
  return %r : memref<4xf32>
}

// The caller owns the call's result where the returned flag holds.
// CHECK-LABEL: func.func @use(
// CHECK: %[[R:.*]]:2 = call @select_arg_or_new(%{{.*}}, %{{.*}}) : (memref<4xf32>, i1) -> (memref<4xf32>, i1)
// CHECK: bufferization.dealloc ({{.*}}) if (%{{.*}}, %[[R]]#1)
func.func @use(%c: i1) -> f32 {
  %z = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<4xf32>
  memref.store %one, %m[%z] : memref<4xf32>
  %r = call @select_arg_or_new(%m, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  %v = memref.load %r[%z] : memref<4xf32>
  return %v : f32
}

// EXEC: [{"type":"f32","value":1.0},{"type":"f32","value":7.0}]
func.func @main() -> (f32, f32) {
  %t = arith.constant true
  %f = arith.constant false
  %a = call @use(%t) : (i1) -> f32
  %b = call @use(%f) : (i1) -> f32
  return %a, %b : f32, f32
}
