// A loop whose body passes its iteration tensor to a function that returns
// it (an equivalent result) yields its own iteration buffer back: no copy
// per iteration, also when the call takes a cast of the buffer.
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file | FileCheck %s
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" -buffer-deallocation-pipeline | buffer-opt --emit=run --run=main | FileCheck %s --check-prefix=VALUES

func.func @add_at(%t: tensor<3xi32>, %i: index, %d: i32) -> tensor<3xi32> {
  %x = tensor.extract %t[%i] : tensor<3xi32>
  %y = arith.addi %x, %d : i32
  %r = tensor.insert %y into %t[%i] : tensor<3xi32>
  return %r : tensor<3xi32>
}

// The call takes a cast of the iteration buffer (the callee's argument has
// a dynamic layout); the loop still yields the buffer itself.
// CHECK-LABEL: func.func @main(
//       CHECK:   scf.for {{.*}} iter_args(%[[IT:.*]] = %{{.*}}) -> (memref<3xi32>)
//   CHECK-NOT:     memref.copy
//       CHECK:     %[[CAST:.*]] = memref.cast %[[IT]]
//       CHECK:     call @add_at(%[[CAST]]
//   CHECK-NOT:     memref.copy
//       CHECK:     scf.yield %[[IT]] : memref<3xi32>
// VALUES: [{"type":"i32","value":13},{"type":"i32","value":7}]
func.func @main() -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %seven = arith.constant 7 : i32
  %init = arith.constant dense<[5, 7, 9]> : tensor<3xi32>
  %r = scf.for %iv = %c0 to %c4 step %c1 iter_args(%t = %init) -> (tensor<3xi32>) {
    %two = arith.constant 2 : i32
    %n = func.call @add_at(%t, %c0, %two) : (tensor<3xi32>, index, i32) -> tensor<3xi32>
    scf.yield %n : tensor<3xi32>
  }
  %a = tensor.extract %r[%c0] : tensor<3xi32>
  %b = tensor.extract %init[%c1] : tensor<3xi32>
  return %a, %b : i32, i32
}

// -----

// Same types on both sides of the call: the argument itself is passed.
// CHECK-LABEL: func.func @scale_first(
// CHECK-LABEL: func.func @loop(
//  CHECK-SAME:     %[[A:.*]]: memref<?xf32, strided<[?], offset: ?>>
//       CHECK:   scf.for {{.*}} iter_args(%[[IT:.*]] = %[[A]])
//   CHECK-NOT:     memref.copy
//       CHECK:     call @scale_first(%[[IT]])
//   CHECK-NOT:     memref.copy
//       CHECK:     scf.yield %[[IT]]
func.func @scale_first(%t: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %x = tensor.extract %t[%c0] : tensor<?xf32>
  %y = arith.mulf %x, %x : f32
  %r = tensor.insert %y into %t[%c0] : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @loop(%t: tensor<?xf32> {bufferization.writable = true}, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<?xf32>) {
    %b = func.call @scale_first(%a) : (tensor<?xf32>) -> tensor<?xf32>
    scf.yield %b : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
