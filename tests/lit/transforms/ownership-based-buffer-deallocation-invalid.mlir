// ownership-based-buffer-deallocation rejects what it cannot handle soundly.
// RUN: not buffer-opt --ownership-based-buffer-deallocation %s --split-input-file 2>&1 | FileCheck %s

// CHECK: the input already frees buffers
func.func @already() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// -----

// A buffer used in another block without being passed as an argument.
// CHECK: a buffer owned by another block is used here
func.func @implicit(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<2xf32>
  cf.br ^bb2
^bb2:
  return
}
