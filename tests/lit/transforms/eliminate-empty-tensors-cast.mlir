// eliminate-empty-tensors through tensor.cast: the empty (of a dynamic
// shape) reaches the insert_slice through a cast to a static shape; it
// becomes the destination's slice cast back to the empty's type, and the
// fill writes into the argument.
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
// pass, 3 and 1 without (upstream mlir-opt 22 with the pass: 7 and 0).
// STATS: run-stats: heap_allocs=2 {{.*}}copies=0
// STATS-BEFORE: run-stats: heap_allocs=3 {{.*}}copies=1

// CHECK-LABEL: func.func @cast_into(
// CHECK-NOT: tensor.empty
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[S]] : tensor<4xf32> to tensor<?xf32>
// CHECK-NEXT: linalg.fill ins(%arg1 : f32) outs(%[[C]] : tensor<?xf32>)
// BUF-LABEL: func.func @cast_into(
// BUF-NOT: memref.alloc
// BUF-NOT: memref.copy
// BUF: return
func.func @cast_into(%t: tensor<8xf32>, %v: f32) -> tensor<8xf32> {
  %c4 = arith.constant 4 : index
  %e = tensor.empty(%c4) : tensor<?xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %s = tensor.cast %f : tensor<?xf32> to tensor<4xf32>
  %r = tensor.insert_slice %s into %t[2] [4] [1] : tensor<4xf32> into tensor<8xf32>
  return %r : tensor<8xf32>
}

func.func @main() {
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %true = arith.constant true
  %false = arith.constant false
  %e8 = tensor.empty() : tensor<8xf32>
  %t8 = linalg.fill ins(%z : f32) outs(%e8 : tensor<8xf32>) -> tensor<8xf32>
  %a = func.call @cast_into(%t8, %one) : (tensor<8xf32>, f32) -> tensor<8xf32>
  %ma = bufferization.to_buffer %a : tensor<8xf32> to memref<8xf32>
  %ua = memref.cast %ma : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  return
}
