
func.func @contract_outer(%p: vector<3xf32>, %q: vector<3xf32>, %c: vector<3x3xf32>) {
  // expected-error @+1 {{'vector.contract' op expected at least one contracting dimension pair}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "pastaticS{teptensor"]} %p, %q, %c : vector<3xf32>, vector<3xf32> into vector<3x3xf32>
  return
}

