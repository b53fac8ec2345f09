// --inline: calls to functions of the module are replaced by their bodies,
// then every function is canonicalized and private functions nothing calls
// any more are erased. Recursive callees, calls marked no_inline, bodies
// with unregistered ops, and bodies of several blocks called from a
// single-block region stay calls; so do calls of a function marked
// no_inline.
// RUN: buffer-opt %s -inline -allow-unregistered-dialect -split-input-file | FileCheck %s
// RUN: buffer-opt %s -inline="default-pipeline=" -allow-unregistered-dialect -split-input-file | FileCheck %s --check-prefix=RAW
// RUN: buffer-opt %s -pass-pipeline="builtin.module(inline{op-pipelines=func.func(cse)})" -allow-unregistered-dialect -split-input-file | FileCheck %s --check-prefix=RAW

// CHECK-LABEL: func.func @twice_plus_one(
//  CHECK-SAME:   %[[X:.*]]: i64
//   CHECK-NOT:   call
//       CHECK:   %[[C2:.*]] = arith.constant 2 : i64
//       CHECK:   %[[B:.*]] = arith.addi %[[X]], %[[C2]]
//       CHECK:   return %[[B]]
// CHECK-NOT: func.func private @inc
func.func private @inc(%v: i64) -> i64 {
  %one = arith.constant 1 : i64
  %r = arith.addi %v, %one : i64
  return %r : i64
}
func.func @twice_plus_one(%x: i64) -> i64 {
  %a = call @inc(%x) : (i64) -> i64
  %b = call @inc(%a) : (i64) -> i64
  return %b : i64
}

// -----

// A body of several blocks: the caller's block is split at the call and
// each return branches to the rest of the caller.
// RAW-LABEL: func.func @choose(
//  RAW-SAME:   %[[C:.*]]: i1, %[[P:.*]]: f32, %[[Q:.*]]: f32
//       RAW:   cf.cond_br %[[C]], ^[[THEN:.*]], ^[[JOIN:.*]](%[[Q]] : f32)
//       RAW: ^[[THEN]]:
//       RAW:   %[[S:.*]] = arith.mulf %[[P]], %[[P]]
//       RAW:   cf.br ^[[JOIN]](%[[S]] : f32)
//       RAW: ^[[JOIN]](%[[J:.*]]: f32):
//       RAW:   cf.br ^[[REST:.*]](%[[J]] : f32)
//       RAW: ^[[REST]](%[[R:.*]]: f32):
//       RAW:   return %[[R]]
// Canonicalization then merges the block that only branches on.
// CHECK-LABEL: func.func @choose(
//  CHECK-SAME:   %[[C:.*]]: i1, %[[P:.*]]: f32, %[[Q:.*]]: f32
//       CHECK:   cf.cond_br %[[C]], ^[[THEN:.*]], ^[[JOIN:.*]](%[[Q]] : f32)
//       CHECK: ^[[THEN]]:
//       CHECK:   %[[S:.*]] = arith.mulf %[[P]], %[[P]]
//       CHECK:   cf.br ^[[JOIN]](%[[S]] : f32)
//       CHECK: ^[[JOIN]](%[[R:.*]]: f32):
//       CHECK:   return %[[R]]
func.func private @square_or(%c: i1, %p: f32, %q: f32) -> f32 {
  cf.cond_br %c, ^then, ^join(%q : f32)
^then:
  %s = arith.mulf %p, %p : f32
  cf.br ^join(%s : f32)
^join(%j: f32):
  return %j : f32
}
func.func @choose(%c: i1, %p: f32, %q: f32) -> f32 {
  %r = call @square_or(%c, %p, %q) : (i1, f32, f32) -> f32
  return %r : f32
}

// -----

// Inside the scf.if the condition is known true (canonicalization).
// CHECK-LABEL: func.func @kept_calls(
//       CHECK:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   call @countdown
//       CHECK:   call @leaf() {no_inline}
//       CHECK:   call @pinned()
//       CHECK:   call @opaque
//       CHECK:   scf.if
//       CHECK:     func.call @branchy(%[[TRUE]])
// CHECK-LABEL: func.func private @countdown(
// CHECK-LABEL: func.func private @leaf(
// CHECK-LABEL: func.func private @pinned(
// CHECK-LABEL: func.func private @opaque(
// CHECK-LABEL: func.func private @branchy(
func.func @kept_calls(%n: index, %c: i1) -> (index, index, index) {
  %a = call @countdown(%n) : (index) -> index
  %b = call @leaf() {no_inline} : () -> index
  %p = call @pinned() : () -> index
  %d = call @opaque() : () -> index
  %e = scf.if %c -> index {
    %x = func.call @branchy(%c) : (i1) -> index
    scf.yield %x : index
  } else {
    scf.yield %a : index
  }
  %bp = arith.addi %b, %p : index
  return %bp, %d, %e : index, index, index
}
func.func private @countdown(%n: index) -> index {
  %r = call @countdown(%n) : (index) -> index
  return %r : index
}
func.func private @leaf() -> index {
  %c7 = arith.constant 7 : index
  return %c7 : index
}
func.func private @pinned() -> index attributes {no_inline} {
  %c9 = arith.constant 9 : index
  return %c9 : index
}
func.func private @opaque() -> index {
  %v = "vendor.source"() : () -> index
  return %v : index
}
func.func private @branchy(%c: i1) -> index {
  cf.cond_br %c, ^a, ^b
^a:
  %c1 = arith.constant 1 : index
  return %c1 : index
^b:
  %c2 = arith.constant 2 : index
  return %c2 : index
}
