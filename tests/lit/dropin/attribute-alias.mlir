// An attribute alias where a custom form reads an attribute dictionary.
// RUN: buffer-opt %s -one-shot-bufferize=bufferize-function-boundaries | FileCheck %s

#id = affine_map<(d0) -> (d0)>
#trait = {indexing_maps = [#id, #id], iterator_types = ["parallel"]}

// CHECK-LABEL: func.func @add_into(
//  CHECK-SAME:   %[[A:.*]]: memref<4xf32, {{.*}}>, %[[B:.*]]: memref<4xf32, {{.*}}>
//   CHECK-NOT:   memref.alloc
//       CHECK:   linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel"]} ins(%[[A]] : {{.*}}) outs(%[[B]] : {{.*}})
func.func @add_into(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic #trait ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
