// Verifier errors of math.sincos (mlir-opt's wording).
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

func.func @f(%x: i32) {
  // expected-error @+1 {{'math.sincos' op operand #0 must be floating-point-like, but got 'i32'}}
  %s, %c = math.sincos %x : i32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'math.sincos' op failed to verify that all of {operand, sin, cos} have same type}}
  %s, %c = "math.sincos"(%x) <{fastmath = #arith.fastmath<none>}> : (f32) -> (f32, f64)
  return
}
