// buffer-deallocation-simplification: a loop result is its init or what
// the body yields, so a buffer allocated before the loop and never passed
// into it cannot be the result: the two get deallocs of their own.
// RUN: buffer-opt -ownership-based-buffer-deallocation -buffer-deallocation-simplification -split-input-file %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -ownership-based-buffer-deallocation -buffer-deallocation-simplification -split-input-file %s | FileCheck %s %}

// CHECK-LABEL: func.func @separate(
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<2xf32>
//       CHECK:   %[[L:.*]]:2 = scf.for
//       CHECK:   test.copy(%[[L]]#0, %arg4)
//       CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[L]]#0
//  CHECK-NEXT:   bufferization.dealloc (%[[A]] : memref<2xf32>) if (%true)
//  CHECK-NEXT:   bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[L]]#1)
func.func @separate(%lb: index, %ub: index, %step: index, %buf: memref<2xf32>, %res: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  "test.read_buffer"(%0) : (memref<2xf32>) -> ()
  %1 = scf.for %i = %lb to %ub step %step iter_args(%it = %buf) -> memref<2xf32> {
    %3 = memref.alloc() : memref<2xf32>
    scf.yield %3 : memref<2xf32>
  }
  test.copy(%1, %res) : (memref<2xf32>, memref<2xf32>)
  return
}
