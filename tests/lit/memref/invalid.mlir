// Verifier errors of the memref dialect, one case per rule; the messages are
// upstream's (checked against mlir-opt 22).
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

func.func @alloc_missing_size() {
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %a = memref.alloc() : memref<?xf32>
  return
}

// -----

func.func @alloc_extra_size(%d: index) {
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %a = memref.alloc(%d) : memref<4xf32>
  return
}

// -----

func.func @alloca_symbols(%d: index) {
  // expected-error @+1 {{'memref.alloca' op symbol operand count does not equal memref symbol count: expected 0, got 1}}
  %a = memref.alloca()[%d] : memref<4xf32>
  return
}

// -----

func.func @alloc_alignment() {
  // expected-error @+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %a = "memref.alloc"() <{alignment = 3 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}

// -----

func.func @load_indices(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 1 but got 2}}
  %a = memref.load %m[%i, %i] : memref<4xf32>
  return
}

// -----

func.func @load_result_type(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%m, %i) : (memref<4xf32>, index) -> f64
  return
}

// -----

func.func @store_indices(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %v, %m[%i, %i] : memref<4xf32>
  return
}

// -----

func.func @store_value_type(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%i, %m, %i) : (index, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @cast_shape(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @cast_element(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @cast_unranked_to_unranked(%u: memref<*xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<*xf32>' and result type 'memref<*xf32>' are cast incompatible}}
  %0 = memref.cast %u : memref<*xf32> to memref<*xf32>
  return
}

// -----

func.func @cast_strides(%m: memref<4xf32, strided<[2]>>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32, strided<[2]>>' and result type 'memref<4xf32, strided<[1]>>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32, strided<[2]>> to memref<4xf32, strided<[1]>>
  return
}

// -----

func.func @memory_space_cast_shape(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32, 1>' are cast incompatible}}
  %0 = memref.memory_space_cast %m : memref<4xf32> to memref<5xf32, 1>
  return
}

// -----

func.func @copy_shape(%m: memref<4xf32>, %n: memref<5xf32>) {
  // expected-error @+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %m, %n : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @copy_element(%m: memref<4xf32>, %n: memref<4xi32>) {
  // expected-error @+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %m, %n : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @subview_layout(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32>'}}
  %s = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32>
  return
}

// -----

func.func @subview_sizes(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<3x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<4x4xf32, strided<[8, 1]>>'}}
  %s = memref.subview %m[0, 0] [3, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_element(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result element type to be 'f32', but got 'memref<4x4xf64, strided<[8, 1]>>'}}
  %s = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf64, strided<[8, 1]>>
  return
}

// -----

func.func @subview_offset(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1], offset: 9>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32, strided<[8, 1]>>'}}
  %s = memref.subview %m[1, 1] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_out_of_bounds(%m: memref<8x8xf32>) {
  // expected-error @+1 {{slice along dimension 0 runs out-of-bounds: 8 >= 8}}
  %s = memref.subview %m[2, 3] [4, 4] [2, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[16, 1], offset: 19>>
  return
}

// -----

func.func @get_global_missing() {
  // expected-error @+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %x = memref.get_global @nope : memref<4xf32>
  return
}

// -----

memref.global @g : memref<4xf32> = uninitialized
func.func @get_global_type() {
  // expected-error @+1 {{'memref.get_global' op result type 'memref<5xf32>' does not match type 'memref<4xf32>' of the global memref @g}}
  %x = memref.get_global @g : memref<5xf32>
  return
}

// -----

// expected-error @+1 {{'memref.global' op initial value shape expected to be 4 but was 5}}
"memref.global"() <{initial_value = dense<1.0> : tensor<5xf32>, sym_name = "g", type = memref<4xf32>}> : () -> ()

// -----

// expected-error @+1 {{type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @g : memref<?xf32> = uninitialized

// -----

// expected-error @+1 {{'memref.global' op initial value element expected to be of type 'f32', but was of type 'f64'}}
"memref.global"() <{initial_value = dense<1.0> : tensor<4xf64>, sym_name = "g", type = memref<4xf32>}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
"memref.global"() <{alignment = 3 : i64, initial_value, sym_name = "g", type = memref<4xf32>}> : () -> ()

// -----

func.func @reinterpret_size(%m: memref<16xf32>) {
  // expected-error @+1 {{expected result type with size = 4 instead of 5 in dim = 1}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<16xf32> to memref<4x5xf32>
  return
}

// -----

func.func @reinterpret_stride(%m: memref<16xf32>) {
  // expected-error @+1 {{expected result type with stride = 4 instead of 1 in dim = 0}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<16xf32> to memref<4x4xf32, strided<[1, 1]>>
  return
}

// -----

func.func @reinterpret_offset(%m: memref<16xf32>) {
  // expected-error @+1 {{expected result type with offset = 2 instead of 0}}
  %r = memref.reinterpret_cast %m to offset: [2], sizes: [4, 4], strides: [4, 1] : memref<16xf32> to memref<4x4xf32>
  return
}

// -----

func.func @reinterpret_element(%m: memref<16xf32>) {
  // expected-error @+1 {{different element types specified for source type 'memref<16xf32>' and result memref type 'memref<4x4xi32>'}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<16xf32> to memref<4x4xi32>
  return
}

// -----

func.func @collapse_size(%m: memref<8x8xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op collapsed dim size (32) must equal reassociation group size (64)}}
  %r = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32> into memref<32xf32>
  return
}

// -----

func.func @collapse_non_contiguous(%m: memref<8x8xf32, strided<[16, 1]>>) {
  // expected-error @+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %r = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32, strided<[16, 1]>> into memref<64xf32>
  return
}

// -----

func.func @collapse_layout(%m: memref<4x8xf32, strided<[8, 1], offset: 4>>) {
  // expected-error @+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<32xf32, strided<[1], offset: 4>>' but found 'memref<32xf32>'}}
  %r = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32, strided<[8, 1], offset: 4>> into memref<32xf32>
  return
}

// -----

func.func @expand_layout(%m: memref<64xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op expected expanded type to be 'memref<8x8xf32>' but found 'memref<8x8xf32, strided<[16, 1]>>'}}
  %r = memref.expand_shape %m [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32, strided<[16, 1]>>
  return
}

// -----

// A strided source whose expansion is row-major expands to the identity
// layout (mlir-opt 22 prints the first form itself), never to the
// spelled-out strides.
func.func @expand_row_major_is_identity(%m: memref<6xf32, strided<[1]>>) {
  %ok = memref.expand_shape %m [[0, 1]] output_shape [6, 1] : memref<6xf32, strided<[1]>> into memref<6x1xf32>
  // expected-error @+1 {{'memref.expand_shape' op expected expanded type to be 'memref<2x3xf32>' but found 'memref<2x3xf32, strided<[3, 1]>>'}}
  %r = memref.expand_shape %m [[0, 1]] output_shape [2, 3] : memref<6xf32, strided<[1]>> into memref<2x3xf32, strided<[3, 1]>>
  return
}

// -----

func.func @expand_output_shape(%m: memref<64xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op invalid output shape provided at pos 1}}
  %r = memref.expand_shape %m [[0, 1]] output_shape [8, 4] : memref<64xf32> into memref<8x8xf32>
  return
}

// -----

func.func @extract_strided_metadata_types(%m: memref<4xf32>) {
  // expected-error @+2 {{'memref.extract_strided_metadata' op failed to infer returned types}}
  // expected-error @+1 {{'memref.extract_strided_metadata' op inferred type(s) 'memref<f32>', 'index', 'index', 'index' are incompatible with return type(s) of operation 'memref<f64>', 'index', 'index', 'index'}}
  %b, %o, %s, %t = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f64>, index, index, index
  return
}

// -----

func.func @assume_alignment_pow2(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.assume_alignment' op alignment must be power of 2}}
  %0 = memref.assume_alignment %m, 3 : memref<4xf32>
  return
}

// -----

// Ours only: upstream rejects the legacy spelling outright, we reject it
// only when the output shape cannot be read off the result type.
func.func @expand_legacy_dynamic(%d: memref<?xf32>) {
  // expected-error @+1 {{expected 'output_shape' for a result with dynamic dimensions}}
  %e = memref.expand_shape %d [[0, 1]] : memref<?xf32> into memref<?x4xf32>
  return
}

// -----

func.func @prefetch_bad_rw(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{rw specifier has to be 'read' or 'write'}}
  memref.prefetch %m[%i], fetch, locality<1>, data : memref<4xf32>
  return
}

// -----

func.func @prefetch_bad_locality(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  memref.prefetch %m[%i], read, locality<5>, data : memref<4xf32>
  return
}
