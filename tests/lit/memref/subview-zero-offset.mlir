// A static zero offset contributes nothing to a subview's offset, even along
// a dimension whose stride is dynamic (0 * ? = 0, as MLIR computes it): the
// inferred layout keeps a static offset, and a less static result is an error.
// RUN: buffer-opt --split-input-file --verify-diagnostics %s | FileCheck %s

// CHECK-LABEL: func.func @static_offset
// CHECK: memref.subview %{{.*}}[0, 1] [1, 1] [1, 1] : memref<1x?xf32> to memref<1x1xf32, strided<[?, 1], offset: 1>>
func.func @static_offset(%m: memref<1x?xf32>) -> memref<1x1xf32, strided<[?, 1], offset: 1>> {
  %s = memref.subview %m[0, 1] [1, 1] [1, 1] : memref<1x?xf32> to memref<1x1xf32, strided<[?, 1], offset: 1>>
  return %s : memref<1x1xf32, strided<[?, 1], offset: 1>>
}

// -----

// CHECK-LABEL: func.func @dynamic_rows
// CHECK: memref.subview %{{.*}}[0, 3] [2, 2] [1, 1] : memref<4x?xf32> to memref<2x2xf32, strided<[?, 1], offset: 3>>
func.func @dynamic_rows(%m: memref<4x?xf32>) -> memref<2x2xf32, strided<[?, 1], offset: 3>> {
  %s = memref.subview %m[0, 3] [2, 2] [1, 1] : memref<4x?xf32> to memref<2x2xf32, strided<[?, 1], offset: 3>>
  return %s : memref<2x2xf32, strided<[?, 1], offset: 3>>
}

// -----

func.func @less_static(%m: memref<?x?xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<1x1xf32, strided<[?, 1], offset: 1>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<1x1xf32, strided<[?, 1], offset: ?>>'}}
  %s = memref.subview %m[0, 1] [1, 1] [1, 1] : memref<?x?xf32> to memref<1x1xf32, strided<[?, 1], offset: ?>>
  return
}
