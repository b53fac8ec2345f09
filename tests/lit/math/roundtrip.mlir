// Round trip of the math dialect's custom forms on scalars and tensors,
// with and without fastmath flags.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s

// CHECK-LABEL: func.func @unary(%arg0: f32) {
func.func @unary(%x: f32) {
  // CHECK-NEXT: %0 = math.absf %arg0 : f32
  // CHECK-NEXT: %1 = math.acos %arg0 : f32
  // CHECK-NEXT: %2 = math.acosh %arg0 : f32
  // CHECK-NEXT: %3 = math.asin %arg0 : f32
  // CHECK-NEXT: %4 = math.asinh %arg0 : f32
  // CHECK-NEXT: %5 = math.atan %arg0 : f32
  // CHECK-NEXT: %6 = math.atanh %arg0 : f32
  // CHECK-NEXT: %7 = math.cbrt %arg0 : f32
  // CHECK-NEXT: %8 = math.ceil %arg0 : f32
  // CHECK-NEXT: %9 = math.cos %arg0 : f32
  // CHECK-NEXT: %10 = math.cosh %arg0 : f32
  // CHECK-NEXT: %11 = math.erf %arg0 : f32
  // CHECK-NEXT: %12 = math.erfc %arg0 : f32
  // CHECK-NEXT: %13 = math.exp %arg0 : f32
  // CHECK-NEXT: %14 = math.exp2 %arg0 : f32
  // CHECK-NEXT: %15 = math.expm1 %arg0 : f32
  // CHECK-NEXT: %16 = math.floor %arg0 : f32
  // CHECK-NEXT: %17 = math.log %arg0 : f32
  // CHECK-NEXT: %18 = math.log10 %arg0 : f32
  // CHECK-NEXT: %19 = math.log1p %arg0 : f32
  // CHECK-NEXT: %20 = math.log2 %arg0 : f32
  // CHECK-NEXT: %21 = math.round %arg0 : f32
  // CHECK-NEXT: %22 = math.roundeven %arg0 : f32
  // CHECK-NEXT: %23 = math.rsqrt %arg0 : f32
  // CHECK-NEXT: %24 = math.sin %arg0 : f32
  // CHECK-NEXT: %25 = math.sinh %arg0 : f32
  // CHECK-NEXT: %26 = math.sqrt %arg0 : f32
  // CHECK-NEXT: %27 = math.tan %arg0 : f32
  // CHECK-NEXT: %28 = math.tanh %arg0 : f32
  // CHECK-NEXT: %29 = math.trunc %arg0 : f32
  // CHECK-NEXT: %30 = math.isnan %arg0 : f32
  // CHECK-NEXT: %31 = math.isinf %arg0 : f32
  // CHECK-NEXT: %32 = math.isfinite %arg0 : f32
  // CHECK-NEXT: %33 = math.isnormal %arg0 : f32
  // CHECK-NEXT: %34 = math.exp %arg0 fastmath<fast> : f32
  // CHECK-NEXT: %35 = math.sqrt %arg0 fastmath<nnan,afn> {test.z} : f32
  %0 = math.absf %x : f32
  %1 = math.acos %x : f32
  %2 = math.acosh %x : f32
  %3 = math.asin %x : f32
  %4 = math.asinh %x : f32
  %5 = math.atan %x : f32
  %6 = math.atanh %x : f32
  %7 = math.cbrt %x : f32
  %8 = math.ceil %x : f32
  %9 = math.cos %x : f32
  %10 = math.cosh %x : f32
  %11 = math.erf %x : f32
  %12 = math.erfc %x : f32
  %13 = math.exp %x : f32
  %14 = math.exp2 %x : f32
  %15 = math.expm1 %x : f32
  %16 = math.floor %x : f32
  %17 = math.log %x : f32
  %18 = math.log10 %x : f32
  %19 = math.log1p %x : f32
  %20 = math.log2 %x : f32
  %21 = math.round %x : f32
  %22 = math.roundeven %x : f32
  %23 = math.rsqrt %x : f32
  %24 = math.sin %x : f32
  %25 = math.sinh %x : f32
  %26 = math.sqrt %x : f32
  %27 = math.tan %x : f32
  %28 = math.tanh %x : f32
  %29 = math.trunc %x : f32
  %30 = math.isnan %x : f32
  %31 = math.isinf %x : f32
  %32 = math.isfinite %x : f32
  %33 = math.isnormal %x : f32
  %34 = math.exp %x fastmath<fast> : f32
  %35 = math.sqrt %x fastmath<afn,nnan> {test.z} : f32
  return
}

// CHECK-LABEL: func.func @binary(%arg0: f64, %arg1: i32, %arg2: tensor<4xf32>, %arg3: tensor<4xi32>, %arg4: vector<2xf16>) {
func.func @binary(%x: f64, %i: i32, %t: tensor<4xf32>, %ti: tensor<4xi32>, %v: vector<2xf16>) {
  // CHECK-NEXT: %0 = math.atan2 %arg0, %arg0 : f64
  // CHECK-NEXT: %1 = math.copysign %arg0, %arg0 : f64
  // CHECK-NEXT: %2 = math.powf %arg0, %arg0 fastmath<reassoc> : f64
  // CHECK-NEXT: %3 = math.fma %arg0, %arg0, %arg0 : f64
  // CHECK-NEXT: %4 = math.fma %arg2, %arg2, %arg2 fastmath<contract> : tensor<4xf32>
  // CHECK-NEXT: %5 = math.fpowi %arg0, %arg1 : f64, i32
  // CHECK-NEXT: %6 = math.fpowi %arg2, %arg3 fastmath<fast> : tensor<4xf32>, tensor<4xi32>
  // CHECK-NEXT: %7 = math.absi %arg1 : i32
  // CHECK-NEXT: %8 = math.ctlz %arg1 : i32
  // CHECK-NEXT: %9 = math.cttz %arg3 : tensor<4xi32>
  // CHECK-NEXT: %10 = math.ctpop %arg1 : i32
  // CHECK-NEXT: %11 = math.ipowi %arg1, %arg1 : i32
  // CHECK-NEXT: %12 = math.tanh %arg4 : vector<2xf16>
  // CHECK-NEXT: %13 = math.isnan %arg2 : tensor<4xf32>
  %0 = math.atan2 %x, %x : f64
  %1 = math.copysign %x, %x : f64
  %2 = math.powf %x, %x fastmath<reassoc> : f64
  %3 = math.fma %x, %x, %x : f64
  %4 = math.fma %t, %t, %t fastmath<contract> : tensor<4xf32>
  %5 = math.fpowi %x, %i : f64, i32
  %6 = math.fpowi %t, %ti fastmath<fast> : tensor<4xf32>, tensor<4xi32>
  %7 = math.absi %i : i32
  %8 = math.ctlz %i : i32
  %9 = math.cttz %ti : tensor<4xi32>
  %10 = math.ctpop %i : i32
  %11 = math.ipowi %i, %i : i32
  %12 = math.tanh %v : vector<2xf16>
  %13 = math.isnan %t : tensor<4xf32>
  return
}
