// REQUIRES: mlir-opt
// With function boundaries, an argument's `bufferization.buffer_layout`
// picks its memref layout (the identity map: no layout; a strided layout:
// that one) whatever function-boundary-type-conversion says, and the
// bufferized signature keeps neither that attribute nor
// `bufferization.writable`, true or false, as mlir-opt 22 does. A read-only
// argument still gets its write redirected into a new buffer.
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s

// CHECK-LABEL: func.func @scale_rows(
//  CHECK-SAME:   %arg0: memref<6x4xf64>,
//  CHECK-SAME:   %arg1: memref<4xf64, strided<[2], offset: 1>>,
//  CHECK-SAME:   %arg2: memref<6x4xf64, strided<[?, ?], offset: ?>>) -> memref<6x4xf64> {
//       CHECK:   %[[NEW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<6x4xf64>
//       CHECK:   linalg.generic {{.*}} ins(%arg1 : memref<4xf64, strided<[2], offset: 1>>) outs(%[[NEW]] : memref<6x4xf64>)
//       CHECK:   linalg.generic {{.*}} outs(%arg2 : memref<6x4xf64, strided<[?, ?], offset: ?>>)
//       CHECK:   return %[[NEW]] : memref<6x4xf64>
func.func @scale_rows(
    %dst: tensor<6x4xf64> {bufferization.buffer_layout = affine_map<(i, j) -> (i, j)>,
                           bufferization.writable = false},
    %w: tensor<4xf64> {bufferization.buffer_layout = strided<[2], offset: 1>},
    %acc: tensor<6x4xf64> {bufferization.writable = true}) -> tensor<6x4xf64> {
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<4xf64>) outs(%dst : tensor<6x4xf64>) {
    ^bb0(%x: f64, %o: f64):
      %m = arith.mulf %x, %o : f64
      linalg.yield %m : f64
  } -> tensor<6x4xf64>
  %z = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      outs(%acc : tensor<6x4xf64>) {
    ^bb0(%o: f64):
      %d = arith.addf %o, %o : f64
      linalg.yield %d : f64
  } -> tensor<6x4xf64>
  return %r : tensor<6x4xf64>
}
