// REQUIRES: llvm-lowering
// A parallel loop over vectors becomes a PTX kernel: the vector constant it
// uses is cloned into the kernel like a scalar one (a register value), the
// transfers become global loads and stores, vector.fma fma.rn.f32.
// RUN: buffer-opt --emit=ptx %s -o %t.ptx 2>&1 | FileCheck %s --allow-empty --check-prefix=NOREMARK
// RUN: FileCheck %s < %t.ptx
// NOREMARK-NOT: stays on the host
// CHECK: .entry k_kernel_0(
// CHECK: ld.global
// CHECK: fma.rn.f32 {{.*}}, 0f40000000,
// CHECK: st.global
func.func @k(%m: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %two = arith.constant dense<2.0> : vector<4xf32>
  scf.parallel (%i) = (%c0) to (%c64) step (%c4) {
    %v = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<64xf32>, vector<4xf32>
    %w = vector.fma %v, %two, %v : vector<4xf32>
    vector.transfer_write %w, %m[%i] {in_bounds = [true]} : vector<4xf32>, memref<64xf32>
    scf.reduce
  }
  return
}
