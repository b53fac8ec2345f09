#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  memref.global "private" constant @__constant_3x4xf32 : memref<3x4xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00], [-1.000000e+00, 1.000000e+00, -2.000000e+00, 2.000000e+00]]> {alignment = 64 : i64}
  func.func @squares(%arg0: index) -> memref<?xi64> {
    %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?xi64>
    linalg.map outs(%alloc : memref<?xi64>)
      (%init: i64) {
        %0 = linalg.index 0 : index
        %1 = arith.muli %0, %0 : index
        %2 = arith.index_cast %1 : index to i64
        linalg.yield %2 : i64
      }
    return %alloc : memref<?xi64>
  }
  func.func @row_sums_plus(%arg0: memref<?x?xf32>, %arg1: f32) -> memref<?xf32> {
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
    %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
    linalg.map outs(%alloc : memref<?xf32>)
      (%init: f32) {
        linalg.yield %arg1 : f32
      }
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<?x?xf32>) outs(%alloc : memref<?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %in, %out : f32
      linalg.yield %0 : f32
    }
    return %alloc : memref<?xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func @main() {
    %c7 = arith.constant 7 : index
    %0 = call @squares(%c7) : (index) -> memref<?xi64>
    %cast = memref.cast %0 : memref<?xi64> to memref<*xi64>
    call @printMemrefI64(%cast) : (memref<*xi64>) -> ()
    %1 = memref.get_global @__constant_3x4xf32 : memref<3x4xf32>
    %cast_0 = memref.cast %1 : memref<3x4xf32> to memref<?x?xf32>
    %cst = arith.constant 5.000000e-01 : f32
    %2 = call @row_sums_plus(%cast_0, %cst) : (memref<?x?xf32>, f32) -> memref<?xf32>
    %cast_1 = memref.cast %2 : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    return
  }
}

