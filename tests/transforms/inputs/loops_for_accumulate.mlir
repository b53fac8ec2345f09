#map = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_8xf32 : memref<8xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00]> {alignment = 64 : i64}
  func.func @weighted_sum(%arg0: memref<8xf32>) -> memref<8xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<8xf32>)
    %0 = scf.for %arg1 = %c0 to %c4 step %c1 iter_args(%arg2 = %alloc) -> (memref<8xf32>) {
      %1 = arith.addi %arg1, %c1 : index
      %2 = arith.index_cast %1 : index to i32
      %3 = arith.sitofp %2 : i32 to f32
      linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<8xf32>) outs(%arg2 : memref<8xf32>) {
      ^bb0(%in: f32, %out: f32):
        %4 = arith.mulf %in, %3 : f32
        %5 = arith.addf %out, %4 : f32
        linalg.yield %5 : f32
      }
      scf.yield %arg2 : memref<8xf32>
    }
    return %0 : memref<8xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_8xf32 : memref<8xf32>
    %1 = call @weighted_sum(%0) : (memref<8xf32>) -> memref<8xf32>
    %cast = memref.cast %1 : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

