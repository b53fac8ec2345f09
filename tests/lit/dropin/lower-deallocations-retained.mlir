// One buffer and retained values: lowered in upstream's shape (one pointer
// comparison per retained value, shared by the free and the results), and
// the interpreter sees the same results and frees before and after.
// RUN: buffer-opt %s -bufferization-lower-deallocations -split-input-file | FileCheck %s
// RUN: buffer-opt %s -split-input-file --run=main --run-leak-check | FileCheck %s --check-prefix=VALUES
// RUN: buffer-opt %s -split-input-file -bufferization-lower-deallocations --run=main --run-leak-check | FileCheck %s --check-prefix=VALUES

// CHECK-LABEL: func.func @main(
//   CHECK-DAG:   %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A:.*]] :
//   CHECK-DAG:   %[[PB:.*]] = memref.extract_aligned_pointer_as_index %[[B:.*]] :
//       CHECK:   %[[NE:.*]] = arith.cmpi ne, %[[PA]], %[[PB]] : index
//       CHECK:   %[[FREE:.*]] = arith.andi %[[NE]], %{{.*}} : i1
//       CHECK:   scf.if %[[FREE]] {
//  CHECK-NEXT:     memref.dealloc %[[A]]
//       CHECK:   %[[OWNS:.*]] = arith.xori %[[NE]], %{{.*}} : i1
//       CHECK:   arith.andi %[[OWNS]], %{{.*}} : i1
//   CHECK-NOT:   bufferization.dealloc
// VALUES: [{"type":"i1","value":false}]
func.func @main() -> (i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %r = bufferization.dealloc (%a : memref<2xf32>) if (%true) retain (%b : memref<2xf32>)
  memref.dealloc %b : memref<2xf32>
  return %r : i1
}

// -----

// The retained value is the buffer: it is not freed, and the result owns it.
// VALUES: [{"type":"i1","value":true},{"type":"f32","value":3.0}]
func.func @main() -> (i1, f32) {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %f = arith.constant 3.0 : f32
  %a = memref.alloc() : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  %r = bufferization.dealloc (%a : memref<2xf32>) if (%true) retain (%a : memref<2xf32>)
  %x = memref.load %a[%c0] : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return %r, %x : i1, f32
}
