// convert-linalg-to-loops{interchange-reductions} (what the LLVM lowering
// runs): an innermost reduction moves outside the loop over the output's
// contiguous index when the output is a buffer the function allocated that
// no input views and the inputs follow that loop along their last index.
// Each output element accumulates in the same order: the interpreter
// prints the same numbers before and after, and the same as without it.
// RUN: buffer-opt --convert-linalg-to-loops=interchange-reductions %s | FileCheck %s
// RUN: buffer-opt --run=main %s > %t.before
// RUN: buffer-opt --convert-linalg-to-loops=interchange-reductions --run=main --run-leak-check %s > %t.after
// RUN: buffer-opt --convert-linalg-to-loops --run=main %s > %t.plain
// RUN: diff %t.before %t.after
// RUN: diff %t.before %t.plain
// RUN: FileCheck %s --check-prefix=OUT < %t.after

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

func.func private @printMemrefF32(memref<*xf32>)

// A fresh output: i, k, j.
// CHECK-LABEL: func.func @mm_fresh
// CHECK: memref.store %cst
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %c3{{.*}} step
// CHECK-NEXT: scf.for %[[K:.*]] = %{{.*}} to %c4{{.*}} step
// CHECK-NEXT: scf.for %[[J:.*]] = %{{.*}} to %c2{{.*}} step
// CHECK-DAG: memref.load %arg0[%[[I]], %[[K]]]
// CHECK-DAG: memref.load %arg1[%[[K]], %[[J]]]
// CHECK: memref.store %{{.*}}, %[[C:.*]][%[[I]], %[[J]]]
func.func @mm_fresh(%a: memref<3x4xf32>, %b: memref<4x2xf32>) -> memref<3x2xf32> {
  %z = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<3x2xf32>
  linalg.fill ins(%z : f32) outs(%c : memref<3x2xf32>)
  linalg.matmul ins(%a, %b : memref<3x4xf32>, memref<4x2xf32>) outs(%c : memref<3x2xf32>)
  return %c : memref<3x2xf32>
}

// The output is an argument, which may be an input too: i, j, k.
// CHECK-LABEL: func.func @mm_arg
// CHECK: scf.for %[[I:.*]] =
// CHECK-NEXT: scf.for %[[J:.*]] =
// CHECK-NEXT: scf.for %[[K:.*]] =
// CHECK: memref.store %{{.*}}, %arg0[%[[I]], %[[J]]]
func.func @mm_arg(%a: memref<2x2xf32>, %b: memref<2x2xf32>) {
  linalg.matmul ins(%a, %b : memref<2x2xf32>, memref<2x2xf32>) outs(%a : memref<2x2xf32>)
  return
}

// A fresh output that an input views: i, j, k.
// CHECK-LABEL: func.func @mm_view
// CHECK: memref.store %cst
// CHECK: scf.for %[[I:.*]] =
// CHECK-NEXT: scf.for %[[J:.*]] =
// CHECK-NEXT: scf.for %[[K:.*]] =
func.func @mm_view(%b: memref<2x2xf32>) -> memref<2x2xf32> {
  %one = arith.constant 1.0 : f32
  %c = memref.alloc() : memref<2x2xf32>
  linalg.fill ins(%one : f32) outs(%c : memref<2x2xf32>)
  %v = memref.cast %c : memref<2x2xf32> to memref<?x?xf32>
  linalg.matmul ins(%v, %b : memref<?x?xf32>, memref<2x2xf32>) outs(%c : memref<2x2xf32>)
  return %c : memref<2x2xf32>
}

// Row sums: the output's only index is the input's row, so the inner loop
// would stride across rows; i, j kept.
// CHECK-LABEL: func.func @row_sum
// CHECK: memref.store %cst
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %c3{{.*}} step
// CHECK-NEXT: scf.for %[[J:.*]] = %{{.*}} to %c4{{.*}} step
// CHECK: memref.load %arg0[%[[I]], %[[J]]]
func.func @row_sum(%a: memref<3x4xf32>) -> memref<3xf32> {
  %z = arith.constant 0.0 : f32
  %s = memref.alloc() : memref<3xf32>
  linalg.fill ins(%z : f32) outs(%s : memref<3xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<3x4xf32>) outs(%s : memref<3xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.addf %acc, %x : f32
    linalg.yield %r : f32
  }
  return %s : memref<3xf32>
}

func.func @main() {
  %a = memref.alloc() : memref<3x4xf32>
  %b = memref.alloc() : memref<4x2xf32>
  %sq = memref.alloc() : memref<2x2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %tenth = arith.constant 0.1 : f32
  %third = arith.constant 0.333 : f32
  // a[i][k] = 0.1 * (i * 4 + k) + 1e-3 (sums that round differently when
  // reordered), b[k][j] = 0.333 * (k - j).
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %k = %c0 to %c4 step %c1 {
      %n = arith.muli %i, %c4 : index
      %nk = arith.addi %n, %k : index
      %ni = arith.index_cast %nk : index to i32
      %f = arith.sitofp %ni : i32 to f32
      %v = arith.mulf %f, %tenth : f32
      %eps = arith.constant 1.0e-3 : f32
      %w = arith.addf %v, %eps : f32
      memref.store %w, %a[%i, %k] : memref<3x4xf32>
    }
  }
  scf.for %k = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %d = arith.subi %k, %j : index
      %di = arith.index_cast %d : index to i32
      %f = arith.sitofp %di : i32 to f32
      %v = arith.mulf %f, %third : f32
      memref.store %v, %b[%k, %j] : memref<4x2xf32>
    }
  }
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %v = memref.load %b[%i, %j] : memref<4x2xf32>
      memref.store %v, %sq[%i, %j] : memref<2x2xf32>
    }
  }
  %m = call @mm_fresh(%a, %b) : (memref<3x4xf32>, memref<4x2xf32>) -> memref<3x2xf32>
  %m_u = memref.cast %m : memref<3x2xf32> to memref<*xf32>
  call @printMemrefF32(%m_u) : (memref<*xf32>) -> ()
  %sq2 = memref.alloc() : memref<2x2xf32>
  memref.copy %sq, %sq2 : memref<2x2xf32> to memref<2x2xf32>
  call @mm_arg(%sq, %sq2) : (memref<2x2xf32>, memref<2x2xf32>) -> ()
  %sq_u = memref.cast %sq : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%sq_u) : (memref<*xf32>) -> ()
  %v = call @mm_view(%sq2) : (memref<2x2xf32>) -> memref<2x2xf32>
  %v_u = memref.cast %v : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%v_u) : (memref<*xf32>) -> ()
  %s = call @row_sum(%a) : (memref<3x4xf32>) -> memref<3xf32>
  %s_u = memref.cast %s : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%s_u) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<3x2xf32>
  memref.dealloc %v : memref<2x2xf32>
  memref.dealloc %s : memref<3xf32>
  memref.dealloc %sq2 : memref<2x2xf32>
  memref.dealloc %sq : memref<2x2xf32>
  memref.dealloc %a : memref<3x4xf32>
  memref.dealloc %b : memref<4x2xf32>
  return
}
// OUT: Unranked Memref {{.*}} rank = 2 offset = 0 sizes = [3, 2]
// OUT: Unranked Memref {{.*}} rank = 2 offset = 0 sizes = [2, 2]
// OUT: Unranked Memref {{.*}} rank = 2 offset = 0 sizes = [2, 2]
// OUT: Unranked Memref {{.*}} rank = 1 offset = 0 sizes = [3]
