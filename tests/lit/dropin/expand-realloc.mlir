// expand-realloc: memref.realloc as a guarded alloc + copy, or a
// reinterpret_cast when it shrinks; the same values either way.
// RUN: buffer-opt %s -expand-realloc -split-input-file | FileCheck %s
// RUN: buffer-opt %s -expand-realloc=emit-deallocs=false -split-input-file | FileCheck %s --check-prefix=NODEALLOC
// RUN: buffer-opt %s -split-input-file --run=main --run-leak-check | FileCheck %s --check-prefix=VALUES
// RUN: buffer-opt %s -split-input-file -expand-realloc --run=main --run-leak-check | FileCheck %s --check-prefix=VALUES

// CHECK-LABEL: func.func @main(
//       CHECK:   %[[OLD:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
//       CHECK:   %[[D:.*]] = memref.dim %[[OLD]], %{{.*}} : memref<?xf32>
//       CHECK:   %[[GROW:.*]] = arith.cmpi ult, %[[D]], %[[N:.*]] : index
//       CHECK:   %[[R:.*]] = scf.if %[[GROW]] -> (memref<?xf32>) {
//       CHECK:     %[[NEW:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
//       CHECK:     %[[SUB:.*]] = memref.subview %[[NEW]][0] [%[[D]]] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
//       CHECK:     memref.copy %[[OLD]], %[[SUB]]
//       CHECK:     memref.dealloc %[[OLD]] : memref<?xf32>
//       CHECK:     scf.yield %[[NEW]] : memref<?xf32>
//       CHECK:   } else {
//       CHECK:     %[[CAST:.*]] = memref.reinterpret_cast %[[OLD]] to offset: [0], sizes: [%[[N]]], strides: [1]
//       CHECK:     scf.yield %[[CAST]] : memref<?xf32>
//   CHECK-NOT:   memref.realloc
// NODEALLOC-LABEL: func.func @main(
// NODEALLOC-NOT: memref.dealloc %{{.*}} : memref<?xf32>{{$}}
// NODEALLOC: scf.yield
// VALUES: [{"type":"f32","value":1.5},{"type":"f32","value":2.5},{"type":"index","value":5}]
func.func @main() -> (f32, f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.5 : f32
  %m = memref.alloc(%c1) : memref<?xf32>
  memref.store %a, %m[%c0] : memref<?xf32>
  %r = memref.realloc %m(%c5) : memref<?xf32> to memref<?xf32>
  memref.store %b, %r[%c1] : memref<?xf32>
  %x = memref.load %r[%c0] : memref<?xf32>
  %y = memref.load %r[%c1] : memref<?xf32>
  %d = memref.dim %r, %c0 : memref<?xf32>
  memref.dealloc %r : memref<?xf32>
  return %x, %y, %d : f32, f32, index
}
