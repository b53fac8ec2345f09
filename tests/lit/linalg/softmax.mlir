// linalg.softmax: a destination-style op without a body. Its custom and
// generic forms are mlir-opt 22's, its verifier gives upstream's messages,
// One-Shot writes it in place into its init (as mlir-opt does), and the
// interpreter computes what upstream's decomposition computes (maxnumf,
// exp of the difference, sum, quotient, at the element type's precision):
// Inputs/softmax-run.expected is mlir-runner's output after
// transform.structured.decompose_interface (Inputs/softmax-decompose.mlir).
// RUN: buffer-opt %S/Inputs/softmax-ops.mlir > %t.ours
// RUN: buffer-opt %S/Inputs/softmax-ops.mlir --mlir-print-op-generic > %t.gours
// RUN: buffer-opt %t.gours | diff %t.ours -
// RUN: FileCheck %s --input-file=%t.ours
// RUN: FileCheck %s --check-prefix=GEN --input-file=%t.gours
// RUN: buffer-opt --emit=json %S/Inputs/softmax-ops.mlir | buffer-opt --input-format=json | diff %t.ours -
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/softmax-ops.mlir | diff -B - %t.ours %}
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/softmax-ops.mlir --mlir-print-op-generic | diff -B - %t.gours %}
// RUN: %if mlir-opt %{ mlir-opt %t.gours | diff -B - %t.ours %}
// RUN: buffer-opt --split-input-file --verify-diagnostics %s -o /dev/null
// RUN: %if mlir-opt %{ mlir-opt --split-input-file --verify-diagnostics %s -o /dev/null %}
//
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %S/Inputs/softmax-ops.mlir > %t.buf
// RUN: FileCheck %s --check-prefix=BUF --input-file=%t.buf
// RUN: FileCheck %s --check-prefix=INPLACE --input-file=%t.buf
// RUN: %if mlir-opt %{ mlir-opt --one-shot-bufferize="bufferize-function-boundaries" %S/Inputs/softmax-ops.mlir | FileCheck %s --check-prefix=INPLACE %}
// RUN: buffer-opt --run=main %S/Inputs/softmax-run.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/softmax-run.expected -
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline %S/Inputs/softmax-run.mlir | buffer-opt --run=main --run-leak-check - | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/softmax-run.expected -
// RUN: %if mlir-opt %{ cat %S/Inputs/softmax-run.mlir %S/Inputs/softmax-decompose.mlir > %t.up.mlir %}
// RUN: %if mlir-opt %{ mlir-opt %t.up.mlir --transform-interpreter --test-transform-dialect-erase-schedule -o %t.decomposed.mlir %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %t.decomposed.mlir | diff %S/Inputs/softmax-run.expected - %}

// CHECK: %1 = linalg.softmax dimension(2) ins(%arg0 : tensor<2x16x32xf32>) outs(%0 : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
// CHECK: linalg.softmax {foo} dimension(0) ins(%arg1 : memref<4x8xf16>) outs(%arg2 : memref<4x8xf16>)
// GEN: = "linalg.softmax"(%arg{{[0-9]+}}, %{{[0-9]+}}) <{dimension = 2 : i64}> : (tensor<2x16x32xf32>, tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
// GEN-NEXT: "linalg.softmax"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{dimension = 0 : i64}> {foo} : (memref<4x8xf16>, memref<4x8xf16>) -> ()

// BUF: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x16x32xf32>
// BUF-NEXT: linalg.softmax dimension(2) ins(%arg0 : memref<2x16x32xf32, strided<[?, ?, ?], offset: ?>>) outs(%[[A]] : memref<2x16x32xf32>)
// BUF-NEXT: linalg.softmax {foo} dimension(0) ins(%arg1 : memref<4x8xf16>) outs(%arg2 : memref<4x8xf16>)
// BUF-NEXT: return %[[A]]

// In place: the second softmax of @in_place writes into %x's buffer,
// which nothing reads after it; the first writes into %y's.
// INPLACE-LABEL: func.func @in_place(
// INPLACE-NOT: memref.alloc
// INPLACE: linalg.softmax dimension(1) ins(%arg0 : {{.*}}) outs(%arg1 : {{.*}})
// INPLACE-NEXT: linalg.softmax dimension(0) ins(%arg1 : {{.*}}) outs(%arg0 : {{.*}})
// INPLACE-NEXT: return %arg1, %arg0

func.func @shape(%x: tensor<2x3xf32>, %e: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'linalg.softmax' op incompatible output shape}}
  %0 = linalg.softmax dimension(1) ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
// -----
func.func @dim(%x: tensor<2x3xf32>, %e: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'linalg.softmax' op incorrect dimension specified}}
  %0 = linalg.softmax dimension(2) ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
// -----
func.func @neg(%x: memref<2x3xf32>, %e: memref<2x3xf32>) {
  // expected-error @+1 {{'linalg.softmax' op incorrect dimension specified}}
  linalg.softmax dimension(-1) ins(%x : memref<2x3xf32>) outs(%e : memref<2x3xf32>)
  return
}
// -----
func.func @dyn(%x: tensor<?x3xf32>, %e: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %0 = linalg.softmax dimension(1) ins(%x : tensor<?x3xf32>) outs(%e : tensor<2x?xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}
// -----
func.func @rank(%x: tensor<2x3xf32>, %e: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'linalg.softmax' op incompatible output shape}}
  %0 = linalg.softmax dimension(0) ins(%x : tensor<2x3xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

