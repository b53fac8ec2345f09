// eliminate-empty-tensors into bufferization.materialize_in_destination:
// into a `restrict writable` memref, the empty becomes a
// `to_tensor restrict writable` of the memref (the op hands its `restrict`
// over, so only one such to_tensor exists) and the linalg.generic writes
// straight into the memref; into a tensor argument, the empty becomes the
// argument. Interpreter output is the same before and after; after One-Shot
// and deallocation no allocation and no copy remain in the callees (as in
// upstream mlir-opt 22's same pipeline; without the pass we allocate and
// copy once for each). Whole program, run: 2 heap allocations and no copy
// (without the pass 4 and 2; upstream with the pass: 7 and 0).
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
// Upstream reads what the pass prints.
// RUN: buffer-opt --eliminate-empty-tensors %s | mlir-opt > /dev/null
// REQUIRES: mlir-opt

// STATS: run-stats: heap_allocs=2 {{.*}}copies=0
// STATS-BEFORE: run-stats: heap_allocs=4 {{.*}}copies=2

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func @square_into_buffer(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<6xf32>, %[[M:[a-z0-9]+]]: memref<6xf32>
// CHECK-NEXT: %[[T:.*]] = bufferization.to_tensor %[[M]] restrict writable : memref<6xf32> to tensor<6xf32>
// CHECK-NEXT: %[[G:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<6xf32>) outs(%[[T]] : tensor<6xf32>)
// CHECK-NOT: tensor.empty
// CHECK: bufferization.materialize_in_destination %[[G]] in writable %[[M]]
// BUF-LABEL: func.func @square_into_buffer(
// BUF-SAME: %[[X:[a-z0-9]+]]: memref<6xf32>, %[[M:[a-z0-9]+]]: memref<6xf32>
// BUF-NEXT: linalg.generic {{.*}} ins(%[[X]] : memref<6xf32>) outs(%[[M]] : memref<6xf32>)
// BUF-NOT: memref.alloc
// BUF-NOT: memref.copy
// BUF: return
func.func @square_into_buffer(%x: tensor<6xf32>, %m: memref<6xf32>) {
  %e = tensor.empty() : tensor<6xf32>
  %sq = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) {
  ^bb0(%v: f32, %unused: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  bufferization.materialize_in_destination %sq in restrict writable %m : (tensor<6xf32>, memref<6xf32>) -> ()
  return
}

// Two empties feed one memref destination (through an scf.if): only one
// restrict to_tensor may exist, so one empty stays (as upstream).
// CHECK-LABEL: func.func @two_into_buffer(
// CHECK-COUNT-1: bufferization.to_tensor
// CHECK-NOT: bufferization.to_tensor
// CHECK: tensor.empty
// CHECK: bufferization.materialize_in_destination {{.*}} in writable
func.func @two_into_buffer(%m: memref<6xf32>, %a: f32, %b: f32, %c: i1) {
  %e1 = tensor.empty() : tensor<6xf32>
  %f1 = linalg.fill ins(%a : f32) outs(%e1 : tensor<6xf32>) -> tensor<6xf32>
  %e2 = tensor.empty() : tensor<6xf32>
  %f2 = linalg.fill ins(%b : f32) outs(%e2 : tensor<6xf32>) -> tensor<6xf32>
  %s = scf.if %c -> tensor<6xf32> {
    scf.yield %f1 : tensor<6xf32>
  } else {
    scf.yield %f2 : tensor<6xf32>
  }
  bufferization.materialize_in_destination %s in restrict writable %m : (tensor<6xf32>, memref<6xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @double_into_tensor(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<6xf32>, %[[D:[a-z0-9]+]]: tensor<6xf32>
// CHECK-NOT: tensor.empty
// CHECK: %[[G:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<6xf32>) outs(%[[D]] : tensor<6xf32>)
// CHECK: bufferization.materialize_in_destination %[[G]] in %[[D]]
// BUF-LABEL: func.func @double_into_tensor(
// BUF-NOT: memref.alloc
// BUF-NOT: memref.copy
// BUF: return
func.func @double_into_tensor(%x: tensor<6xf32>, %d: tensor<6xf32>) -> tensor<6xf32> {
  %e = tensor.empty() : tensor<6xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) {
  ^bb0(%v: f32, %unused: f32):
    %s = arith.addf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  %r = bufferization.materialize_in_destination %g in %d : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

func.func @main() {
  %three = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<6xf32>
  %x = linalg.fill ins(%three : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %m = memref.alloca() : memref<6xf32>
  call @square_into_buffer(%x, %m) : (tensor<6xf32>, memref<6xf32>) -> ()
  %u = memref.cast %m : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %d = bufferization.to_tensor %m restrict writable : memref<6xf32> to tensor<6xf32>
  %r = call @double_into_tensor(%x, %d) : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  %mr = bufferization.to_buffer %r : tensor<6xf32> to memref<6xf32>
  %ur = memref.cast %mr : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%ur) : (memref<*xf32>) -> ()
  return
}
