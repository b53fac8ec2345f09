#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1) -> (d1, d0)>
#map4 = affine_map<(d0) -> (d0)>
#map5 = affine_map<(d0) -> ()>
module {
  memref.global "private" constant @__constant_5xi32 : memref<5xi32> = dense<[3, -4, 5, 11, -13]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 5.000000e-01, 2.000000e+00, -1.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x4xf32 : memref<3x4xf32> = dense<[[1.000000e+00, -2.000000e+00, 3.500000e+00, 2.500000e-01], [-1.000000e+00, -7.000000e+00, -5.000000e-01, -3.000000e+00], [1.000000e+01, 2.000000e+01, 3.000000e+01, 4.000000e+01]]> {alignment = 64 : i64}
  func.func @sum_max_rows(%arg0: memref<3x4xf32>) -> (memref<3xf32>, memref<3xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_1 : memref<3xf32>)
    linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<3xf32>)
    linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<3x4xf32>) outs(%alloc_1, %alloc : memref<3xf32>, memref<3xf32>) {
    ^bb0(%in: f32, %out: f32, %out_2: f32):
      %0 = arith.addf %out, %in : f32
      %1 = arith.maximumf %out_2, %in : f32
      linalg.yield %0, %1 : f32, f32
    }
    return %alloc_1, %alloc : memref<3xf32>, memref<3xf32>
  }
  func.func @col_sum(%arg0: memref<3x4xf32>) -> memref<4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<4xf32>)
    linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "parallel"]} ins(%arg0 : memref<3x4xf32>) outs(%alloc : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %out, %in : f32
      linalg.yield %0 : f32
    }
    return %alloc : memref<4xf32>
  }
  func.func @transpose_scale(%arg0: memref<3x4xf32>, %arg1: memref<4xf32>) -> memref<4x3xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x3xf32>
    linalg.generic {indexing_maps = [#map, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : memref<3x4xf32>, memref<4xf32>) outs(%alloc : memref<4x3xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %0 = linalg.index 0 : index
      %1 = linalg.index 1 : index
      %2 = arith.subi %0, %1 : index
      %3 = arith.index_cast %2 : index to i32
      %4 = arith.sitofp %3 : i32 to f32
      %5 = arith.mulf %in, %in_0 : f32
      %6 = arith.addf %5, %4 : f32
      linalg.yield %6 : f32
    }
    return %alloc : memref<4x3xf32>
  }
  func.func @int_generic(%arg0: memref<5xi32>) -> (memref<5xi32>, memref<i32>) {
    %c7_i32 = arith.constant 7 : i32
    %c0_i32 = arith.constant 0 : i32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<5xi32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<i32>
    linalg.fill ins(%c0_i32 : i32) outs(%alloc_0 : memref<i32>)
    linalg.generic {indexing_maps = [#map4, #map4, #map5], iterator_types = ["reduction"]} ins(%arg0 : memref<5xi32>) outs(%alloc, %alloc_0 : memref<5xi32>, memref<i32>) {
    ^bb0(%in: i32, %out: i32, %out_1: i32):
      %0 = arith.muli %in, %in : i32
      %1 = arith.remsi %0, %c7_i32 : i32
      %2 = arith.addi %out_1, %1 : i32
      linalg.yield %1, %2 : i32, i32
    }
    return %alloc, %alloc_0 : memref<5xi32>, memref<i32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @p1(%arg0: memref<3xf32>) {
    %cast = memref.cast %arg0 : memref<3xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @main() {
    %0 = memref.get_global @__constant_3x4xf32 : memref<3x4xf32>
    %1:2 = call @sum_max_rows(%0) : (memref<3x4xf32>) -> (memref<3xf32>, memref<3xf32>)
    call @p1(%1#0) : (memref<3xf32>) -> ()
    call @p1(%1#1) : (memref<3xf32>) -> ()
    %2 = call @col_sum(%0) : (memref<3x4xf32>) -> memref<4xf32>
    %cast = memref.cast %2 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %3 = memref.get_global @__constant_4xf32 : memref<4xf32>
    %4 = call @transpose_scale(%0, %3) : (memref<3x4xf32>, memref<4xf32>) -> memref<4x3xf32>
    %cast_0 = memref.cast %4 : memref<4x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    %5 = memref.get_global @__constant_5xi32 : memref<5xi32>
    %6:2 = call @int_generic(%5) : (memref<5xi32>) -> (memref<5xi32>, memref<i32>)
    %cast_1 = memref.cast %6#0 : memref<5xi32> to memref<*xi32>
    call @printMemrefI32(%cast_1) : (memref<*xi32>) -> ()
    %cast_2 = memref.cast %6#1 : memref<i32> to memref<*xi32>
    call @printMemrefI32(%cast_2) : (memref<*xi32>) -> ()
    return
  }
}

