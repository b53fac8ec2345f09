// Older spellings buffer-opt still accepts and prints in the MLIR 22 form:
// expand_shape without output_shape (before MLIR 19) when the result shape
// is static.
// RUN: buffer-opt %s | FileCheck %s

// CHECK-LABEL: func.func @expand_without_output_shape(%arg0: memref<8xf32>, %arg1: memref<6x4xf32, strided<[8, 1]>>)
// CHECK-NEXT:    %expand_shape = memref.expand_shape %arg0 {{\[\[}}0, 1{{\]\]}} output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
// CHECK-NEXT:    %expand_shape_0 = memref.expand_shape %arg1 {{\[\[}}0], [1, 2{{\]\]}} output_shape [6, 2, 2] : memref<6x4xf32, strided<[8, 1]>> into memref<6x2x2xf32, strided<[8, 2, 1]>>
func.func @expand_without_output_shape(%m: memref<8xf32>, %s: memref<6x4xf32, strided<[8, 1]>>) {
  %e = memref.expand_shape %m [[0, 1]] : memref<8xf32> into memref<2x4xf32>
  %f = memref.expand_shape %s [[0], [1, 2]] : memref<6x4xf32, strided<[8, 1]>> into memref<6x2x2xf32, strided<[8, 2, 1]>>
  return
}
