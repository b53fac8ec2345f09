// Errors of the op-assembly API inside a custom form (a missing keyword, a
// hook's own complaint) say "custom op 'name'", at the token found instead
// of the keyword; errors of the parts the form asks the parser for
// (punctuation, regions) have no prefix and sit right after the previous
// token. As mlir-opt; the column of each error is checked too.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt %s -split-input-file -verify-diagnostics
// RUN: not buffer-opt %s -split-input-file 2>&1 | FileCheck %s
// RUN: not mlir-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: custom-op-error-prefix.mlir:[[# @LINE + 4]]:20: error: custom op 'scf.for' expected 'to'
func.func @for_to(%n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{custom op 'scf.for' expected 'to'}}
  scf.for %i = %c0 too %n step %c0 {
  }
  return
}

// -----

// CHECK: custom-op-error-prefix.mlir:[[# @LINE + 4]]:26: error: custom op 'scf.for' expected 'step'
func.func @for_step(%n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{custom op 'scf.for' expected 'step'}}
  scf.for %i = %c0 to %n stop %c0 {
  }
  return
}

// -----

// CHECK: custom-op-error-prefix.mlir:[[# @LINE + 3]]:53: error: custom op 'memref.subview' expected 'to'
func.func @subview_to(%m: memref<8xf32>) {
  // expected-error @below {{custom op 'memref.subview' expected 'to'}}
  %0 = memref.subview %m[0] [4] [1] : memref<8xf32> into memref<4xf32>
  return
}

// -----

// CHECK: custom-op-error-prefix.mlir:[[# @LINE + 3]]:59: error: custom op 'tensor.extract_slice' expected 'to'
func.func @extract_slice_to(%t: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @below {{custom op 'tensor.extract_slice' expected 'to'}}
  %0 = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> into tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Punctuation: no prefix, right after the previous token.
// CHECK: custom-op-error-prefix.mlir:[[# @LINE + 3]]:42: error: expected ':'
func.func @subview_colon(%m: memref<8xf32>) {
  // expected-error @below {{expected ':'}}
  %0 = memref.subview %m[0] [4] [1] {foo} memref<8xf32> to memref<4xf32>
  return
}

// -----

// CHECK: custom-op-error-prefix.mlir:[[# @LINE + 2]]:16: error: expected ':'
// expected-error @below {{expected ':'}}
func.func @f(%a f32) {
  return
}

// -----

// CHECK: custom-op-error-prefix.mlir:[[# @LINE + 3]]:124: error: expected '{' to begin a region
func.func @generic_ins(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{expected '{' to begin a region}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} inz(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A hook's own error (here affine.for's): the prefix comes from the parser.
// CHECK: custom-op-error-prefix.mlir:[[# @LINE + 3]]:32: error: custom op 'affine.for' expected step to be representable as a positive signed integer
func.func @affine_step() {
  // expected-error @below {{custom op 'affine.for' expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 10 step -1 {
  }
  return
}
