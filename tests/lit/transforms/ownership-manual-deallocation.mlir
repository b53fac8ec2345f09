// An allocation marked bufferization.manual_deallocation belongs to the
// program: ownership-based deallocation never owns it, and a memref.dealloc
// of it marked the same way stays, after a run-time check that the block
// does not own what it frees. An unmarked memref.dealloc is still refused
// (upstream's words), and so is a manual free of a buffer the block owns.
// RUN: buffer-opt -ownership-based-buffer-deallocation -split-input-file -verify-diagnostics %s | FileCheck %s
// RUN: buffer-opt -buffer-deallocation-pipeline -split-input-file -verify-diagnostics %s | FileCheck %s --check-prefix=PIPE
// The first case runs (the second is refused: hence `not`).
// RUN: not buffer-opt -buffer-deallocation-pipeline %s --split-input-file --run=main --run-leak-check 2>&1 | FileCheck %s --check-prefix=OUT
// mlir-opt reads what we make, and accepts and refuses the same.
// REQUIRES: mlir-opt
// RUN: buffer-opt -ownership-based-buffer-deallocation -split-input-file -verify-diagnostics %s | mlir-opt -split-input-file > /dev/null
// RUN: mlir-opt -ownership-based-buffer-deallocation -split-input-file -verify-diagnostics %s > /dev/null

// CHECK-LABEL: func.func @manual(
// CHECK: %[[MANUAL:.*]] = memref.alloc() {bufferization.manual_deallocation}
// CHECK: %[[MANAGED:.*]] = memref.alloc() : memref<4xf32>
// CHECK: cf.assert %{{.*}}, "expected that the block does not have ownership"
// CHECK-NEXT: memref.dealloc %[[MANUAL]] {bufferization.manual_deallocation}
// CHECK: bufferization.dealloc (%[[MANAGED]] : memref<4xf32>) if (%{{.*}})
// CHECK-NOT: %[[MANUAL]] :
// PIPE-LABEL: func.func @manual(
// PIPE-COUNT-2: memref.dealloc
// PIPE-NOT: memref.dealloc
// OUT: 5.5
func.func @manual(%c: i1, %f: f32, %i: index) -> f32 {
  %m = memref.alloc() {bufferization.manual_deallocation} : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%m : memref<4xf32>)
  %a = memref.alloc() : memref<4xf32>
  %g = arith.addf %f, %f : f32
  linalg.fill ins(%g : f32) outs(%a : memref<4xf32>)
  %s = arith.select %c, %m, %a : memref<4xf32>
  %v = memref.load %s[%i] : memref<4xf32>
  memref.dealloc %m {bufferization.manual_deallocation} : memref<4xf32>
  return %v : f32
}

func.func @main() {
  %false = arith.constant false
  %f = arith.constant 2.75 : f32
  %i = arith.constant 1 : index
  %v = call @manual(%false, %f, %i) : (i1, f32, index) -> f32
  vector.print %v : f32
  return
}

// -----

func.func @unmarked_free(%f: f32) {
  %m = memref.alloc() {bufferization.manual_deallocation} : memref<4xf32>
  // expected-error @below {{memory free side-effect on MemRef value not supported!}}
  memref.dealloc %m : memref<4xf32>
  return
}
