// vector.contract values: a matmul, a dot product into a scalar, integer
// contractions with transposed maps (see ../run.mlir). Upstream lowers only
// the add kind, so only that one runs here.
#a = affine_map<(i, j, k) -> (i, k)>
#b = affine_map<(i, j, k) -> (k, j)>
#c = affine_map<(i, j, k) -> (i, j)>
func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, -1.5], [0.5, -3.0, 4.0]]> : vector<2x3xf32>
  %y = arith.constant dense<[[1.0, 0.0, 2.0, -1.0], [0.5, 1.5, -2.0, 3.0], [2.0, -0.5, 1.0, 1.0]]> : vector<3x4xf32>
  %z = arith.constant dense<[[10.0, 20.0, 30.0, 40.0], [-1.0, -2.0, -3.0, -4.0]]> : vector<2x4xf32>
  %r = vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} %x, %y, %z : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  vector.print %r : vector<2x4xf32>
  %p = arith.constant dense<[1.0, -2.0, 3.0]> : vector<3xf32>
  %q = arith.constant dense<[4.0, 0.5, -1.0]> : vector<3xf32>
  %s = arith.constant 0.25 : f32
  %d = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]} %p, %q, %s : vector<3xf32>, vector<3xf32> into f32
  vector.print %d : f32
  %ia = arith.constant dense<[[1, 2], [3, 4], [5, 6]]> : vector<3x2xi32>
  %ib = arith.constant dense<[[7, -8, 9], [1, 0, -2]]> : vector<2x3xi32>
  %ic = arith.constant dense<[[0, 0, 0], [1, 1, 1], [2, 2, 2]]> : vector<3x3xi32>
  %ir = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} %ia, %ib, %ic : vector<3x2xi32>, vector<2x3xi32> into vector<3x3xi32>
  vector.print %ir : vector<3x3xi32>
  %ic4 = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
  %tr = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (j, i)>], iterator_types = ["parallel", "parallel", "reduction"]} %ia, %ib, %ic4 : vector<3x2xi32>, vector<2x3xi32> into vector<2x2xi32>
  vector.print %tr : vector<2x2xi32>
  return
}
