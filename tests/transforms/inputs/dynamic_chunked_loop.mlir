#map = affine_map<(d0)[s0] -> (4, -d0 + s0)>
#map1 = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_10xf32 : memref<10xf32> = dense<1.000000e+00> {alignment = 64 : i64}
  func.func @chunked_affine(%arg0: memref<?xf32>, %arg1: f32) -> memref<?xf32> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %dim = memref.dim %arg0, %c0 : memref<?xf32>
    %0 = scf.for %arg2 = %c0 to %dim step %c4 iter_args(%arg3 = %arg0) -> (memref<?xf32>) {
      %1 = affine.min #map(%arg2)[%dim]
      %subview = memref.subview %arg3[%arg2] [%1] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
      %2 = arith.index_cast %arg2 : index to i32
      %3 = arith.sitofp %2 : i32 to f32
      linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%subview : memref<?xf32, strided<[1], offset: ?>>) {
      ^bb0(%out: f32):
        %4 = arith.mulf %out, %arg1 : f32
        %5 = arith.addf %4, %3 : f32
        linalg.yield %5 : f32
      }
      %subview_0 = memref.subview %arg3[%arg2] [%1] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
      memref.copy %subview, %subview_0 : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
      scf.yield %arg3 : memref<?xf32>
    }
    return %0 : memref<?xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_10xf32 : memref<10xf32>
    %cst = arith.constant 2.000000e+00 : f32
    %cast = memref.cast %0 : memref<10xf32> to memref<?xf32>
    %c0 = arith.constant 0 : index
    %dim = memref.dim %cast, %c0 : memref<?xf32>
    %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
    memref.copy %cast, %alloc : memref<?xf32> to memref<?xf32>
    %1 = call @chunked_affine(%alloc, %cst) : (memref<?xf32>, f32) -> memref<?xf32>
    %cast_0 = memref.cast %1 : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    return
  }
}

