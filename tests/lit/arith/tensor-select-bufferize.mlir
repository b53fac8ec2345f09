// arith.select on tensors. With an i1 condition One-Shot bufferizes it as
// mlir-opt 22 does: the result is one of the two buffers (it aliases both,
// reads and writes neither), the in-place decisions are upstream's, and an
// out-of-place operand is copied before the select (the result may be the
// other operand, so it is not the copy). Buffers of two layouts are cast to
// the fully dynamic one. With a tensor<i1> condition, where upstream stops
// ("only i1 condition values are supported"), the select fills a new
// buffer element by element. Elementwise ops on whole tensors run in the
// interpreter, before and after bufferization and in the JIT, with the
// values mlir-runner prints after upstream's convert-elementwise-to-linalg
// (Inputs/tensor-elementwise-run.expected).
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" %s | FileCheck %s --check-prefix=ANALYSIS
// RUN: %if mlir-opt %{ mlir-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" --split-input-file %s | grep -o '__inplace_operands_attr__ = [^}]*' > %t.theirs %}
// RUN: %if mlir-opt %{ buffer-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" --split-input-file %s | grep -o '__inplace_operands_attr__ = [^}]*' | diff %t.theirs - %}
// RUN: buffer-opt --run=main %S/Inputs/tensor-elementwise-run.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/tensor-elementwise-run.expected -
// RUN: buffer-opt --convert-elementwise-to-linalg --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %S/Inputs/tensor-elementwise-run.mlir > %t.buf
// RUN: buffer-opt --run=main --run-leak-check %t.buf | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/tensor-elementwise-run.expected -
// RUN: not buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %S/Inputs/tensor-elementwise-run.mlir 2>&1 | FileCheck %s --check-prefix=NOMODEL
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %t.buf | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/tensor-elementwise-run.expected - %}
// RUN: %if mlir-opt %{ mlir-opt --convert-elementwise-to-linalg %S/Inputs/tensor-elementwise-run.mlir -o %t.up.mlir %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %t.up.mlir | diff %S/Inputs/tensor-elementwise-run.expected - %}

// The other elementwise ops on tensors have no model, as upstream.
// NOMODEL: error: 'arith.cmpf' op cannot bufferize: op has no bufferization model

// CHECK-LABEL: func.func @written_after(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: memref<4xf32, strided<[?], offset: ?>>, %[[B:.*]]: memref<4xf32, strided<[?], offset: ?>>)
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %[[A]], %[[B]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NOT: memref.alloc
// CHECK: memref.store %{{.*}}, %[[S]][%{{.*}}]
// CHECK: return %[[S]]
// ANALYSIS-LABEL: func.func @written_after(
// ANALYSIS: arith.select {{.*}} {__inplace_operands_attr__ = ["none", "true", "true"]}
func.func @written_after(%c: i1, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %s = arith.select %c, %a, %b : tensor<4xf32>
  %cst = arith.constant 1.0 : f32
  %i = arith.constant 0 : index
  %w = tensor.insert %cst into %s[%i] : tensor<4xf32>
  return %w : tensor<4xf32>
}

// -----

// %a is read after the write through the select: its operand is copied
// before the select, and the fill's buffer (another layout) is cast.
// CHECK-LABEL: func.func @read_after(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: memref<4xf32, strided<[?], offset: ?>>)
// CHECK: %[[F:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[F]] : memref<4xf32>)
// CHECK: %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.copy %[[A]], %[[COPY]]
// CHECK: %[[S:.*]] = arith.select %[[C]], %[[COPY]], %[[F]] : memref<4xf32>
// CHECK: memref.store %{{.*}}, %[[S]]
// CHECK: memref.load %[[A]]
// ANALYSIS-LABEL: func.func @read_after(
// ANALYSIS: arith.select {{.*}} {__inplace_operands_attr__ = ["none", "false", "true"]}
func.func @read_after(%c: i1, %a: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %e = tensor.empty() : tensor<4xf32>
  %cst = arith.constant 1.0 : f32
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = arith.select %c, %a, %f : tensor<4xf32>
  %i = arith.constant 0 : index
  %w = tensor.insert %cst into %s[%i] : tensor<4xf32>
  %x = tensor.extract %a[%i] : tensor<4xf32>
  return %w, %x : tensor<4xf32>, f32
}

// -----

// Two layouts: an argument and a new buffer meet at the fully dynamic one.
// CHECK-LABEL: func.func @two_layouts(
// CHECK: %[[CAST:.*]] = memref.cast %{{.*}} : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[CAST]] : memref<4xf32, strided<[?], offset: ?>>
func.func @two_layouts(%c: i1, %a: tensor<4xf32>) -> f32 {
  %e = tensor.empty() : tensor<4xf32>
  %cst = arith.constant 1.0 : f32
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = arith.select %c, %a, %f : tensor<4xf32>
  %i = arith.constant 0 : index
  %x = tensor.extract %s[%i] : tensor<4xf32>
  return %x : f32
}

// -----

// CHECK-LABEL: func.func @tensor_condition(
// CHECK-SAME: %[[C:.*]]: memref<4xi1, {{.*}}>, %[[A:.*]]: memref<4xf32, {{.*}}>, %[[B:.*]]: memref<4xf32, {{.*}}>)
// CHECK: %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: scf.for %[[I:.*]] =
// CHECK-NEXT: %[[CI:.*]] = memref.load %[[C]][%[[I]]]
// CHECK-NEXT: %[[AI:.*]] = memref.load %[[A]][%[[I]]]
// CHECK-NEXT: %[[BI:.*]] = memref.load %[[B]][%[[I]]]
// CHECK-NEXT: %[[V:.*]] = arith.select %[[CI]], %[[AI]], %[[BI]] : f32
// CHECK-NEXT: memref.store %[[V]], %[[R]][%[[I]]]
// CHECK: return %[[R]]
func.func @tensor_condition(%c: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %s = arith.select %c, %a, %b : tensor<4xi1>, tensor<4xf32>
  return %s : tensor<4xf32>
}
