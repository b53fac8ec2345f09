// tensor.bitcast and tensor.splat with dynamic sizes. Both print as
// mlir-opt 22 prints them (custom and generic forms). tensor.bitcast, which
// upstream does not bufferize, becomes a new buffer filled by arith.bitcast
// of each element (signless integers and floats; other element types are
// refused with a located error); tensor.splat a new buffer of the dynamic
// sizes filled by linalg.map, as mlir-opt writes it (text compared). The
// interpreter, the bufferized program (no leak), the JIT and mlir-runner
// print the same values; upstream runs the program with arith.bitcast
// applied to the tensors instead, through convert-elementwise-to-linalg
// (Inputs/bitcast-splat-run.expected).
// RUN: buffer-opt %S/Inputs/bitcast-splat-run.mlir > %t.ours
// RUN: buffer-opt %S/Inputs/bitcast-splat-run.mlir --mlir-print-op-generic > %t.gours
// RUN: buffer-opt %t.gours | diff %t.ours -
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/bitcast-splat-run.mlir | diff -B - %t.ours %}
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/bitcast-splat-run.mlir --mlir-print-op-generic | diff -B - %t.gours %}
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %s | FileCheck %s
// RUN: sed -n "/^func.func @splat/,/^}/p" %s > %t.splat.mlir
// RUN: %if mlir-opt %{ mlir-opt --one-shot-bufferize="bufferize-function-boundaries" %t.splat.mlir | grep -v "memref.cast %" > %t.splat.theirs %}
// RUN: %if mlir-opt %{ buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %t.splat.mlir | diff %t.splat.theirs - %}
// RUN: not buffer-opt --one-shot-bufferize="bufferize-function-boundaries" --split-input-file %S/Inputs/bitcast-unsigned.mlir 2>&1 | FileCheck %s --check-prefix=UNSIGNED
// RUN: buffer-opt --run=main %S/Inputs/bitcast-splat-run.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/bitcast-splat-run.expected -
// RUN: buffer-opt --convert-elementwise-to-linalg --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %S/Inputs/bitcast-splat-run.mlir > %t.buf
// RUN: buffer-opt --run=main --run-leak-check %t.buf | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/bitcast-splat-run.expected -
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %t.buf | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/bitcast-splat-run.expected - %}
// RUN: %if mlir-opt %{ sed 's/tensor.bitcast/arith.bitcast/' %S/Inputs/bitcast-splat-run.mlir | mlir-opt --convert-elementwise-to-linalg -o %t.up.mlir %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %t.up.mlir | diff %S/Inputs/bitcast-splat-run.expected - %}

// UNSIGNED: bitcast-unsigned.mlir:4:8: error: 'tensor.bitcast' op cannot bufferize: only bitcasts between signless integer and float elements are supported

// CHECK-LABEL: func.func @bits(
// CHECK-SAME: %[[A:.*]]: memref<?x4xf32, strided<[?, ?], offset: ?>>) -> memref<?x4xi32>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = memref.dim %[[A]], %[[C0]]
// CHECK: %[[R:.*]] = memref.alloc(%[[D]]) {alignment = 64 : i64} : memref<?x4xi32>
// CHECK: scf.for %[[I:.*]] =
// CHECK: scf.for %[[J:.*]] =
// CHECK: %[[X:.*]] = memref.load %[[A]][%[[I]], %[[J]]]
// CHECK-NEXT: %[[Y:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK-NEXT: memref.store %[[Y]], %[[R]][%[[I]], %[[J]]]
// CHECK: return %[[R]]
func.func @bits(%a: tensor<?x4xf32>) -> tensor<?x4xi32> {
  %b = tensor.bitcast %a : tensor<?x4xf32> to tensor<?x4xi32>
  return %b : tensor<?x4xi32>
}

// CHECK-LABEL: func.func @splat(
// CHECK-SAME: %[[V:.*]]: f32, %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-NEXT: %[[R:.*]] = memref.alloc(%[[N]], %[[M]]) {alignment = 64 : i64} : memref<?x3x?xf32>
// CHECK-NEXT: linalg.map outs(%[[R]] : memref<?x3x?xf32>)
// CHECK-NEXT: (%{{.*}}: f32) {
// CHECK-NEXT: linalg.yield %[[V]] : f32
// CHECK: return %[[R]]
func.func @splat(%v: f32, %n: index, %m: index) -> tensor<?x3x?xf32> {
  %s = tensor.splat %v[%n, %m] : tensor<?x3x?xf32>
  return %s : tensor<?x3x?xf32>
}
