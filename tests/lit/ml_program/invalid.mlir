// Verifier errors of the ml_program globals, one case per rule; the
// messages are mlir-opt's (the file also passes
// `mlir-opt --verify-diagnostics`).
// RUN: buffer-opt %s --split-input-file --verify-diagnostics
// RUN: %if mlir-opt %{ mlir-opt %s --split-input-file --verify-diagnostics %}

ml_program.global private @c(dense<1.0> : tensor<2xf32>) : tensor<2xf32>
func.func @f(%x: tensor<2xf32>) {
  // expected-error @+1 {{'ml_program.global_store' op cannot store to an immutable global @c}}
  ml_program.global_store @c = %x : tensor<2xf32>
  return
}

// -----

ml_program.global private mutable @m(dense<1.0> : tensor<2xf32>) : tensor<2xf32>
func.func @f() {
  // expected-error @+1 {{'ml_program.global_load_const' op cannot load as const from mutable global @m}}
  %0 = ml_program.global_load_const @m : tensor<2xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'ml_program.global_load' op undefined global: @nope}}
  %0 = ml_program.global_load @nope : tensor<2xf32>
  return
}

// -----

ml_program.global private mutable @m(dense<1.0> : tensor<2xf32>) : tensor<2xf32>
func.func @f() {
  // expected-error @+1 {{'ml_program.global_load' op cannot load from global typed 'tensor<2xf32>' as 'tensor<3xf32>'}}
  %0 = ml_program.global_load @m : tensor<3xf32>
  return
}

// -----

ml_program.global private mutable @m(dense<1.0> : tensor<2xf32>) : tensor<2xf32>
func.func @f(%y: tensor<3xf32>) {
  // expected-error @+1 {{'ml_program.global_store' op cannot store to a global typed 'tensor<2xf32>' from 'tensor<3xf32>'}}
  ml_program.global_store @m = %y : tensor<3xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'ml_program.global_load_const' op undefined global: @f}}
  %0 = ml_program.global_load_const @f : tensor<3xf32>
  return
}

// -----

// A visibility the custom form could not print back (found by fuzz_json).
// expected-error @+1 {{visibility expected to be one of ["public", "private", "nested"], but got "p=rivate"}}
"ml_program.global"() <{sym_name = "odd", sym_visibility = "p=rivate", type = tensor<2xf32>, is_mutable}> : () -> ()
