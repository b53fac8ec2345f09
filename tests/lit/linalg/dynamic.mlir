// Dynamic shapes: matmul, a two-input two-init reduce with a long body, a
// generic broadcasting a row, and fill, round trip; static-shape checks
// stay quiet where sizes are dynamic.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s

// CHECK-LABEL: %0 = linalg.matmul ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%arg2 : tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK: %reduced:2 = linalg.reduce ins(%arg0, %arg3 : tensor<?x?xf32>, tensor<?x?xi64>) outs(%arg5, %arg4 : tensor<?xf32>, tensor<?xi64>) dimensions = [1] 
// CHECK: (%in: f32, %in_0: i64, %init: f32, %init_1: i64) {
// CHECK: %3 = arith.addf %in, %init : f32
// CHECK: %4 = arith.addi %in_0, %init_1 : i64
// CHECK: linalg.yield %3, %4 : f32, i64
// CHECK: }
// CHECK: %1 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg5 : tensor<?x?xf32>, tensor<?xf32>) outs(%arg2 : tensor<?x?xf32>) {
// CHECK: %3 = arith.subf %in, %in_0 : f32
// CHECK: linalg.yield %3 : f32
// CHECK: } -> tensor<?x?xf32>
// CHECK: %2 = linalg.fill ins(%arg6 : f32) outs(%arg2 : tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK: }

#id = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>, %i: tensor<?x?xi64>, %ri: tensor<?xi64>, %rf: tensor<?xf32>, %v: f32) -> (tensor<?x?xf32>, tensor<?xf32>, tensor<?xi64>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  %1:2 = linalg.reduce ins(%a, %i : tensor<?x?xf32>, tensor<?x?xi64>) outs(%rf, %ri : tensor<?xf32>, tensor<?xi64>) dimensions = [1] (%x: f32, %y: i64, %ax: f32, %ay: i64) {
    %s = arith.addf %x, %ax : f32
    %t = arith.addi %y, %ay : i64
    linalg.yield %s, %t : f32, i64
  }
  %2 = linalg.generic {indexing_maps = [#id, #r, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %rf : tensor<?x?xf32>, tensor<?xf32>) outs(%c : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.subf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  %3 = linalg.fill ins(%v : f32) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0, %1#0, %1#1, %2, %3 : tensor<?x?xf32>, tensor<?xf32>, tensor<?xi64>, tensor<?x?xf32>, tensor<?x?xf32>
}
