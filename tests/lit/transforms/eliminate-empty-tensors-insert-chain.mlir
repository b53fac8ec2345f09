// eliminate-empty-tensors on a chain of insert_slice ops: two filled
// halves are inserted into an empty row, and the row into a matrix
// argument. The outer insertion goes first, so the row becomes the
// matrix's row and each half a slice of it: nothing is allocated.
// RUN: buffer-opt --eliminate-empty-tensors %s | FileCheck %s
// RUN: buffer-opt --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.ref
// RUN: buffer-opt --eliminate-empty-tensors --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.elim
// RUN: diff %t.ref %t.elim
// RUN: buffer-opt --eliminate-empty-tensors "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %s -o %t.buf.mlir
// RUN: FileCheck %s --check-prefix=BUF < %t.buf.mlir
// RUN: buffer-opt --run=main --run-leak-check --run-stats %t.buf.mlir 2> %t.stats | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.buf.out
// RUN: diff %t.ref %t.buf.out
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// RUN: buffer-opt "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline --run=main --run-leak-check --run-stats %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS-BEFORE
// RUN: buffer-opt --eliminate-empty-tensors %s | mlir-opt > /dev/null
// REQUIRES: mlir-opt

func.func private @printMemrefF32(memref<*xf32>)

// Run of the whole program: 2 heap allocations and 0 copies with the
// pass, 5 and 3 without (upstream mlir-opt 22 with the pass: 8 and 1).
// STATS: run-stats: heap_allocs=2 {{.*}}copies=0
// STATS-BEFORE: run-stats: heap_allocs=5 {{.*}}copies=3

// CHECK-LABEL: func.func @rows(
// CHECK-NOT: tensor.empty
// CHECK: %[[ROW:.*]] = tensor.extract_slice %arg0[3, 0] [1, 8] [1, 1] : tensor<8x8xf32> to tensor<8xf32>
// CHECK-NEXT: %[[H1:.*]] = tensor.extract_slice %[[ROW]][0] [4] [1]
// CHECK-NEXT: %[[F1:.*]] = linalg.fill ins(%arg1 : f32) outs(%[[H1]] : tensor<4xf32>)
// CHECK-NEXT: %[[R1:.*]] = tensor.insert_slice %[[F1]] into %[[ROW]][0] [4] [1]
// CHECK-NEXT: %[[H2:.*]] = tensor.extract_slice %[[R1]][4] [4] [1]
// CHECK-NEXT: %[[F2:.*]] = linalg.fill ins(%arg2 : f32) outs(%[[H2]] : tensor<4xf32>)
// CHECK-NEXT: %[[R2:.*]] = tensor.insert_slice %[[F2]] into %[[R1]][4] [4] [1]
// CHECK-NEXT: tensor.insert_slice %[[R2]] into %arg0[3, 0] [1, 8] [1, 1]
// BUF-LABEL: func.func @rows(
// BUF-NOT: memref.alloc
// BUF-NOT: memref.copy
// BUF: return
func.func @rows(%t: tensor<8x8xf32>, %v: f32, %w: f32) -> tensor<8x8xf32> {
  %e1 = tensor.empty() : tensor<4xf32>
  %f1 = linalg.fill ins(%v : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %f2 = linalg.fill ins(%w : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %row0 = tensor.empty() : tensor<8xf32>
  %half = tensor.insert_slice %f1 into %row0[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %row = tensor.insert_slice %f2 into %half[4] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %r = tensor.insert_slice %row into %t[3, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

func.func @main() {
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %true = arith.constant true
  %false = arith.constant false
  %e88 = tensor.empty() : tensor<8x8xf32>
  %t88 = linalg.fill ins(%z : f32) outs(%e88 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %d = func.call @rows(%t88, %two, %one) : (tensor<8x8xf32>, f32, f32) -> tensor<8x8xf32>
  %md = bufferization.to_buffer %d : tensor<8x8xf32> to memref<8x8xf32>
  %ud = memref.cast %md : memref<8x8xf32> to memref<*xf32>
  call @printMemrefF32(%ud) : (memref<*xf32>) -> ()
  return
}
