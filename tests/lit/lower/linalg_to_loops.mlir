// convert-linalg-to-loops: loop nests from indexing maps, loads of read
// operands only, body inlined, stores of yields; the interpreter prints the
// same before and after the pass.
// RUN: buffer-opt --convert-linalg-to-loops %s | FileCheck %s
// RUN: buffer-opt --run=main %s > %t.before
// RUN: buffer-opt --convert-linalg-to-loops --run=main --run-leak-check %s > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --check-prefix=OUT < %t.after

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#shift = affine_map<(d0, d1) -> (d1 floordiv 2, d0 mod 2)>

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func @fill
// CHECK-NOT: linalg.
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NOT: memref.load
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]] : memref<2x3xf32>
func.func @fill(%m: memref<2x3xf32>, %v: f32) {
  linalg.fill ins(%v : f32) outs(%m : memref<2x3xf32>)
  return
}

// A broadcast of a row vector plus linalg.index; the dynamic extent comes
// from memref.dim of the first operand tied to the loop.
// CHECK-LABEL: func.func @bcast_index
// CHECK: %[[D0:.*]] = memref.dim %arg0, %c0
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[D0]]
// CHECK: scf.for %[[J:.*]] =
// CHECK: %[[A:.*]] = memref.load %arg0[%[[I]]] : memref<?xf32>
// CHECK: arith.index_cast %[[J]]
// CHECK: memref.store %{{.*}}, %arg1[%[[I]], %[[J]]]
func.func @bcast_index(%a: memref<?xf32>, %out: memref<?x3xf32>) {
  linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<?xf32>) outs(%out : memref<?x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %s = arith.addf %x, %jf : f32
    linalg.yield %s : f32
  }
  return
}

// Reductions read their output: matmul loads C, A and B in the k loop.
// CHECK-LABEL: func.func @mm
// CHECK: scf.for %[[I:.*]] =
// CHECK: scf.for %[[J:.*]] =
// CHECK: scf.for %[[K:.*]] =
// CHECK-DAG: memref.load %arg0[%[[I]], %[[K]]]
// CHECK-DAG: memref.load %arg1[%[[K]], %[[J]]]
// CHECK-DAG: memref.load %arg2[%[[I]], %[[J]]]
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %arg2[%[[I]], %[[J]]]
func.func @mm(%a: memref<2x4xf32>, %b: memref<4x3xf32>, %c: memref<2x3xf32>) {
  linalg.matmul ins(%a, %b : memref<2x4xf32>, memref<4x3xf32>) outs(%c : memref<2x3xf32>)
  return
}

// floordiv and mod in an indexing map become index arithmetic.
// CHECK-LABEL: func.func @shifted
// CHECK: arith.floordivsi
// CHECK: arith.remsi
func.func @shifted(%a: memref<2x2xf32>, %out: memref<2x4xf32>) {
  linalg.generic {indexing_maps = [#shift, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<2x2xf32>) outs(%out : memref<2x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  return
}

// OUT: {{\[\[}}0,   1,   2],
// OUT-NEXT: [1,   2,   3]]
// OUT: {{\[\[}}9,   9,   9],
// OUT-NEXT: [9,   9,   9]]
// OUT: {{\[\[}}0,   0,   2,   2],
// OUT-NEXT: [1,   1,   3,   3]]
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f0 = arith.constant 0.0 : f32
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %a = memref.alloc(%c2) : memref<?xf32>
  memref.store %f0, %a[%c0] : memref<?xf32>
  memref.store %f1, %a[%c1] : memref<?xf32>
  %o = memref.alloc(%c2) : memref<?x3xf32>
  call @bcast_index(%a, %o) : (memref<?xf32>, memref<?x3xf32>) -> ()
  %u = memref.cast %o : memref<?x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %ma = memref.alloc() : memref<2x4xf32>
  %mb = memref.alloc() : memref<4x3xf32>
  %mc = memref.alloc() : memref<2x3xf32>
  call @fill2x4(%ma, %f1) : (memref<2x4xf32>, f32) -> ()
  linalg.fill ins(%f2 : f32) outs(%mb : memref<4x3xf32>)
  call @fill(%mc, %f1) : (memref<2x3xf32>, f32) -> ()
  call @mm(%ma, %mb, %mc) : (memref<2x4xf32>, memref<4x3xf32>, memref<2x3xf32>) -> ()
  %uc = memref.cast %mc : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
  %s = memref.alloc() : memref<2x2xf32>
  %sv = memref.alloc() : memref<2x4xf32>
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%s : memref<2x2xf32>) {
  ^bb0(%oo: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.addi %i, %j : index
    %k2 = arith.addi %k, %i : index
    %ki = arith.index_cast %k2 : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    linalg.yield %kf : f32
  }
  call @shifted(%s, %sv) : (memref<2x2xf32>, memref<2x4xf32>) -> ()
  %us = memref.cast %sv : memref<2x4xf32> to memref<*xf32>
  call @printMemrefF32(%us) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %o : memref<?x3xf32>
  memref.dealloc %ma : memref<2x4xf32>
  memref.dealloc %mb : memref<4x3xf32>
  memref.dealloc %mc : memref<2x3xf32>
  memref.dealloc %s : memref<2x2xf32>
  memref.dealloc %sv : memref<2x4xf32>
  return
}

func.func @fill2x4(%m: memref<2x4xf32>, %v: f32) {
  linalg.fill ins(%v : f32) outs(%m : memref<2x4xf32>)
  return
}
