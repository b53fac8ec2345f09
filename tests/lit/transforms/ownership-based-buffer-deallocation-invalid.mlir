// ownership-based-buffer-deallocation rejects what it cannot handle soundly.
// RUN: not buffer-opt --ownership-based-buffer-deallocation %s --split-input-file 2>&1 | FileCheck %s

// A free the pass did not place: upstream's words for each kind (mlir-opt
// 22 prints the same lines).
// CHECK: :[[@LINE+3]]:3: error: memory free side-effect on MemRef value not supported!
func.func @already() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}

// -----

// CHECK: :[[@LINE+4]]:3: error: No deallocation operations must be present when running this pass!
func.func @already_conditional() {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xf32>
  bufferization.dealloc (%a : memref<2xf32>) if (%true)
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
