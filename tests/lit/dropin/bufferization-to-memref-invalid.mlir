// A clone of a strided buffer has no allocation of its type: a located
// error, and --mlir-print-ir-after-failure shows the IR the pass left.
// RUN: not buffer-opt %s -convert-bufferization-to-memref --mlir-print-ir-after-failure -o /dev/null 2>&1 | FileCheck %s
// RUN: not buffer-opt %s -convert-bufferization-to-memref --mlir-print-ir-after-failure -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: not buffer-opt %s -convert-bufferization-to-memref --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: buffer-opt %s -convert-bufferization-to-memref -verify-diagnostics -o /dev/null

// CHECK: error: failed to legalize operation 'bufferization.clone'
// DUMP: // -----// IR Dump After ConvertBufferizationToMemRefPass Failed (convert-bufferization-to-memref) //----- //
// DUMP-NEXT: module {
func.func @strided(%s: memref<4xf32, strided<[2], offset: 1>>) -> memref<4xf32, strided<[2], offset: 1>> {
  // expected-error @+1 {{failed to legalize operation 'bufferization.clone'}}
  %0 = bufferization.clone %s : memref<4xf32, strided<[2], offset: 1>> to memref<4xf32, strided<[2], offset: 1>>
  return %0 : memref<4xf32, strided<[2], offset: 1>>
}

// The identity layout of a 2x? buffer has a dynamic outer stride, which
// upstream takes as compatible with a static 5 and casts to it; the stride
// of the allocation is its inner size, not 5 unless that size is 5, so the
// copy would be read at the wrong places. Refused instead.
func.func @static_outer_stride(%s: memref<2x?xf32, strided<[5, 1]>>) -> memref<2x?xf32, strided<[5, 1]>> {
  // expected-error @+1 {{failed to legalize operation 'bufferization.clone'}}
  %0 = bufferization.clone %s : memref<2x?xf32, strided<[5, 1]>> to memref<2x?xf32, strided<[5, 1]>>
  return %0 : memref<2x?xf32, strided<[5, 1]>>
}
