#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  memref.global "private" constant @__constant_3x2xf32 : memref<3x2xf32> = dense<[[1.000000e+00, -1.000000e+00], [5.000000e-01, 2.000000e+00], [-1.500000e+00, 5.000000e-01]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3xf32 : memref<3xf32> = dense<[1.000000e-01, -2.000000e-01, 3.000000e-01]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4x3xf32 : memref<4x3xf32> = dense<[[5.000000e-01, -1.000000e+00, 2.500000e-01], [1.000000e+00, 5.000000e-01, -5.000000e-01], [-2.500000e-01, 1.000000e+00, 7.500000e-01], [0.000000e+00, -5.000000e-01, 1.000000e+00]]> {alignment = 64 : i64}
  func.func @dense(%arg0: memref<?x4xf32>, %arg1: memref<4x3xf32>, %arg2: memref<3xf32>) -> memref<?x3xf32> {
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg0, %c0 : memref<?x4xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<?x3xf32>)
    %c0_0 = arith.constant 0 : index
    %dim_1 = memref.dim %alloc, %c0_0 : memref<?x3xf32>
    %alloc_2 = memref.alloc(%dim_1) {alignment = 64 : i64} : memref<?x3xf32>
    memref.copy %alloc, %alloc_2 : memref<?x3xf32> to memref<?x3xf32>
    linalg.matmul ins(%arg0, %arg1 : memref<?x4xf32>, memref<4x3xf32>) outs(%alloc_2 : memref<?x3xf32>)
    %alloc_3 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x3xf32>
    linalg.broadcast ins(%arg2 : memref<3xf32>) outs(%alloc_3 : memref<?x3xf32>) dimensions = [0] 
    linalg.add ins(%alloc_2, %alloc_3 : memref<?x3xf32>, memref<?x3xf32>) outs(%alloc_3 : memref<?x3xf32>)
    linalg.max ins(%alloc_3, %alloc : memref<?x3xf32>, memref<?x3xf32>) outs(%alloc : memref<?x3xf32>)
    return %alloc : memref<?x3xf32>
  }
  func.func @head(%arg0: memref<?x3xf32>, %arg1: memref<3x2xf32>) -> memref<?x2xf32> {
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg0, %c0 : memref<?x3xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x2xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<?x2xf32>)
    linalg.matmul ins(%arg0, %arg1 : memref<?x3xf32>, memref<3x2xf32>) outs(%alloc : memref<?x2xf32>)
    return %alloc : memref<?x2xf32>
  }
  func.func @argmax(%arg0: memref<?x2xf32>) -> (memref<?xf32>, memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg0, %c0 : memref<?x2xf32>
    %cst = arith.constant 0xFF800000 : f32
    %c-1_i32 = arith.constant -1 : i32
    %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
    %alloc_0 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xi32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<?xf32>)
    linalg.fill ins(%c-1_i32 : i32) outs(%alloc_0 : memref<?xi32>)
    linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<?x2xf32>) outs(%alloc, %alloc_0 : memref<?xf32>, memref<?xi32>) {
    ^bb0(%in: f32, %out: f32, %out_1: i32):
      %0 = linalg.index 1 : index
      %1 = arith.index_cast %0 : index to i32
      %2 = arith.cmpf ogt, %in, %out : f32
      %3 = arith.select %2, %in, %out : f32
      %4 = arith.select %2, %1, %out_1 : i32
      linalg.yield %3, %4 : f32, i32
    }
    return %alloc, %alloc_0 : memref<?xf32>, memref<?xi32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c5 = arith.constant 5 : index
    %alloc = memref.alloc(%c5) {alignment = 64 : i64} : memref<?x4xf32>
    linalg.map outs(%alloc : memref<?x4xf32>)
      (%init: f32) {
        %6 = linalg.index 0 : index
        %7 = linalg.index 1 : index
        %8 = arith.muli %6, %7 : index
        %9 = arith.subi %8, %6 : index
        %10 = arith.index_cast %9 : index to i32
        %11 = arith.sitofp %10 : i32 to f32
        %cst = arith.constant 2.500000e-01 : f32
        %12 = arith.mulf %11, %cst : f32
        linalg.yield %12 : f32
      }
    %0 = memref.get_global @__constant_4x3xf32 : memref<4x3xf32>
    %1 = memref.get_global @__constant_3xf32 : memref<3xf32>
    %2 = memref.get_global @__constant_3x2xf32 : memref<3x2xf32>
    %3 = call @dense(%alloc, %0, %1) : (memref<?x4xf32>, memref<4x3xf32>, memref<3xf32>) -> memref<?x3xf32>
    %c0 = arith.constant 0 : index
    %dim = memref.dim %3, %c0 : memref<?x3xf32>
    %alloc_0 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x3xf32>
    memref.copy %3, %alloc_0 : memref<?x3xf32> to memref<?x3xf32>
    %cast = memref.cast %alloc_0 : memref<?x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %4 = call @head(%3, %2) : (memref<?x3xf32>, memref<3x2xf32>) -> memref<?x2xf32>
    %c0_1 = arith.constant 0 : index
    %dim_2 = memref.dim %4, %c0_1 : memref<?x2xf32>
    %alloc_3 = memref.alloc(%dim_2) {alignment = 64 : i64} : memref<?x2xf32>
    memref.copy %4, %alloc_3 : memref<?x2xf32> to memref<?x2xf32>
    %cast_4 = memref.cast %alloc_3 : memref<?x2xf32> to memref<*xf32>
    call @printMemrefF32(%cast_4) : (memref<*xf32>) -> ()
    %5:2 = call @argmax(%4) : (memref<?x2xf32>) -> (memref<?xf32>, memref<?xi32>)
    %cast_5 = memref.cast %5#0 : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%cast_5) : (memref<*xf32>) -> ()
    %cast_6 = memref.cast %5#1 : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%cast_6) : (memref<*xi32>) -> ()
    return
  }
}

