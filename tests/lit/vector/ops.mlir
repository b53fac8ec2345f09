// vector value ops (broadcast, extract, insert, fma, reduction,
// from_elements, shape_cast) and arith/math on vectors: printed exactly as
// mlir-opt 22 prints them (ops-upstream.mlir runs the same checks on
// mlir-opt's output and diffs the two), the generic form with the stored
// static_position (kDynamic where an index operand stands), kind and fastmath.
// RUN: buffer-opt %s | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s | buffer-opt | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: buffer-opt %s -mlir-print-op-generic | buffer-opt | FileCheck %s --check-prefix=ROUND

// ROUND-LABEL: func.func @f(
// ROUND-NEXT: %0 = vector.broadcast %arg2 : f32 to vector<4xf32>
// ROUND-NEXT: %1 = vector.broadcast %arg0 : vector<4xf32> to vector<3x4xf32>
// ROUND-NEXT: %2 = vector.extract %arg3[1] : vector<4xf32> from vector<2x4xf32>
// ROUND-NEXT: %3 = vector.extract %arg3[1, 2] : f32 from vector<2x4xf32>
// ROUND-NEXT: %4 = vector.insert %arg2, %arg3 [0, 3] : f32 into vector<2x4xf32>
// ROUND-NEXT: %5 = vector.insert %arg0, %arg3 [1] : vector<4xf32> into vector<2x4xf32>
// ROUND-NEXT: %6 = vector.fma %arg0, %arg1, %0 : vector<4xf32>
// ROUND-NEXT: %7 = vector.reduction <add>, %arg0 : vector<4xf32> into f32
// ROUND-NEXT: %8 = vector.reduction <maximumf>, %arg0, %arg2 : vector<4xf32> into f32
// ROUND-NEXT: %9 = vector.from_elements %arg2, %arg2, %arg2, %arg2 : vector<4xf32>
// ROUND-NEXT: %10 = vector.shape_cast %arg3 : vector<2x4xf32> to vector<8xf32>
// ROUND-NEXT: %11 = arith.addf %arg0, %arg1 : vector<4xf32>
// ROUND-NEXT: %12 = math.sqrt %arg0 : vector<4xf32>
// ROUND-NEXT: %cst = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : vector<4xf32>
// ROUND-NEXT: %cst_0 = arith.constant dense<1> : vector<4xi32>
// ROUND-NEXT: %13 = vector.extract %arg3[%arg4, 0] : f32 from vector<2x4xf32>
// ROUND-NEXT: %14 = vector.insert %arg2, %arg3 [%arg4, 2] : f32 into vector<2x4xf32>
// ROUND-NEXT: %15 = arith.cmpf olt, %arg0, %arg1 : vector<4xf32>
// ROUND-NEXT: %16 = arith.select %15, %arg0, %arg1 : vector<4xi1>, vector<4xf32>
// ROUND-NEXT: %17 = vector.reduction <minsi>, %arg5 : vector<4xi32> into i32
// ROUND-NEXT: %18 = arith.sitofp %arg5 : vector<4xi32> to vector<4xf32>
// ROUND-NEXT: %19 = vector.from_elements %arg2, %arg2, %arg2, %arg2, %arg2, %arg2, %arg2, %arg2 : vector<2x4xf32>
// ROUND-NEXT: %20 = vector.broadcast %arg2 : f32 to vector<f32>
// ROUND-NEXT: %21 = vector.extract %20[] : f32 from vector<f32>
// ROUND-NEXT: %22 = vector.reduction <add>, %arg0 fastmath<fast> : vector<4xf32> into f32
// ROUND-NEXT: %23 = vector.fma %arg3, %arg3, %arg3 : vector<2x4xf32>
// GENERIC: %2 = "vector.extract"(%arg3) <{static_position = array<i64: 1>}> : (vector<2x4xf32>) -> vector<4xf32>
// GENERIC: %3 = "vector.extract"(%arg3) <{static_position = array<i64: 1, 2>}> : (vector<2x4xf32>) -> f32
// GENERIC: %4 = "vector.insert"(%arg2, %arg3) <{static_position = array<i64: 0, 3>}> : (f32, vector<2x4xf32>) -> vector<2x4xf32>
// GENERIC: %5 = "vector.insert"(%arg0, %arg3) <{static_position = array<i64: 1>}> : (vector<4xf32>, vector<2x4xf32>) -> vector<2x4xf32>
// GENERIC: %7 = "vector.reduction"(%arg0) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<add>}> : (vector<4xf32>) -> f32
// GENERIC: %8 = "vector.reduction"(%arg0, %arg2) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<maximumf>}> : (vector<4xf32>, f32) -> f32
// GENERIC: %15 = "vector.extract"(%arg3, %arg4) <{static_position = array<i64: -9223372036854775808, 0>}> : (vector<2x4xf32>, index) -> f32
// GENERIC: %16 = "vector.insert"(%arg2, %arg3, %arg4) <{static_position = array<i64: -9223372036854775808, 2>}> : (f32, vector<2x4xf32>, index) -> vector<2x4xf32>
// GENERIC: %19 = "vector.reduction"(%arg5) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<minsi>}> : (vector<4xi32>) -> i32
// GENERIC: %23 = "vector.extract"(%22) <{static_position = array<i64>}> : (vector<f32>) -> f32
// GENERIC: %24 = "vector.reduction"(%arg0) <{fastmath = #arith.fastmath<fast>, kind = #vector.kind<add>}> : (vector<4xf32>) -> f32
func.func @f(%a: vector<4xf32>, %b: vector<4xf32>, %s: f32, %m: vector<2x4xf32>, %i: index, %iv: vector<4xi32>) -> f32 {
  %0 = vector.broadcast %s : f32 to vector<4xf32>
  %1 = vector.broadcast %a : vector<4xf32> to vector<3x4xf32>
  %3 = vector.extract %m[1] : vector<4xf32> from vector<2x4xf32>
  %4 = vector.extract %m[1, 2] : f32 from vector<2x4xf32>
  %5 = vector.insert %s, %m[0, 3] : f32 into vector<2x4xf32>
  %6 = vector.insert %a, %m[1] : vector<4xf32> into vector<2x4xf32>
  %7 = vector.fma %a, %b, %0 : vector<4xf32>
  %8 = vector.reduction <add>, %a : vector<4xf32> into f32
  %9 = vector.reduction <maximumf>, %a, %s : vector<4xf32> into f32
  %10 = vector.from_elements %s, %s, %s, %s : vector<4xf32>
  %11 = vector.shape_cast %m : vector<2x4xf32> to vector<8xf32>
  %12 = arith.addf %a, %b : vector<4xf32>
  %13 = math.sqrt %a : vector<4xf32>
  %14 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %15 = arith.constant dense<1> : vector<4xi32>
  %16 = vector.extract %m[%i, 0] : f32 from vector<2x4xf32>
  %17 = vector.insert %s, %m[%i, 2] : f32 into vector<2x4xf32>
  %18 = arith.cmpf olt, %a, %b : vector<4xf32>
  %19 = arith.select %18, %a, %b : vector<4xi1>, vector<4xf32>
  %20 = vector.reduction <minsi>, %iv : vector<4xi32> into i32
  %21 = arith.sitofp %iv : vector<4xi32> to vector<4xf32>
  %22 = vector.from_elements %s, %s, %s, %s, %s, %s, %s, %s : vector<2x4xf32>
  %23 = vector.broadcast %s : f32 to vector<f32>
  %24 = vector.extract %23[] : f32 from vector<f32>
  %25 = vector.reduction <add>, %a fastmath<fast> : vector<4xf32> into f32
  %26 = vector.fma %m, %m, %m : vector<2x4xf32>
  return %8 : f32
}
