// Generic-form input written without the default-valued flag attributes
// (fastmath, overflowFlags) still prints the plain custom form, and flags
// given as generic attributes print as custom-form flags.
// RUN: buffer-opt %s | FileCheck %s

// CHECK-LABEL: func.func @f(%arg0: f32, %arg1: i32) {
func.func @f(%a: f32, %b: i32) {
  // CHECK-NEXT: %0 = arith.addf %arg0, %arg0 : f32
  // CHECK-NEXT: %1 = arith.muli %arg1, %arg1 : i32
  // CHECK-NEXT: %2 = arith.subf %arg0, %arg0 fastmath<nnan,ninf> : f32
  // CHECK-NEXT: %3 = arith.addi %arg1, %arg1 overflow<nsw, nuw> : i32
  // CHECK-NEXT: %4 = arith.cmpi sgt, %arg1, %arg1 : i32
  // CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
  // CHECK-NEXT: %5 = arith.truncf %arg0 toward_zero : f32 to f16
  %0 = "arith.addf"(%a, %a) : (f32, f32) -> f32
  %1 = "arith.muli"(%b, %b) : (i32, i32) -> i32
  %2 = "arith.subf"(%a, %a) <{fastmath = #arith.fastmath<ninf,nnan>}> : (f32, f32) -> f32
  %3 = "arith.addi"(%b, %b) <{overflowFlags = #arith.overflow<nuw, nsw>}> : (i32, i32) -> i32
  %4 = "arith.cmpi"(%b, %b) <{predicate = 4 : i64}> : (i32, i32) -> i1
  %5 = "arith.constant"() <{value = 5 : i32}> : () -> i32
  %6 = "arith.truncf"(%a) <{roundingmode = 3 : i32}> : (f32) -> f16
  return
}
