// linalg.pack and linalg.unpack (MLIR 21+ names of tensor.pack/unpack):
// custom and generic forms are mlir-opt 22's (result names %pack/%unpack,
// padding_value, outer_dims_perm, mixed static/dynamic inner_tiles), the
// verifier gives upstream's messages (below, checked against mlir-opt too),
// and the interpreter computes what upstream's lowering computes
// (Inputs/pack-run.expected: mlir-runner after transform.structured.
// lower_pack / lower_unpack, Inputs/pack-lower.mlir).
// RUN: buffer-opt %S/Inputs/pack-ops.mlir > %t.ours
// RUN: buffer-opt %S/Inputs/pack-ops.mlir --mlir-print-op-generic > %t.gours
// RUN: buffer-opt %t.gours | diff %t.ours -
// RUN: FileCheck %s --input-file=%t.ours
// RUN: buffer-opt --emit=json %S/Inputs/pack-ops.mlir | buffer-opt --input-format=json | diff %t.ours -
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/pack-ops.mlir | diff -B - %t.ours %}
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/pack-ops.mlir --mlir-print-op-generic | diff -B - %t.gours %}
// RUN: buffer-opt --split-input-file --verify-diagnostics %s -o /dev/null
// RUN: %if mlir-opt %{ mlir-opt --split-input-file --verify-diagnostics %s -o /dev/null %}
// RUN: buffer-opt --run=main %S/Inputs/pack-run.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/pack-run.expected -
// RUN: %if mlir-opt %{ cat %S/Inputs/pack-run.mlir %S/Inputs/pack-lower.mlir > %t.up.mlir %}
// RUN: %if mlir-opt %{ mlir-opt %t.up.mlir --transform-interpreter --test-transform-dialect-erase-schedule -o %t.lowered.mlir %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %t.lowered.mlir | diff %S/Inputs/pack-run.expected - %}
// RUN: buffer-opt --run=dynamic_tile %S/Inputs/pack-dynamic-run.mlir | FileCheck %s --check-prefix=DYN
//
// Bufferization: the destination is written in place (not read), the
// source only read; the op becomes a loop nest over the destination buffer
// (upstream has no model and no pack on buffers), which the interpreter,
// the JIT and mlir-runner (given our bufferized program) all run to the
// same values, with no leak after the deallocation pipeline.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %S/Inputs/pack-ops.mlir | FileCheck %s --check-prefix=BUF
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" %S/Inputs/pack-ops.mlir | FileCheck %s --check-prefix=ANALYSIS
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %S/Inputs/pack-run.mlir > %t.buf
// RUN: buffer-opt --run=main --run-leak-check %t.buf | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/pack-run.expected -
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %t.buf | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/pack-run.expected - %}
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %S/Inputs/pack-dynamic-run.mlir | buffer-opt --run=dynamic_tile --run-leak-check - | FileCheck %s --check-prefix=DYN
// RUN: %if mlir-opt %{ buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %S/Inputs/pack-run.mlir -o %t.ours.buf.mlir %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %t.ours.buf.mlir | diff %S/Inputs/pack-run.expected - %}

// ANALYSIS-LABEL: func.func @pack_pad(
// ANALYSIS: linalg.pack {{.*}} {__inplace_operands_attr__ = ["true", "true", "none"]}

// BUF-LABEL: func.func @pack_pad(
// BUF-SAME: %[[SRC:[^:]*]]: memref<13x15xf32, {{.*}}>, %[[DST:[^:]*]]: memref<8x2x8x2xf32, {{.*}}>, %[[PAD:[^:]*]]: f32)
// BUF-NOT: memref.alloc
// BUF: scf.for %[[O1:.*]] = %{{.*}} to %{{.*}} step
// BUF: scf.for %[[O0:.*]] = %{{.*}} to %{{.*}} step
// BUF: scf.for %[[T0:.*]] = %{{.*}} to %{{.*}} step
// BUF: scf.for %[[T1:.*]] = %{{.*}} to %{{.*}} step
// BUF: %[[R:.*]] = arith.muli %[[O0]], %c8
// BUF-NEXT: %[[U0:.*]] = arith.addi %[[R]], %[[T0]]
// BUF-NEXT: %[[IN0:.*]] = arith.cmpi ult, %[[U0]], %c13
// BUF: %[[V:.*]] = memref.load %[[SRC]]
// BUF-NEXT: %[[S:.*]] = arith.select %{{.*}}, %[[V]], %[[PAD]] : f32
// BUF-NEXT: memref.store %[[S]], %[[DST]][%[[O1]], %[[O0]], %[[T0]], %[[T1]]]
// BUF: return %[[DST]]
// BUF-LABEL: func.func @unpack_perm(
// BUF: arith.divui
// BUF: arith.remui

// CHECK: %pack = linalg.pack %arg0 padding_value(%arg2 : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %arg1 : tensor<13x15xf32> -> tensor<8x2x8x2xf32>
// CHECK: %pack = linalg.pack %arg0 inner_dims_pos = [1, 0] inner_tiles = [%arg2, 4] into %arg1 : tensor<?x?xf32> -> tensor<?x?x?x4xf32>
// CHECK: %unpack = linalg.unpack %arg0 outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %arg1 {tag} : tensor<8x2x8x2xf32> -> tensor<13x15xf32>

// A tile size known only at run time (upstream's lower_pack refuses it):
// the same values as the static third case of Inputs/pack-run.mlir.
// DYN: sizes = [3, 4]
// DYN-NEXT: {{\[}}[1,   2,   3,   4],
// DYN-NEXT: [6,   7,   8,   9],
// DYN-NEXT: [11,   12,   13,   14]]

func.func @a(%s: tensor<16x16xf32>, %d: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @below {{invalid inner_dims_pos vector}}
  %0 = linalg.pack %s inner_dims_pos = [0, 0] inner_tiles = [8, 8] into %d : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @b(%s: tensor<16x16xf32>, %d: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @below {{invalid outer_dims_perm vector}}
  %0 = linalg.pack %s outer_dims_perm = [0, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @c(%s: tensor<16x16xf32>, %d: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @below {{tiling factors must equal the number of dimensions to tile}}
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8] into %d : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @d(%s: tensor<16x16xf32>, %d: tensor<2x2x8xf32>) -> tensor<2x2x8xf32> {
  // expected-error @below {{packed rank != (unpacked rank + num tiling factors), got 3 != 4}}
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<16x16xf32> -> tensor<2x2x8xf32>
  return %0 : tensor<2x2x8xf32>
}

// -----

func.func @e(%s: tensor<15x16xf32>, %d: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @below {{invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set}}
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<15x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @f(%s: tensor<16x16xf32>, %d: tensor<2x2x8x4xf32>) -> tensor<2x2x8x4xf32> {
  // expected-error @below {{mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type}}
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<16x16xf32> -> tensor<2x2x8x4xf32>
  return %0 : tensor<2x2x8x4xf32>
}

// -----

func.func @g(%s: tensor<16x16xf32>, %d: tensor<2x2x8x8xf32>, %p: i32) -> tensor<2x2x8x8xf32> {
  // expected-error @below {{expected padding_value has 'f32' but got: 'i32'}}
  %0 = linalg.pack %s padding_value(%p : i32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @h(%s: tensor<16x16xf32>, %d: tensor<2x2x8x0xf32>) -> tensor<2x2x8x0xf32> {
  // expected-error @below {{invalid zero tile factor}}
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 0] into %d : tensor<16x16xf32> -> tensor<2x2x8x0xf32>
  return %0 : tensor<2x2x8x0xf32>
}

// -----

func.func @k(%s: tensor<2x2x8x8xf32>, %d: tensor<17x16xf32>) -> tensor<17x16xf32> {
  // expected-error @below {{expected 'tensor<3x2x8x8xf32>' for the packed domain value, got 'tensor<2x2x8x8xf32>'}}
  %0 = linalg.unpack %s inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<2x2x8x8xf32> -> tensor<17x16xf32>
  return %0 : tensor<17x16xf32>
}

// -----

func.func @l(%s: tensor<16x16xf32>, %d: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @below {{invalid inner_dims_pos vector}}
  %0 = linalg.pack %s inner_dims_pos = [0, 2] inner_tiles = [8, 8] into %d : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}

// -----

func.func @m(%s: tensor<16x16xf32>, %d: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  // expected-error @below {{outer_dims_perm must be a permutation or empty}}
  %0 = linalg.pack %s outer_dims_perm = [0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  return %0 : tensor<2x2x8x8xf32>
}
