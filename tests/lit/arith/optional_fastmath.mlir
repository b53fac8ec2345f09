// extf and truncf keep fastmath as an optional attribute (not default-valued
// like addf's): mlir-opt prints fastmath<none> when it is present, and
// nothing when it is absent.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN

// CHECK-LABEL: func.func @f
func.func @f(%x: f32, %h: f16) -> (f16, f32, f16, f32, f32, f32) {
  // CHECK: arith.truncf %arg0 : f32 to f16
  // GEN: "arith.truncf"(%arg0) : (f32) -> f16
  %a = arith.truncf %x : f32 to f16
  // CHECK: arith.extf %arg1 : f16 to f32
  // GEN: "arith.extf"(%arg1) : (f16) -> f32
  %b = arith.extf %h : f16 to f32
  // CHECK: arith.truncf %arg0 fastmath<none> : f32 to f16
  // GEN: "arith.truncf"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f16
  %c = arith.truncf %x fastmath<none> : f32 to f16
  // CHECK: arith.extf %arg1 fastmath<none> : f16 to f32
  // GEN: "arith.extf"(%arg1) <{fastmath = #arith.fastmath<none>}> : (f16) -> f32
  %d = "arith.extf"(%h) <{fastmath = #arith.fastmath<none>}> : (f16) -> f32
  // CHECK: arith.extf %arg1 fastmath<nnan> : f16 to f32
  %e = arith.extf %h fastmath<nnan> : f16 to f32
  // addf's default-valued fastmath<none> is never printed.
  // CHECK: arith.addf %{{.*}}, %{{.*}} : f32
  %f = "arith.addf"(%b, %b) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  return %a, %b, %c, %d, %e, %f : f16, f32, f16, f32, f32, f32
}
