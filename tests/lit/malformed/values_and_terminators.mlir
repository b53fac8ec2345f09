// Undefined and redefined values, missing terminators, wrong types and bad
// generic syntax: each gets a located error and nothing else breaks.
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

func.func @undefined() -> i32 {
  // expected-error @+1 {{use of undeclared SSA value name}}
  return %nope : i32
}

// -----

func.func @redefined() {
  // expected-note @+1 {{previously defined here}}
  %a = arith.constant 1 : i32
  // expected-error @+1 {{redefinition of SSA value '%a'}}
  %a = arith.constant 2 : i32
  return
}

// -----

func.func @missing_terminator(%c: i1) {
  "scf.if"(%c) ({
    // expected-error @+1 {{block with no terminator}}
    %x = arith.constant 1 : i32
  }, {
  }) : (i1) -> ()
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @wrong_type(%a: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{use of value '%a' expects different type than prior uses}}
  %v = tensor.extract %a[%c0] : tensor<5xf32>
  return
}

// -----

func.func @bad_generic() {
  // expected-error @+1 {{expected ':'}}
  %0 = "arith.constant"() <{value = 1 : i32}>
  return
}

// -----

func.func @bad_generic_types() {
  // expected-error @+1 {{'arith.addi' op}}
  %0 = "arith.addi"() : () -> i32
  return
}

// -----

func.func @successor_args(%x: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #0, but target block has 0}}
  "cf.br"(%x)[^bb1] : (i32) -> ()
^bb1:
  return
}
