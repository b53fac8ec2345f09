// purpose: math dialect on scalars and inside linalg bodies: transcendental functions at f32 and f64 (exp, exp2, expm1, log family, trig and hyperbolic, inverse trig), powf/fpowi/ipowi, atan2, copysign, fma, rounding ops, absf/absi, ctlz/cttz/ctpop, isnan/isinf/isfinite
// expect: output equals qa_math_funcs.expected

#id = affine_map<(i) -> (i)>

func.func private @printF32(f32)
func.func private @printF64(f64)
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF64(memref<*xf64>)
func.func private @printMemrefI32(memref<*xi32>)

// sixteen functions of x, one output row per function
func.func @table(%x: tensor<5xf32>) -> tensor<16x5xf32> {
  %e = tensor.empty() : tensor<16x5xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(f, i) -> (i)>, affine_map<(f, i) -> (f, i)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<5xf32>) outs(%e : tensor<16x5xf32>) {
  ^bb0(%v: f32, %unused: f32):
    %f = linalg.index 0 : index
    %a = math.absf %v : f32
    %r = scf.index_switch %f -> f32
    case 0 {
      %y = math.exp %v : f32
      scf.yield %y : f32
    }
    case 1 {
      %y = math.exp2 %v : f32
      scf.yield %y : f32
    }
    case 2 {
      %y = math.expm1 %v : f32
      scf.yield %y : f32
    }
    case 3 {
      %y = math.log %a : f32
      scf.yield %y : f32
    }
    case 4 {
      %y = math.log2 %a : f32
      scf.yield %y : f32
    }
    case 5 {
      %y = math.log1p %a : f32
      scf.yield %y : f32
    }
    case 6 {
      %y = math.sin %v : f32
      scf.yield %y : f32
    }
    case 7 {
      %y = math.cos %v : f32
      scf.yield %y : f32
    }
    case 8 {
      %y = math.tan %v : f32
      scf.yield %y : f32
    }
    case 9 {
      %y = math.sinh %v : f32
      scf.yield %y : f32
    }
    case 10 {
      %y = math.cosh %v : f32
      scf.yield %y : f32
    }
    case 11 {
      %y = math.atan %v : f32
      scf.yield %y : f32
    }
    case 12 {
      %y = math.tanh %v : f32
      scf.yield %y : f32
    }
    case 13 {
      %y = math.absf %v : f32
      scf.yield %y : f32
    }
    case 14 {
      %y = math.sqrt %a : f32
      scf.yield %y : f32
    }
    default {
      %y = math.log10 %a : f32
      scf.yield %y : f32
    }
    linalg.yield %r : f32
  } -> tensor<16x5xf32>
  return %r : tensor<16x5xf32>
}

func.func @rounding(%x: tensor<6xf64>) -> tensor<6x6xf64> {
  %e = tensor.empty() : tensor<6x6xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(f, i) -> (i)>, affine_map<(f, i) -> (f, i)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<6xf64>) outs(%e : tensor<6x6xf64>) {
  ^bb0(%v: f64, %unused: f64):
    %f = linalg.index 0 : index
    %r = scf.index_switch %f -> f64
    case 0 {
      %y = math.ceil %v : f64
      scf.yield %y : f64
    }
    case 1 {
      %y = math.floor %v : f64
      scf.yield %y : f64
    }
    case 2 {
      %y = math.round %v : f64
      scf.yield %y : f64
    }
    case 3 {
      %y = math.roundeven %v : f64
      scf.yield %y : f64
    }
    case 4 {
      %y = math.trunc %v : f64
      scf.yield %y : f64
    }
    default {
      %m = arith.constant -1.0 : f64
      %y = math.copysign %v, %m : f64
      scf.yield %y : f64
    }
    linalg.yield %r : f64
  } -> tensor<6x6xf64>
  return %r : tensor<6x6xf64>
}

func.func @bits(%x: tensor<6xi32>) -> tensor<4x6xi32> {
  %e = tensor.empty() : tensor<4x6xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(f, i) -> (i)>, affine_map<(f, i) -> (f, i)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<6xi32>) outs(%e : tensor<4x6xi32>) {
  ^bb0(%v: i32, %unused: i32):
    %f = linalg.index 0 : index
    %r = scf.index_switch %f -> i32
    case 0 {
      %y = math.ctlz %v : i32
      scf.yield %y : i32
    }
    case 1 {
      %y = math.cttz %v : i32
      scf.yield %y : i32
    }
    case 2 {
      %y = math.ctpop %v : i32
      scf.yield %y : i32
    }
    default {
      %y = math.absi %v : i32
      scf.yield %y : i32
    }
    linalg.yield %r : i32
  } -> tensor<4x6xi32>
  return %r : tensor<4x6xi32>
}

func.func @pd(%x: f64) {
  call @printF64(%x) : (f64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %x = arith.constant dense<[-1.5, -0.25, 0.5, 1.0, 2.75]> : tensor<5xf32>
  %t = call @table(%x) : (tensor<5xf32>) -> tensor<16x5xf32>
  %tm = bufferization.to_buffer %t : tensor<16x5xf32> to memref<16x5xf32>
  %tu = memref.cast %tm : memref<16x5xf32> to memref<*xf32>
  call @printMemrefF32(%tu) : (memref<*xf32>) -> ()
  %d = arith.constant dense<[-2.5, -1.5, -0.5, 0.5, 1.5, 2.49]> : tensor<6xf64>
  %r = call @rounding(%d) : (tensor<6xf64>) -> tensor<6x6xf64>
  %rm = bufferization.to_buffer %r : tensor<6x6xf64> to memref<6x6xf64>
  %ru = memref.cast %rm : memref<6x6xf64> to memref<*xf64>
  call @printMemrefF64(%ru) : (memref<*xf64>) -> ()
  %i = arith.constant dense<[0, 1, -1, 40, 65536, -2147483647]> : tensor<6xi32>
  %b = call @bits(%i) : (tensor<6xi32>) -> tensor<4x6xi32>
  %bm = bufferization.to_buffer %b : tensor<4x6xi32> to memref<4x6xi32>
  %bu = memref.cast %bm : memref<4x6xi32> to memref<*xi32>
  call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  // scalar f64
  %a = arith.constant 0.3 : f64
  %c = arith.constant -1.7 : f64
  %0 = math.atan2 %a, %c : f64
  call @pd(%0) : (f64) -> ()
  %1 = math.powf %a, %c : f64
  call @pd(%1) : (f64) -> ()
  %n3 = arith.constant 3 : i32
  %2 = math.fpowi %c, %n3 : f64, i32
  call @pd(%2) : (f64) -> ()
  %3 = math.fma %a, %c, %a : f64
  call @pd(%3) : (f64) -> ()
  %4 = math.sqrt %a : f64
  call @pd(%4) : (f64) -> ()
  %5 = math.rsqrt %a : f64
  call @pd(%5) : (f64) -> ()
  %6 = math.asin %a : f64
  call @pd(%6) : (f64) -> ()
  %7 = math.acos %a : f64
  call @pd(%7) : (f64) -> ()
  %8 = math.tanh %c : f64
  call @pd(%8) : (f64) -> ()
  %9 = math.exp %c fastmath<afn> : f64
  call @pd(%9) : (f64) -> ()
  %b7 = arith.constant 7 : i64
  %e5 = arith.constant 5 : i64
  %10 = math.ipowi %b7, %e5 : i64
  call @printI64(%10) : (i64) -> ()
  call @printNewline() : () -> ()
  %inf = arith.constant 0x7FF0000000000000 : f64
  %nan = arith.constant 0x7FF8000000000000 : f64
  %k0 = math.isnan %nan : f64
  %k1 = math.isinf %inf : f64
  %k2 = math.isfinite %inf : f64
  %k3 = math.isfinite %a : f64
  %kt = tensor.from_elements %k0, %k1, %k2, %k3 : tensor<4xi1>
  %ke = tensor.empty() : tensor<4xi32>
  %kw = linalg.map ins(%kt : tensor<4xi1>) outs(%ke : tensor<4xi32>)
    (%v: i1, %unused: i32) {
      %w = arith.extui %v : i1 to i32
      linalg.yield %w : i32
    }
  %km = bufferization.to_buffer %kw : tensor<4xi32> to memref<4xi32>
  %ku = memref.cast %km : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%ku) : (memref<*xi32>) -> ()
  return
}
