// The contractions batch_reduce_matmul, batch_matvec, batch_vecmat and
// linalg.contract: custom and generic forms as mlir-opt 22 prints them (the
// batch dimension of batch_reduce_matmul is a reduction; its `cast`
// property is kept but, as upstream's body builder does, the body casts
// signed; contract always prints its maps), verifier errors in upstream's
// words, and the results of upstream's execution (interpreter, after
// generalization, after bufferization and loops, and the JIT).
// RUN: buffer-opt %S/Inputs/contraction-ops.mlir > %t.ours
// RUN: buffer-opt %S/Inputs/contraction-ops.mlir --mlir-print-op-generic > %t.gours
// RUN: buffer-opt %t.gours | diff %t.ours -
// RUN: FileCheck %s --input-file=%t.gours
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/contraction-ops.mlir | diff -B - %t.ours %}
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/contraction-ops.mlir --mlir-print-op-generic | diff -B - %t.gours %}
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/contraction-ops.mlir --linalg-generalize-named-ops > %t.gen %}
// RUN: %if mlir-opt %{ buffer-opt %S/Inputs/contraction-ops.mlir --linalg-generalize-named-ops | diff -B %t.gen - %}
// RUN: buffer-opt --split-input-file --verify-diagnostics %s -o /dev/null
// RUN: %if mlir-opt %{ mlir-opt --split-input-file --verify-diagnostics %s -o /dev/null %}
//
// RUN: buffer-opt --run=main %S/Inputs/contraction-run.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/contraction-run.expected -
// RUN: buffer-opt --linalg-generalize-named-ops %S/Inputs/contraction-run.mlir | buffer-opt --run=main - | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/contraction-run.expected -
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --convert-linalg-to-loops %S/Inputs/contraction-run.mlir | buffer-opt --run=main - | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/contraction-run.expected -
// RUN: %if llvm %{ buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline --emit=run --run=main %S/Inputs/contraction-run.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/contraction-run.expected - %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %S/Inputs/contraction-run.mlir | diff %S/Inputs/contraction-run.expected - %}

// CHECK-DAG: #[[BRA:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[BRB:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[BRC:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
// CHECK: "linalg.batch_reduce_matmul"(%{{.*}}) <{indexing_maps = [#[[BRA]], #[[BRB]], #[[BRC]]], operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK: "linalg.batch_matvec"
// CHECK: {linalg.memoized_indexing_maps = [
// CHECK: "linalg.batch_reduce_matmul"(%{{.*}}) <{cast = #linalg.type_fn<cast_unsigned>, indexing_maps = [#[[BRA]], #[[BRB]], #[[BRC]]], operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%{{.*}}: i8, %{{.*}}: i8, %{{.*}}: i32):
// CHECK-NEXT: "arith.extsi"
// CHECK-NEXT: "arith.extsi"
// CHECK: "linalg.contract"(%{{.*}}) <{cast = #linalg.type_fn<cast_unsigned>, indexing_maps = [{{.*}}], operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%{{.*}}: i8, %{{.*}}: i8, %{{.*}}: i32):
// CHECK-NEXT: "arith.extui"
// CHECK-NEXT: "arith.extui"

func.func @matvec_rank(%a: memref<2x3x4xf32>, %b: memref<2x4x5xf32>, %c: memref<2x3xf32>) {
  // expected-error @+1 {{'linalg.batch_matvec' op expected operand #1 rank (3) to match the result rank of indexing_map (2)}}
  linalg.batch_matvec ins(%a, %b : memref<2x3x4xf32>, memref<2x4x5xf32>) outs(%c : memref<2x3xf32>)
  return
}

// -----

func.func @vecmat_shape(%x: tensor<2x3xf32>, %a: tensor<2x4x4xf32>, %y: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'linalg.batch_vecmat' op inferred input/output operand #1 has shape's dimension #1 to be 3, but found 4}}
  %0 = linalg.batch_vecmat ins(%x, %a : tensor<2x3xf32>, tensor<2x4x4xf32>) outs(%y : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @reduce_batch(%a: tensor<2x3x4xf32>, %b: tensor<3x4x5xf32>, %c: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'linalg.batch_reduce_matmul' op inferred input/output operand #1 has shape's dimension #0 to be 2, but found 3}}
  %0 = linalg.batch_reduce_matmul ins(%a, %b : tensor<2x3x4xf32>, tensor<3x4x5xf32>) outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @contract_no_maps(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %c: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{expected 'indexing_maps' attribute}}
  %0 = linalg.contract ins(%a, %b : tensor<4x8xf32>, tensor<8x5xf32>) outs(%c : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @contract_two_maps(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %c: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{iteration space dim at index 0 is neither a contracting dim nor of parallel iteration type}}
  %0 = linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>] ins(%a, %b : tensor<4x8xf32>, tensor<8x5xf32>) outs(%c : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @contract_rank(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %c: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{ranks of shaped operand and results of corresponding affine_map differ}}
  %0 = linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<4x8xf32>, tensor<8x5xf32>) outs(%c : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @contract_not_permutation(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %c: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{provided affine_map is not a projected permutation}}
  %0 = linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2 + 1)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<4x8xf32>, tensor<8x5xf32>) outs(%c : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @contract_unused_dim(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %c: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{iteration space dim at index 3 not used to access any operand}}
  %0 = linalg.contract indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2)>, affine_map<(d0, d1, d2, d3) -> (d2, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>] ins(%a, %b : tensor<4x8xf32>, tensor<8x5xf32>) outs(%c : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @contract_no_contracting(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %c: tensor<4x5x8xf32>) -> tensor<4x5x8xf32> {
  // expected-error @+1 {{'indexing_maps' do not specify a contracting dimension}}
  %0 = linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>] ins(%a, %b : tensor<4x8xf32>, tensor<8x5xf32>) outs(%c : tensor<4x5x8xf32>) -> tensor<4x5x8xf32>
  return %0 : tensor<4x5x8xf32>
}
