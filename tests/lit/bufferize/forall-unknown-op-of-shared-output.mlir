// A parallel_insert_slice must write its shared output in place. When the
// slice it inserts comes from an op without a bufferization model that read
// that output, upstream bufferizes the loop (it never joins an unknown op's
// result with its operand); the pre-bufferization check used to refuse it
// with "cannot avoid RaW conflict", then "would write to read-only buffer".
// The analysis still treats the unknown result as a possible alias of the
// shared output, so the slice is copied out before it is inserted: the
// insert never copies a buffer onto itself.
// RUN: buffer-opt %s -one-shot-bufferize="allow-unknown-ops" -allow-unregistered-dialect -split-input-file | FileCheck %s
// RUN: buffer-opt %s -one-shot-bufferize="use-encoding-for-memory-space allow-unknown-ops" -allow-unregistered-dialect -split-input-file | FileCheck %s --check-prefix=SPACE

// CHECK-LABEL: func @insert_unknown_of_shared(
//  CHECK-SAME:     %[[OUT:[^:]*]]: tensor<?xf32>
//       CHECK:   %[[B:.*]] = bufferization.to_buffer %[[OUT]]
//       CHECK:   %[[COPY:.*]] = memref.alloc(
//       CHECK:   memref.copy %[[B]], %[[COPY]]
//       CHECK:   scf.forall
//       CHECK:     %[[T:.*]] = bufferization.to_tensor %[[COPY]]
//       CHECK:     %[[U:.*]] = "some.use"(%[[T]])
//       CHECK:     %[[UB:.*]] = bufferization.to_buffer %[[U]]
//       CHECK:     %[[SRC:.*]] = memref.alloc(
//       CHECK:     memref.copy %[[UB]], %[[SRC]]
//       CHECK:     %[[SV:.*]] = memref.subview %[[COPY]][%{{.*}}] [4] [1]
//       CHECK:     memref.copy %[[SRC]], %[[SV]]
//   CHECK-NOT:   scf.forall.in_parallel
//       CHECK:   bufferization.to_tensor %[[COPY]]
func.func @insert_unknown_of_shared(%n: index, %out: tensor<?xf32>) -> tensor<?xf32> {
  %r = scf.forall (%i) in (%n) shared_outs(%o = %out) -> (tensor<?xf32>) {
    %u = "some.use"(%o) : (tensor<?xf32>) -> tensor<4xf32>
    %at = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %u into %o[%at] [4] [1] : tensor<4xf32> into tensor<?xf32>
    }
  }
  return %r : tensor<?xf32>
}

// -----

// The same with the buffers in memory space 1 (the encoding): the copies
// stay in that space.
// SPACE-LABEL: func @insert_unknown_of_shared_space(
//       SPACE:   memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32, 1>
//       SPACE:   scf.forall
//       SPACE:     "some.use"
//       SPACE:     memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1>
//       SPACE:     memref.subview %{{.*}} : memref<?xf32, 1> to memref<4xf32, strided<[1], offset: ?>, 1>
func.func @insert_unknown_of_shared_space(%n: index, %out: tensor<?xf32, 1>) -> tensor<?xf32, 1> {
  %r = scf.forall (%i) in (%n) shared_outs(%o = %out) -> (tensor<?xf32, 1>) {
    %u = "some.use"(%o) : (tensor<?xf32, 1>) -> tensor<4xf32, 1>
    %at = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %u into %o[%at] [4] [1] : tensor<4xf32, 1> into tensor<?xf32, 1>
    }
  }
  return %r : tensor<?xf32, 1>
}
