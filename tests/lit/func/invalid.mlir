// Verifier errors of the func dialect, one case per rule.
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: i32) -> (i32, i32) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@f) returns 2}}
  return %a : i32
}

// -----

func.func @f(%a: i32) -> i64 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f}}
  return %a : i32
}

// -----

func.func @f() {
  // expected-error @+1 {{'func.return' op requires zero results}}
  %0 = "func.return"() : () -> i32
}

// -----

// expected-error @+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0:
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() <{sym_name = "f"}> ({
^bb0:
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f", arg_attrs = [{}, {}]}> ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects result attribute array to have the same number of elements as the number of function results, got 0, but expected 1}}
"func.func"() <{function_type = (i32) -> i32, sym_name = "f", res_attrs = []}> ({
^bb0(%a: i32):
  "func.return"(%a) : (i32) -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @decl(i32) -> i32

// -----

func.func @f() {
  // expected-error @+1 {{'func.call' op 'nope' does not reference a valid function}}
  %0 = call @nope() : () -> i32
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f(%x: i64) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %0 = call @g(%x) : (i64) -> i32
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f(%x: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = call @g() : () -> i32
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f(%x: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of results for callee}}
  call @g(%x) : (i32) -> ()
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f(%x: i32) {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{op result types: 'i64'}}
  // expected-note @+1 {{function result types: 'i32'}}
  %0 = call @g(%x) : (i32) -> i64
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'func.call' op requires attribute 'callee'}}
  %0 = "func.call"() : () -> i32
  return
}

// -----

func.func @f(%fn: (i32) -> i32, %x: i64) {
  // expected-error @+1 {{'func.call_indirect' op failed to verify that callee input types match argument types}}
  %0 = "func.call_indirect"(%fn, %x) : ((i32) -> i32, i64) -> i32
  return
}

// -----

func.func @f(%fn: (i32) -> i32, %x: i32) {
  // expected-error @+1 {{'func.call_indirect' op failed to verify that callee result types match result types}}
  %0 = "func.call_indirect"(%fn, %x) : ((i32) -> i32, i32) -> i64
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f() {
  // expected-error @+1 {{'func.constant' op reference to function with mismatched type}}
  %0 = func.constant @g : (i32) -> i64
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'func.constant' op reference to undefined function 'nope'}}
  %0 = func.constant @nope : () -> ()
  return
}

// -----

func.func private @g()
func.func @f() {
  // expected-error @+1 {{attribute 'no_inline' failed to satisfy constraint: unit attribute}}
  func.call @g() {no_inline = false} : () -> ()
  return
}
