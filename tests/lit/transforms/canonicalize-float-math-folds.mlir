// --canonicalize folds of float, extended-integer and math ops on constants
// (arith_fold.c, math_fold.c), computed as the interpreter computes them:
// the folded program prints what the original prints (RUNOUT). The same
// folds hold for upstream's canonicalizer, except 0/0, which upstream
// folds to a positive NaN and we keep (the hardware's NaN is negative).
// RUN: buffer-opt -canonicalize %s | FileCheck %s --check-prefixes=CHECK,OURS
// RUN: %if mlir-opt %{ mlir-opt -canonicalize %s | FileCheck %s %}
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=RUNOUT
// RUN: buffer-opt -canonicalize -cse %s | buffer-opt --run=main - | FileCheck %s --check-prefix=RUNOUT

// RUNOUT: inf
// RUNOUT-NEXT: -0
// RUNOUT-NEXT: 1.5
// RUNOUT-NEXT: 4.29497e+09
// RUNOUT-NEXT: 1089470464
// RUNOUT-NEXT: 0.333333
// RUNOUT-NEXT: -70
// RUNOUT-NEXT: 2.71828
// RUNOUT-NEXT: -27
// RUNOUT-NEXT: 0
// RUNOUT-NEXT: -0

func.func private @printF32(f32)
func.func private @printF64(f64)
func.func private @printI64(i64)
func.func private @printNewline()

// CHECK-LABEL: func.func @float_folds(
// CHECK-DAG: arith.constant 0x7F800000 : f32
// CHECK-DAG: arith.constant -0.000000e+00 : f32
// CHECK-DAG: arith.constant 1.500000e+00 : f32
// CHECK-DAG: arith.constant -2.000000e+00 : f32
// CHECK-DAG: arith.constant true
// CHECK-DAG: arith.constant 4.2949673E+9 : f32
// CHECK-DAG: arith.constant -2 : i32
// CHECK-DAG: arith.constant 1089470464 : i32
// CHECK-DAG: arith.constant 7.500000e+00 : f64
// CHECK-DAG: arith.constant 5.000000e-01 : f32
// CHECK-NOT: arith.addf
// CHECK-NOT: arith.maximumf
// CHECK-NOT: arith.minimumf
// CHECK-NOT: arith.remf
// CHECK-NOT: arith.minnumf
// CHECK-NOT: arith.cmpf
// CHECK-NOT: arith.uitofp
// CHECK-NOT: arith.fptosi
// CHECK-NOT: arith.bitcast
// CHECK-NOT: arith.extf
// CHECK: arith.truncf %{{.*}} : f64 to f32
// OURS: arith.divf
// CHECK: return
func.func @float_folds() -> (f32, f32, f32, f32, f32, i1, f32, i32, i32, f64, f32, f32, f32) {
  %big = arith.constant 3.0e38 : f32
  %m0 = arith.constant -0.0 : f32
  %p0 = arith.constant 0.0 : f32
  %a = arith.constant 7.5 : f32
  %b = arith.constant -2.0 : f32
  %third = arith.constant 0.33333333333333331 : f64
  %half = arith.constant 0.5 : f64
  %m1 = arith.constant -1 : i32
  %inf = arith.addf %big, %big : f32
  %max0 = arith.maximumf %m0, %p0 : f32
  %min0 = arith.minimumf %m0, %p0 : f32
  %rem = arith.remf %a, %b : f32
  %nmin = arith.minnumf %a, %b : f32
  %lt = arith.cmpf olt, %b, %a : f32
  %u = arith.uitofp %m1 : i32 to f32
  %si = arith.fptosi %b : f32 to i32
  %bits = arith.bitcast %a : f32 to i32
  %ext = arith.extf %a : f32 to f64
  %exact = arith.truncf %half : f64 to f32
  %inexact = arith.truncf %third : f64 to f32
  %nan = arith.divf %p0, %p0 : f32
  return %inf, %max0, %min0, %rem, %nmin, %lt, %u, %si, %bits, %ext, %exact, %inexact, %nan : f32, f32, f32, f32, f32, i1, f32, i32, i32, f64, f32, f32, f32
}

// CHECK-LABEL: func.func @extended_folds(
// CHECK-DAG: %[[S:.*]] = arith.constant 44 : i8
// CHECK-DAG: %[[O:.*]] = arith.constant true
// CHECK-DAG: %[[LO:.*]] = arith.constant 64 : i8
// CHECK-DAG: %[[HI:.*]] = arith.constant -100 : i8
// CHECK-DAG: %[[SLO:.*]] = arith.constant 647710720 : i32
// CHECK-DAG: %[[SHI:.*]] = arith.constant -70 : i32
// CHECK-NOT: _extended
// CHECK: return %[[S]], %[[O]], %[[LO]], %[[HI]], %[[SLO]], %[[SHI]]
func.func @extended_folds() -> (i8, i1, i8, i8, i32, i32) {
  %x = arith.constant 200 : i8
  %y = arith.constant 100 : i8
  %s, %o = arith.addui_extended %x, %y : i8, i1
  %lo, %hi = arith.mului_extended %x, %x : i8
  %p = arith.constant -100000 : i32
  %q = arith.constant 3000000 : i32
  %slo, %shi = arith.mulsi_extended %p, %q : i32
  return %s, %o, %lo, %hi, %slo, %shi : i8, i1, i8, i8, i32, i32
}

// CHECK-LABEL: func.func @math_folds(
// CHECK-DAG: %[[SQ:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG: %[[E:.*]] = arith.constant 2.7182818284590451 : f64
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK-DAG: %[[POP:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[POW:.*]] = arith.constant -27 : i32
// CHECK-NOT: math.
// CHECK: return %[[SQ]], %[[E]], %[[T]], %[[F]], %[[POP]], %[[POW]]
func.func @math_folds() -> (f32, f64, i1, i1, i32, i32) {
  %four = arith.constant 4.0 : f32
  %one = arith.constant 1.0 : f64
  %inf = arith.constant 0x7F800000 : f32
  %sq = math.sqrt %four : f32
  %e = math.exp %one : f64
  %isinf = math.isinf %inf : f32
  %isnan = math.isnan %four : f32
  %v = arith.constant 11 : i32
  %pop = math.ctpop %v : i32
  %m3 = arith.constant -3 : i32
  %c3 = arith.constant 3 : i32
  %pow = math.ipowi %m3, %c3 : i32
  return %sq, %e, %isinf, %isnan, %pop, %pow : f32, f64, i1, i1, i32, i32
}

// maxnumf and minnumf order -0 below +0, as the interpreter does.
// CHECK-LABEL: func.func @signed_zeros(
// CHECK-NOT: numf
// CHECK: return
func.func @signed_zeros() -> (f32, f32) {
  %m0 = arith.constant -0.0 : f32
  %p0 = arith.constant 0.0 : f32
  %a = arith.maxnumf %m0, %p0 : f32
  %b = arith.minnumf %p0, %m0 : f32
  return %a, %b : f32, f32
}

func.func @main() {
  %f:13 = call @float_folds() : () -> (f32, f32, f32, f32, f32, i1, f32, i32, i32, f64, f32, f32, f32)
  call @printF32(%f#0) : (f32) -> ()
  call @printNewline() : () -> ()
  call @printF32(%f#2) : (f32) -> ()
  call @printNewline() : () -> ()
  call @printF32(%f#3) : (f32) -> ()
  call @printNewline() : () -> ()
  call @printF32(%f#6) : (f32) -> ()
  call @printNewline() : () -> ()
  %bits = arith.extsi %f#8 : i32 to i64
  call @printI64(%bits) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printF32(%f#11) : (f32) -> ()
  call @printNewline() : () -> ()
  %x:6 = call @extended_folds() : () -> (i8, i1, i8, i8, i32, i32)
  %hi = arith.extsi %x#5 : i32 to i64
  call @printI64(%hi) : (i64) -> ()
  call @printNewline() : () -> ()
  %m:6 = call @math_folds() : () -> (f32, f64, i1, i1, i32, i32)
  call @printF64(%m#1) : (f64) -> ()
  call @printNewline() : () -> ()
  %pow = arith.extsi %m#5 : i32 to i64
  call @printI64(%pow) : (i64) -> ()
  call @printNewline() : () -> ()
  %z:2 = call @signed_zeros() : () -> (f32, f32)
  call @printF32(%z#0) : (f32) -> ()
  call @printNewline() : () -> ()
  call @printF32(%z#1) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

