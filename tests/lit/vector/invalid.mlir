// Verifier and custom-form errors of the vector value ops, one case per
// rule; the messages and locations are upstream's (invalid-upstream.mlir
// runs mlir-opt 22 with --verify-diagnostics on this file).
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

func.func @b1(%a: vector<4xf32>) {
  // expected-error @+1 {{'vector.broadcast' op dimension mismatch (4 vs. 5)}}
  %0 = vector.broadcast %a : vector<4xf32> to vector<3x5xf32>
  return
}

// -----

func.func @b2(%a: vector<4xf32>) {
  // expected-error @+1 {{'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %0 = vector.extract %a[4] : f32 from vector<4xf32>
  return
}

// -----

func.func @b3(%a: vector<4xf32>) {
  // expected-error @+1 {{'vector.extract' op failed to verify that operand and result have same element type}}
  %0 = vector.extract %a[1] : f64 from vector<4xf32>
  return
}

// -----

func.func @b4(%a: vector<4xf32>, %s: f32) {
  // expected-error @+1 {{'vector.insert' op expected position attribute #1 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %0 = vector.insert %s, %a[5] : f32 into vector<4xf32>
  return
}

// -----

func.func @b5(%a: vector<4xi32>) {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction type ''i32'' for kind 'maximumf'}}
  %0 = vector.reduction <maximumf>, %a : vector<4xi32> into i32
  return
}

// -----

func.func @b6(%a: vector<4xf32>) {
  // expected-error @+1 {{'vector.reduction' op failed to verify that source operand and result have same element type}}
  %0 = vector.reduction <add>, %a : vector<4xf32> into f64
  return
}

// -----

func.func @b7(%s: f32) {
  // expected-error @+1 {{custom op 'vector.from_elements' number of operands and types do not match: got 2 operands and 4 types}}
  %0 = vector.from_elements %s, %s : vector<4xf32>
  return
}

// -----

func.func @b8(%a: vector<4xf32>) {
  // expected-error @+1 {{'vector.shape_cast' op has different number of elements at source (4) and result (5)}}
  %0 = vector.shape_cast %a : vector<4xf32> to vector<5xf32>
  return
}

// -----

func.func @b9(%a: vector<4xf32>) {
  // expected-error @+1 {{'vector.fma' op failed to verify that all of {lhs, rhs, acc, result} have same type}}
  %0 = "vector.fma"(%a, %a, %a) : (vector<4xf32>,vector<4xf32>,vector<4xf32>) -> vector<3xf32>
  return
}

// -----

func.func @b10(%a: vector<4xi32>) {
  // expected-error @+1 {{'vector.fma' op operand #0 must be vector of floating-point values, but got 'vector<4xi32>'}}
  %0 = vector.fma %a, %a, %a : vector<4xi32>
  return
}

// -----

func.func @b11(%a: vector<4xf32>) {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction type ''f32'' for kind 'xor'}}
  %0 = vector.reduction <xor>, %a : vector<4xf32> into f32
  return
}

// -----

func.func @b12(%a: vector<4xf32>) {
  // expected-error @+1 {{'vector.extract' op expected position attribute of rank no greater than vector rank}}
  %0 = vector.extract %a[1, 0] : f32 from vector<4xf32>
  return
}

// -----

// A poison position (-1) is accepted.
func.func @b14(%a: vector<4xf32>, %s: f32) { %0 = vector.insert %s, %a[-1] : f32 into vector<4xf32>
  return
}

// -----

func.func @b15(%a: vector<4xf32>) {
  // expected-error @+1 {{'vector.broadcast' op failed to verify that source operand and result have same element type}}
  %0 = vector.broadcast %a : vector<4xf32> to vector<4xf64>
  return
}

// -----

func.func @b16(%a: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction rank: 2}}
  %0 = vector.reduction <add>, %a : vector<2x4xf32> into f32
  return
}

// -----

func.func @b17(%a: vector<4xf32>) {
  // expected-error @+1 {{'vector.shape_cast' op has different source and result element types}}
  %0 = vector.shape_cast %a : vector<4xf32> to vector<2x2xf64>
  return
}

// -----

func.func @mask_type(%m: memref<3x5xf32>, %i: index, %k: vector<2x3xi1>) -> vector<2x3xf32> {
  %pad = arith.constant 0.0 : f32
  // expected-error @+1 {{'vector.transfer_read' op inferred mask type ('vector<3x2xi1>') and mask operand type ('vector<2x3xi1>') don't match}}
  %r = "vector.transfer_read"(%m, %i, %i, %pad, %k) <{in_bounds = [false, false], operandSegmentSizes = array<i32: 1, 2, 1, 1>, permutation_map = affine_map<(d0, d1) -> (d1, d0)>}> : (memref<3x5xf32>, index, index, f32, vector<2x3xi1>) -> vector<2x3xf32>
  return %r : vector<2x3xf32>
}

// -----

func.func @contract_acc(%a: vector<3x2xi32>, %b: vector<2x3xi32>, %c: vector<3x3xi32>) {
  // expected-error @+1 {{'vector.contract' op invalid accumulator/result vector shape, expected: 'vector<2x2xi32>'}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (j, i)>], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<3x2xi32>, vector<2x3xi32> into vector<3x3xi32>
  return
}

// -----

func.func @contract_outer(%p: vector<3xf32>, %q: vector<3xf32>, %c: vector<3x3xf32>) {
  // expected-error @+1 {{'vector.contract' op expected at least one contracting dimension pair}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} %p, %q, %c : vector<3xf32>, vector<3xf32> into vector<3x3xf32>
  return
}

// -----

// The JSON form can give a transfer any operand; the generic form is the
// text that reaches the same checks.
func.func @transfer_index_not_index(%m: memref<4x4xf32>, %v: vector<4xf32>, %i: index) {
  %pad = arith.constant 0.0 : f32
  // expected-error @+1 {{'vector.transfer_read' op operand #2 must be variadic of index, but got 'vector<4xf32>'}}
  %0 = "vector.transfer_read"(%m, %i, %v, %pad) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<4x4xf32>, index, vector<4xf32>, f32) -> vector<4xf32>
  return
}

// -----

func.func @transfer_write_index_not_index(%t: tensor<4xi32>, %v: vector<4xi32>) {
  // expected-error @+1 {{'vector.transfer_write' op operand #2 must be variadic of index, but got 'vector<4xi32>'}}
  %0 = "vector.transfer_write"(%v, %t, %v) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (vector<4xi32>, tensor<4xi32>, vector<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @transfer_padding_type(%m: memref<4xf32>, %i: index) {
  %pad = arith.constant 0 : i32
  // expected-error @+1 {{'vector.transfer_read' op requires formal padding and source of the same elemental type}}
  %0 = "vector.transfer_read"(%m, %i, %pad) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>, index, i32) -> vector<4xf32>
  return
}

// -----

func.func @contract_iterator_type(%p: vector<3xf32>, %q: vector<3xf32>, %c: f32) {
  // expected-error @+1 {{custom op 'vector.contract' unexpected iterator_type (sideways)}}
  %0 = vector.contract {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["sideways"]} %p, %q, %c : vector<3xf32>, vector<3xf32> into f32
  return
}
