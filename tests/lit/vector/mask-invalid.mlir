// Verifier errors of vector.mask and of scalable vector types, one case per
// rule, with upstream's messages and locations (mask-invalid-upstream.mlir
// runs mlir-opt 22 with --verify-diagnostics on this file).
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

func.func @wrong_mask_shape(%v: vector<16xf32>, %i: index, %k: vector<8xi1>, %m: memref<?xf32>) {
  // expected-error@+1 {{'vector.mask' op expects a 'vector<16xi1>' mask for the maskable operation}}
  vector.mask %k { vector.transfer_write %v, %m[%i] : vector<16xf32>, memref<?xf32> } : vector<8xi1>
  return
}

// -----

func.func @fixed_mask_on_scalable(%v: vector<[16]xf32>, %i: index, %k: vector<16xi1>, %m: memref<?xf32>) {
  // expected-error@+1 {{'vector.mask' op expects a 'vector<[16]xi1>' mask for the maskable operation}}
  vector.mask %k { vector.transfer_write %v, %m[%i] : vector<[16]xf32>, memref<?xf32> } : vector<16xi1>
  return
}

// -----

func.func @transposed_mask(%v: vector<8x4xf32>, %i: index, %k: vector<8x4xi1>, %m: memref<?x?xf32>) {
  // expected-error@+1 {{'vector.mask' op expects a 'vector<4x8xi1>' mask for the maskable operation}}
  vector.mask %k { vector.transfer_write %v, %m[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<8x4xf32>, memref<?x?xf32> } : vector<8x4xi1>
  return
}

// -----

func.func @reduction_mask_shape(%v: vector<4xf32>, %k: vector<8xi1>) -> f32 {
  // expected-error@+1 {{'vector.mask' op expects a 'vector<4xi1>' mask for the maskable operation}}
  %r = vector.mask %k { vector.reduction <add>, %v : vector<4xf32> into f32 } : vector<8xi1> -> f32
  return %r : f32
}

// -----

func.func @reduction_passthru(%v: vector<4xf32>, %k: vector<4xi1>, %p: f32) -> f32 {
  // expected-error@+1 {{'vector.mask' op doesn't expect a passthru argument for this maskable operation}}
  %r = vector.mask %k, %p { vector.reduction <add>, %v : vector<4xf32> into f32 } : vector<4xi1> -> f32
  return %r : f32
}

// -----

func.func @result_type(%i: index, %k: vector<16xi1>, %m: memref<?xf32>) {
  %pad = arith.constant 0.0 : f32
  // expected-error@+1 {{'vector.mask' op expects result type to match maskable operation result type}}
  %0 = vector.mask %k { vector.transfer_read %m[%i], %pad : memref<?xf32>, vector<16xf32> } : vector<16xi1> -> vector<8xf32>
  return
}

// -----

func.func @passthru_on_write(%v: vector<16xf32>, %i: index, %k: vector<16xi1>, %t: tensor<?xf32>) {
  // expected-error@+1 {{'vector.mask' op doesn't expect a passthru argument for this maskable operation}}
  %0 = "vector.mask"(%k, %t) ({
    %w = vector.transfer_write %v, %t[%i] : vector<16xf32>, tensor<?xf32>
    vector.yield %w : tensor<?xf32>
  }) : (vector<16xi1>, tensor<?xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @passthru_type(%i: index, %k: vector<16xi1>, %m: memref<?xf32>, %p: vector<16xi32>) {
  %pad = arith.constant 0.0 : f32
  // expected-error@+1 {{'vector.mask' op expects passthru type to match result type}}
  %0 = "vector.mask"(%k, %p) ({
    %r = vector.transfer_read %m[%i], %pad : memref<?xf32>, vector<16xf32>
    vector.yield %r : vector<16xf32>
  }) : (vector<16xi1>, vector<16xi32>) -> vector<16xf32>
  return
}

// -----

func.func @two_ops(%i: index, %k: vector<16xi1>, %m: memref<?xf32>) {
  %pad = arith.constant 0.0 : f32
  // expected-error@+1 {{'vector.mask' op expects only one operation to mask}}
  %0 = vector.mask %k {
    %a = vector.transfer_read %m[%i], %pad : memref<?xf32>, vector<16xf32>
    %b = vector.transfer_read %m[%i], %pad : memref<?xf32>, vector<16xf32>
    vector.yield %b : vector<16xf32>
  } : vector<16xi1> -> vector<16xf32>
  return
}

// -----

func.func @not_maskable(%v: vector<16xf32>, %k: vector<16xi1>) {
  // expected-error@+1 {{'vector.mask' op expects a MaskableOpInterface within the mask region}}
  %0 = vector.mask %k { arith.addf %v, %v : vector<16xf32> } : vector<16xi1> -> vector<16xf32>
  return
}

// -----

func.func @yields_other_value(%v: vector<16xf32>, %i: index, %k: vector<16xi1>, %m: memref<?xf32>) {
  %pad = arith.constant 0.0 : f32
  // expected-error@+1 {{'vector.mask' op expects all the results from the MaskableOpInterface to match all the values returned by the terminator}}
  %0 = vector.mask %k {
    %r = vector.transfer_read %m[%i], %pad : memref<?xf32>, vector<16xf32>
    vector.yield %v : vector<16xf32>
  } : vector<16xi1> -> vector<16xf32>
  return
}

// -----

func.func @result_count(%v: vector<16xf32>, %k: vector<16xi1>) {
  // expected-error@+1 {{'vector.mask' op expects number of results to match mask region yielded values}}
  vector.mask %k { vector.yield %v : vector<16xf32> } : vector<16xi1>
  return
}

// -----

func.func @mask_of_floats(%v: vector<16xf32>) {
  // expected-error@+1 {{'vector.mask' op operand #0 must be vector of 1-bit signless integer values, but got 'vector<16xf32>'}}
  %0 = vector.mask %v { vector.yield %v : vector<16xf32> } : vector<16xf32> -> vector<16xf32>
  return
}

// -----

func.func @region_argument(%k: vector<16xi1>) {
  // expected-error@+1 {{'vector.mask' op region should have no arguments}}
  "vector.mask"(%k) ({
  ^bb0(%a: index):
    "vector.yield"() : () -> ()
  }) : (vector<16xi1>) -> ()
  return
}

// -----

func.func @no_yield(%k: vector<16xi1>) {
  // expected-error@+1 {{'vector.mask' op expects a terminator within the mask region}}
  "vector.mask"(%k) ({
    %c = arith.constant 0.0 : f32
  }) : (vector<16xi1>) -> ()
  return
}

// -----

func.func @no_block(%k: vector<16xi1>) {
  // expected-error@+1 {{'vector.mask' op region #0 ('maskRegion') failed to verify constraint: region with 1 blocks}}
  "vector.mask"(%k) ({
  }) : (vector<16xi1>) -> ()
  return
}

// -----

func.func @two_blocks(%k: vector<16xi1>) {
  // expected-error@+1 {{'vector.mask' op expects region #0 to have 0 or 1 blocks}}
  "vector.mask"(%k) ({
    "vector.yield"() : () -> ()
  ^bb1:
    "vector.yield"() : () -> ()
  }) : (vector<16xi1>) -> ()
  return
}

// -----

// [4] and 4 are different types.
func.func @scalable_is_another_type(%v: vector<[4]xf32>) -> vector<4xf32> {
  // expected-error@+1 {{type of return operand 0 ('vector<[4]xf32>') doesn't match function result type ('vector<4xf32>') in function @scalable_is_another_type}}
  return %v : vector<[4]xf32>
}

// -----

func.func @shape_cast_drops_scalable(%v: vector<[4]xf32>) -> vector<4xf32> {
  // expected-error@+1 {{'vector.shape_cast' op has different number of scalable dims at source (1) and result (0)}}
  %r = vector.shape_cast %v : vector<[4]xf32> to vector<4xf32>
  return %r : vector<4xf32>
}

// -----

func.func @broadcast_scalable_to_fixed(%v: vector<[4]xf32>) -> vector<2x4xf32> {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch ([4] vs. 4)}}
  %r = vector.broadcast %v : vector<[4]xf32> to vector<2x4xf32>
  return %r : vector<2x4xf32>
}

// -----

func.func @from_elements_scalable(%a: f32) -> vector<[2]xf32> {
  // expected-error@+1 {{'dest' must be fixed-length vector of any type values, but got 'vector<[2]xf32>'}}
  %r = vector.from_elements %a, %a : vector<[2]xf32>
  return %r : vector<[2]xf32>
}

// -----

func.func @scalable_constant_not_splat() -> vector<[4]xf32> {
  // expected-error@+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<[4]xf32>
  return %c : vector<[4]xf32>
}

// -----

// expected-error@+1 {{vector types must have positive constant sizes}}
func.func private @zero_scalable(vector<[0]xf32>)

// -----

// expected-error@+1 {{invalid dimension}}
func.func private @dynamic_scalable(vector<[?]xf32>)

// -----

// expected-error@+1 {{expected non-function type}}
func.func private @scalable_tensor(tensor<[4]xf32>)
