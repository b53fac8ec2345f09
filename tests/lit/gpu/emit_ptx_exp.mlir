// f32 math.exp on the GPU is libdevice's __nv_expf, inlined: a range
// reduction around NVPTX's ex2.approx (accurate to 2 ulp, where a bare
// ex2.approx(x * log2(e)) is not).
// REQUIRES: llvm-lowering, libdevice
// RUN: buffer-opt --emit=ptx %s | FileCheck %s

// CHECK: .visible .entry act_kernel_0(
// CHECK: ld.global.b32 [[X:%r[0-9]+]]
// CHECK: fma.rn.f32 {{%r[0-9]+}}, [[X]], 0f3FB8AA3B,
// CHECK: ex2.approx.ftz.f32
// CHECK: st.global.b32
// CHECK-NOT: __nv_expf
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
