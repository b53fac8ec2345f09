#map = affine_map<(d0, d1) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<()[s0, s1, s2] -> (s0 + s1 + s2)>
#map3 = affine_map<()[s0, s1] -> (s0 + s1 + 1)>
module {
  memref.global "private" constant @__constant_6xf32 : memref<6xf32> = dense<[5.000000e-01, -1.250000e+00, 2.000000e+00, 3.750000e+00, -1.000000e-01, 1.000000e+00]> {alignment = 64 : i64}
  func.func @mathy(%arg0: memref<6xf32>) -> memref<6x8xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6x8xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<6xf32>) outs(%alloc : memref<6x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = linalg.index 1 : index
      %1 = math.absf %in : f32
      %2 = math.tanh %in : f32
      %3 = math.log1p %1 : f32
      %4 = math.sqrt %1 : f32
      %5 = math.rsqrt %1 : f32
      %6 = math.floor %in : f32
      %7 = math.ceil %in : f32
      %8 = math.powf %1, %in : f32
      %9 = scf.index_switch %0 -> f32 
      case 0 {
        scf.yield %2 : f32
      }
      case 1 {
        scf.yield %3 : f32
      }
      case 2 {
        scf.yield %4 : f32
      }
      case 3 {
        scf.yield %5 : f32
      }
      case 4 {
        scf.yield %6 : f32
      }
      case 5 {
        scf.yield %7 : f32
      }
      case 6 {
        scf.yield %8 : f32
      }
      default {
        scf.yield %in : f32
      }
      linalg.yield %9 : f32
    }
    return %alloc : memref<6x8xf32>
  }
  func.func @f64math(%arg0: f64) -> memref<2x3xf64> {
    %0 = math.exp %arg0 : f64
    %1 = math.log %arg0 : f64
    %2 = math.sin %arg0 : f64
    %3 = math.log2 %0 : f64
    %4 = math.fma %arg0, %0, %1 : f64
    %5 = math.cos %arg0 : f64
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3xf64>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    memref.store %0, %alloc[%c0, %c0] : memref<2x3xf64>
    memref.store %1, %alloc[%c0, %c1] : memref<2x3xf64>
    memref.store %2, %alloc[%c0, %c2] : memref<2x3xf64>
    memref.store %3, %alloc[%c1, %c0] : memref<2x3xf64>
    memref.store %4, %alloc[%c1, %c1] : memref<2x3xf64>
    memref.store %5, %alloc[%c1, %c2] : memref<2x3xf64>
    return %alloc : memref<2x3xf64>
  }
  func.func @splat_pad(%arg0: f32, %arg1: index, %arg2: index) -> memref<?xf32> {
    %alloc = memref.alloc(%arg1) {alignment = 64 : i64} : memref<?xf32>
    linalg.map outs(%alloc : memref<?xf32>)
      (%init: f32) {
        linalg.yield %arg0 : f32
      }
    %cst = arith.constant -1.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %dim = memref.dim %alloc, %c0 : memref<?xf32>
    %c1 = arith.constant 1 : index
    %0 = affine.apply #map2()[%dim, %c1, %arg2]
    %c0_0 = arith.constant 0 : index
    %dim_1 = memref.dim %alloc, %c0_0 : memref<?xf32>
    %1 = affine.apply #map3()[%dim_1, %arg2]
    %alloc_2 = memref.alloc(%1) {alignment = 64 : i64} : memref<?xf32>
    linalg.map outs(%alloc_2 : memref<?xf32>)
      (%init: f32) {
        %2 = linalg.index 0 : index
        linalg.yield %cst : f32
      }
    %c0_3 = arith.constant 0 : index
    %dim_4 = memref.dim %alloc, %c0_3 : memref<?xf32>
    %subview = memref.subview %alloc_2[1] [%dim_4] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 1>>
    memref.copy %alloc, %subview : memref<?xf32> to memref<?xf32, strided<[1], offset: 1>>
    return %alloc_2 : memref<?xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefF64(memref<*xf64>)
  func.func @main() {
    %0 = memref.get_global @__constant_6xf32 : memref<6xf32>
    %1 = call @mathy(%0) : (memref<6xf32>) -> memref<6x8xf32>
    %cast = memref.cast %1 : memref<6x8xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cst = arith.constant 1.700000e+00 : f64
    %2 = call @f64math(%cst) : (f64) -> memref<2x3xf64>
    %cast_0 = memref.cast %2 : memref<2x3xf64> to memref<*xf64>
    call @printMemrefF64(%cast_0) : (memref<*xf64>) -> ()
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    %cst_1 = arith.constant 4.500000e+00 : f32
    %3 = call @splat_pad(%cst_1, %c3, %c2) : (f32, index, index) -> memref<?xf32>
    %cast_2 = memref.cast %3 : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%cast_2) : (memref<*xf32>) -> ()
    return
  }
}

