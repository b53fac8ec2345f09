// --cse: side-effect-free ops computing the same thing from the same
// operands merge into the one that dominates; ops with buffer effects,
// different attributes or types, and ops in sibling regions stay apart.
// The same checks hold for upstream's CSE.
// RUN: buffer-opt -split-input-file -cse %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -cse %s | FileCheck %s %}

// CHECK-LABEL: func.func @simple(
// CHECK-SAME: %[[X:[a-z0-9]+]]: index, %[[Y:[a-z0-9]+]]: index
// CHECK: %[[C:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[A:.*]] = arith.addi %[[X]], %[[Y]] : index
// CHECK-NEXT: %[[D:.*]] = arith.muli %[[A]], %[[C]] : index
// CHECK-NEXT: return %[[A]], %[[A]], %[[A]], %[[D]], %[[D]]
func.func @simple(%x: index, %y: index) -> (index, index, index, index, index) {
  %c1 = arith.constant 1 : index
  %a = arith.addi %x, %y : index
  %a2 = arith.addi %x, %y : index
  %b = arith.addi %y, %x : index
  %c1b = arith.constant 1 : index
  %d = arith.muli %a, %c1 : index
  %d2 = arith.muli %a2, %c1b : index
  return %a, %a2, %b, %d, %d2 : index, index, index, index, index
}

// -----

// Attributes and result types are part of what an op computes.
// CHECK-LABEL: func.func @attrs_and_types(
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi sgt
// CHECK: arith.index_cast %{{.*}} : index to i32
// CHECK: arith.index_cast %{{.*}} : index to i64
func.func @attrs_and_types(%x: index, %y: index) -> (i1, i1, i32, i64) {
  %a = arith.cmpi slt, %x, %y : index
  %b = arith.cmpi sgt, %x, %y : index
  %c = arith.index_cast %x : index to i32
  %d = arith.index_cast %x : index to i64
  return %a, %b, %c, %d : i1, i1, i32, i64
}

// -----

// A nested region sees the ops of the blocks around it; sibling regions
// do not see each other's ops.
// CHECK-LABEL: func.func @regions(
// CHECK: %[[A:.*]] = arith.muli
// CHECK: scf.if
// CHECK-NEXT: %[[S:.*]] = arith.subi
// CHECK-NEXT: scf.yield %[[A]], %[[S]]
// CHECK: else
// CHECK-NEXT: %[[T:.*]] = arith.subi
// CHECK-NEXT: scf.yield %[[T]], %[[T]]
func.func @regions(%c: i1, %x: index) -> (index, index) {
  %a = arith.muli %x, %x : index
  %r:2 = scf.if %c -> (index, index) {
    %a2 = arith.muli %x, %x : index
    %s = arith.subi %x, %a2 : index
    scf.yield %a2, %s : index, index
  } else {
    %s2 = arith.subi %x, %a : index
    %s3 = arith.subi %x, %a : index
    scf.yield %s2, %s3 : index, index
  }
  return %r#0, %r#1 : index, index
}

// -----

// An op in the entry block serves the blocks it dominates.
// CHECK-LABEL: func.func @blocks(
// CHECK: %[[A:.*]] = arith.addi
// CHECK: ^bb1:
// CHECK-NEXT: return %[[A]], %[[A]]
func.func @blocks(%x: index) -> (index, index) {
  %a = arith.addi %x, %x : index
  cf.br ^bb1
^bb1:
  %b = arith.addi %x, %x : index
  return %a, %b : index, index
}

// -----

// Unused ops without effects go.
// CHECK-LABEL: func.func @dead(
// CHECK-NOT: arith.addi
// CHECK: return
func.func @dead(%x: index) {
  %a = arith.addi %x, %x : index
  return
}

// -----

// Loads may see a write in between; to_tensor reads its buffer; fresh
// allocations are distinct buffers. None of them merge.
// CHECK-LABEL: func.func @effects(
// CHECK-COUNT-2: memref.load
// CHECK-COUNT-2: bufferization.to_tensor
// CHECK-COUNT-2: memref.alloc
func.func @effects(%m: memref<4xf32>, %i: index, %v: f32) -> (f32, f32, tensor<4xf32>, tensor<4xf32>, memref<4xf32>, memref<4xf32>) {
  %a = memref.load %m[%i] : memref<4xf32>
  memref.store %v, %m[%i] : memref<4xf32>
  %b = memref.load %m[%i] : memref<4xf32>
  %t = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  memref.store %v, %m[%i] : memref<4xf32>
  %u = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %x = memref.alloc() : memref<4xf32>
  %y = memref.alloc() : memref<4xf32>
  return %a, %b, %t, %u, %x, %y : f32, f32, tensor<4xf32>, tensor<4xf32>, memref<4xf32>, memref<4xf32>
}

// -----

// Sizes of one buffer do not change: dims merge.
// CHECK-LABEL: func.func @dims(
// CHECK-COUNT-1: memref.dim
// CHECK-NOT: memref.dim
func.func @dims(%m: memref<?xf32>, %v: f32) -> (index, index) {
  %c0 = arith.constant 0 : index
  %a = memref.dim %m, %c0 : memref<?xf32>
  memref.store %v, %m[%c0] : memref<?xf32>
  %b = memref.dim %m, %c0 : memref<?xf32>
  return %a, %b : index, index
}

// -----

// Ops with regions merge when they compute the same: two fills of one
// value into one init on tensors, two generics with the same body (their
// block arguments matched up). A body that differs, or a fill into a
// buffer (a write), does not merge.
// CHECK-LABEL: func.func @regions(
// CHECK-SAME: %[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32, %[[M:[^:]*]]: memref<4xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[X]] : f32) outs(%[[E]] : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NOT: linalg.fill ins(%[[X]] : f32) outs(%[[E]]
// CHECK: %[[G:.*]] = linalg.generic
// CHECK: arith.addf
// CHECK: %[[H:.*]] = linalg.generic
// CHECK: arith.mulf
// CHECK-COUNT-2: linalg.fill ins(%[[Y]] : f32) outs(%[[M]] : memref<4xf32>)
// CHECK: return %[[F]], %[[F]], %[[G]], %[[G]], %[[H]] :
#id = affine_map<(d0) -> (d0)>
func.func @regions(%x: f32, %y: f32, %m: memref<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %f1 = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %f2 = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %g1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%f1 : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %g2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%f2 : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%c: f32, %d: f32):
    %t = arith.addf %c, %y : f32
    linalg.yield %t : f32
  } -> tensor<4xf32>
  %g3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%f2 : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%c: f32, %d: f32):
    %t = arith.mulf %c, %y : f32
    linalg.yield %t : f32
  } -> tensor<4xf32>
  linalg.fill ins(%y : f32) outs(%m : memref<4xf32>)
  linalg.fill ins(%y : f32) outs(%m : memref<4xf32>)
  return %f1, %f2, %g1, %g2, %g3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
