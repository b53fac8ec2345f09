// Verifier and custom-form errors of the affine dialect, one case per rule;
// the messages are upstream's (this file also passes mlir-opt 22's
// --verify-diagnostics, see upstream.mlir).
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

func.func @apply_custom_count(%i: index, %n: index) {
  // expected-error @+1 {{custom op 'affine.apply' dimension or symbol index mismatch}}
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)
  return
}

// -----

func.func @apply_not_a_map(%i: index) {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %0 = affine.apply 42(%i)
  return
}

// -----

func.func @apply_generic_count(%i: index) {
  // expected-error @+1 {{'affine.apply' op operand count and affine map dimension and symbol count must match}}
  %0 = "affine.apply"(%i) <{map = affine_map<(d0)[s0] -> (d0 + s0)>}> : (index) -> index
  return
}

// -----

func.func @apply_two_results(%i: index) {
  // expected-error @+1 {{'affine.apply' op mapping must produce one value}}
  %0 = "affine.apply"(%i) <{map = affine_map<(d0) -> (d0, d0)>}> : (index) -> index
  return
}

// -----

func.func @apply_operand_type(%i: i32) {
  // expected-error @+1 {{'affine.apply' op operand #0 must be variadic of index, but got 'i32'}}
  %0 = "affine.apply"(%i) <{map = affine_map<(d0) -> (d0)>}> : (i32) -> index
  return
}

// -----

func.func @apply_result_type(%i: index) {
  // expected-error @+1 {{'affine.apply' op result #0 must be index, but got 'i64'}}
  %0 = "affine.apply"(%i) <{map = affine_map<(d0) -> (d0)>}> : (index) -> i64
  return
}

// -----

func.func @apply_no_map(%i: index) {
  // expected-error @+1 {{'affine.apply' op requires attribute 'map'}}
  %0 = "affine.apply"(%i) : (index) -> index
  return
}

// -----

func.func @apply_iv_as_symbol() {
  affine.for %i = 0 to 10 {
    // expected-error @+1 {{dimensional operand cannot be used as a symbol}}
    %0 = affine.apply affine_map<()[s0] -> (s0 + 1)>()[%i]
  }
  return
}

// -----

func.func @min_no_result(%i: index) {
  // expected-error @+1 {{'affine.min' op affine map expect at least one result}}
  %0 = "affine.min"(%i) <{map = affine_map<(d0) -> ()>}> : (index) -> index
  return
}

// -----

func.func @max_count(%i: index) {
  // expected-error @+1 {{'affine.max' op operand count and affine map dimension and symbol count must match}}
  %0 = affine.max affine_map<(d0)[s0] -> (d0, s0)>(%i)
  return
}

// -----

func.func @min_result_type(%i: index) {
  // expected-error @+1 {{'affine.min' op result #0 must be index, but got 'f32'}}
  %0 = "affine.min"(%i) <{map = affine_map<(d0) -> (d0)>}> : (index) -> f32
  return
}

// -----

func.func @for_negative_step() {
  // expected-error @+1 {{custom op 'affine.for' expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 10 step -1 {
  }
  return
}

// -----

func.func @for_lower_needs_max(%n: index) {
  // expected-error @+1 {{custom op 'affine.for' lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %i = affine_map<(d0) -> (d0, 1)>(%n) to 10 {
  }
  return
}

// -----

func.func @for_upper_needs_min(%n: index) {
  // expected-error @+1 {{custom op 'affine.for' upper loop bound affine map with multiple results requires 'min' prefix}}
  affine.for %i = 0 to affine_map<(d0) -> (d0, 1)>(%n) {
  }
  return
}

// -----

func.func @for_dim_count(%n: index) {
  // expected-error @+1 {{custom op 'affine.for' dim operand count and affine map dim count must match}}
  affine.for %i = 0 to affine_map<(d0, d1) -> (d0 + d1)>(%n) {
  }
  return
}

// -----

func.func @for_symbol_count(%n: index) {
  // expected-error @+1 {{custom op 'affine.for' symbol operand count and affine map symbol count must match}}
  affine.for %i = 0 to affine_map<(d0)[s0] -> (d0 + s0)>(%n) {
  }
  return
}

// -----

func.func @for_bad_bound(%n: index) {
  // expected-error @+1 {{custom op 'affine.for' expected valid affine map representation for loop bounds}}
  affine.for %i = "zero" to 10 {
  }
  return
}

// -----

func.func @for_inits_vs_args() {
  // expected-error @+1 {{'affine.for' op different number of inits and region iter_args: 0 != 1}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index, %j: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @for_iv_type() {
  // expected-error @+1 {{'affine.for' op expected body to have a single index argument for the induction variable}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: i64):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @for_init_type(%x: f32) {
  // expected-error @+1 {{'affine.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'index'}}
  %r = "affine.for"(%x) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index, %a: index):
    "affine.yield"(%a) : (index) -> ()
  }) : (f32) -> index
  return
}

// -----

func.func @for_empty_upper() {
  // expected-error @+1 {{'affine.for' op expected upper bound map to have at least one result}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> ()>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @for_no_step() {
  // expected-error @+1 {{'affine.for' op requires attribute 'step'}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, upperBoundMap = affine_map<() -> (1)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @for_step_type() {
  // expected-error @+1 {{'affine.for' op attribute 'step' failed to satisfy constraint: index attribute}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : i64, upperBoundMap = affine_map<() -> (1)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @for_segments(%x: f32) {
  // expected-error @+1 {{'affine.for' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "affine.for"(%x) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : (f32) -> ()
  return
}

// -----

func.func @for_bound_type(%x: f32) {
  // expected-error @+1 {{'affine.for' op operand #0 must be variadic of index, but got 'f32'}}
  "affine.for"(%x) <{lowerBoundMap = affine_map<()[s0] -> (s0)>, operandSegmentSizes = array<i32: 0, 1, 0>, step = 1 : index, upperBoundMap = affine_map<()[s0] -> (s0)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : (f32) -> ()
  return
}

// -----

func.func @for_two_blocks() {
  // expected-error @+1 {{'affine.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  }) : () -> ()
  return
}

// -----

func.func @for_iv_as_symbol() {
  affine.for %i = 0 to 10 {
    // expected-error @+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %i {
    }
  }
  return
}

// -----

func.func @for_loaded_dim(%m: memref<4xindex>) {
  affine.for %i = 0 to 4 {
    %v = memref.load %m[%i] : memref<4xindex>
    // expected-error @+1 {{'affine.for' op operand cannot be used as a dimension id}}
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%v) {
    }
  }
  return
}

// -----

func.func @yield_count(%x: f32) {
  %r = affine.for %i = 0 to 10 iter_args(%a = %x) -> (f32) {
    // expected-error @+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield
  }
  return
}

// -----

func.func @yield_type(%x: f32, %n: index) {
  %r = affine.for %i = 0 to 10 iter_args(%a = %x) -> (f32) {
    // expected-error @+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %n : index
  }
  return
}

// -----

func.func @yield_parent() {
  // expected-error @+1 {{'affine.yield' op only terminates affine.if/for/parallel regions}}
  affine.yield
}

// -----

func.func @load_rank(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op affine map num results must equal memref rank}}
  %0 = affine.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @load_subscripts(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op expects as many subscripts as affine map inputs}}
  %0 = "affine.load"(%m, %i) <{map = affine_map<(d0, d1) -> (d0, d1)>}> : (memref<4x4xf32>, index) -> f32
  return
}

// -----

func.func @load_result_type(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op result type must match element type of memref}}
  %0 = "affine.load"(%m, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>, index) -> f16
  return
}

// -----

func.func @load_index_type(%m: memref<4xf32>, %i: i32) {
  // expected-error @+1 {{'affine.load' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "affine.load"(%m, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>, i32) -> f32
  return
}

// -----

func.func @load_tensor(%t: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op operand #0 must be memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "affine.load"(%t, %i) <{map = affine_map<(d0) -> (d0)>}> : (tensor<4xf32>, index) -> f32
  return
}

// -----

func.func @load_no_map(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op requires attribute 'map'}}
  %0 = "affine.load"(%m, %i) : (memref<4xf32>, index) -> f32
  return
}

// -----

func.func @load_loaded_dim(%m: memref<4xindex>) {
  affine.for %i = 0 to 4 {
    %v = memref.load %m[%i] : memref<4xindex>
    // expected-error @+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %w = affine.load %m[%v] : memref<4xindex>
  }
  return
}

// -----

func.func @load_iv_as_symbol(%m: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    // expected-error @+1 {{'affine.load' op operand cannot be used as a symbol}}
    %w = "affine.load"(%m, %i) <{map = affine_map<()[s0] -> (s0)>}> : (memref<4xf32>, index) -> f32
  }
  return
}

// -----

func.func @load_custom_not_memref(%t: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{invalid kind of type specified}}
  %0 = affine.load %t[%i] : tensor<4xf32>
  return
}

// -----

func.func @store_value_type(%m: memref<4xf32>, %i: index, %v: f16) {
  // expected-error @+1 {{'affine.store' op value to store must have the same type as memref element type}}
  "affine.store"(%v, %m, %i) <{map = affine_map<(d0) -> (d0)>}> : (f16, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @store_rank(%m: memref<4x4xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'affine.store' op affine map num results must equal memref rank}}
  affine.store %v, %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @store_non_affine(%m: memref<4x4xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
  affine.store %v, %m[%i, %i * %i] : memref<4x4xf32>
  return
}

// -----

func.func @store_non_affine_mod(%m: memref<4x4xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{non-affine expression: right operand of mod has to be either a constant or symbolic}}
  affine.store %v, %m[%i, 7 mod %i] : memref<4x4xf32>
  return
}

// -----

func.func @delinearize_results(%i: index) {
  // expected-error @+1 {{'affine.delinearize_index' op should return an index for each basis element and up to one extra index}}
  %0:4 = affine.delinearize_index %i into (4, 8) : index, index, index, index
  return
}

// -----

func.func @delinearize_nonpositive(%i: index) {
  // expected-error @+1 {{'affine.delinearize_index' op no basis element may be statically non-positive}}
  %0:2 = affine.delinearize_index %i into (4, 0) : index, index
  return
}

// -----

func.func @delinearize_dynamic_marker(%i: index) {
  // expected-error @+1 {{'affine.delinearize_index' op mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis entry) -- this can only happen due to an incorrect fold/rewrite}}
  %0:2 = "affine.delinearize_index"(%i) <{static_basis = array<i64: -9223372036854775808, 8>}> : (index) -> (index, index)
  return
}

// -----

func.func @delinearize_operand_type(%i: i32) {
  // expected-error @+1 {{'affine.delinearize_index' op operand #0 must be index, but got 'i32'}}
  %0:2 = "affine.delinearize_index"(%i) <{static_basis = array<i64: 4, 8>}> : (i32) -> (index, index)
  return
}

// -----

func.func @delinearize_result_type(%i: index) {
  // expected-error @+1 {{'affine.delinearize_index' op result #1 must be variadic of index, but got 'i32'}}
  %0:2 = affine.delinearize_index %i into (4, 8) : index, i32
  return
}

// -----

func.func @linearize_count(%i: index) {
  // expected-error @+1 {{'affine.linearize_index' op should be passed a basis element for each index except possibly the first}}
  %0 = affine.linearize_index [%i, %i, %i] by (4) : index
  return
}

// -----

func.func @linearize_dynamic_marker(%i: index) {
  // expected-error @+1 {{'affine.linearize_index' op mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis entry) -- this can only happen due to an incorrect fold/rewrite}}
  %0 = "affine.linearize_index"(%i, %i) <{disjoint = false, operandSegmentSizes = array<i32: 2, 0>, static_basis = array<i64: -9223372036854775808, 8>}> : (index, index) -> index
  return
}

// -----

#set = affine_set<(d0, d1) : (d0 - d1 >= 0)>
func.func @if_dims(%i: index) {
  // expected-error @+1 {{dim operand count and integer set dim count must match}}
  affine.if #set(%i) {
  }
  return
}

// -----

func.func @if_not_a_set(%i: index) {
  // expected-error @+1 {{invalid kind of attribute specified}}
  affine.if affine_map<(d0) -> (d0)>(%i) {
  }
  return
}
