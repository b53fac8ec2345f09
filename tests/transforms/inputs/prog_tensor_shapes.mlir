#map = affine_map<()[s0, s1, s2] -> (s0 + s1 + s2)>
#map1 = affine_map<()[s0] -> (s0 + 3)>
module {
  memref.global "private" constant @__constant_2x3xf32 : memref<2x3xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x2xf32 : memref<2x2xf32> = dense<[[-1.000000e+00, -2.000000e+00], [-3.000000e+00, -4.000000e+00]]> {alignment = 64 : i64}
  func.func @reshape_and_slice(%arg0: memref<12xf32>) -> (memref<3x4xf32>, memref<2x2xf32>, memref<12xf32>) {
    %expand_shape = memref.expand_shape %arg0 [[0, 1]] output_shape [3, 4] : memref<12xf32> into memref<3x4xf32>
    %subview = memref.subview %expand_shape[0, 1] [2, 2] [2, 2] : memref<3x4xf32> to memref<2x2xf32, strided<[8, 2], offset: 1>>
    %0 = memref.get_global @__constant_2x2xf32 : memref<2x2xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3x4xf32>
    memref.copy %expand_shape, %alloc : memref<3x4xf32> to memref<3x4xf32>
    %subview_0 = memref.subview %alloc[1, 2] [2, 2] [1, 1] : memref<3x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 6>>
    memref.copy %0, %subview_0 : memref<2x2xf32> to memref<2x2xf32, strided<[4, 1], offset: 6>>
    %collapse_shape = memref.collapse_shape %alloc [[0, 1]] : memref<3x4xf32> into memref<12xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
    memref.copy %subview, %alloc_1 : memref<2x2xf32, strided<[8, 2], offset: 1>> to memref<2x2xf32>
    return %expand_shape, %alloc_1, %collapse_shape : memref<3x4xf32>, memref<2x2xf32>, memref<12xf32>
  }
  func.func @pad_dynamic(%arg0: memref<2x3xf32>, %arg1: index) -> memref<?x5xf32> {
    %cst = arith.constant 9.500000e+00 : f32
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg0, %c0 : memref<2x3xf32>
    %c1 = arith.constant 1 : index
    %0 = affine.apply #map()[%dim, %arg1, %c1]
    %c0_0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %1 = affine.apply #map1()[%arg1]
    %alloc = memref.alloc(%1) {alignment = 64 : i64} : memref<?x5xf32>
    linalg.map outs(%alloc : memref<?x5xf32>)
      (%init: f32) {
        %2 = linalg.index 0 : index
        %3 = linalg.index 1 : index
        linalg.yield %cst : f32
      }
    %subview = memref.subview %alloc[%arg1, 1] [2, 3] [1, 1] : memref<?x5xf32> to memref<2x3xf32, strided<[5, 1], offset: ?>>
    memref.copy %arg0, %subview : memref<2x3xf32> to memref<2x3xf32, strided<[5, 1], offset: ?>>
    return %alloc : memref<?x5xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<12xf32>
    linalg.map outs(%alloc : memref<12xf32>)
      (%init: f32) {
        %4 = linalg.index 0 : index
        %5 = arith.index_cast %4 : index to i32
        %6 = arith.sitofp %5 : i32 to f32
        linalg.yield %6 : f32
      }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<12xf32>
    memref.copy %alloc, %alloc_0 : memref<12xf32> to memref<12xf32>
    %0:3 = call @reshape_and_slice(%alloc_0) : (memref<12xf32>) -> (memref<3x4xf32>, memref<2x2xf32>, memref<12xf32>)
    %cast = memref.cast %0#0 : memref<3x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_1 = memref.cast %0#1 : memref<2x2xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    %cast_2 = memref.cast %0#2 : memref<12xf32> to memref<*xf32>
    call @printMemrefF32(%cast_2) : (memref<*xf32>) -> ()
    %1 = memref.get_global @__constant_2x3xf32 : memref<2x3xf32>
    %c2 = arith.constant 2 : index
    %2 = call @pad_dynamic(%1, %c2) : (memref<2x3xf32>, index) -> memref<?x5xf32>
    %c0 = arith.constant 0 : index
    %dim = memref.dim %2, %c0 : memref<?x5xf32>
    %cast_3 = memref.cast %2 : memref<?x5xf32> to memref<*xf32>
    call @printMemrefF32(%cast_3) : (memref<*xf32>) -> ()
    %3 = arith.index_cast %dim : index to i64
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<1xi64>
    %c0_5 = arith.constant 0 : index
    memref.store %3, %alloc_4[%c0_5] : memref<1xi64>
    %cast_6 = memref.cast %alloc_4 : memref<1xi64> to memref<*xi64>
    call @printMemrefI64(%cast_6) : (memref<*xi64>) -> ()
    return
  }
}

