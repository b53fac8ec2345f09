#map = affine_map<()[s0, s1, s2] -> (s0 + s1 + s2)>
#map1 = affine_map<()[s0] -> (s0 + 3)>
module {
  memref.global "private" constant @__constant_3xf32 : memref<3xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> {alignment = 64 : i64}
  func.func @pad_both(%arg0: memref<?xf32>, %arg1: f32) -> memref<?xf32> {
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg0, %c0 : memref<?xf32>
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %0 = affine.apply #map()[%dim, %c1, %c2]
    %c0_0 = arith.constant 0 : index
    %dim_1 = memref.dim %arg0, %c0_0 : memref<?xf32>
    %1 = affine.apply #map1()[%dim_1]
    %alloc = memref.alloc(%1) {alignment = 64 : i64} : memref<?xf32>
    linalg.map outs(%alloc : memref<?xf32>)
      (%init: f32) {
        %2 = linalg.index 0 : index
        linalg.yield %arg1 : f32
      }
    %c0_2 = arith.constant 0 : index
    %dim_3 = memref.dim %arg0, %c0_2 : memref<?xf32>
    %subview = memref.subview %alloc[1] [%dim_3] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 1>>
    memref.copy %arg0, %subview : memref<?xf32> to memref<?xf32, strided<[1], offset: 1>>
    return %alloc : memref<?xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_3xf32 : memref<3xf32>
    %cst = arith.constant -1.000000e+00 : f32
    %cast = memref.cast %0 : memref<3xf32> to memref<?xf32>
    %1 = call @pad_both(%cast, %cst) : (memref<?xf32>, f32) -> memref<?xf32>
    %cast_0 = memref.cast %1 : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    return
  }
}

