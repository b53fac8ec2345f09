// --llvm-opt-level=N (or -ON, as llc and mlir-opt users spell it) picks
// LLVM's default<ON> pipeline for --emit=llvm/obj/ptx/run; the default is 2.
// At 0 no LLVM pass runs: the loop stays a loop with its phis and the
// lowering's `mul %i, 1` index arithmetic. At 2 the eight iterations are
// unrolled into a chain of fadds.
// REQUIRES: llvm-lowering
// RUN: buffer-opt --emit=llvm --llvm-opt-level=0 %s | FileCheck %s --check-prefix=O0
// RUN: buffer-opt --emit=llvm -O0 %s | FileCheck %s --check-prefix=O0
// RUN: buffer-opt --emit=llvm -O2 %s | FileCheck %s --check-prefix=O2
// RUN: buffer-opt --emit=llvm %s | FileCheck %s --check-prefix=O2
// RUN: buffer-opt --emit=run --run=main -O0 %s | FileCheck %s --check-prefix=JIT
// RUN: buffer-opt --emit=run --run=main -O3 %s | FileCheck %s --check-prefix=JIT
// RUN: not buffer-opt --emit=llvm -O4 %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not buffer-opt --llvm-opt-level=1 %s 2>&1 | FileCheck %s --check-prefix=NOLOWER

// O0-LABEL: define float @sum(
// O0: phi i64
// O0: mul i64 %{{[0-9]+}}, 1
// O0: load float
// O0: br label

// O2-LABEL: define float @sum(
// O2-NOT: phi
// O2-COUNT-8: fadd float
// O2-NEXT: ret float

// JIT: "value":56.0
// BAD: buffer-opt: -O/--llvm-opt-level: the LLVM optimization level is 0, 1, 2 or 3, not '4'
// NOLOWER: --llvm-opt-level and -O1 need a lowering: --emit=llvm, obj, ptx or run

func.func @sum(%m: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %m[%i] : memref<8xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  return %r : f32
}

func.func @main() -> f32 {
  %m = memref.alloc() : memref<8xf32>
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %n = arith.index_cast %i : index to i64
    %f = arith.sitofp %n : i64 to f32
    %f1 = arith.addf %f, %f : f32
    memref.store %f1, %m[%i] : memref<8xf32>
  }
  %r = call @sum(%m) : (memref<8xf32>) -> f32
  memref.dealloc %m : memref<8xf32>
  return %r : f32
}
