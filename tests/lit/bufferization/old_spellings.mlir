// Older spellings parse into the MLIR 22 ops and print in the new form:
// `bufferization.to_memref` becomes to_buffer, and the single-type forms
// `to_tensor %m : memref<...>` / `to_memref %t : memref<...>` infer the
// tensor type from the memref (layout and memory space dropped).
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// GENERIC-NOT: to_memref
// GENERIC: "bufferization.to_buffer"(%arg0) : (tensor<4x?xf32>) -> memref<4x?xf32>
// GENERIC: "bufferization.to_buffer"(%arg0) <{read_only}> : (tensor<4x?xf32>) -> memref<4x?xf32>

// CHECK-LABEL: func.func @old_spellings(%arg0: tensor<4x?xf32>, %arg1: memref<4xf32>, %arg2: memref<4xf32, strided<[1], offset: 2>, 3>) -> (tensor<4xf32>, tensor<4xf32>, memref<4x?xf32>, memref<4x?xf32>, tensor<4xf32>) {
// CHECK-NEXT: %0 = bufferization.to_tensor %arg1 : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT: %1 = bufferization.to_tensor %arg1 restrict writable : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT: %2 = bufferization.to_buffer %arg0 : tensor<4x?xf32> to memref<4x?xf32>
// CHECK-NEXT: %3 = bufferization.to_buffer %arg0 read_only : tensor<4x?xf32> to memref<4x?xf32>
// CHECK-NEXT: %4 = bufferization.to_tensor %arg2 : memref<4xf32, strided<[1], offset: 2>, 3> to tensor<4xf32>
// CHECK-NEXT: return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, memref<4x?xf32>, memref<4x?xf32>, tensor<4xf32>
func.func @old_spellings(%t: tensor<4x?xf32>, %m: memref<4xf32>, %ms: memref<4xf32, strided<[1], offset: 2>, 3>) -> (tensor<4xf32>, tensor<4xf32>, memref<4x?xf32>, memref<4x?xf32>, tensor<4xf32>) {
  %a = bufferization.to_tensor %m : memref<4xf32>
  %b = bufferization.to_tensor %m restrict writable : memref<4xf32>
  %c = bufferization.to_memref %t : memref<4x?xf32>
  %d = bufferization.to_memref %t read_only : tensor<4x?xf32> to memref<4x?xf32>
  %e = bufferization.to_tensor %ms : memref<4xf32, strided<[1], offset: 2>, 3>
  return %a, %b, %c, %d, %e : tensor<4xf32>, tensor<4xf32>, memref<4x?xf32>, memref<4x?xf32>, tensor<4xf32>
}
