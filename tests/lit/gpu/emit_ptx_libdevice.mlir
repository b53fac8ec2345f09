// --emit=ptx links no libdevice: transcendentals other than f32 exp/exp2
// (and libm calls) are refused with a located error where LLVM would abort.
// REQUIRES: llvm-lowering
// RUN: not buffer-opt --emit=ptx %s 2>&1 | FileCheck %s

// CHECK: emit_ptx_libdevice.mlir:[[@LINE+7]]:10: error: 'math.tanh' op cannot lower to PTX: 'math.tanh' on f32 needs libdevice, which --emit=ptx does not link
func.func @act(%m: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %x = memref.load %m[%i] : memref<8xf32>
    %t = math.tanh %x : f32
    memref.store %t, %m[%i] : memref<8xf32>
    scf.reduce
  }
  return
}
