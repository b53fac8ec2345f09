// Verifier and custom-form errors of the linalg dialect, one case per rule,
// with mlir-opt's wording: the same file passes upstream's
// --verify-diagnostics.
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

#id = affine_map<(d0) -> (d0)>

func.func @f(%x: tensor<5xf32>, %e: tensor<5xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected the number of indexing_map (1) to be equal to the number of input/output operands (2)}}
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} ins(%x : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<5xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

func.func @f(%x: tensor<5xf32>, %e: tensor<5xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected operand #1 rank (1) to match the result rank of indexing_map (2)}}
  %r = linalg.generic {indexing_maps = [#id, #id2], iterator_types = ["parallel"]} ins(%x : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<5xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>

func.func @f(%x: tensor<5xf32>, %e: tensor<5xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected indexing_map #0 to have 2 dim(s) to match the number of loops}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<5xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>

func.func @f(%x: tensor<5xf32>, %e: tensor<5xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected as many non-induction variable region arguments as the number of input/output operands}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%v: f32):
    linalg.yield %v : f32
  } -> tensor<5xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>

func.func @f(%x: tensor<5xf32>, %e: tensor<5xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected type of bb argument #0 ('i32') to match element or self type of the corresponding operand ('f32')}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%v: i32, %o: f32):
    linalg.yield %o : f32
  } -> tensor<5xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>

func.func @f(%x: tensor<5xf32>, %e: tensor<5xf32>) {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%v: f32, %o: f32):
    // expected-error @+1 {{'linalg.yield' op expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)}}
    linalg.yield %v, %v : f32, f32
  } -> tensor<5xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>

func.func @f(%x: tensor<6xf32>, %e: tensor<5xf32>) {
  // expected-error @+1 {{'linalg.generic' op inferred input/output operand #1 has shape's dimension #0 to be 6, but found 5}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<6xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<5xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>

func.func @f(%x: tensor<5xf32>, %e: tensor<5xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected type of operand #1 ('tensor<5xf32>') to match type of corresponding result ('tensor<6xf32>')}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<6xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>

func.func @f(%x: tensor<5xf32>, %e: memref<5xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected the number of tensor results (1) to be equal to the number of output tensors (0)}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<5xf32>) outs(%e : memref<5xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<5xf32>
  return
}

// -----

#sum = affine_map<(d0, d1) -> (d0 + d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

func.func @f(%x: tensor<5xf32>, %e: tensor<3x4xf32>) {
  // expected-error @+1 {{'linalg.generic' op inferred input/output operand #0 has shape's dimension #0 to be greater than or equal to 6, but found 5}}
  %r = linalg.generic {indexing_maps = [#sum, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<5xf32>) outs(%e : tensor<3x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<3x4xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>

func.func @f(%x: tensor<5xf32>, %e: tensor<5xf32>) {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%v: f32, %o: f32):
    // expected-error @+1 {{'linalg.index' op expected dim (1) to be lower than the number of loops (1) of the enclosing LinalgOp}}
    %i = linalg.index 1 : index
    linalg.yield %v : f32
  } -> tensor<5xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>

func.func @f(%x: tensor<5xf32>, %e: tensor<5xf32>) {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%v: f32, %o: f32):
    %c = arith.constant 1 : i32
    // expected-error @+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    linalg.yield %c : i32
  } -> tensor<5xf32>
  return
}

// -----

func.func @f() -> index {
  // expected-error @+1 {{'linalg.index' op expected parent op with LinalgOp interface}}
  %i = linalg.index 0 : index
  return %i : index
}

// -----

#id = affine_map<(d0) -> (d0)>

func.func @f(%x: tensor<5xf32>, %e: tensor<5xf32>) {
  // expected-error @+1 {{unexpected iterator_type (sequential)}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["sequential"]} ins(%x : tensor<5xf32>) outs(%e : tensor<5xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<5xf32>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %b: tensor<7x16xf32>, %c: tensor<4x16xf32>) {
  // expected-error @+1 {{'linalg.matmul' op inferred input/output operand #1 has shape's dimension #0 to be 8, but found 7}}
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<7x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: memref<4x16xf32>) {
  // expected-error @+1 {{'linalg.matmul' op expected the number of tensor results (1) to be equal to the number of output tensors (0)}}
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : memref<4x16xf32>) -> tensor<4x16xf32>
  return
}

// -----

func.func @f(%a: tensor<2x4x8xf32>, %b: tensor<3x8x16xf32>, %c: tensor<2x4x16xf32>) {
  // expected-error @+1 {{'linalg.batch_matmul' op inferred input/output operand #1 has shape's dimension #0 to be 2, but found 3}}
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<3x8x16xf32>) outs(%c : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %x: tensor<8xf32>, %y: tensor<5xf32>) {
  // expected-error @+1 {{'linalg.matvec' op inferred input/output operand #2 has shape's dimension #0 to be 4, but found 5}}
  %0 = linalg.matvec ins(%a, %x : tensor<4x8xf32>, tensor<8xf32>) outs(%y : tensor<5xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @f(%x: tensor<8xf32>, %s: tensor<8xf32>) {
  // expected-error @+1 {{'linalg.dot' op expected operand #2 rank (1) to match the result rank of indexing_map (0)}}
  %0 = linalg.dot ins(%x, %x : tensor<8xf32>, tensor<8xf32>) outs(%s : tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @f(%v: f64, %c: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.fill' op expected fill value type ('f64') to match output element type ('f32')}}
  %0 = linalg.fill ins(%v : f64) outs(%c : tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%v: f32, %c: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.fill' op expected type of operand #1 ('tensor<4xf32>') to match type of corresponding result ('tensor<4xi32>')}}
  %0 = linalg.fill ins(%v : f32) outs(%c : tensor<4xf32>) -> tensor<4xi32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>, %c: tensor<5xf32>) {
  // expected-error @+1 {{'linalg.copy' op inferred input/output operand #1 has shape's dimension #0 to be 4, but found 5}}
  %0 = linalg.copy ins(%a : tensor<4xf32>) outs(%c : tensor<5xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %b: tensor<4x7xf32>) {
  // expected-error @+1 {{'linalg.add' op inferred input/output operand #1 has shape's dimension #1 to be 8, but found 7}}
  %0 = linalg.add ins(%a, %b : tensor<4x8xf32>, tensor<4x7xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error @+2 {{[parseNamedStructuredOpRegion] ods-gen generated region expects 2 args, got 3}}
  %0 = linalg.exp ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  // expected-error @+1 {{unsupported non numeric type}}
  %0 = linalg.exp ins(%a : tensor<4xi32>) outs(%a : tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @f(%a: tensor<4xi1>) {
  // expected-error @+1 {{unsupported operation: sub with bools}}
  %0 = linalg.sub ins(%a, %a : tensor<4xi1>, tensor<4xi1>) outs(%a : tensor<4xi1>) -> tensor<4xi1>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{unsupported operation: unsigned div not on uint}}
  %0 = linalg.div_unsigned ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got 'f32' and 'i32'}}
  %0 = linalg.mul ins(%a, %b : tensor<4xf32>, tensor<4xi32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %c: tensor<8x4xf32>) {
  // expected-error @+1 {{'linalg.transpose' op permutation is not valid}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%c : tensor<8x4xf32>) permutation = [0, 0]
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %c: tensor<8x4xf32>) {
  // expected-error @+1 {{'linalg.transpose' op dim(result, 0) = 8 doesn't match dim(input, permutation[0]) = 4}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%c : tensor<8x4xf32>) permutation = [0, 1]
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %c: tensor<8x4xf32>) {
  // expected-error @+1 {{'linalg.transpose' op size of permutation 3 does not match the argument rank 2}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%c : tensor<8x4xf32>) permutation = [1, 0, 2]
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %c: tensor<8x4x3xf32>) {
  // expected-error @+1 {{'linalg.transpose' op input rank 2 does not match init rank 3}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%c : tensor<8x4x3xf32>) permutation = [1, 0]
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %c: tensor<4x8x3xf32>) {
  // expected-error @+1 {{'linalg.broadcast' op input dim 1 should match init dim 2. input: 8, init: 3}}
  %0 = linalg.broadcast ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8x3xf32>) dimensions = [1]
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %c: tensor<4x8x3xf32>) {
  // expected-error @+1 {{'linalg.broadcast' op input rank plus added dimensions does not match init rank. input rank: 2, dimensions size: 2, init rank: 3}}
  %0 = linalg.broadcast ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8x3xf32>) dimensions = [2, 1]
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %c: tensor<4x8x3xf32>) {
  // expected-error @+1 {{'linalg.broadcast' op dimension 0 is out of range. expected range: [0, 2], got: 3}}
  %0 = linalg.broadcast ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8x3xf32>) dimensions = [3]
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %c: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.reduce' op dimensions for reduction should be in the range [0, 1].}}
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%c : tensor<4xf32>) dimensions = [2]
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %c: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.reduce' op number of dimensions after reduction 0 doesn't match the init rank 1}}
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%c : tensor<4xf32>) dimensions = [0, 1]
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %c: tensor<8xf32>) {
  // expected-error @+1 {{'linalg.reduce' op init dimensions [8] doesn't match input dimensions after reduction [4]}}
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%c : tensor<8xf32>) dimensions = [1]
  return
}

// -----

func.func @f(%a: tensor<4x8x2xf32>, %c: tensor<8xf32>) {
  // expected-error @+1 {{'linalg.reduce' op attribute 'dimensions' failed to satisfy constraint: i64 dense array attribute should be in increasing order}}
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x8x2xf32>) outs(%c : tensor<8xf32>) dimensions = [2, 0]
  return
}

// -----

func.func @f(%a: tensor<4x5xf32>, %c: tensor<4x7xf32>) {
  // expected-error @+1 {{'linalg.map' op expected shape of input (4, 5) to match shape of output (4, 7)}}
  %0 = linalg.map { math.exp } ins(%a : tensor<4x5xf32>) outs(%c : tensor<4x7xf32>)
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %c: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.reduce' op mismatching number of operands and block arguments}}
  %0 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%c : tensor<4xf32>) dimensions = [1] (%x: f32) {
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %c: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.reduce' op output element type 'f32' does not match corresponding block argument type 'i32'}}
  %0 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%c : tensor<4xf32>) dimensions = [1] (%x: f32, %y: i32) {
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %c: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.reduce' op input element type 'f32' does not match corresponding block argument type 'i32'}}
  %0 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%c : tensor<4xf32>) dimensions = [1] (%x: i32, %y: f32) {
    linalg.yield %y : f32
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.map' op expects number of operands to match the arity of mapper, but got: 2 and 1}}
  %0 = linalg.map ins(%a : tensor<4xf32>) outs(%c : tensor<4xf32>) (%x: f32) {
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.map' op expected element type of input 'f32' to match bbArg type 'i32'}}
  %0 = linalg.map ins(%a : tensor<4xf32>) outs(%c : tensor<4xf32>) (%x: i32, %y: f32) {
    linalg.yield %y : f32
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %0 = linalg.map ins(%a : tensor<4xf32>) outs(%c : tensor<4xf32>) (%x: f32, %y: f32) {
    %z = arith.constant 1 : i32
    // expected-error @+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    linalg.yield %z : i32
  }
  return
}
