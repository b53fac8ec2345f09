// REQUIRES: mlir-opt
// memref.prefetch parses and prints as mlir-opt spells it, round-trips
// through the generic form, and is a read of its buffer for the ownership
// deallocation pass (which refuses ops of unknown effects).
// RUN: buffer-opt %s | FileCheck %s
// RUN: mlir-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: mlir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: buffer-opt %s -ownership-based-buffer-deallocation | FileCheck %s --check-prefix=OWN

// CHECK-LABEL: func.func @warm(
//       CHECK:   memref.prefetch %{{.*}}[%{{.*}}, %{{.*}}], write, locality<3>, instr : memref<16x2xbf16>
//       CHECK:   memref.prefetch %{{.*}}[%{{.*}}, %{{.*}}], read, locality<0>, data : memref<16x2xbf16>
// GENERIC: "memref.prefetch"(%{{.*}}) <{isDataCache = false, isWrite = true, localityHint = 3 : i32}>
// OWN-LABEL: func.func @warm(
//       OWN:   memref.prefetch
//       OWN:   bufferization.dealloc
func.func @warm(%i: index) {
  %buf = memref.alloc() : memref<16x2xbf16>
  memref.prefetch %buf[%i, %i], write, locality<3>, instr : memref<16x2xbf16>
  memref.prefetch %buf[%i, %i], read, locality<0>, data : memref<16x2xbf16>
  return
}
