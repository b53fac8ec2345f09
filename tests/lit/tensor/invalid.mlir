// Verifier errors of the tensor dialect, one case per rule; the messages are
// mlir-opt's (the file also passes `mlir-opt --verify-diagnostics`).
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

func.func @f(%d: index) {
  // expected-error @+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 0, expected 1}}
  %e = tensor.empty() : tensor<?x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>, %i: index) {
  // expected-error @+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %x = tensor.extract %t[%i] : tensor<8x8xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>, %i: index) {
  // expected-error @+1 {{'tensor.extract' op failed to verify that result type matches element type of tensor}}
  %x = "tensor.extract"(%t, %i, %i) : (tensor<8x8xf32>, index, index) -> i32
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'tensor.insert' op incorrect number of indices}}
  %x = tensor.insert %v into %t[%i] : tensor<8x8xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'tensor.insert' op failed to verify that result type matches type of dest}}
  %x = "tensor.insert"(%v, %t, %i, %i) : (f32, tensor<8x8xf32>, index, index) -> tensor<8x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>, %i: index) {
  // expected-error @+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %a = tensor.extract_slice %t[0, %i] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x5xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>, %i: index) {
  // expected-error @+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %a = tensor.extract_slice %t[0, %i] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>, %i: index) {
  // expected-error @+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %a = tensor.extract_slice %t[0, %i] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<?x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>, %i: index) {
  // expected-error @+1 {{expected element type to be 'f32'}}
  %a = tensor.extract_slice %t[0, %i] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xi32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>, %i: index) {
  // expected-error @+1 {{expected rank to be smaller or equal to the other rank.}}
  %a = tensor.extract_slice %t[0, %i] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4x1xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 1}}
  %a = tensor.extract_slice %t[0] [4] [1] : tensor<8x8xf32> to tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>) {
  // expected-error @+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %a = tensor.extract_slice %t[0, 0] [4, 4] [1] : tensor<8x8xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>, %i: index) {
  // expected-error @+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (1 vs 0)}}
  %a = "tensor.extract_slice"(%t, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (tensor<8x8xf32>, index) -> tensor<4x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>) {
  // expected-error @+1 {{slice along dimension 1 runs out-of-bounds: 9 >= 8}}
  %a = tensor.extract_slice %t[0, 6] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>) {
  // expected-error @+1 {{offset 0 is out-of-bounds: 8 >= 8}}
  %a = tensor.extract_slice %t[8, 0] [0, 4] [1, 1] : tensor<8x8xf32> to tensor<0x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>) {
  // expected-error @+1 {{expected offsets to be non-negative, but got -1}}
  %a = tensor.extract_slice %t[-1, 0] [1, 4] [1, 1] : tensor<8x8xf32> to tensor<1x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>) {
  // expected-error @+1 {{expected sizes to be non-negative, but got -1}}
  %a = tensor.extract_slice %t[0, 0] [-1, 4] [1, 1] : tensor<8x8xf32> to tensor<1x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>, %s: tensor<4x5xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %a = tensor.insert_slice %s into %t[0, 0] [4, 4] [1, 1] : tensor<4x5xf32> into tensor<8x8xf32>
  return
}

// -----

func.func @f(%t: tensor<8xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{expected InParallelOpInterface parent, got:}}
  "tensor.parallel_insert_slice"(%s, %t) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<4xf32>, tensor<8xf32>) -> ()
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<8x8xf32>' and result type 'tensor<4x8xf32>' are cast incompatible}}
  %x = tensor.cast %t : tensor<8x8xf32> to tensor<4x8xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<8x8xf32>' and result type 'tensor<8x8xi32>' are cast incompatible}}
  %x = tensor.cast %t : tensor<8x8xf32> to tensor<8x8xi32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>) {
  // expected-error @+1 {{'tensor.dim' op operand #1 must be index, but got 'tensor<8x8xf32>'}}
  %x = "tensor.dim"(%t, %t) : (tensor<8x8xf32>, tensor<8x8xf32>) -> index
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 6}}
  %a = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<5xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected collapsed rank (1) to equal the number of reassociation maps (2).}}
  %a = tensor.collapse_shape %t [[0], [1]] : tensor<2x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous.}}
  %a = tensor.collapse_shape %t [[1, 0]] : tensor<2x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (3), but it is  2.}}
  %a = tensor.collapse_shape %t [[0, 1]] : tensor<2x3x4xf32> into tensor<6xf32>
  return
}

// -----

func.func @f(%t: tensor<?x3xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %a = tensor.collapse_shape %t [[0, 1]] : tensor<?x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected collapsed type to be 'tensor<6xf32>', but got 'tensor<6xi32>'}}
  %a = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<6xi32>
  return
}

// -----

func.func @f(%t: tensor<6xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 8}}
  %a = tensor.expand_shape %t [[0, 1]] output_shape [2, 4] : tensor<6xf32> into tensor<2x4xf32>
  return
}

// -----

func.func @f(%t: tensor<6xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (2) but found 3 inputs instead}}
  %a = tensor.expand_shape %t [[0, 1]] output_shape [2, 3, 4] : tensor<6xf32> into tensor<2x3xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (1) but found 2 inputs instead}}
  %a = tensor.expand_shape %t [[0, 1]] output_shape [2, 3] : tensor<2x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @f(%v: f32, %d: index) {
  // expected-error @+1 {{'tensor.generate' op incorrect number of dynamic sizes, has 0, expected 1}}
  %g = tensor.generate {
  ^bb0(%p: index, %q: index):
    tensor.yield %v : f32
  } : tensor<?x3xf32>
  return
}

// -----

func.func @f(%v: f32, %d: index) {
  // expected-error @+1 {{must have one body argument per input dimension}}
  %g = tensor.generate %d {
  ^bb0(%p: index):
    tensor.yield %v : f32
  } : tensor<?x3xf32>
  return
}

// -----

func.func @f(%v: f32, %d: index) {
  // expected-error @+1 {{all body arguments must be index}}
  %g = tensor.generate %d {
  ^bb0(%p: index, %q: i32):
    tensor.yield %v : f32
  } : tensor<?x3xf32>
  return
}

// -----

func.func @f(%v: i32, %d: index) {
  // expected-error @+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
  %g = tensor.generate %d {
  ^bb0(%p: index, %q: index):
    tensor.yield %v : i32
  } : tensor<?x3xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>, %v: f32) {
  // expected-error @+1 {{specified type 'tensor<11x8xf32>' does not match the inferred type 'tensor<11x9xf32>'}}
  %pd = tensor.pad %t low[1, 1] high[2, 0] {
  ^bb0(%p: index, %q: index):
    tensor.yield %v : f32
  } : tensor<8x8xf32> to tensor<11x8xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>, %v: f32) {
  // expected-error @+1 {{failed to infer expectedType from sourceType 'tensor<8x8xf32>', specified resultType is 'tensor<11x8xf32>'}}
  %pd = tensor.pad %t low[1] high[2] {
  ^bb0(%p: index, %q: index):
    tensor.yield %v : f32
  } : tensor<8x8xf32> to tensor<11x8xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>, %v: f32) {
  // expected-error @+1 {{expected the block to have 2 arguments}}
  %pd = tensor.pad %t low[1, 1] high[2, 0] {
  ^bb0(%p: index):
    tensor.yield %v : f32
  } : tensor<8x8xf32> to tensor<11x9xf32>
  return
}

// -----

func.func @f(%t: tensor<8x8xf32>, %v: i32) {
  // expected-error @+1 {{'tensor.pad' op expected yield type to match shape element type}}
  %pd = tensor.pad %t low[1, 1] high[2, 0] {
  ^bb0(%p: index, %q: index):
    tensor.yield %v : i32
  } : tensor<8x8xf32> to tensor<11x9xf32>
  return
}

// -----

func.func @f(%v: f32, %d: index) {
  // expected-error @+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 0, expected 1}}
  %s = tensor.splat %v : tensor<?xf32>
  return
}

// -----

func.func @f(%v: i32) {
  // expected-error @+1 {{'tensor.splat' op failed to verify that operand type matches element type of result}}
  %s = "tensor.splat"(%v) : (i32) -> tensor<4xf32>
  return
}

// -----

func.func @f(%s: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %c = tensor.concat dim(1) %s, %s : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @f(%s: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.concat' op result type 'tensor<9xf32>'does not match inferred shape 'tensor<8xf32>' static sizes}}
  %c = tensor.concat dim(0) %s, %s : (tensor<4xf32>, tensor<4xf32>) -> tensor<9xf32>
  return
}

// -----

func.func @f(%s: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.bitcast' op operand type 'tensor<4xf32>' and result type 'tensor<4xi64>' are cast incompatible}}
  %c = tensor.bitcast %s : tensor<4xf32> to tensor<4xi64>
  return
}

// -----

func.func @f(%s: tensor<4xf32>, %sh: tensor<2xindex>) {
  // expected-error @+1 {{'tensor.reshape' op length of shape operand differs from the result's tensor rank}}
  %re = tensor.reshape %s(%sh) : (tensor<4xf32>, tensor<2xindex>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%s: tensor<4xf32>, %sh: tensor<2xindex>) {
  // expected-error @+1 {{'tensor.reshape' op source and destination tensor should have the same number of elements}}
  %re = tensor.reshape %s(%sh) : (tensor<4xf32>, tensor<2xindex>) -> tensor<3x2xf32>
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error @+1 {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
  "tensor.yield"(%v) : (f32) -> ()
}

// -----

func.func @f(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.generate' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %a = "tensor.generate"() ({}) : () -> tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.pad' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  %a = "tensor.pad"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 0>, static_low = array<i64: 0>}> ({}) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<8xf32>, %s: tensor<4xf32>) {
  %r = scf.forall (%i) in (2) shared_outs(%o = %t) -> (tensor<8xf32>) {
    scf.forall.in_parallel {
      // expected-error @+1 {{slice along dimension 0 runs out-of-bounds: 9 >= 8}}
      tensor.parallel_insert_slice %s into %o[6] [4] [1] : tensor<4xf32> into tensor<8xf32>
    }
  }
  return
}

// -----

func.func @f(%t: tensor<0xf32>) {
  // expected-error @+1 {{offset 0 is out-of-bounds: 0 >= 0}}
  %a = tensor.extract_slice %t[0] [0] [1] : tensor<0xf32> to tensor<0xf32>
  return
}
