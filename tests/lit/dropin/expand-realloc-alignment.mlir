// expand-realloc: the buffer a growing reallocation makes keeps the
// alignment the memref.realloc asked for.
// RUN: buffer-opt %s -expand-realloc | FileCheck %s

// CHECK-LABEL: func.func @grow_aligned(
//  CHECK-SAME:   %[[B:.*]]: memref<?xi16>, %[[N:.*]]: index
//       CHECK:   scf.if
//       CHECK:     memref.alloc(%[[N]]) {alignment = 32 : i64} : memref<?xi16>
//       CHECK:   } else {
//       CHECK:     memref.reinterpret_cast %[[B]]
// CHECK-LABEL: func.func @grow_static_aligned(
//       CHECK:     memref.alloc() {alignment = 16 : i64} : memref<6xi16>
// CHECK-LABEL: func.func @grow_unaligned(
//       CHECK:     memref.alloc() : memref<6xi16>
func.func @grow_aligned(%b: memref<?xi16>, %n: index) -> memref<?xi16> {
  %r = memref.realloc %b(%n) {alignment = 32} : memref<?xi16> to memref<?xi16>
  return %r : memref<?xi16>
}
func.func @grow_static_aligned(%b: memref<3xi16>) -> memref<6xi16> {
  %r = memref.realloc %b {alignment = 16} : memref<3xi16> to memref<6xi16>
  return %r : memref<6xi16>
}
func.func @grow_unaligned(%b: memref<3xi16>) -> memref<6xi16> {
  %r = memref.realloc %b : memref<3xi16> to memref<6xi16>
  return %r : memref<6xi16>
}
