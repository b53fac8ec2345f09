// LLVM dialect functions and calls next to tensor code read and print as
// mlir-opt's, and bufferization leaves them as they are.
// RUN: buffer-opt %s | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s

// ROUND: llvm.func @declared(i64, f32) -> f32
// ROUND: llvm.func @count_down(%arg0: i64) -> i64 {
// ROUND:   %0 = llvm.call @count_down(%arg0) : (i64) -> i64
// ROUND:   llvm.return %0 : i64
// ROUND: llvm.func @empty() {
// ROUND:   llvm.return
// ROUND: func.func @mixed(%arg0: tensor<2xf32>, %arg1: i64) -> (tensor<2xf32>, i64) {
// ROUND:   llvm.call @empty() : () -> ()

// CHECK: llvm.func @declared(i64, f32) -> f32
// CHECK: llvm.func @count_down(%[[N:.*]]: i64) -> i64 {
// CHECK:   %[[R:.*]] = llvm.call @count_down(%[[N]]) : (i64) -> i64
// CHECK:   llvm.return %[[R]] : i64
// CHECK-LABEL: func.func @mixed(
//  CHECK-SAME:     %[[B:.*]]: memref<2xf32, strided<[?], offset: ?>>, %[[X:.*]]: i64) -> (memref<2xf32, strided<[?], offset: ?>>, i64)
//       CHECK:   llvm.call @empty() : () -> ()
//       CHECK:   %[[Y:.*]] = llvm.call @count_down(%[[X]]) : (i64) -> i64
//       CHECK:   memref.store %{{.*}}, %[[B]]
//       CHECK:   return %[[B]], %[[Y]]
llvm.func @declared(i64, f32) -> f32
llvm.func @count_down(%n: i64) -> i64 {
  %r = llvm.call @count_down(%n) : (i64) -> i64
  llvm.return %r : i64
}
llvm.func @empty() {
  llvm.return
}
func.func @mixed(%t: tensor<2xf32>, %x: i64) -> (tensor<2xf32>, i64) {
  llvm.call @empty() : () -> ()
  %y = llvm.call @count_down(%x) : (i64) -> i64
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.5 : f32
  %u = tensor.insert %z into %t[%c1] : tensor<2xf32>
  return %u, %y : tensor<2xf32>, i64
}
