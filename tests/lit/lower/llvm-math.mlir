// REQUIRES: llvm, llvm-opt
// math ops the LLVM lowering maps to intrinsics (ctlz/cttz defined at zero,
// ctpop, powi, is.fpclass), libm calls (asinh/acosh/atanh; f16 computed in
// float and rounded back) and a helper function (ipowi, square-and-multiply
// as upstream's convert-math-to-funcs emits it). The IR passes LLVM's
// verifier, and the JIT prints what the interpreter prints.
// RUN: buffer-opt --emit=llvm %s -o %t.ll
// RUN: opt -passes=verify -disable-output %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: buffer-opt --emit=run --run=main %s > %t.jit
// RUN: buffer-opt --run=main %s > %t.interp
// RUN: diff %t.interp %t.jit
// RUN: FileCheck %s --check-prefix=OUT < %t.jit

// IR-LABEL: define { i32, i32, i32 } @bits(i32 %0)
// IR-DAG: call {{.*}}i32 @llvm.ctlz.i32(i32 %0, i1 false)
// IR-DAG: call {{.*}}i32 @llvm.cttz.i32(i32 %0, i1 false)
// IR-DAG: call {{.*}}i32 @llvm.ctpop.i32(i32 %0)
func.func @bits(%x: i32) -> (i32, i32, i32) {
  %a = math.ctlz %x : i32
  %b = math.cttz %x : i32
  %c = math.ctpop %x : i32
  return %a, %b, %c : i32, i32, i32
}

// llvm.is.fpclass with masks nan 3, inf 516, finite 504, normal 264; -O2
// rewrites the first three as compares.
// IR-LABEL: define { i1, i1, i1, i1 } @classify(double %0)
// IR-DAG: fcmp uno double %0, 0.0
// IR-DAG: %[[ABS:.*]] = tail call double @llvm.fabs.f64(double %0)
// IR-DAG: fcmp oeq double %[[ABS]], 0x7FF0000000000000
// IR-DAG: fcmp one double %[[ABS]], 0x7FF0000000000000
// IR-DAG: call i1 @llvm.is.fpclass.f64(double %0, i32 264)
func.func @classify(%x: f64) -> (i1, i1, i1, i1) {
  %a = math.isnan %x : f64
  %b = math.isinf %x : f64
  %c = math.isfinite %x : f64
  %d = math.isnormal %x : f64
  return %a, %b, %c, %d : i1, i1, i1, i1
}

// IR-LABEL: define float @fpowi(float %0, i32 %1)
// IR: call float @llvm.powi.f32.i32(float %0, i32 %1)
func.func @fpowi(%x: f32, %n: i32) -> f32 {
  %r = math.fpowi %x, %n : f32, i32
  return %r : f32
}

// An i64 exponent does not fit powi's C int: llvm.pow on its conversion.
// IR-LABEL: define double @fpowi_wide(double %0, i64 %1)
// IR: sitofp i64 %1 to double
// IR: call double @llvm.pow.f64
func.func @fpowi_wide(%x: f64, %n: i64) -> f64 {
  %r = math.fpowi %x, %n : f64, i64
  return %r : f64
}

// The helper (internal, so -O2 inlines it): a trap for 0 to a negative
// power, the sign of -1's odd powers, and the square-and-multiply loop.
// IR-LABEL: define i64 @ipowi(i64 %0, i64 %1)
// IR: icmp slt i64 %1, 0
// IR: call void @llvm.trap()
// IR: and i64 %1, 1
// IR: {{^}}loop
// IR: mul i64
// IR: lshr i64 %{{.*}}, 1
func.func @ipowi(%a: i64, %b: i64) -> i64 {
  %r = math.ipowi %a, %b : i64
  return %r : i64
}

// IR-LABEL: define { float, double, half } @inverse_hyperbolic(float %0, double %1, half %2)
// IR-DAG: call float @asinhf(float %0)
// IR-DAG: call double @acosh(double %1)
// IR-DAG: fpext half %2 to float
// IR-DAG: call float @atanhf(float
// IR: fptrunc float %{{.*}} to half
func.func @inverse_hyperbolic(%x: f32, %y: f64, %h: f16) -> (f32, f64, f16) {
  %a = math.asinh %x : f32
  %b = math.acosh %y : f64
  %c = math.atanh %h : f16
  return %a, %b, %c : f32, f64, f16
}

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printF64(f64)
func.func private @printNewline()

func.func @show_i32(%v: i32) {
  %w = arith.extsi %v : i32 to i64
  call @printI64(%w) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @show_i1(%v: i1) {
  %w = arith.extui %v : i1 to i64
  call @printI64(%w) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @show_i64(%v: i64) {
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @show_f32(%v: f32) {
  call @printF32(%v) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @show_f64(%v: f64) {
  call @printF64(%v) : (f64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @show_bits(%x: i32) {
  %a, %b, %c = call @bits(%x) : (i32) -> (i32, i32, i32)
  call @show_i32(%a) : (i32) -> ()
  call @show_i32(%b) : (i32) -> ()
  call @show_i32(%c) : (i32) -> ()
  return
}

func.func @show_class(%x: f64) {
  %a, %b, %c, %d = call @classify(%x) : (f64) -> (i1, i1, i1, i1)
  call @show_i1(%a) : (i1) -> ()
  call @show_i1(%b) : (i1) -> ()
  call @show_i1(%c) : (i1) -> ()
  call @show_i1(%d) : (i1) -> ()
  return
}

func.func @show_ipowi(%a: i64, %b: i64) {
  %r = call @ipowi(%a, %b) : (i64, i64) -> i64
  call @show_i64(%r) : (i64) -> ()
  return
}

// OUT:      32
// OUT-NEXT: 32
// OUT-NEXT: 0
// OUT-NEXT: 0
// OUT-NEXT: 0
// OUT-NEXT: 32
// OUT-NEXT: 26
// OUT-NEXT: 3
// OUT-NEXT: 2
func.func @main() {
  %i0 = arith.constant 0 : i32
  %im1 = arith.constant -1 : i32
  %i40 = arith.constant 40 : i32
  call @show_bits(%i0) : (i32) -> ()
  call @show_bits(%im1) : (i32) -> ()
  call @show_bits(%i40) : (i32) -> ()
  // OUT-NEXT: 1
  // OUT-NEXT: 0
  // OUT-NEXT: 0
  // OUT-NEXT: 0
  // OUT-NEXT: 0
  // OUT-NEXT: 1
  // OUT-NEXT: 0
  // OUT-NEXT: 0
  // OUT-NEXT: 0
  // OUT-NEXT: 0
  // OUT-NEXT: 1
  // OUT-NEXT: 1
  // OUT-NEXT: 0
  // OUT-NEXT: 0
  // OUT-NEXT: 1
  // OUT-NEXT: 0
  // OUT-NEXT: 0
  // OUT-NEXT: 0
  // OUT-NEXT: 1
  // OUT-NEXT: 0
  %nan = arith.constant 0x7FF8000000000000 : f64
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %one = arith.constant -1.5 : f64
  %sub = arith.constant 4.0e-320 : f64
  %zero = arith.constant 0.0 : f64
  call @show_class(%nan) : (f64) -> ()
  call @show_class(%ninf) : (f64) -> ()
  call @show_class(%one) : (f64) -> ()
  call @show_class(%sub) : (f64) -> ()
  call @show_class(%zero) : (f64) -> ()
  // OUT-NEXT: 1024
  // OUT-NEXT: 1
  // OUT-NEXT: -1
  // OUT-NEXT: 1
  // OUT-NEXT: 0
  // OUT-NEXT: -9223372036854775808
  // OUT-NEXT: -243
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c5 = arith.constant 5 : i64
  %c10 = arith.constant 10 : i64
  %c63 = arith.constant 63 : i64
  %m1 = arith.constant -1 : i64
  %m2 = arith.constant -2 : i64
  %m3 = arith.constant -3 : i64
  call @show_ipowi(%c2, %c10) : (i64, i64) -> ()
  call @show_ipowi(%c0, %c0) : (i64, i64) -> ()
  call @show_ipowi(%m1, %m3) : (i64, i64) -> ()
  call @show_ipowi(%c1, %m2) : (i64, i64) -> ()
  call @show_ipowi(%c3, %m1) : (i64, i64) -> ()
  call @show_ipowi(%m2, %c63) : (i64, i64) -> ()
  call @show_ipowi(%m3, %c5) : (i64, i64) -> ()
  // OUT-NEXT: 0.25
  // OUT-NEXT: -3.375
  %f2 = arith.constant 2.0 : f32
  %fm15 = arith.constant -1.5 : f32
  %e2 = arith.constant -2 : i32
  %e3 = arith.constant 3 : i32
  %p0 = call @fpowi(%f2, %e2) : (f32, i32) -> f32
  call @show_f32(%p0) : (f32) -> ()
  %p1 = call @fpowi(%fm15, %e3) : (f32, i32) -> f32
  call @show_f32(%p1) : (f32) -> ()
  // OUT-NEXT: -0.125
  %dm2 = arith.constant -2.0 : f64
  %pw = call @fpowi_wide(%dm2, %m3) : (f64, i64) -> f64
  call @show_f64(%pw) : (f64) -> ()
  // OUT-NEXT: 0.881374
  // OUT-NEXT: 1.31696
  // OUT-NEXT: 0.549316
  %x = arith.constant 1.0 : f32
  %y = arith.constant 2.0 : f64
  %h = arith.constant 0.5 : f16
  %a, %b, %c = call @inverse_hyperbolic(%x, %y, %h) : (f32, f64, f16) -> (f32, f64, f16)
  call @show_f32(%a) : (f32) -> ()
  call @show_f64(%b) : (f64) -> ()
  %cw = arith.extf %c : f16 to f32
  call @show_f32(%cw) : (f32) -> ()
  return
}
