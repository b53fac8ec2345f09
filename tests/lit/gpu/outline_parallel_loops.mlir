// gpu-outline-parallel-loops: each top-level scf.parallel/scf.forall becomes
// a kernel over global memrefs with a grid-stride loop over the iteration
// points, and the host launches it where the loop was.
// RUN: buffer-opt --gpu-outline-parallel-loops %s | FileCheck %s
// RUN: buffer-opt --gpu-outline-parallel-loops %s | mlir-opt > /dev/null
// REQUIRES: mlir-opt

// The host: bounds and memrefs go through casts to global memory, in the
// loops' order; the scalar %s and the dynamic bound %n are parameters.
// CHECK-LABEL: func.func @scale(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x4xf32>, %[[B:[a-z0-9]+]]: memref<?x4xf32>, %[[S:[a-z0-9]+]]: f32)
// CHECK: %[[N:.*]] = memref.dim %[[A]]
// CHECK: %[[GA:.*]] = memref.memory_space_cast %[[A]] : memref<?x4xf32> to memref<?x4xf32, #gpu.memory_space<global>>
// CHECK: %[[GB:.*]] = memref.memory_space_cast %[[B]]
// CHECK: call @scale_kernel_0(%[[N]], %[[GA]], %[[S]], %[[GB]]) {bufferd.gpu_launch}
// CHECK-NOT: scf.parallel
// CHECK: call @scale_kernel_1({{.*}}) {bufferd.gpu_launch}
// CHECK-NEXT: return

// The kernel: 2-D bounds (dynamic upper bound, lower bound 1, step 2) noted
// for the manifest; constants cloned, not passed.
// CHECK-LABEL: func.func @scale_kernel_0(
// CHECK-SAME: %[[KN:[a-z0-9]+]]: index, %[[KA:[a-z0-9]+]]: memref<?x4xf32, #gpu.memory_space<global>>, %[[KS:[a-z0-9]+]]: f32, %[[KB:[a-z0-9]+]]: memref<?x4xf32, #gpu.memory_space<global>>)
// CHECK-SAME: bufferd.gpu_bounds = {{\[}}[0, "arg0", 1], [1, 4, 2]]
// CHECK-SAME: bufferd.gpu_kernel
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[LA:.*]] = memref.memory_space_cast %[[KA]] : memref<?x4xf32, #gpu.memory_space<global>> to memref<?x4xf32>
// CHECK: %[[LB:.*]] = memref.memory_space_cast %[[KB]]
// Global thread id = ctaid * ntid + tid, stride = nctaid * ntid.
// CHECK: %[[TID:.*]] = call @llvm.nvvm.read.ptx.sreg.tid.x() : () -> i32
// CHECK: %[[TIDX:.*]] = arith.index_castui %[[TID]]
// CHECK: %[[NTID:.*]] = call @llvm.nvvm.read.ptx.sreg.ntid.x()
// CHECK: %[[NTIDX:.*]] = arith.index_castui %[[NTID]]
// CHECK: %[[CTA:.*]] = call @llvm.nvvm.read.ptx.sreg.ctaid.x()
// CHECK: %[[CTAX:.*]] = arith.index_castui %[[CTA]]
// CHECK: %[[NCTA:.*]] = call @llvm.nvvm.read.ptx.sreg.nctaid.x()
// CHECK: %[[NCTAX:.*]] = arith.index_castui %[[NCTA]]
// CHECK: %[[BASE:.*]] = arith.muli %[[CTAX]], %[[NTIDX]]
// CHECK: %[[START:.*]] = arith.addi %[[BASE]], %[[TIDX]]
// CHECK: %[[STRIDE:.*]] = arith.muli %[[NCTAX]], %[[NTIDX]]
// Trip counts: ceildiv(4 - 1, 2) for j, and their product with i's.
// CHECK: arith.subi %[[KN]]
// CHECK: %[[SPANJ:.*]] = arith.subi %[[C4]], %[[C1]]
// CHECK: %[[TJ:.*]] = arith.ceildivsi %[[SPANJ]], %[[C2]]
// CHECK: %[[TRIPJ:.*]] = arith.maxsi %[[TJ]]
// CHECK: %[[TOTAL:.*]] = arith.muli %{{.*}}, %[[TRIPJ]]
// CHECK: scf.for %[[L:.*]] = %[[START]] to %[[TOTAL]] step %[[STRIDE]] {
// CHECK: %[[RJ:.*]] = arith.remsi %[[L]], %[[TRIPJ]]
// CHECK: %[[RI:.*]] = arith.divsi %[[L]], %[[TRIPJ]]
// CHECK: %[[J0:.*]] = arith.muli %[[RJ]], %[[C2]]
// CHECK: %[[J:.*]] = arith.addi %[[C1]], %[[J0]]
// CHECK: %[[I:.*]] = arith.addi
// CHECK: %[[X:.*]] = memref.load %[[LA]][%[[I]], %[[J]]]
// CHECK: %[[Y:.*]] = arith.mulf %[[X]], %[[KS]]
// CHECK: memref.store %[[Y]], %[[LB]][%[[I]], %[[J]]]
// CHECK-NEXT: }
// CHECK-NEXT: return

// scf.forall's static bound: 4 points, constants only.
// CHECK-LABEL: func.func @scale_kernel_1(
// CHECK-SAME: memref<?x4xf32, #gpu.memory_space<global>>, %{{.*}}: memref<?x4xf32, #gpu.memory_space<global>>)
// CHECK-SAME: bufferd.gpu_bounds = {{\[}}[0, 4, 1]]
func.func @scale(%a: memref<?x4xf32>, %b: memref<?x4xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %n = memref.dim %a, %c0 : memref<?x4xf32>
  scf.parallel (%i, %j) = (%c0, %c1) to (%n, %c4) step (%c1, %c2) {
    %x = memref.load %a[%i, %j] : memref<?x4xf32>
    %y = arith.mulf %x, %s : f32
    memref.store %y, %b[%i, %j] : memref<?x4xf32>
    scf.reduce
  }
  scf.forall (%k) in (4) {
    %x = memref.load %a[%c0, %k] : memref<?x4xf32>
    memref.store %x, %b[%c0, %k] : memref<?x4xf32>
  }
  return
}

// Nested parallel loops run inside the outer one's kernel; a loop with a
// reduction stays on the host.
// CHECK-LABEL: func.func @nested_and_reduce(
// CHECK: call @nested_and_reduce_kernel_0({{.*}}) {bufferd.gpu_launch}
// CHECK: scf.parallel {{.*}} init
// CHECK: scf.reduce(
// CHECK-LABEL: func.func @nested_and_reduce_kernel_0(
// CHECK-SAME: bufferd.gpu_bounds = {{\[}}[0, 2, 1]]
// CHECK: scf.for
// CHECK: scf.parallel
// CHECK-LABEL: func.func private @llvm.nvvm.read.ptx.sreg.tid.x() -> i32
func.func @nested_and_reduce(%m: memref<2x3xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c2) step (%c1) {
    scf.parallel (%j) = (%c0) to (%c3) step (%c1) {
      memref.store %z, %m[%i, %j] : memref<2x3xf32>
      scf.reduce
    }
    scf.reduce
  }
  %sum = scf.parallel (%i) = (%c0) to (%c2) step (%c1) init (%z) -> f32 {
    %v = memref.load %m[%i, %c0] : memref<2x3xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  return %sum : f32
}
