// vector.contract: the custom form (every attribute in the leading dict,
// iterator types as strings, kind always printed) and the generic one
// (#vector.iterator_type<...>, kind defaulted to add) as mlir-opt 22 prints
// them. Its values: Inputs/contract-run.mlir in run.mlir.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s | buffer-opt | FileCheck %s
// RUN: buffer-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %if mlir-opt %{ mlir-opt %s > %t.upstream %}
// RUN: %if mlir-opt %{ buffer-opt %s | diff %t.upstream - %}
// RUN: %if mlir-opt %{ mlir-opt %s -mlir-print-op-generic > %t.upstream-generic %}
// RUN: %if mlir-opt %{ buffer-opt %s -mlir-print-op-generic | diff %t.upstream-generic - %}
// CHECK: %0 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %arg0, %arg1, %arg2 : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
// CHECK: %1 = vector.contract {indexing_maps = [#map3, #map3, #map4], iterator_types = ["reduction"], kind = #vector.kind<maxnumf>} %arg3, %arg4, %arg5 : vector<3xf32>, vector<3xf32> into f32
// GENERIC: "vector.contract"(%arg0, %arg1, %arg2) <{indexing_maps = [#map, #map1, #map2], iterator_types = [#vector.iterator_type<parallel>, #vector.iterator_type<parallel>, #vector.iterator_type<reduction>], kind = #vector.kind<add>}> : (vector<2x3xf32>, vector<3x4xf32>, vector<2x4xf32>) -> vector<2x4xf32>
#a = affine_map<(i, j, k) -> (i, k)>
#b = affine_map<(i, j, k) -> (k, j)>
#c = affine_map<(i, j, k) -> (i, j)>
func.func @f(%x: vector<2x3xf32>, %y: vector<3x4xf32>, %z: vector<2x4xf32>, %p: vector<3xf32>, %q: vector<3xf32>, %s: f32) -> vector<2x4xf32> {
  %r = vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} %x, %y, %z : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  %d = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"], kind = #vector.kind<maxnumf>} %p, %q, %s : vector<3xf32>, vector<3xf32> into f32
  return %r : vector<2x4xf32>
}
