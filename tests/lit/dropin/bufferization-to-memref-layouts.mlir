// convert-bufferization-to-memref on clones that are not of the identity
// layout: a strided type whose static strides the identity layout has is
// allocated with the identity layout and cast; an unranked clone is a flat
// allocation of the counted elements, reshaped to the source's dims. The
// pass also runs on each function (func.func(...)), refusing there only the
// deallocs that need a library function.
// RUN: buffer-opt %s -convert-bufferization-to-memref -split-input-file -verify-diagnostics | FileCheck %s
// RUN: buffer-opt %s -pass-pipeline="builtin.module(func.func(convert-bufferization-to-memref))" -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @inner_stride_known(
//  CHECK-SAME:   %[[SRC:.*]]: memref<3x?xi32, strided<[?, 1], offset: ?>>
//       CHECK:   %[[C1:.*]] = arith.constant 1 : index
//       CHECK:   %[[D:.*]] = memref.dim %[[SRC]], %[[C1]]
//       CHECK:   %[[A:.*]] = memref.alloc(%[[D]]) : memref<3x?xi32>
//       CHECK:   %[[V:.*]] = memref.cast %[[A]] : memref<3x?xi32> to memref<3x?xi32, strided<[?, 1], offset: ?>>
//       CHECK:   memref.copy %[[SRC]], %[[V]]
//       CHECK:   return %[[V]]
func.func @inner_stride_known(%src: memref<3x?xi32, strided<[?, 1], offset: ?>>)
    -> memref<3x?xi32, strided<[?, 1], offset: ?>> {
  %0 = bufferization.clone %src : memref<3x?xi32, strided<[?, 1], offset: ?>> to memref<3x?xi32, strided<[?, 1], offset: ?>>
  return %0 : memref<3x?xi32, strided<[?, 1], offset: ?>>
}

// CHECK-LABEL: func.func @unranked(
//  CHECK-SAME:   %[[U:.*]]: memref<*xi32>
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
//       CHECK:   %[[R:.*]] = memref.rank %[[U]]
//       CHECK:   %[[DIMS:.*]] = memref.alloca(%[[R]]) : memref<?xindex>
//       CHECK:   %[[N:.*]] = scf.for %[[I:.*]] = %[[C0]] to %[[R]] step %[[C1]] iter_args(%[[P:.*]] = %[[C1]]) -> (index) {
//       CHECK:     %[[D:.*]] = memref.dim %[[U]], %[[I]] : memref<*xi32>
//       CHECK:     memref.store %[[D]], %[[DIMS]][%[[I]]]
//       CHECK:     %[[NEXT:.*]] = arith.muli %[[P]], %[[D]] : index
//       CHECK:     scf.yield %[[NEXT]]
//       CHECK:   %[[FLAT:.*]] = memref.alloc(%[[N]]) : memref<?xi32>
//       CHECK:   %[[SHAPED:.*]] = memref.reshape %[[FLAT]](%[[DIMS]]) : (memref<?xi32>, memref<?xindex>) -> memref<*xi32>
//       CHECK:   memref.copy %[[U]], %[[SHAPED]] : memref<*xi32> to memref<*xi32>
//       CHECK:   return %[[SHAPED]]
func.func @unranked(%u: memref<*xi32>) -> memref<*xi32> {
  %0 = bufferization.clone %u : memref<*xi32> to memref<*xi32>
  return %0 : memref<*xi32>
}

// -----

// A unit stride is the only one the identity layout of a 1-d buffer has.
func.func @stride_not_identity(%src: memref<?xi32, strided<[3], offset: ?>>)
    -> memref<?xi32, strided<[3], offset: ?>> {
  // expected-error @+1 {{failed to legalize operation 'bufferization.clone' that was explicitly marked illegal}}
  %0 = bufferization.clone %src : memref<?xi32, strided<[3], offset: ?>> to memref<?xi32, strided<[3], offset: ?>>
  return %0 : memref<?xi32, strided<[3], offset: ?>>
}
