// purpose: floating-point arith on f32 and f64: add/sub/mul/div/rem, negf, maximumf/minimumf/maxnumf/minnumf with NaN and signed zeros, every cmpf predicate on ordered and NaN operands, select, fptosi/fptoui/sitofp/uitofp, extf/truncf, bitcast, fastmath flags, infinities and hex float constants; printed with printF32/printF64 and as tensors
// expect: output equals qa_arith_float.expected

func.func private @printF32(f32)
func.func private @printF64(f64)
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @pf(%x: f32) {
  call @printF32(%x) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @pd(%x: f64) {
  call @printF64(%x) : (f64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @cmps(%a: f32, %b: f32) -> tensor<16xi32> {
  %0 = arith.cmpf false, %a, %b : f32
  %1 = arith.cmpf oeq, %a, %b : f32
  %2 = arith.cmpf ogt, %a, %b : f32
  %3 = arith.cmpf oge, %a, %b : f32
  %4 = arith.cmpf olt, %a, %b : f32
  %5 = arith.cmpf ole, %a, %b : f32
  %6 = arith.cmpf one, %a, %b : f32
  %7 = arith.cmpf ord, %a, %b : f32
  %8 = arith.cmpf ueq, %a, %b : f32
  %9 = arith.cmpf ugt, %a, %b : f32
  %10 = arith.cmpf uge, %a, %b : f32
  %11 = arith.cmpf ult, %a, %b : f32
  %12 = arith.cmpf ule, %a, %b : f32
  %13 = arith.cmpf une, %a, %b : f32
  %14 = arith.cmpf uno, %a, %b : f32
  %15 = arith.cmpf true, %a, %b : f32
  %t = tensor.from_elements %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : tensor<16xi1>
  %e = tensor.empty() : tensor<16xi32>
  %r = linalg.map ins(%t : tensor<16xi1>) outs(%e : tensor<16xi32>)
    (%v: i1, %unused: i32) {
      %w = arith.extui %v : i1 to i32
      linalg.yield %w : i32
    }
  return %r : tensor<16xi32>
}

func.func @pcmp(%a: f32, %b: f32) {
  %r = call @cmps(%a, %b) : (f32, f32) -> tensor<16xi32>
  %m = bufferization.to_buffer %r : tensor<16xi32> to memref<16xi32>
  %u = memref.cast %m : memref<16xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant 7.5 : f32
  %b = arith.constant -2.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %pz = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %0 = arith.addf %a, %b : f32
  call @pf(%0) : (f32) -> ()
  %1 = arith.subf %b, %a fastmath<nnan, ninf> : f32
  call @pf(%1) : (f32) -> ()
  %2 = arith.mulf %a, %b fastmath<fast> : f32
  call @pf(%2) : (f32) -> ()
  %3 = arith.divf %a, %b : f32
  call @pf(%3) : (f32) -> ()
  %4 = arith.remf %a, %b : f32
  call @pf(%4) : (f32) -> ()
  %5 = arith.negf %a : f32
  call @pf(%5) : (f32) -> ()
  %6 = arith.divf %a, %pz : f32
  call @pf(%6) : (f32) -> ()
  %7 = arith.divf %pz, %pz : f32
  %isnan = arith.cmpf uno, %7, %7 : f32
  %isnan64 = arith.extui %isnan : i1 to i64
  call @printI64(%isnan64) : (i64) -> ()
  call @printNewline() : () -> ()
  %8 = arith.maximumf %nz, %pz : f32
  call @pf(%8) : (f32) -> ()
  %9 = arith.minimumf %nz, %pz : f32
  call @pf(%9) : (f32) -> ()
  %10 = arith.maxnumf %nan, %a : f32
  call @pf(%10) : (f32) -> ()
  %11 = arith.minnumf %b, %nan : f32
  call @pf(%11) : (f32) -> ()
  %12 = arith.maximumf %ninf, %b : f32
  call @pf(%12) : (f32) -> ()
  %13 = arith.minimumf %inf, %a : f32
  call @pf(%13) : (f32) -> ()
  call @pcmp(%a, %b) : (f32, f32) -> ()
  call @pcmp(%b, %b) : (f32, f32) -> ()
  call @pcmp(%a, %nan) : (f32, f32) -> ()
  call @pcmp(%nz, %pz) : (f32, f32) -> ()
  // conversions
  %m75 = arith.constant -7.75 : f32
  %14 = arith.fptosi %m75 : f32 to i32
  %w14 = arith.extsi %14 : i32 to i64
  call @printI64(%w14) : (i64) -> ()
  call @printNewline() : () -> ()
  %15 = arith.fptoui %a : f32 to i16
  %w15 = arith.extui %15 : i16 to i64
  call @printI64(%w15) : (i64) -> ()
  call @printNewline() : () -> ()
  %big = arith.constant -1 : i32
  %16 = arith.uitofp %big : i32 to f32
  call @pf(%16) : (f32) -> ()
  %17 = arith.sitofp %big : i32 to f64
  call @pd(%17) : (f64) -> ()
  %third = arith.constant 0.333333333333333314829616256247390992939472198486328125 : f64
  %18 = arith.truncf %third : f64 to f32
  call @pf(%18) : (f32) -> ()
  %19 = arith.extf %18 : f32 to f64
  call @pd(%19) : (f64) -> ()
  call @pd(%third) : (f64) -> ()
  %20 = arith.bitcast %a : f32 to i32
  %w20 = arith.extui %20 : i32 to i64
  call @printI64(%w20) : (i64) -> ()
  call @printNewline() : () -> ()
  %bits = arith.constant 0x3FF8000000000000 : f64
  call @pd(%bits) : (f64) -> ()
  %21 = arith.select %isnan, %a, %b : f32
  call @pf(%21) : (f32) -> ()
  %tiny = arith.constant 1.0e-30 : f32
  %22 = arith.mulf %tiny, %tiny : f32
  call @pf(%22) : (f32) -> ()
  %huge = arith.constant 3.0e38 : f32
  %23 = arith.addf %huge, %huge : f32
  call @pf(%23) : (f32) -> ()
  %24 = arith.subf %ninf, %inf : f32
  call @pf(%24) : (f32) -> ()
  %d1 = arith.constant 1.0e300 : f64
  %d2 = arith.mulf %d1, %d1 : f64
  call @pd(%d2) : (f64) -> ()
  %d3 = arith.constant 123456789.125 : f64
  call @pd(%d3) : (f64) -> ()
  %d4 = arith.constant 1.0e-7 : f64
  call @pd(%d4) : (f64) -> ()
  %d5 = arith.constant -2.5e+20 : f64
  call @pd(%d5) : (f64) -> ()
  %vals = tensor.from_elements %0, %1, %3, %4, %6, %8, %9, %12, %22, %23, %18, %m75 : tensor<12xf32>
  %vm = bufferization.to_buffer %vals : tensor<12xf32> to memref<12xf32>
  %vu = memref.cast %vm : memref<12xf32> to memref<*xf32>
  call @printMemrefF32(%vu) : (memref<*xf32>) -> ()
  return
}
