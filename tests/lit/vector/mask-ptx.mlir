// REQUIRES: llvm-lowering
// vector.mask in a parallel loop that becomes a PTX kernel: the masks are
// lowered into the transfers (lower-vector-mask), so the kernel loads and
// stores only the three lanes the constant mask turns on (0, 2, 3: byte
// offsets -12, -4 and 0 from the last lane's address).
// RUN: buffer-opt --emit=ptx %s -o %t.ptx 2>&1 | FileCheck %s --allow-empty --check-prefix=NOREMARK
// RUN: FileCheck %s < %t.ptx
// NOREMARK-NOT: stays on the host
// CHECK: .entry k_kernel_0(
// CHECK-COUNT-3: ld.global.b32
// CHECK-NOT: ld.global
// CHECK-COUNT-3: st.global.b32
// CHECK-NOT: st.global
func.func @k(%m: memref<64xf32>) {
  %k = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %two = arith.constant dense<2.0> : vector<4xf32>
  scf.parallel (%i) = (%c0) to (%c64) step (%c4) {
    %v = vector.mask %k { vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<64xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
    %w = vector.fma %v, %two, %v : vector<4xf32>
    vector.mask %k { vector.transfer_write %w, %m[%i] {in_bounds = [true]} : vector<4xf32>, memref<64xf32> } : vector<4xi1>
    scf.reduce
  }
  return
}
