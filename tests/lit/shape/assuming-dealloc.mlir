// shape.assuming runs its region once: buffers allocated inside and not
// yielded are freed there, yielded ones come out with an ownership flag
// and are freed after their last use outside. The custom form prints as
// mlir-opt prints it, and the deallocated program frees every buffer once.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s | mlir-opt -allow-unregistered-dialect | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s -mlir-print-op-generic | buffer-opt | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s -ownership-based-buffer-deallocation -buffer-deallocation-simplification | FileCheck %s
// RUN: buffer-opt %s -buffer-deallocation-pipeline -o %t.mlir
// RUN: mlir-opt %t.mlir -allow-unregistered-dialect > /dev/null
// RUN: buffer-opt %s --run=main | FileCheck %s --check-prefix=OUT
// A witness known to hold lets -canonicalize inline the region, as
// mlir-opt does (same text).
// RUN: buffer-opt %s -canonicalize > %t.ours
// RUN: mlir-opt %s -allow-unregistered-dialect -canonicalize > %t.upstream
// RUN: diff %t.ours %t.upstream
// RUN: FileCheck %s --check-prefix=CANON < %t.ours
// CANON-NOT: shape.
// RUN: buffer-opt %t.mlir --run=main --run-leak-check | FileCheck %s --check-prefix=OUT

// ROUND-LABEL: func.func @guarded(
//       ROUND:   %[[W:.*]] = shape.const_witness true
//       ROUND:   shape.assuming %[[W]] -> (memref<4xf32>) {
//       ROUND:     shape.assuming_yield %{{.*}} : memref<4xf32>
//       ROUND:   }
//       ROUND:   shape.assuming %[[W]] {
//  ROUND-NEXT:     memref.store
//  ROUND-NEXT:   }

// CHECK-LABEL: func.func @guarded(
//       CHECK:   %[[R:.*]]:2 = shape.assuming %{{.*}} -> (memref<4xf32>, i1) {
//       CHECK:     %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:     %[[T:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:     bufferization.dealloc (%[[T]] : memref<4xf32>) if (%true)
//       CHECK:     shape.assuming_yield %[[A]], %true : memref<4xf32>, i1
//       CHECK:   shape.assuming
//       CHECK:   %[[BASE:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[R]]#0
//       CHECK:   bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[R]]#1)

// OUT: [{"type":"f32","value":6.0}]
func.func @guarded(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w = shape.const_witness true
  %r = shape.assuming %w -> (memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    %tmp = memref.alloc() : memref<4xf32>
    memref.store %f, %tmp[%c0] : memref<4xf32>
    %v = memref.load %tmp[%c0] : memref<4xf32>
    %d = arith.addf %v, %v : f32
    memref.store %d, %a[%c0] : memref<4xf32>
    shape.assuming_yield %a : memref<4xf32>
  }
  shape.assuming %w {
    memref.store %f, %r[%c1] : memref<4xf32>
  }
  %x = memref.load %r[%c0] : memref<4xf32>
  %y = memref.load %r[%c1] : memref<4xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}

func.func @main() -> f32 {
  %f = arith.constant 2.0 : f32
  %r = func.call @guarded(%f) : (f32) -> f32
  return %r : f32
}
