// Math ops without an NVPTX instruction become calls of libdevice's __nv_
// functions, which are linked into the PTX module and inlined: the kernel
// holds their code and no call or declaration of __nv_ (or of libdevice's
// __nvvm_reflect) is left. The unused rest of libdevice is dropped.
// REQUIRES: llvm-lowering, libdevice
// RUN: buffer-opt --emit=ptx %s | FileCheck %s

// CHECK-NOT: .extern
// CHECK-NOT: __nv_
// CHECK-NOT: __nvvm_reflect
// CHECK: .visible .entry act_kernel_0(
// tanhf(|x| >= 0.6) = copysign(1 - 2 / (exp2(2 log2(e) |x|) + 1), x)
// CHECK: abs.f32 [[AX:%r[0-9]+]], [[X:%r[0-9]+]];
// CHECK-NEXT: mul.rn.f32 [[T:%r[0-9]+]], [[AX]], 0f4038AA3B;
// CHECK-NEXT: ex2.approx.ftz.f32 {{%r[0-9]+}}, [[T]];
// CHECK: copysign.f32
// CHECK-NOT: __nv_
// CHECK-NOT: .extern
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
