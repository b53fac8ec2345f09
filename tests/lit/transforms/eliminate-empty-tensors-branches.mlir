// eliminate-empty-tensors with several empties feeding one insertion: each
// branch of an scf.if fills its own empty and the if's result is inserted
// into the argument; both empties become slices of the argument, and the
// fills write into it (the if then yields a view of the slice, whose copy
// onto itself stays, as upstream). main copies because it reads %a after
// passing it on.
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

// Run of the whole program: 4 heap allocations and 3 copies with the
// pass, 6 and 3 without (upstream mlir-opt 22 with the pass: 9 and 3).
// STATS: run-stats: heap_allocs=4 {{.*}}copies=3
// STATS-BEFORE: run-stats: heap_allocs=6 {{.*}}copies=3

// CHECK-LABEL: func.func @either(
// CHECK: scf.if
// CHECK-NEXT: %[[S1:.*]] = tensor.extract_slice %arg0[4] [4] [1]
// CHECK-NEXT: linalg.fill ins(%arg2 : f32) outs(%[[S1]] : tensor<4xf32>)
// CHECK: else
// CHECK-NEXT: %[[S2:.*]] = tensor.extract_slice %arg0[4] [4] [1]
// CHECK-NEXT: linalg.fill ins(%arg3 : f32) outs(%[[S2]] : tensor<4xf32>)
// CHECK-NOT: tensor.empty
// CHECK: return
// BUF-LABEL: func.func @either(
// BUF-NOT: memref.alloc
// BUF: return
func.func @either(%t: tensor<8xf32>, %c: i1, %a: f32, %b: f32) -> tensor<8xf32> {
  %x = scf.if %c -> tensor<4xf32> {
    %e1 = tensor.empty() : tensor<4xf32>
    %f1 = linalg.fill ins(%a : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f1 : tensor<4xf32>
  } else {
    %e2 = tensor.empty() : tensor<4xf32>
    %f2 = linalg.fill ins(%b : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f2 : tensor<4xf32>
  }
  %r = tensor.insert_slice %x into %t[4] [4] [1] : tensor<4xf32> into tensor<8xf32>
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
  %a = func.call @either(%t8, %true, %one, %two) : (tensor<8xf32>, i1, f32, f32) -> tensor<8xf32>
  %b = func.call @either(%a, %false, %one, %two) : (tensor<8xf32>, i1, f32, f32) -> tensor<8xf32>
  %ma = bufferization.to_buffer %a : tensor<8xf32> to memref<8xf32>
  %ua = memref.cast %ma : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  %mb = bufferization.to_buffer %b : tensor<8xf32> to memref<8xf32>
  %ub = memref.cast %mb : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  return
}
