// --convert-elementwise-to-linalg: every arith/math op on ranked tensors
// becomes a linalg.generic applying the op to elements, as mlir-opt 22's
// pass builds it (byte for byte: the RUN lines diff the two outputs).
// Tensor operands are indexed by the identity map, scalar ones (a select
// condition) by `-> ()`; a result's init is the first operand of its type,
// or else a tensor.empty sized from the first operand (one constant and one
// tensor.dim per dynamic size, not uniqued). Unranked tensors and vectors
// are left alone. Not covered: upstream's conversion driver also folds an
// op whose operands are all constants before converting it; ours converts.
// RUN: buffer-opt --convert-elementwise-to-linalg %s | FileCheck %s
// RUN: buffer-opt --convert-elementwise-to-linalg %s --mlir-print-op-generic | buffer-opt | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt --convert-elementwise-to-linalg %s > %t.theirs %}
// RUN: %if mlir-opt %{ buffer-opt --convert-elementwise-to-linalg %s | diff -B %t.theirs - %}
// RUN: %if mlir-opt %{ mlir-opt --convert-elementwise-to-linalg --mlir-print-op-generic %s > %t.gtheirs %}
// RUN: %if mlir-opt %{ buffer-opt --convert-elementwise-to-linalg --mlir-print-op-generic %s | diff -B %t.gtheirs - %}
// RUN: %if mlir-opt %{ mlir-opt --pass-pipeline="builtin.module(func.func(convert-elementwise-to-linalg))" %s > %t.nested %}
// RUN: %if mlir-opt %{ buffer-opt --pass-pipeline="builtin.module(func.func(convert-elementwise-to-linalg))" %s | diff -B %t.nested - %}

// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[SCALAR2:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[RANK0:.*]] = affine_map<() -> ()>

// CHECK-LABEL: func.func @static_shapes(
// CHECK-SAME: %[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<4x8xf32>, %[[C:.*]]: tensor<4x8xi1>, %[[S:.*]]: i1
// CHECK: %[[ADD:.*]] = linalg.generic {indexing_maps = [#[[ID2]], #[[ID2]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[A]] : tensor<4x8xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[IN0:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[R:.*]] = arith.addf %[[IN]], %[[IN0]] fastmath<nnan> {tag = 1 : i32} : f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
// CHECK: %[[EXP:.*]] = linalg.generic {{.*}} ins(%[[ADD]] : tensor<4x8xf32>) outs(%[[ADD]] : tensor<4x8xf32>)
// CHECK: math.exp
// CHECK: linalg.generic {indexing_maps = [#[[ID2]], #[[ID2]], #[[ID2]], #[[ID2]]], {{.*}} ins(%[[C]], %[[A]], %[[EXP]] : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[A]] : tensor<4x8xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x8xi1>
// CHECK: linalg.generic {{.*}} outs(%[[E]] : tensor<4x8xi1>)
// CHECK: arith.cmpf olt
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR2]], #[[ID2]], #[[ID2]], #[[ID2]]], {{.*}} ins(%[[S]], %[[A]], %[[B]] : i1, tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[A]] : tensor<4x8xf32>)
// CHECK-NEXT: ^bb0(%{{.*}}: i1, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.select
func.func @static_shapes(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xi1>, %s: i1) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xi1>, tensor<4x8xf32>) {
  %0 = arith.addf %a, %b fastmath<nnan> {tag = 1 : i32} : tensor<4x8xf32>
  %1 = math.exp %0 : tensor<4x8xf32>
  %2 = arith.select %c, %a, %1 : tensor<4x8xi1>, tensor<4x8xf32>
  %3 = arith.cmpf olt, %a, %b : tensor<4x8xf32>
  %4 = arith.select %s, %a, %b : tensor<4x8xf32>
  return %0, %1, %2, %3, %4 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xi1>, tensor<4x8xf32>
}

// CHECK-LABEL: func.func @dynamic_and_untouched(
// CHECK-SAME: %[[A:[^:]*]]: tensor<?x?xf32>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[D0:.*]] = tensor.dim %[[A]], %[[C0]] : tensor<?x?xf32>
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[D1:.*]] = tensor.dim %[[A]], %[[C1]] : tensor<?x?xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty(%[[D0]], %[[D1]]) : tensor<?x?xi1>
// CHECK: math.exp %{{.*}} : tensor<*xf32>
// CHECK: math.exp %{{.*}} : vector<4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[RANK0]], #[[RANK0]]], iterator_types = []} ins(%{{.*}} : tensor<f32>)
// CHECK: %[[C0B:.*]] = arith.constant 0 : index
// CHECK: tensor.empty({{.*}}) : tensor<?x?xi32>
// CHECK: arith.fptosi %{{.*}} : f32 to i32
func.func @dynamic_and_untouched(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %u: tensor<*xf32>, %v: vector<4xf32>, %z: tensor<f32>) -> (tensor<?x?xi1>, tensor<?x?xf32>, tensor<*xf32>, vector<4xf32>, tensor<f32>, tensor<?x?xi32>) {
  %3 = arith.cmpf olt, %a, %b : tensor<?x?xf32>
  %4 = arith.select %3, %a, %b : tensor<?x?xi1>, tensor<?x?xf32>
  %5 = math.exp %u : tensor<*xf32>
  %6 = math.exp %v : vector<4xf32>
  %7 = math.exp %z : tensor<f32>
  %8 = arith.fptosi %a : tensor<?x?xf32> to tensor<?x?xi32>
  return %3, %4, %5, %6, %7, %8 : tensor<?x?xi1>, tensor<?x?xf32>, tensor<*xf32>, vector<4xf32>, tensor<f32>, tensor<?x?xi32>
}

// Two results: both inits are the first operand of their type.
// CHECK-LABEL: func.func @two_results(
// CHECK: %[[R:.*]]:2 = linalg.generic {{.*}} ins(%[[X:.*]], %[[Y:.*]] : tensor<4xi32>, tensor<4xi32>) outs(%[[X]], %[[X]] : tensor<4xi32>, tensor<4xi32>)
// CHECK: %[[L:.*]], %[[H:.*]] = arith.mulsi_extended
// CHECK-NEXT: linalg.yield %[[L]], %[[H]] : i32, i32
// CHECK: %[[SC:.*]]:2 = linalg.generic
// CHECK: math.sincos
func.func @two_results(%a: tensor<4xi32>, %b: tensor<4xi32>, %f: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) {
  %l, %h = arith.mulsi_extended %a, %b : tensor<4xi32>
  %s, %c = math.sincos %f : tensor<4xf32>
  return %l, %h, %s, %c : tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>
}

// Ops in loop bodies are converted where they are; fpowi's integer operand
// is an input like the others.
// CHECK-LABEL: func.func @nested(
// CHECK: math.fpowi %{{.*}}, %{{.*}} : f32, i32
// CHECK: scf.for
// CHECK: linalg.generic
// CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<fast> {tag = "x"} : f32
// CHECK: scf.yield
// CHECK: arith.uitofp %{{.*}} : i1 to f32
// CHECK: math.fma
func.func @nested(%a: tensor<3x?xf32>, %e: tensor<3x?xi32>, %n: index) -> (tensor<3x?xf32>, tensor<3x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = math.fpowi %a, %e : tensor<3x?xf32>, tensor<3x?xi32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %0) -> tensor<3x?xf32> {
    %m = arith.mulf %t, %t fastmath<fast> {tag = "x"} : tensor<3x?xf32>
    scf.yield %m : tensor<3x?xf32>
  }
  %ok = arith.cmpf oeq, %a, %r : tensor<3x?xf32>
  %w = arith.uitofp %ok : tensor<3x?xi1> to tensor<3x?xf32>
  %z = math.fma %a, %w, %r : tensor<3x?xf32>
  return %r, %z : tensor<3x?xf32>, tensor<3x?xf32>
}
