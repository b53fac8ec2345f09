// math.sincos: two results of the operand's type, named %sin and %cos;
// fastmath stored (<none> by default) like the other float math ops.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN

// CHECK-LABEL: func.func @f
func.func @f(%x: f32, %t: tensor<4xf64>) -> (f32, tensor<4xf64>) {
  // CHECK: %sin, %cos = math.sincos %arg0 : f32
  // GEN: "math.sincos"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> (f32, f32)
  %s, %c = math.sincos %x : f32
  // CHECK: %sin_0, %cos_1 = math.sincos %arg1 fastmath<fast> {t.a} : tensor<4xf64>
  // GEN: "math.sincos"(%arg1) <{fastmath = #arith.fastmath<fast>}> {t.a} : (tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>)
  %s2, %c2 = math.sincos %t fastmath<fast> {t.a} : tensor<4xf64>
  return %c, %s2 : f32, tensor<4xf64>
}
