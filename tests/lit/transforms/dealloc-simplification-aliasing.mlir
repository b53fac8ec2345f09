// buffer-deallocation-simplification with may/must-alias facts, as
// upstream's pass applies them: a retained value no memref may alias leaves
// the op (its result is false), a memref in a retained value's allocation
// leaves it (its condition passes to that result), memrefs that alias no
// other one get deallocs of their own, and a memref listed twice is freed
// once. Two function arguments may alias; an allocation aliases nothing
// that existed before it ran.
// RUN: buffer-opt %s --buffer-deallocation-simplification -split-input-file | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt %s --buffer-deallocation-simplification -split-input-file | FileCheck %s %}

// CHECK-LABEL: func @fresh_never_retained(
//  CHECK-SAME:   %[[C:.*]]: i1, %[[IN:.*]]: memref<4xf64>)
//  CHECK-NEXT:   %[[F:.*]] = arith.constant false
//  CHECK-NEXT:   %[[A:.*]] = memref.alloc() : memref<4xf64>
//  CHECK-NEXT:   memref.copy %[[IN]], %[[A]]
//  CHECK-NEXT:   bufferization.dealloc (%[[A]] : memref<4xf64>) if (%[[C]])
//   CHECK-NOT:   retain
//  CHECK-NEXT:   return %[[F]], %[[F]]
func.func @fresh_never_retained(%c: i1, %in: memref<4xf64>) -> (i1, i1) {
  %a = memref.alloc() : memref<4xf64>
  memref.copy %in, %a : memref<4xf64> to memref<4xf64>
  %unused = memref.alloc() : memref<4xf64>
  %r:2 = bufferization.dealloc (%a : memref<4xf64>) if (%c) retain (%unused, %in : memref<4xf64>, memref<4xf64>)
  return %r#0, %r#1 : i1, i1
}

// -----

// The argument and the allocation alias nothing else: one dealloc each,
// each keeping only the retained values it may alias.
// CHECK-LABEL: func @split_apart(
//  CHECK-SAME:   %[[C:.*]]: i1, %[[D:.*]]: i1, %[[P:.*]]: memref<3xi8>, %[[Q:.*]]: memref<3xi8>)
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<3xi8>
//  CHECK-NEXT:   memref.copy %[[P]], %[[A]]
//  CHECK-NEXT:   bufferization.dealloc (%[[A]] : memref<3xi8>) if (%[[C]])
//   CHECK-NOT:   retain
//  CHECK-NEXT:   %[[R:.*]] = bufferization.dealloc (%[[P]] : memref<3xi8>) if (%[[D]]) retain (%[[Q]] : memref<3xi8>)
//  CHECK-NEXT:   return %[[R]]
func.func @split_apart(%c: i1, %d: i1, %p: memref<3xi8>, %q: memref<3xi8>) -> i1 {
  %a = memref.alloc() : memref<3xi8>
  memref.copy %p, %a : memref<3xi8> to memref<3xi8>
  %r = bufferization.dealloc (%a, %p : memref<3xi8>, memref<3xi8>) if (%c, %d) retain (%q : memref<3xi8>)
  return %r : i1
}

// -----

// Both arguments are retained with a true condition: they are owned after
// the op whatever aliases what, and only the third one stays to be freed.
// CHECK-LABEL: func @owned_anyway(
//  CHECK-SAME:   %[[X:.*]]: memref<2xf32>, %[[Y:.*]]: memref<2xf32>, %[[Z:.*]]: memref<2xf32>)
//       CHECK:   %[[T:.*]] = arith.constant true
//       CHECK:   bufferization.dealloc (%[[Z]] : memref<2xf32>) if (%[[T]]) retain (%[[X]], %[[Y]] :
//  CHECK-NEXT:   return %[[T]], %[[T]]
func.func @owned_anyway(%x: memref<2xf32>, %y: memref<2xf32>, %z: memref<2xf32>) -> (i1, i1) {
  %t = arith.constant true
  %r:2 = bufferization.dealloc (%x, %y, %z : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%t, %t, %t) retain (%x, %y : memref<2xf32>, memref<2xf32>)
  return %r#0, %r#1 : i1, i1
}

// -----

// The buffer the loop brought in existed before this iteration's
// allocation: the retained allocation cannot be it.
// CHECK-LABEL: func @previous_iteration(
//       CHECK:   %[[T:.*]] = arith.constant true
//       CHECK:   scf.for {{.*}} iter_args(%[[IT:.*]] = %{{.*}}, %[[OWN:.*]] = %{{.*}})
//       CHECK:     %[[NEW:.*]] = memref.alloc() : memref<8xi16>
//       CHECK:     bufferization.dealloc (%[[IT]] : memref<8xi16>) if (%[[OWN]])
//   CHECK-NOT:     retain
//  CHECK-NEXT:     scf.yield %[[NEW]], %[[T]]
func.func @previous_iteration(%init: memref<8xi16>, %n: index) -> memref<8xi16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant true
  %f = arith.constant false
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%it = %init, %own = %f) -> (memref<8xi16>, i1) {
    %new = memref.alloc() : memref<8xi16>
    memref.copy %it, %new : memref<8xi16> to memref<8xi16>
    %keep = bufferization.dealloc (%it, %new : memref<8xi16>, memref<8xi16>) if (%own, %t) retain (%new : memref<8xi16>)
    scf.yield %new, %keep : memref<8xi16>, i1
  }
  return %r#0 : memref<8xi16>
}

// -----

// CHECK-LABEL: func @listed_twice(
//       CHECK:   %[[R:.*]] = bufferization.dealloc (%{{.*}} : memref<5xi32>) if (%{{.*}}) retain (%{{.*}} : memref<7xi32>)
//  CHECK-NEXT:   return %[[R]]
func.func @listed_twice(%m: memref<5xi32>, %keep: memref<7xi32>, %c: i1) -> i1 {
  %r = bufferization.dealloc (%m, %m : memref<5xi32>, memref<5xi32>) if (%c, %c) retain (%keep : memref<7xi32>)
  return %r : i1
}

// -----

// Two arguments may be one buffer: nothing to simplify.
// CHECK-LABEL: func @arguments_may_alias(
//  CHECK-NEXT:   %[[R:.*]] = bufferization.dealloc (%{{.*}}, %{{.*}} : memref<2xi64>, memref<2xi64>) if (%{{.*}}, %{{.*}}) retain (%{{.*}} : memref<2xi64>)
//  CHECK-NEXT:   return %[[R]]
func.func @arguments_may_alias(%a: memref<2xi64>, %b: memref<2xi64>, %k: memref<2xi64>, %c: i1, %d: i1) -> i1 {
  %r = bufferization.dealloc (%a, %b : memref<2xi64>, memref<2xi64>) if (%c, %d) retain (%k : memref<2xi64>)
  return %r : i1
}
