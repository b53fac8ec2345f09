// ownership-based-buffer-deallocation rejects what it cannot handle soundly.
// RUN: not buffer-opt --ownership-based-buffer-deallocation %s --split-input-file 2>&1 | FileCheck %s

// CHECK: the input already frees buffers
func.func @already() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// -----

// A buffer used in a successor of a cf.switch without being passed as an
// argument: it would have to become a block argument, which is only done
// through cf.br and cf.cond_br. (Through those it is; see
// buffer-deallocation-pipeline-while.mlir, @early.)
// CHECK: error: 'cf.switch' op ownership-based deallocation: a buffer used in a successor of this branch would have to be passed as a block argument
func.func @implicit(%f: i32) {
  %a = memref.alloc() : memref<2xf32>
  cf.switch %f : i32, [
    default: ^bb1,
    1: ^bb2
  ]
^bb1:
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<2xf32>
  cf.br ^bb2
^bb2:
  return
}
