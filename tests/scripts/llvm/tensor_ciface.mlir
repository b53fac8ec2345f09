// A tensor program: `--emit=obj` bufferizes it (function boundaries with
// identity layouts), deallocates and lowers it; tensor_ciface_main.c calls
// the _mlir_ciface_ wrappers with plain row-major descriptors.
#map = affine_map<(d0) -> (d0)>

// r = a * x + y over dynamically sized vectors.
func.func @axpy(%a: f32, %x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%xi: f32, %yi: f32, %o: f32):
    %m = arith.mulf %a, %xi : f32
    %s = arith.addf %m, %yi : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// c = a (2x3) times b (3x2), accumulated into zeros.
func.func @matmul(%a: tensor<2x3xi32>, %b: tensor<3x2xi32>) -> tensor<2x2xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x2xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>
  %c = linalg.matmul ins(%a, %b : tensor<2x3xi32>, tensor<3x2xi32>) outs(%f : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %c : tensor<2x2xi32>
}
