// batch_reduce_matmul, batch_matvec and batch_vecmat in the forms mlir-opt 22
// prints: default and explicit indexing maps, a cast property, mixed element
// types, tensors and memrefs (batch-contract.mlir compares with mlir-opt).
func.func @f(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %c: tensor<3x5xf32>, %m: tensor<2x3x4xf32>, %v: tensor<2x4xf32>, %r: tensor<2x3xf32>, %vv: tensor<2x3xf32>, %r2: tensor<2x4xf32>, %h: tensor<2x3x4xf16>) -> (tensor<3x5xf32>, tensor<2x3xf32>, tensor<2x4xf32>) {
  %0 = linalg.batch_reduce_matmul ins(%a, %b : tensor<2x3x4xf32>, tensor<2x4x5xf32>) outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  %1 = linalg.batch_matvec ins(%m, %v : tensor<2x3x4xf32>, tensor<2x4xf32>) outs(%r : tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = linalg.batch_vecmat ins(%vv, %m : tensor<2x3xf32>, tensor<2x3x4xf32>) outs(%r2 : tensor<2x4xf32>) -> tensor<2x4xf32>
  %3 = linalg.batch_reduce_matmul {foo} ins(%h, %b : tensor<2x3x4xf16>, tensor<2x4x5xf32>) outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0, %1, %2 : tensor<3x5xf32>, tensor<2x3xf32>, tensor<2x4xf32>
}

func.func @g(%a: memref<2x3x4xi8>, %b: memref<2x4x5xi8>, %c: memref<3x5xi32>, %at: memref<2x4x3xf32>, %bf: memref<2x4x5xf32>, %cf: memref<3x5xf32>) {
  linalg.batch_reduce_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<2x3x4xi8>, memref<2x4x5xi8>) outs(%c : memref<3x5xi32>)
  linalg.batch_reduce_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d2)>] ins(%at, %bf : memref<2x4x3xf32>, memref<2x4x5xf32>) outs(%cf : memref<3x5xf32>)
  return
}
