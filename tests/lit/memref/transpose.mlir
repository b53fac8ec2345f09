// memref.transpose, added as one row of the memref table: its custom and
// generic forms are what mlir-opt 22 prints (and each parses the other's),
// its verifier gives upstream's messages (the chunks below, which mlir-opt
// verifies the same way), and the program in Inputs/transpose-run.mlir
// writes through transposed views and reads the buffers behind them with
// the same values in the interpreter, the JIT and upstream's mlir-runner.
// No pass names the op: the deallocation pipeline keeps a buffer alive
// while its transposed view is used and frees it once, plan-memory keeps
// another buffer out of its place, and the peak report counts it, all from
// the VIEW trait.
// RUN: buffer-opt --split-input-file --verify-diagnostics %s -o /dev/null
// RUN: %if mlir-opt %{ mlir-opt --split-input-file --verify-diagnostics %s -o /dev/null %}
//
// RUN: buffer-opt %S/Inputs/transpose-ops.mlir | FileCheck %s --check-prefix=PRINT
// RUN: buffer-opt %S/Inputs/transpose-ops.mlir | buffer-opt | FileCheck %s --check-prefix=PRINT
// RUN: buffer-opt --mlir-print-op-generic %S/Inputs/transpose-ops.mlir | FileCheck %s --check-prefix=GENERIC
// RUN: %if mlir-opt %{ buffer-opt %S/Inputs/transpose-ops.mlir > %t.ours %}
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/transpose-ops.mlir > %t.theirs %}
// RUN: %if mlir-opt %{ diff %t.theirs %t.ours %}
// RUN: %if mlir-opt %{ buffer-opt --mlir-print-op-generic %S/Inputs/transpose-ops.mlir > %t.gours %}
// RUN: %if mlir-opt %{ mlir-opt --mlir-print-op-generic %S/Inputs/transpose-ops.mlir > %t.gtheirs %}
// RUN: %if mlir-opt %{ diff %t.gtheirs %t.gours %}
// RUN: %if mlir-opt %{ mlir-opt --mlir-print-op-generic %S/Inputs/transpose-ops.mlir | buffer-opt | diff %t.theirs - %}
// RUN: %if mlir-opt %{ buffer-opt %S/Inputs/transpose-ops.mlir | mlir-opt | diff %t.theirs - %}
//
// RUN: buffer-opt --run=main %S/Inputs/transpose-run.mlir 2>&1 | FileCheck %s --check-prefix=OUT
// RUN: %if llvm %{ buffer-opt --buffer-deallocation-pipeline --emit=run --run=main %S/Inputs/transpose-run.mlir | FileCheck %s --check-prefix=OUT %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %S/Inputs/transpose-run.mlir | FileCheck %s --check-prefix=OUT %}
//
// RUN: buffer-opt --buffer-deallocation-pipeline %S/Inputs/transpose-run.mlir | FileCheck %s --check-prefix=DEALLOC
// RUN: buffer-opt --pass-pipeline="builtin.module(ownership-based-buffer-deallocation,buffer-deallocation-simplification,bufferization-lower-deallocations)" --run=main --run-leak-check %S/Inputs/transpose-run.mlir | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --buffer-deallocation-pipeline --run=main --run-leak-check %S/Inputs/transpose-run.mlir | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --buffer-deallocation-pipeline --plan-memory --run=main --run-leak-check %S/Inputs/transpose-run.mlir | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --buffer-deallocation-pipeline --plan-memory %S/Inputs/transpose-run.mlir | FileCheck %s --check-prefix=PLAN
// RUN: buffer-opt --buffer-deallocation-pipeline %S/Inputs/transpose-run.mlir | buffer-opt --emit=report | FileCheck %s --check-prefix=PEAK

// PRINT-LABEL: func.func @dyn2d
// PRINT: %transpose = memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
// PRINT-LABEL: func.func @rot3d
// PRINT: memref.transpose %arg0 (d0, d1, d2) -> (d2, d0, d1) {tag = "rot"} : memref<5x6x7xi32> to memref<7x5x6xi32, strided<[1, 42, 7]>>
// PRINT-LABEL: func.func @offset
// PRINT: memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<4x2xf64, strided<[2, 1], offset: 9>> to memref<2x4xf64, #map>
// PRINT-LABEL: func.func @same
// PRINT: memref.transpose %arg1 (d0, d1) -> (d1, d0) : memref<1x1xi8> to memref<1x1xi8>
// PRINT-LABEL: func.func @dynlayout
// PRINT: memref.transpose %arg1 () -> () : memref<f32> to memref<f32>

// GENERIC: "memref.transpose"(%{{.*}}) <{permutation = #map{{[0-9]*}}}> : (memref<?x?xf32>) -> memref<?x?xf32, strided<[1, ?]>>
// GENERIC: "memref.transpose"(%{{.*}}) <{permutation = #map{{[0-9]*}}}> {tag = "rot"}

// The 2x3 buffer written as rows of its 3x2 transposed view.
// OUT: sizes = [2, 3] strides = [3, 1] data =
// OUT-NEXT: {{\[}}[0,   10,   20],
// OUT-NEXT:  [1,   11,   21]]
// OUT: sizes = [2, 3] strides = [3, 1] data =
// OUT-NEXT: {{\[}}[5,   5,   5],
// OUT-NEXT:  [5,   5,   5]]
// OUT: sizes = [3, 2] strides = [1, 3] data =
// OUT-NEXT: {{\[}}[0,   1],
// OUT-NEXT:  [10,   11],
// OUT-NEXT:  [20,   21]]
// OUT-NEXT: 7
// OUT-NEXT: 2
// OUT-NEXT: Unranked Memref {{.*}} sizes = [3, 2] strides = [1, 3] data =
// OUT-NEXT: {{\[}}[4,   4],
// OUT-NEXT:  [4,   4],
// OUT-NEXT:  [4,   4]]
// OUT-NOT: error

// The buffer is freed once, after the last use of its view, not of itself.
// DEALLOC-LABEL: func.func @main
// DEALLOC: %[[A:.*]] = memref.alloc() : memref<2x3xf32>
// DEALLOC: %[[T:.*]] = memref.transpose %[[A]]
// DEALLOC-NOT: memref.dealloc %[[A]] :
// DEALLOC: %[[CT:.*]] = memref.cast %[[T]]
// DEALLOC-NOT: memref.dealloc %[[A]] :
// DEALLOC: call @printMemrefF32(%[[CT]])
// DEALLOC-NEXT: memref.dealloc %[[A]] : memref<2x3xf32>
// DEALLOC-NOT: memref.dealloc %[[A]] :
// DEALLOC: %[[D:.*]] = memref.alloc(%{{.*}}) : memref<?x2x3xf32>
// DEALLOC: %[[DT:.*]] = memref.transpose %[[D]]
// DEALLOC: memref.dim %[[DT]]
// DEALLOC-NEXT: memref.dealloc %[[D]] : memref<?x2x3xf32>
// DEALLOC-NOT: memref.dealloc %[[D]] :
// DEALLOC: return

// The two 2x3 buffers of @main share no bytes of the arena.
// PLAN-LABEL: func.func @main
// PLAN: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<48xi8>
// PLAN: memref.view %[[ARENA]][%c0{{.*}}][] : memref<48xi8> to memref<2x3xf32>
// PLAN: memref.view %[[ARENA]][%c24{{.*}}][] : memref<48xi8> to memref<2x3xf32>

// Both 2x3 buffers of @main are live at once (24 bytes each).
// PEAK: "name": "main"{{.*}}"peak_live_bytes": 48

func.func @not_a_permutation(%m: memref<2x3xf32>) {
  // expected-error @+1 {{'memref.transpose' op expected a permutation map}}
  %r = memref.transpose %m (i, j) -> (i, i) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  return
}

// -----

func.func @with_symbols(%m: memref<2x3xf32>) {
  // expected-error @+1 {{'memref.transpose' op expected a permutation map}}
  %r = memref.transpose %m (i, j)[s] -> (j, i) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  return
}

// -----

func.func @wrong_rank(%m: memref<?x?xf32>) {
  // expected-error @+1 {{'memref.transpose' op expected a permutation map of same rank as the input}}
  %r = memref.transpose %m (i, j, k) -> (k, i, j) : memref<?x?xf32> to memref<?x?x?xf32>
  return
}

// -----

func.func @identity_layout(%m: memref<?x?xf32>) {
  // expected-error @+1 {{'memref.transpose' op result type 'memref<?x?xf32>' is not equivalent to the canonical transposed input type 'memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>>'}}
  %r = memref.transpose %m (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @sizes_not_swapped(%m: memref<2x3xf32>) {
  // expected-error @+1 {{result type 'memref<2x3xf32, strided<[1, 3]>>' is not equivalent to the canonical transposed input type 'memref<3x2xf32, affine_map<(d0, d1) -> (d0 + d1 * 3)>>'}}
  %r = memref.transpose %m (i, j) -> (j, i) : memref<2x3xf32> to memref<2x3xf32, strided<[1, 3]>>
  return
}

// -----

// A unit dimension's stride still counts.
func.func @unit_stride(%m: memref<1x3xf32>) {
  // expected-error @+1 {{result type 'memref<3x1xf32, strided<[1, 1]>>' is not equivalent to the canonical transposed input type 'memref<3x1xf32, affine_map<(d0, d1) -> (d0 + d1 * 3)>>'}}
  %r = memref.transpose %m (i, j) -> (j, i) : memref<1x3xf32> to memref<3x1xf32, strided<[1, 1]>>
  return
}

// -----

func.func @lost_offset(%m: memref<2x3xf32, strided<[3, 1], offset: 5>>) {
  // expected-error @+1 {{canonical transposed input type 'memref<3x2xf32, affine_map<(d0, d1) -> (d0 + d1 * 3 + 5)>>'}}
  %r = memref.transpose %m (i, j) -> (j, i) : memref<2x3xf32, strided<[3, 1], offset: 5>> to memref<3x2xf32, strided<[1, 3]>>
  return
}

// -----

// Symbolic strides compare as upstream builds them: the row-major layout of
// 4x? is not the identity's expression.
func.func @symbolic(%m: memref<4x?xf32>) {
  // expected-error @+1 {{canonical transposed input type 'memref<4x?xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>'}}
  %r = memref.transpose %m (i, j) -> (i, j) : memref<4x?xf32> to memref<4x?xf32>
  return
}

// -----

func.func @dynamic_offset(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>) {
  // expected-error @+1 {{canonical transposed input type 'memref<?x?xf32, affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s1 + s0 + d1 * s2)>>'}}
  %r = memref.transpose %m (i, j) -> (j, i) : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  return
}

// -----

func.func @element_type(%m: memref<2x3xf32>) {
  // expected-error @+1 {{result type 'memref<3x2xf64, strided<[1, 3]>>' is not equivalent}}
  %r = memref.transpose %m (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf64, strided<[1, 3]>>
  return
}

// -----

func.func @memory_space(%m: memref<3x4xf32, 2>) {
  // expected-error @+1 {{canonical transposed input type 'memref<4x3xf32, affine_map<(d0, d1) -> (d0 + d1 * 4)>, 2>'}}
  %r = memref.transpose %m (i, j) -> (j, i) : memref<3x4xf32, 2> to memref<4x3xf32, strided<[1, 4]>>
  return
}

// -----

func.func @unranked(%m: memref<*xf32>) {
  // expected-error @+1 {{custom op 'memref.transpose' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf32>'}}
  %r = memref.transpose %m (i, j) -> (j, i) : memref<*xf32> to memref<?x?xf32>
  return
}

// -----

func.func @tensor_result(%m: memref<2x3xf32>) {
  // expected-error @+1 {{'memref.transpose' op result #0 must be strided memref of any type values, but got 'tensor<3x2xf32>'}}
  %r = memref.transpose %m (i, j) -> (j, i) : memref<2x3xf32> to tensor<3x2xf32>
  return
}

// -----

func.func @not_strided(%m: memref<2x3xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>) {
  // expected-error @+1 {{'memref.transpose' op operand #0 must be strided memref of any type values, but got 'memref<2x3xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>'}}
  %r = memref.transpose %m (i, j) -> (j, i) : memref<2x3xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>> to memref<3x2xf32>
  return
}

// -----

func.func @no_permutation(%m: memref<2x3xf32>) {
  // expected-error @+1 {{'memref.transpose' op requires attribute 'permutation'}}
  %r = "memref.transpose"(%m) : (memref<2x3xf32>) -> memref<3x2xf32, strided<[1, 3]>>
  return
}

// -----

func.func @permutation_not_a_map(%m: memref<2x3xf32>) {
  // expected-error @+1 {{'memref.transpose' op attribute 'permutation' failed to satisfy constraint: AffineMap attribute}}
  %r = "memref.transpose"(%m) {permutation = 3 : i64} : (memref<2x3xf32>) -> memref<3x2xf32, strided<[1, 3]>>
  return
}
