#map = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_5xf32 : memref<5xf32> = dense<[1.000000e+00, 2.000000e+00, 5.000000e-01, -1.000000e+00, 1.500000e+00]> {alignment = 64 : i64}
  func.func @iterate_and_compare(%arg0: memref<5xf32>) -> (memref<5xf32>, memref<5xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
    memref.copy %arg0, %alloc : memref<5xf32> to memref<5xf32>
    %0 = scf.for %arg1 = %c0 to %c3 step %c1 iter_args(%arg2 = %alloc) -> (memref<5xf32>) {
      linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%arg2 : memref<5xf32>) {
      ^bb0(%out: f32):
        %1 = arith.mulf %out, %out : f32
        linalg.yield %1 : f32
      }
      scf.yield %arg2 : memref<5xf32>
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%0, %arg0 : memref<5xf32>, memref<5xf32>) outs(%alloc_0 : memref<5xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %1 = arith.subf %in, %in_1 : f32
      linalg.yield %1 : f32
    }
    return %0, %alloc_0 : memref<5xf32>, memref<5xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_5xf32 : memref<5xf32>
    %1:2 = call @iterate_and_compare(%0) : (memref<5xf32>) -> (memref<5xf32>, memref<5xf32>)
    %cast = memref.cast %1#0 : memref<5xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_0 = memref.cast %1#1 : memref<5xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    return
  }
}

