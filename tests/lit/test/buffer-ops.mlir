// The test dialect's buffer ops that upstream's bufferization and
// deallocation tests use: custom forms as mlir-opt 22 prints them, their
// verifiers, and their effects (test.copy reads its source and writes its
// target; the buffer-based ops read `in` and write `out`).
// RUN: buffer-opt %s -split-input-file | FileCheck %s
// RUN: buffer-opt %s -split-input-file | buffer-opt -split-input-file | FileCheck %s
// RUN: buffer-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %if mlir-opt %{ mlir-opt %s -split-input-file | FileCheck %s %}
// RUN: %if mlir-opt %{ mlir-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC %}

// CHECK-LABEL: func.func @ops(
//       CHECK:   test.buffer_based in(%arg0 : memref<2xf32>) out(%arg1 : memref<2xf32>)
//  CHECK-NEXT:   test.copy(%arg0, %arg1) : (memref<2xf32>, memref<2xf32>)
//  CHECK-NEXT:   test.region_buffer_based in(%arg0 : memref<2xf32>) out(%arg1 : memref<2xf32>) {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[X]] : f32
//  CHECK-NEXT:     test.region_yield %[[E]] : f32
//  CHECK-NEXT:   }
// GENERIC: "test.buffer_based"(%arg0, %arg1) : (memref<2xf32>, memref<2xf32>) -> ()
// GENERIC: "test.copy"(%arg0, %arg1) : (memref<2xf32>, memref<2xf32>) -> ()
// GENERIC: "test.region_buffer_based"(%arg0, %arg1) ({
// GENERIC: "test.region_yield"(%{{.*}}) : (f32) -> ()
func.func @ops(%a: memref<2xf32>, %b: memref<2xf32>) {
  test.buffer_based in(%a: memref<2xf32>) out(%b: memref<2xf32>)
  test.copy(%a, %b) : (memref<2xf32>, memref<2xf32>)
  test.region_buffer_based in(%a : memref<2xf32>) out(%b : memref<2xf32>) {
  ^bb0(%x: f32, %y: f32):
    %e = math.exp %x : f32
    test.region_yield %e : f32
  }
  return
}

// -----

// Other test ops stay opaque unregistered ops.
// CHECK-LABEL: func.func @opaque(
//       CHECK:   "test.dummy_op"(%arg0) : (memref<2xf32>) -> ()
func.func @opaque(%a: memref<2xf32>) {
  "test.dummy_op"(%a) : (memref<2xf32>) -> ()
  return
}
