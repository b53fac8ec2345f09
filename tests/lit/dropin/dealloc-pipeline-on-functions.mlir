// buffer-deallocation-pipeline nested in func.func(...) runs on each
// function. A function whose deallocs each free one buffer lowers as on the
// module; one that needs a dealloc of several buffers is refused as by
// upstream, whose lowering would need a library function it cannot add to
// a function: two errors on the first such dealloc only (its conversion
// stops there), none on the later one before the return.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s -verify-diagnostics --pass-pipeline="builtin.module(func.func(buffer-deallocation-pipeline))" -split-input-file | FileCheck %s
// RUN: mlir-opt %s -verify-diagnostics --pass-pipeline="builtin.module(func.func(buffer-deallocation-pipeline))" -split-input-file | FileCheck %s

// CHECK-LABEL: func @one_buffer(
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   memref.dealloc %[[A]] : memref<4xf32>
//   CHECK-NOT:   bufferization.dealloc
//       CHECK:   return
func.func @one_buffer(%i: index, %f: f32) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  memref.store %f, %a[%i] : memref<4xf32>
  %r = memref.load %a[%i] : memref<4xf32>
  return %r : f32
}

// -----

func.func @swapped_in_loop(%lb: index, %ub: index) -> (memref<3xf32>, memref<3xf32>) {
  %0 = memref.alloc() : memref<3xf32>
  %1 = memref.alloc() : memref<3xf32>
  %c1 = arith.constant 1 : index
  %a, %b = scf.for %iv = %lb to %ub step %c1 iter_args(%x = %0, %y = %1)
      -> (memref<3xf32>, memref<3xf32>) {
    // expected-error @below {{library function required for generic lowering, but cannot be automatically inserted when operating on functions}}
    // expected-error @below {{failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal}}
    scf.yield %y, %x : memref<3xf32>, memref<3xf32>
  }
  return %a, %b : memref<3xf32>, memref<3xf32>
}
