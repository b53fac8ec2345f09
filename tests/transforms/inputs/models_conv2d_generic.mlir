#map = affine_map<(d0, d1, d2, d3) -> (d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
module {
  memref.global "private" constant @__constant_3xf32 : memref<3xf32> = dense<[5.000000e-01, 1.500000e+01, 6.000000e+01]> {alignment = 64 : i64}
  func.func @conv2d_relu(%arg0: memref<1x5x5x2xf32>, %arg1: memref<3x3x2x3xf32>, %arg2: memref<3xf32>) -> memref<1x3x3x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x3xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : memref<3xf32>) outs(%alloc : memref<1x3x3x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg1 : memref<1x5x5x2xf32>, memref<3x3x2x3xf32>) outs(%alloc : memref<1x3x3x3xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %0 = arith.mulf %in, %in_0 : f32
      %1 = arith.addf %out, %0 : f32
      linalg.yield %1 : f32
    }
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%alloc : memref<1x3x3x3xf32>) {
    ^bb0(%out: f32):
      %0 = arith.maximumf %out, %cst : f32
      linalg.yield %0 : f32
    }
    return %alloc : memref<1x3x3x3xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x5x5x2xf32>
    linalg.map outs(%alloc : memref<1x5x5x2xf32>)
      (%init: f32) {
        %2 = linalg.index 0 : index
        %3 = linalg.index 1 : index
        %4 = linalg.index 2 : index
        %5 = linalg.index 3 : index
        %c5 = arith.constant 5 : index
        %6 = arith.muli %3, %c5 : index
        %7 = arith.addi %6, %4 : index
        %8 = arith.index_cast %7 : index to i32
        %9 = arith.index_cast %5 : index to i32
        %10 = arith.sitofp %8 : i32 to f32
        %11 = arith.sitofp %9 : i32 to f32
        %cst = arith.constant 5.000000e-01 : f32
        %12 = arith.mulf %11, %cst : f32
        %13 = arith.addf %10, %12 : f32
        linalg.yield %13 : f32
      }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<3x3x2x3xf32>
    linalg.map outs(%alloc_0 : memref<3x3x2x3xf32>)
      (%init: f32) {
        %2 = linalg.index 0 : index
        %3 = linalg.index 1 : index
        %4 = linalg.index 2 : index
        %5 = linalg.index 3 : index
        %6 = arith.index_cast %2 : index to i32
        %7 = arith.index_cast %3 : index to i32
        %8 = arith.index_cast %4 : index to i32
        %9 = arith.index_cast %5 : index to i32
        %10 = arith.subi %6, %7 : i32
        %11 = arith.addi %10, %8 : i32
        %12 = arith.subi %11, %9 : i32
        %13 = arith.sitofp %12 : i32 to f32
        %cst = arith.constant 2.500000e-01 : f32
        %14 = arith.mulf %13, %cst : f32
        linalg.yield %14 : f32
      }
    %0 = memref.get_global @__constant_3xf32 : memref<3xf32>
    %1 = call @conv2d_relu(%alloc, %alloc_0, %0) : (memref<1x5x5x2xf32>, memref<3x3x2x3xf32>, memref<3xf32>) -> memref<1x3x3x3xf32>
    %cast = memref.cast %1 : memref<1x3x3x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

