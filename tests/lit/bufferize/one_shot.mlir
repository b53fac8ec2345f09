// One-Shot Bufferize on small programs: in-place chains, a read-after-write
// conflict forcing exactly one copy, loops, branches, calls, constants.
// RUN: buffer-opt --split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s

// An in-place chain: fill then insert into the argument, no allocation.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME: %[[A:.*]]: memref<4xf32>
// CHECK-NOT: memref.alloc
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<4xf32>)
// CHECK: memref.store %{{.*}}, %[[A]][%{{.*}}]
// CHECK: return %[[A]]
func.func @chain(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert %v into %f[%c1] : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// The old element is read after the insert: exactly one copy.
// CHECK-LABEL: func.func @conflict(
// CHECK-SAME: %[[A:.*]]: memref<4xf32>
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.copy %[[A]], %[[C]]
// CHECK-NOT: memref.copy
// CHECK: memref.store %{{.*}}, %[[C]]
// CHECK: memref.load %[[A]]
func.func @conflict(%t: tensor<4xf32>, %v: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %r = tensor.insert %v into %t[%c0] : tensor<4xf32>
  %old = tensor.extract %t[%c0] : tensor<4xf32>
  return %r, %old : tensor<4xf32>, f32
}

// -----

// A tiled loop updates its iter_arg in place: subviews, no copy, no self-copy.
// CHECK-LABEL: func.func @tiles(
// CHECK-SAME: %[[A:.*]]: memref<8xf32>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: scf.for {{.*}} iter_args(%[[IT:.*]] = %[[A]]) -> (memref<8xf32>)
// CHECK: %[[SV:.*]] = memref.subview %[[IT]]
// CHECK: linalg.generic {{.*}} outs(%[[SV]]
// CHECK: scf.yield %[[IT]]
#id = affine_map<(d0) -> (d0)>
func.func @tiles(%t: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c2 iter_args(%acc = %t) -> (tensor<8xf32>) {
    %s = tensor.extract_slice %acc[%i] [2] [1] : tensor<8xf32> to tensor<2xf32>
    %d = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%s : tensor<2xf32>) {
    ^bb0(%x: f32):
      %y = arith.addf %x, %x : f32
      linalg.yield %y : f32
    } -> tensor<2xf32>
    %n = tensor.insert_slice %d into %acc[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    scf.yield %n : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// A constant is a read-only global: a write goes to a copy.
// CHECK: memref.global "private" constant @__constant_2xf32 : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
// CHECK-LABEL: func.func @patch(
// CHECK: %[[G:.*]] = memref.get_global @__constant_2xf32 : memref<2xf32>
// CHECK: %[[C:.*]] = memref.alloc()
// CHECK: memref.copy %[[G]], %[[C]]
// CHECK: memref.store %{{.*}}, %[[C]]
func.func @patch(%v: f32) -> tensor<2xf32> {
  %c0 = arith.constant 0 : index
  %k = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %r = tensor.insert %v into %k[%c0] : tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// A callee that writes its argument needs a fresh buffer at the call site
// when the caller still reads the old value; the callee never reads it, so
// the old contents are not copied.
// CHECK-LABEL: func.func @writer(
// CHECK-NOT: memref.alloc
// CHECK-LABEL: func.func @caller(
// CHECK-SAME: %[[A:.*]]: memref<4xf32>
// CHECK: %[[C:.*]] = memref.alloc()
// CHECK-NOT: memref.copy
// CHECK: call @writer(%[[C]])
// CHECK: return %{{.*}}, %[[A]]
func.func @writer(%t: tensor<4xf32>) -> tensor<4xf32> {
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %f : tensor<4xf32>
}
func.func @caller(%t: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = call @writer(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %r, %t : tensor<4xf32>, tensor<4xf32>
}
