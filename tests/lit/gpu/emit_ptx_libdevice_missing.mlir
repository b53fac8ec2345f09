// Without libdevice a kernel's math op is a located error naming the file
// that was looked for (--libdevice, else $BUFFERD_LIBDEVICE, else CUDA's).
// A kernel without such ops does not need the file.
// REQUIRES: llvm-lowering
// RUN: not buffer-opt --emit=ptx --libdevice=%t.missing.bc %s 2>&1 | FileCheck %s
// RUN: env BUFFERD_LIBDEVICE=%t.env.bc not buffer-opt --emit=ptx %s 2>&1 | FileCheck %s --check-prefix=ENV
// RUN: sed -e 's/math.powf %x, %x/arith.mulf %x, %x/' %s | buffer-opt --emit=ptx --libdevice=%t.missing.bc - | FileCheck %s --check-prefix=NOMATH

// CHECK: emit_ptx_libdevice_missing.mlir:[[@LINE+9]]:10: error: 'math.powf' op cannot lower to PTX: 'math.powf' needs libdevice's __nv_pow, and '{{.*}}.missing.bc' cannot be read (No such file or directory); give --libdevice=PATH or set BUFFERD_LIBDEVICE
// ENV: error: 'math.powf' op cannot lower to PTX: 'math.powf' needs libdevice's __nv_pow, and '{{.*}}.env.bc' cannot be read
// NOMATH: .visible .entry act_kernel_0(
func.func @act(%m: memref<8xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %x = memref.load %m[%i] : memref<8xf64>
    %t = math.powf %x, %x : f64
    memref.store %t, %m[%i] : memref<8xf64>
    scf.reduce
  }
  return
}
