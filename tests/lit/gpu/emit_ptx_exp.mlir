// f32 math.exp on the GPU: exp(x) = exp2(x * log2(e)), NVPTX's ex2.approx.
// REQUIRES: llvm-lowering
// RUN: buffer-opt --emit=ptx %s | FileCheck %s

// CHECK: .visible .entry act_kernel_0(
// CHECK: mul.rn.f32 {{.*}}0f3FB8AA3B
// CHECK: ex2.approx
func.func @act(%m: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %x = memref.load %m[%i] : memref<8xf32>
    %t = math.exp %x : f32
    memref.store %t, %m[%i] : memref<8xf32>
    scf.reduce
  }
  return
}
