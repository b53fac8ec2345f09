// Generic input that leaves out default-valued flags gets them stored as
// mlir-opt stores them: the generic print shows `<none>` (fastmath on float
// arith/math ops and cmpf, overflowFlags on integer arith), not on the casts
// whose fastmath is optional (extf/truncf), and the same text as mlir-opt's.
// RUN: buffer-opt --mlir-print-op-generic %s | FileCheck %s
// RUN: %if mlir-opt %{ buffer-opt --mlir-print-op-generic %s > %t.ours %}
// RUN: %if mlir-opt %{ mlir-opt --mlir-print-op-generic %s > %t.theirs %}
// RUN: %if mlir-opt %{ diff %t.theirs %t.ours %}

// CHECK: "arith.addf"(%arg0, %arg0) <{fastmath = #arith.fastmath<none>}>
// CHECK: "arith.addi"(%arg1, %arg1) <{overflowFlags = #arith.overflow<none>}>
// CHECK: "math.exp"(%0) <{fastmath = #arith.fastmath<none>}>
// CHECK: "arith.cmpf"(%2, %arg0) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}>
// CHECK: "arith.mulf"(%arg0, %arg0) <{fastmath = #arith.fastmath<fast>}>
// CHECK: "arith.extf"(%arg0) : (f32) -> f64
// CHECK: "math.fpowi"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}>
func.func @f(%a: f32, %b: i32) -> (f32, i32, f64, f32) {
  %0 = "arith.addf"(%a, %a) : (f32, f32) -> f32
  %1 = "arith.addi"(%b, %b) : (i32, i32) -> i32
  %2 = "math.exp"(%0) : (f32) -> f32
  %3 = "arith.cmpf"(%2, %a) {predicate = 1 : i64} : (f32, f32) -> i1
  %4 = "arith.select"(%3, %2, %a) : (i1, f32, f32) -> f32
  %5 = "arith.mulf"(%a, %a) {fastmath = #arith.fastmath<fast>} : (f32, f32) -> f32
  %6 = "arith.extf"(%a) : (f32) -> f64
  %7 = "math.fpowi"(%a, %b) : (f32, i32) -> f32
  return %4, %1, %6, %7 : f32, i32, f64, f32
}
