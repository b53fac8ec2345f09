// An op that reads and writes one operand inside a loop, where the operand
// is defined before the loop: writing it in place would make the next
// iteration read this iteration's result, so it is written out of place.
// Found by the generator (seed 4748).
// REQUIRES: mlir-opt
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries %s | mlir-opt > /dev/null
// RUN: buffer-opt --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.ref
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.fb
// RUN: diff %t.ref %t.fb
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline --run=main --run-leak-check %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.dealloc
// RUN: diff %t.ref %t.dealloc

func.func private @printMemrefF32(memref<*xf32>)

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @bump_each_iteration
func.func @bump_each_iteration(%n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %base = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %acc0 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> tensor<4xf32> {
    // %base + 1 each time: %base itself must stay 1.
    // CHECK: linalg.generic
    // CHECK-SAME: __inplace_operands_attr__ = ["false"]
    %g = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
        outs(%base : tensor<4xf32>) {
    ^bb0(%o: f32):
      %p = arith.addf %o, %one : f32
      linalg.yield %p : f32
    } -> tensor<4xf32>
    // CHECK: linalg.add
    // CHECK-SAME: __inplace_operands_attr__ = ["true", "true", "true"]
    %s = linalg.add ins(%g, %acc : tensor<4xf32>, tensor<4xf32>) outs(%acc : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// The same op on a value the loop defines afresh in every iteration may
// write in place.
// CHECK-LABEL: func.func @fresh_each_iteration
func.func @fresh_each_iteration(%n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<4xf32>
  %acc0 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %base = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    // CHECK: linalg.generic
    // CHECK-SAME: __inplace_operands_attr__ = ["true"]
    %g = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
        outs(%base : tensor<4xf32>) {
    ^bb0(%o: f32):
      %p = arith.addf %o, %one : f32
      linalg.yield %p : f32
    } -> tensor<4xf32>
    %s = linalg.add ins(%g, %acc : tensor<4xf32>, tensor<4xf32>) outs(%acc : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %a = call @bump_each_iteration(%c3) : (index) -> tensor<4xf32>
  %ma = bufferization.to_buffer %a : tensor<4xf32> to memref<4xf32>
  %ua = memref.cast %ma : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  %b = call @fresh_each_iteration(%c3) : (index) -> tensor<4xf32>
  %mb = bufferization.to_buffer %b : tensor<4xf32> to memref<4xf32>
  %ub = memref.cast %mb : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  return
}
