// REQUIRES: mlir-opt
// canonicalize simplifies bufferization.clone and bufferization.dealloc as
// mlir-opt does: a clone whose source (or itself) is freed once right
// after in its block is the source; a clone of a cast clones the cast's
// source; a dealloc drops false conditions, merges repeated memrefs (or-ing
// their conditions) and repeated retained values, frees an allocation
// instead of its extracted base buffer, forgets allocations nothing else
// uses, and goes when nothing is left to free; an alloc_tensor gets its
// constant sizes static.
// RUN: buffer-opt %s -canonicalize -split-input-file -allow-unregistered-dialect | FileCheck %s
// RUN: mlir-opt %s -canonicalize -split-input-file -allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @copy_then_free_source(
//  CHECK-SAME:   %[[A:.*]]: memref<8xf16>) -> memref<8xf16> {
//  CHECK-NEXT:   "sink"(%[[A]])
//  CHECK-NEXT:   return %[[A]]
func.func @copy_then_free_source(%a: memref<8xf16>) -> memref<8xf16> {
  %c = bufferization.clone %a : memref<8xf16> to memref<8xf16>
  memref.dealloc %a : memref<8xf16>
  "sink"(%c) : (memref<8xf16>) -> ()
  return %c : memref<8xf16>
}

// -----

// The clone is freed twice (once per branch): left alone.
// CHECK-LABEL: func.func @freed_on_two_paths(
//       CHECK:   %[[C:.*]] = bufferization.clone
//       CHECK:   memref.dealloc %[[C]]
//       CHECK:   memref.dealloc %[[C]]
func.func @freed_on_two_paths(%a: memref<4xi8>, %p: i1) -> memref<4xi8> {
  %c = bufferization.clone %a : memref<4xi8> to memref<4xi8>
  scf.if %p {
    memref.dealloc %c : memref<4xi8>
  } else {
    memref.dealloc %c : memref<4xi8>
  }
  return %a : memref<4xi8>
}

// -----

// CHECK-LABEL: func.func @clone_of_cast(
//  CHECK-SAME:   %[[A:.*]]: memref<?x4xf32>)
//  CHECK-NEXT:   %[[C:.*]] = bufferization.clone %[[A]] : memref<?x4xf32> to memref<3x4xf32>
//  CHECK-NEXT:   "sink"(%[[C]])
func.func @clone_of_cast(%a: memref<?x4xf32>) {
  %s = memref.cast %a : memref<?x4xf32> to memref<3x4xf32>
  %c = bufferization.clone %s : memref<3x4xf32> to memref<3x4xf32>
  "sink"(%c) : (memref<3x4xf32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @dealloc_rewrites(
//  CHECK-SAME:   %[[M:.*]]: memref<3xi64>, %[[P:.*]]: i1, %[[Q:.*]]: i1, %[[R:.*]]: memref<3xi64>)
//       CHECK:   %[[OWN:.*]] = memref.alloc() : memref<3xi64>
//       CHECK:   "sink"(%[[OWN]])
//       CHECK:   %[[OR:.*]] = arith.ori %[[P]], %[[Q]] : i1
//       CHECK:   %[[RES:.*]] = bufferization.dealloc (%[[M]], %[[OWN]] : memref<3xi64>, memref<3xi64>) if (%[[OR]], %[[Q]]) retain (%[[R]] : memref<3xi64>)
//       CHECK:   return %[[RES]], %[[RES]] : i1, i1
func.func @dealloc_rewrites(%m: memref<3xi64>, %p: i1, %q: i1, %r: memref<3xi64>) -> (i1, i1) {
  %false = arith.constant false
  %own = memref.alloc() : memref<3xi64>
  "sink"(%own) : (memref<3xi64>) -> ()
  %unused = memref.alloc() : memref<3xi64>
  %base, %off, %size, %stride = memref.extract_strided_metadata %own : memref<3xi64> -> memref<i64>, index, index, index
  %0:2 = bufferization.dealloc (%m, %unused, %m, %base, %r : memref<3xi64>, memref<3xi64>, memref<3xi64>, memref<i64>, memref<3xi64>) if (%p, %p, %q, %q, %false) retain (%r, %r : memref<3xi64>, memref<3xi64>)
  return %0#0, %0#1 : i1, i1
}

// -----

// CHECK-LABEL: func.func @nothing_left(
//  CHECK-NEXT:   %[[F:.*]] = arith.constant false
//  CHECK-NEXT:   return %[[F]] : i1
func.func @nothing_left(%m: memref<2xf32>, %r: memref<2xf32>) -> i1 {
  %false = arith.constant false
  %0 = bufferization.dealloc (%m : memref<2xf32>) if (%false) retain (%r : memref<2xf32>)
  return %0 : i1
}

// -----

// An alloc_tensor's constant dynamic size becomes static behind a cast.
// CHECK-LABEL: func.func @alloc_tensor_constant_size(
//       CHECK:   %[[T:.*]] = bufferization.alloc_tensor(%{{.*}}) : tensor<3x?x5xi16>
//       CHECK:   %[[C:.*]] = tensor.cast %[[T]] : tensor<3x?x5xi16> to tensor<?x?x5xi16>
//       CHECK:   return %[[C]]
func.func @alloc_tensor_constant_size(%n: index) -> tensor<?x?x5xi16> {
  %c3 = arith.constant 3 : index
  %t = bufferization.alloc_tensor(%c3, %n) : tensor<?x?x5xi16>
  return %t : tensor<?x?x5xi16>
}
