// linalg.softmax: a destination-style op without a body. Its custom and
// generic forms are mlir-opt 22's, its verifier gives upstream's messages,
// One-Shot writes it in place into its init (as mlir-opt does), and the
// interpreter computes what upstream's decomposition computes (maxnumf,
// exp of the difference, sum, quotient, at the element type's precision):
// Inputs/softmax-run.expected is mlir-runner's output after
// transform.structured.decompose_interface (Inputs/softmax-decompose.mlir).
// --linalg-decompose-aggregated-ops builds that same decomposition (mlir-opt
// prints the same program), after which the JIT runs softmax programs too.
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
//
// RUN: buffer-opt --linalg-decompose-aggregated-ops %S/Inputs/softmax-run.mlir > %t.dec.mlir
// RUN: buffer-opt --run=main %t.dec.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/softmax-run.expected -
// RUN: %if llvm %{ buffer-opt --linalg-decompose-aggregated-ops --one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline --emit=run --run=main %S/Inputs/softmax-run.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/softmax-run.expected - %}
// The lowerings (--emit=llvm/obj/ptx/run) decompose softmax themselves
// while it is on tensors, as a memref softmax has no loop lowering: the JIT
// runs the tensor program as it is.
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %S/Inputs/softmax-run.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/softmax-run.expected - %}
// RUN: %if llvm %{ buffer-opt --emit=llvm %S/Inputs/softmax-run.mlir -o /dev/null %}
// RUN: %if mlir-opt %{ sed '/transform.with_named_sequence/,+1d' %t.decomposed.mlir | diff -B - %t.dec.mlir %}
// RUN: buffer-opt --linalg-decompose-aggregated-ops %S/Inputs/softmax-shapes.mlir > %t.shapes.mlir
// RUN: FileCheck %s --check-prefix=DEC --input-file=%t.shapes.mlir
// RUN: %if mlir-opt %{ cat %S/Inputs/softmax-shapes.mlir %S/Inputs/softmax-decompose.mlir > %t.up2.mlir %}
// RUN: %if mlir-opt %{ mlir-opt %t.up2.mlir --transform-interpreter --test-transform-dialect-erase-schedule | sed '/transform.with_named_sequence/,+1d' | diff -B - %t.shapes.mlir %}

// CHECK: %1 = linalg.softmax dimension(2) ins(%arg0 : tensor<2x16x32xf32>) outs(%0 : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
// CHECK: linalg.softmax {foo} dimension(0) ins(%arg1 : memref<4x8xf16>) outs(%arg2 : memref<4x8xf16>)
// GEN: = "linalg.softmax"(%arg{{[0-9]+}}, %{{[0-9]+}}) <{dimension = 2 : i64}> : (tensor<2x16x32xf32>, tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
// GEN-NEXT: "linalg.softmax"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{dimension = 0 : i64}> {foo} : (memref<4x8xf16>, memref<4x8xf16>) -> ()

// BUF: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x16x32xf32>
// BUF-NEXT: linalg.softmax dimension(2) ins(%arg0 : memref<2x16x32xf32, strided<[?, ?, ?], offset: ?>>) outs(%[[A]] : memref<2x16x32xf32>)
// BUF-NEXT: linalg.softmax {foo} dimension(0) ins(%arg1 : memref<4x8xf16>) outs(%arg2 : memref<4x8xf16>)
// BUF-NEXT: return %[[A]]

// DEC-LABEL: func.func @f(
// DEC: %[[RED:.*]] = tensor.empty() : tensor<2xf32>
// DEC-NEXT: %[[NAN:.*]] = arith.constant 0xFFC00000 : f32
// DEC-NEXT: %[[MI:.*]] = linalg.fill ins(%[[NAN]] : f32) outs(%[[RED]] : tensor<2xf32>) -> tensor<2xf32>
// DEC-NEXT: %[[MAX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<2x3xf32>) outs(%[[MI]] : tensor<2xf32>)
// DEC: arith.maxnumf %in, %out : f32
// DEC: %[[NUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%arg0, %[[MAX]] : tensor<2x3xf32>, tensor<2xf32>)
// DEC: arith.subf %in, %in_1 : f32
// DEC-NEXT: math.exp
// DEC: arith.constant 0.000000e+00 : f32
// DEC: arith.addf %in, %out : f32
// DEC: arith.divf %in, %in_1 : f32
// DEC-LABEL: func.func @g(
// DEC: %[[C0:.*]] = arith.constant 0 : index
// DEC-NEXT: %[[D0:.*]] = tensor.dim %arg0, %[[C0]] : tensor<?x4x?xf64>
// DEC-NEXT: %[[C2:.*]] = arith.constant 2 : index
// DEC-NEXT: %[[D2:.*]] = tensor.dim %arg0, %[[C2]] : tensor<?x4x?xf64>
// DEC-NEXT: tensor.empty(%[[D0]], %[[D2]]) : tensor<?x?xf64>
// DEC-NOT: linalg.softmax

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

