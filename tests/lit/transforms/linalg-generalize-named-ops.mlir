// --linalg-generalize-named-ops: every named linalg op becomes the
// linalg.generic it stands for (the same maps, iterators and body; strides,
// dilations and other attributes are not carried over), and around the
// rewrite the pass does what upstream's greedy driver does: constants are
// uniqued and hoisted to the function entry (also out of the bodies the
// named ops hid), dead ops on tensors and unused constants go, constant
// operands of commutative ops move last. The output of this file and of
// the linalg test inputs (every named op, convolutions and pooling included)
// is mlir-opt 22's, byte for byte; the generalized programs compute what the
// named ones did.
// RUN: buffer-opt --allow-unregistered-dialect --linalg-generalize-named-ops %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --linalg-generalize-named-ops %s > %t.theirs %}
// RUN: %if mlir-opt %{ buffer-opt --allow-unregistered-dialect --linalg-generalize-named-ops %s | diff -B %t.theirs - %}
// RUN: %if mlir-opt %{ mlir-opt --linalg-generalize-named-ops %S/../linalg/Inputs/conv-ops.mlir > %t.conv %}
// RUN: %if mlir-opt %{ buffer-opt --linalg-generalize-named-ops %S/../linalg/Inputs/conv-ops.mlir | diff -B %t.conv - %}
// RUN: %if mlir-opt %{ mlir-opt --linalg-generalize-named-ops %S/../linalg/roundtrip.mlir > %t.rt %}
// RUN: %if mlir-opt %{ buffer-opt --linalg-generalize-named-ops %S/../linalg/roundtrip.mlir | diff -B %t.rt - %}
// RUN: %if mlir-opt %{ mlir-opt --linalg-generalize-named-ops %S/../linalg/bodies.mlir > %t.bodies %}
// RUN: %if mlir-opt %{ buffer-opt --linalg-generalize-named-ops %S/../linalg/bodies.mlir | diff -B %t.bodies - %}
// RUN: %if mlir-opt %{ mlir-opt --linalg-generalize-named-ops %S/../linalg/Inputs/conv-run.mlir > %t.run %}
// RUN: %if mlir-opt %{ buffer-opt --linalg-generalize-named-ops %S/../linalg/Inputs/conv-run.mlir | diff -B %t.run - %}
// No named op is left, and the generalized convolutions and pooling ops
// print what upstream's execution of the named ones printed:
// RUN: buffer-opt --linalg-generalize-named-ops %S/../linalg/Inputs/conv-run.mlir > %t.generic.mlir
// RUN: FileCheck %s --check-prefix=NONAMED --input-file=%t.generic.mlir --implicit-check-not=linalg.conv --implicit-check-not=linalg.depthwise --implicit-check-not=linalg.pooling
// NONAMED: linalg.generic
// RUN: buffer-opt --run=main %t.generic.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/../linalg/Inputs/conv-run.expected -

// CHECK-DAG: #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[IN:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5 * 3, d3)>
// CHECK-DAG: #[[WIN:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-DAG: #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @cleanup(
// CHECK-NEXT: %[[C9:.*]] = arith.constant 9.000000e+00 : f32
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[X:.*]] = arith.addf %arg0, %[[C1]] : f32
// CHECK-NEXT: %[[Y:.*]] = arith.mulf %[[X]], %[[C2]] : f32
// CHECK-NEXT: %[[Z:.*]] = arith.subf %[[Y]], %[[C1]] : f32
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel"]} ins(%arg1 : tensor<4xf32>) outs(%[[E]] : tensor<4xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: arith.divf %[[C1]], %in : f32
// CHECK: scf.for
// CHECK-NEXT: arith.addf %arg0, %[[C9]] : f32
// CHECK-NOT: linalg.exp
// CHECK: return %[[Z]], %{{.*}} : f32, tensor<4xf32>
func.func @cleanup(%a: f32, %t: tensor<4xf32>) -> (f32, tensor<4xf32>) {
  %c1 = arith.constant 1.0 : f32
  %x = arith.addf %a, %c1 : f32
  %c2 = arith.constant 2.0 : f32
  %dead = arith.constant 7.0 : f32
  %y = arith.mulf %x, %c2 : f32
  %c1b = arith.constant 1.0 : f32
  %z = arith.subf %y, %c1b : f32
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.reciprocal ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.square ins(%r : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %u = linalg.reciprocal ins(%s : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %v = linalg.exp ins(%s : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %i = arith.constant 3 : index
  scf.for %iv = %i to %i step %i {
    %c9 = arith.constant 9.0 : f32
    %w = arith.addf %c9, %a : f32
    "test.use"(%w) : (f32) -> ()
  }
  return %z, %u : f32, tensor<4xf32>
}

// A pooling op on memrefs (not dead: it writes its output) with strides
// and dilations: they live on in the input's map, not as attributes.
// CHECK-LABEL: func.func @pool(
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %arg1 : memref<1x9x13x2xf32>, memref<3x3xf32>) outs(%arg2 : memref<1x4x4x2xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT: %0 = arith.maximumf %out, %in : f32
// CHECK-NEXT: linalg.yield %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @pool(%i: memref<1x9x13x2xf32>, %w: memref<3x3xf32>, %o: memref<1x4x4x2xf32>) {
  linalg.pooling_nhwc_max {dilations = dense<[1, 3]> : tensor<2xi64>, strides = dense<2> : vector<2xi64>, tag} ins(%i, %w : memref<1x9x13x2xf32>, memref<3x3xf32>) outs(%o : memref<1x4x4x2xf32>)
  return
}
