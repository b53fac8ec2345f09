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

// linalg.contract: maps always given and printed, cast chooses the casts.
#ca = affine_map<(d0, d1, d2) -> (d0, d2)>
#cb = affine_map<(d0, d1, d2) -> (d2, d1)>
#cc = affine_map<(d0, d1, d2) -> (d0, d1)>
#bt = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>
#bb = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#bc = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @contract(%a: tensor<4x8xf16>, %b: tensor<8x5xf16>, %c: tensor<4x5xf32>, %m: memref<4x8xi8>, %n: memref<8x5xi8>, %o: memref<4x5xi32>, %x: tensor<2x8x3xf32>, %y: tensor<8x5xf32>, %z: tensor<2x3x5xf32>) -> (tensor<4x5xf32>, tensor<2x3x5xf32>) {
  %0 = linalg.contract indexing_maps = [#ca, #cb, #cc] ins(%a, %b : tensor<4x8xf16>, tensor<8x5xf16>) outs(%c : tensor<4x5xf32>) -> tensor<4x5xf32>
  linalg.contract indexing_maps = [#ca, #cb, #cc] {cast = #linalg.type_fn<cast_unsigned>} ins(%m, %n : memref<4x8xi8>, memref<8x5xi8>) outs(%o : memref<4x5xi32>)
  %1 = linalg.contract indexing_maps = [#bt, #bb, #bc] ins(%x, %y : tensor<2x8x3xf32>, tensor<8x5xf32>) outs(%z : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %0, %1 : tensor<4x5xf32>, tensor<2x3x5xf32>
}
