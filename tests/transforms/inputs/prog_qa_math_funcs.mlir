#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  memref.global "private" constant @__constant_6xi32 : memref<6xi32> = dense<[0, 1, -1, 40, 65536, -2147483647]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_6xf64 : memref<6xf64> = dense<[-2.500000e+00, -1.500000e+00, -5.000000e-01, 5.000000e-01, 1.500000e+00, 2.490000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_5xf32 : memref<5xf32> = dense<[-1.500000e+00, -2.500000e-01, 5.000000e-01, 1.000000e+00, 2.750000e+00]> {alignment = 64 : i64}
  func.func private @printF32(f32)
  func.func private @printF64(f64)
  func.func private @printI64(i64)
  func.func private @printNewline()
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefF64(memref<*xf64>)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @table(%arg0: memref<5xf32>) -> memref<16x5xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<16x5xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<5xf32>) outs(%alloc : memref<16x5xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = linalg.index 0 : index
      %1 = math.absf %in : f32
      %2 = scf.index_switch %0 -> f32 
      case 0 {
        %3 = math.exp %in : f32
        scf.yield %3 : f32
      }
      case 1 {
        %3 = math.exp2 %in : f32
        scf.yield %3 : f32
      }
      case 2 {
        %3 = math.expm1 %in : f32
        scf.yield %3 : f32
      }
      case 3 {
        %3 = math.log %1 : f32
        scf.yield %3 : f32
      }
      case 4 {
        %3 = math.log2 %1 : f32
        scf.yield %3 : f32
      }
      case 5 {
        %3 = math.log1p %1 : f32
        scf.yield %3 : f32
      }
      case 6 {
        %3 = math.sin %in : f32
        scf.yield %3 : f32
      }
      case 7 {
        %3 = math.cos %in : f32
        scf.yield %3 : f32
      }
      case 8 {
        %3 = math.tan %in : f32
        scf.yield %3 : f32
      }
      case 9 {
        %3 = math.sinh %in : f32
        scf.yield %3 : f32
      }
      case 10 {
        %3 = math.cosh %in : f32
        scf.yield %3 : f32
      }
      case 11 {
        %3 = math.atan %in : f32
        scf.yield %3 : f32
      }
      case 12 {
        %3 = math.tanh %in : f32
        scf.yield %3 : f32
      }
      case 13 {
        %3 = math.absf %in : f32
        scf.yield %3 : f32
      }
      case 14 {
        %3 = math.sqrt %1 : f32
        scf.yield %3 : f32
      }
      default {
        %3 = math.log10 %1 : f32
        scf.yield %3 : f32
      }
      linalg.yield %2 : f32
    }
    return %alloc : memref<16x5xf32>
  }
  func.func @rounding(%arg0: memref<6xf64>) -> memref<6x6xf64> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6x6xf64>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<6xf64>) outs(%alloc : memref<6x6xf64>) {
    ^bb0(%in: f64, %out: f64):
      %0 = linalg.index 0 : index
      %1 = scf.index_switch %0 -> f64 
      case 0 {
        %2 = math.ceil %in : f64
        scf.yield %2 : f64
      }
      case 1 {
        %2 = math.floor %in : f64
        scf.yield %2 : f64
      }
      case 2 {
        %2 = math.round %in : f64
        scf.yield %2 : f64
      }
      case 3 {
        %2 = math.roundeven %in : f64
        scf.yield %2 : f64
      }
      case 4 {
        %2 = math.trunc %in : f64
        scf.yield %2 : f64
      }
      default {
        %cst = arith.constant -1.000000e+00 : f64
        %2 = math.copysign %in, %cst : f64
        scf.yield %2 : f64
      }
      linalg.yield %1 : f64
    }
    return %alloc : memref<6x6xf64>
  }
  func.func @bits(%arg0: memref<6xi32>) -> memref<4x6xi32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x6xi32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<6xi32>) outs(%alloc : memref<4x6xi32>) {
    ^bb0(%in: i32, %out: i32):
      %0 = linalg.index 0 : index
      %1 = scf.index_switch %0 -> i32 
      case 0 {
        %2 = math.ctlz %in : i32
        scf.yield %2 : i32
      }
      case 1 {
        %2 = math.cttz %in : i32
        scf.yield %2 : i32
      }
      case 2 {
        %2 = math.ctpop %in : i32
        scf.yield %2 : i32
      }
      default {
        %2 = math.absi %in : i32
        scf.yield %2 : i32
      }
      linalg.yield %1 : i32
    }
    return %alloc : memref<4x6xi32>
  }
  func.func @pd(%arg0: f64) {
    call @printF64(%arg0) : (f64) -> ()
    call @printNewline() : () -> ()
    return
  }
  func.func @main() {
    %0 = memref.get_global @__constant_5xf32 : memref<5xf32>
    %1 = call @table(%0) : (memref<5xf32>) -> memref<16x5xf32>
    %cast = memref.cast %1 : memref<16x5xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %2 = memref.get_global @__constant_6xf64 : memref<6xf64>
    %3 = call @rounding(%2) : (memref<6xf64>) -> memref<6x6xf64>
    %cast_0 = memref.cast %3 : memref<6x6xf64> to memref<*xf64>
    call @printMemrefF64(%cast_0) : (memref<*xf64>) -> ()
    %4 = memref.get_global @__constant_6xi32 : memref<6xi32>
    %5 = call @bits(%4) : (memref<6xi32>) -> memref<4x6xi32>
    %cast_1 = memref.cast %5 : memref<4x6xi32> to memref<*xi32>
    call @printMemrefI32(%cast_1) : (memref<*xi32>) -> ()
    %cst = arith.constant 3.000000e-01 : f64
    %cst_2 = arith.constant -1.700000e+00 : f64
    %6 = math.atan2 %cst, %cst_2 : f64
    call @pd(%6) : (f64) -> ()
    %7 = math.powf %cst, %cst_2 : f64
    call @pd(%7) : (f64) -> ()
    %c3_i32 = arith.constant 3 : i32
    %8 = math.fpowi %cst_2, %c3_i32 : f64, i32
    call @pd(%8) : (f64) -> ()
    %9 = math.fma %cst, %cst_2, %cst : f64
    call @pd(%9) : (f64) -> ()
    %10 = math.sqrt %cst : f64
    call @pd(%10) : (f64) -> ()
    %11 = math.rsqrt %cst : f64
    call @pd(%11) : (f64) -> ()
    %12 = math.asin %cst : f64
    call @pd(%12) : (f64) -> ()
    %13 = math.acos %cst : f64
    call @pd(%13) : (f64) -> ()
    %14 = math.tanh %cst_2 : f64
    call @pd(%14) : (f64) -> ()
    %15 = math.exp %cst_2 fastmath<afn> : f64
    call @pd(%15) : (f64) -> ()
    %c7_i64 = arith.constant 7 : i64
    %c5_i64 = arith.constant 5 : i64
    %16 = math.ipowi %c7_i64, %c5_i64 : i64
    call @printI64(%16) : (i64) -> ()
    call @printNewline() : () -> ()
    %cst_3 = arith.constant 0x7FF0000000000000 : f64
    %cst_4 = arith.constant 0x7FF8000000000000 : f64
    %17 = math.isnan %cst_4 : f64
    %18 = math.isinf %cst_3 : f64
    %19 = math.isfinite %cst_3 : f64
    %20 = math.isfinite %cst : f64
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xi1>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    memref.store %17, %alloc[%c0] : memref<4xi1>
    memref.store %18, %alloc[%c1] : memref<4xi1>
    memref.store %19, %alloc[%c2] : memref<4xi1>
    memref.store %20, %alloc[%c3] : memref<4xi1>
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
    linalg.map { arith.extui } ins(%alloc : memref<4xi1>) outs(%alloc_5 : memref<4xi32>)
    %cast_6 = memref.cast %alloc_5 : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%cast_6) : (memref<*xi32>) -> ()
    return
  }
}

