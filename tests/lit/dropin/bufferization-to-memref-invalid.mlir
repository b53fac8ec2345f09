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
