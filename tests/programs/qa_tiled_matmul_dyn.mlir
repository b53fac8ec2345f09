// purpose: a matmul on dynamic shapes tiled 2x3 with nested scf.for, affine.min tail sizes, dynamic extract_slice of A/B/C tiles and insert_slice back, k loop innermost accumulating into the C tile
// expect: in place on the C argument (tiles are subviews); no allocation for the tiles

#tail = affine_map<(d0)[s0, s1] -> (s1, s0 - d0)>

func.func @tiled_matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %k = tensor.dim %a, %c1 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %r = scf.for %i = %c0 to %m step %c2 iter_args(%ci = %c) -> (tensor<?x?xf32>) {
    %ti = affine.min #tail(%i)[%m, %c2]
    %rj = scf.for %j = %c0 to %n step %c3 iter_args(%cj = %ci) -> (tensor<?x?xf32>) {
      %tj = affine.min #tail(%j)[%n, %c3]
      %ctile = tensor.extract_slice %cj[%i, %j] [%ti, %tj] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
      %acc = scf.for %kk = %c0 to %k step %c2 iter_args(%t = %ctile) -> (tensor<?x?xf32>) {
        %tk = affine.min #tail(%kk)[%k, %c2]
        %at = tensor.extract_slice %a[%i, %kk] [%ti, %tk] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
        %bt = tensor.extract_slice %b[%kk, %j] [%tk, %tj] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
        %p = linalg.matmul ins(%at, %bt : tensor<?x?xf32>, tensor<?x?xf32>) outs(%t : tensor<?x?xf32>) -> tensor<?x?xf32>
        scf.yield %p : tensor<?x?xf32>
      }
      %ins = tensor.insert_slice %acc into %cj[%i, %j] [%ti, %tj] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
      scf.yield %ins : tensor<?x?xf32>
    }
    scf.yield %rj : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}
