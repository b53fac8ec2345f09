// --canonicalize on branches, scf and affine (cf_fold.c, scf.c,
// affine_fold.c, greedy_cleanup.c): blocks merged into their single
// predecessor, pass-through blocks bypassed, cond_br on a constant or to
// one destination, scf.if of values from outside as arith.select, loops
// that do nothing erased, affine ops of constants folded and constant
// operands moved into the maps. The same checks hold for upstream's
// canonicalizer, and the program prints the same before and after.
// RUN: buffer-opt -canonicalize %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -canonicalize %s | FileCheck %s %}
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=RUNOUT
// RUN: buffer-opt -canonicalize -cse %s | buffer-opt --run=main - | FileCheck %s --check-prefix=RUNOUT

// RUNOUT: 10
// RUNOUT-NEXT: 30
// RUNOUT-NEXT: 20
// RUNOUT-NEXT: 10
// RUNOUT-NEXT: 20
// RUNOUT-NEXT: -2
// RUNOUT-NEXT: 1
// RUNOUT-NEXT: 6
// RUNOUT-NEXT: 9
// RUNOUT-NEXT: 20

func.func private @printI64(i64)
func.func private @printNewline()

// CHECK-LABEL: func.func @diamond(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: i64, %[[B:.*]]: i64
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %[[A]], %[[B]] : i64
// CHECK-NEXT: return %[[S]]
func.func @diamond(%c: i1, %a: i64, %b: i64) -> i64 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i64)
^bb2:
  cf.br ^bb3(%b : i64)
^bb3(%r: i64):
  return %r : i64
}

// CHECK-LABEL: func.func @chain(
// CHECK-NEXT: arith.constant 3 : i64
// CHECK-NEXT: %[[M:.*]] = arith.muli
// CHECK-NEXT: return %[[M]]
func.func @chain(%x: i64) -> i64 {
  %c3 = arith.constant 3 : i64
  cf.br ^bb2
^bb1(%y: i64):
  return %y : i64
^bb2:
  %m = arith.muli %x, %c3 : i64
  cf.br ^bb1(%m : i64)
}

// CHECK-LABEL: func.func @constant_condition(
// CHECK-NEXT: return %arg1
func.func @constant_condition(%a: i64, %b: i64) -> i64 {
  %false = arith.constant false
  cf.cond_br %false, ^bb1(%a : i64), ^bb1(%b : i64)
^bb1(%r: i64):
  return %r : i64
}

// A destination with other predecessors keeps the cond_br (no selects).
// CHECK-LABEL: func.func @shared_destination(
// CHECK: cf.cond_br %{{.*}}, ^bb2(%arg2 : i64), ^bb2(%arg0 : i64)
// CHECK-NOT: arith.select
func.func @shared_destination(%x: i64, %c: i1, %y: i64, %d: i1) -> i64 {
  cf.cond_br %d, ^bb1, ^bb2(%x : i64)
^bb1:
  cf.cond_br %c, ^bb2(%y : i64), ^bb2(%x : i64)
^bb2(%r: i64):
  return %r : i64
}

// CHECK-LABEL: func.func @if_to_select(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: i64, %[[B:.*]]: i64
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %[[A]], %[[B]] : i64
// CHECK-NEXT: return %[[S]], %[[A]]
func.func @if_to_select(%c: i1, %a: i64, %b: i64) -> (i64, i64) {
  %r:2 = scf.if %c -> (i64, i64) {
    scf.yield %a, %a : i64, i64
  } else {
    scf.yield %b, %a : i64, i64
  }
  return %r#0, %r#1 : i64, i64
}

// A loop that yields its init and does nothing else, and a forall that
// writes nothing, go.
// CHECK-LABEL: func.func @empty_loops(
// CHECK-SAME: %[[T:.*]]: tensor<4xf32>
// CHECK-NOT: scf.for
// CHECK-NOT: scf.forall
// CHECK: return %[[T]], %[[T]]
func.func @empty_loops(%t: tensor<4xf32>, %n: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<4xf32>) {
    scf.yield %t : tensor<4xf32>
  }
  %f = scf.forall (%i) in (%n) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
    }
  }
  return %r, %f : tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @affine_folds(
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[CM2:.*]] = arith.constant -2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[AP:.*]] = affine.apply #{{.*}}()[%arg0]
// CHECK-NOT: affine.for
// CHECK-NOT: affine.linearize_index
// CHECK: return %[[CM2]], %[[C1]], %[[AP]], %[[C3]], %arg0, %arg1
func.func @affine_folds(%s: index, %x: i64) -> (index, index, index, index, index, i64) {
  %c5 = arith.constant 5 : index
  %cm7 = arith.constant -7 : index
  %q = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%cm7)
  %r = affine.apply affine_map<(d0) -> (d0 mod 4)>(%cm7)
  %m = affine.apply affine_map<(d0)[s0] -> (d0 * 3 - s0)>(%c5)[%s]
  %d:2 = affine.delinearize_index %cm7 into (4) : index, index
  %l = affine.linearize_index [%d#0, %d#1] by (4) : index
  %dd:2 = affine.delinearize_index %s into (4) : index, index
  %ll = affine.linearize_index [%dd#0, %dd#1] by (4) : index
  %min = affine.min affine_map<(d0) -> (d0, 3)>(%c5)
  %c0_i64 = arith.constant 0 : i64
  %z = affine.for %i = 5 to 2 iter_args(%a = %x) -> (i64) {
    %n = arith.addi %a, %c0_i64 : i64
    affine.yield %n : i64
  }
  return %q, %r, %m, %min, %ll, %z : index, index, index, index, index, i64
}

func.func @main() {
  %t = arith.constant true
  %a = arith.constant 10 : i64
  %b = arith.constant 20 : i64
  %0 = call @diamond(%t, %a, %b) : (i1, i64, i64) -> i64
  call @printI64(%0) : (i64) -> ()
  call @printNewline() : () -> ()
  %1 = call @chain(%a) : (i64) -> i64
  call @printI64(%1) : (i64) -> ()
  call @printNewline() : () -> ()
  %2 = call @constant_condition(%a, %b) : (i64, i64) -> i64
  call @printI64(%2) : (i64) -> ()
  call @printNewline() : () -> ()
  %f = arith.constant false
  %3 = call @shared_destination(%a, %f, %b, %t) : (i64, i1, i64, i1) -> i64
  call @printI64(%3) : (i64) -> ()
  call @printNewline() : () -> ()
  %4:2 = call @if_to_select(%f, %a, %b) : (i1, i64, i64) -> (i64, i64)
  call @printI64(%4#0) : (i64) -> ()
  call @printNewline() : () -> ()
  %s = arith.constant 9 : index
  %5:6 = call @affine_folds(%s, %b) : (index, i64) -> (index, index, index, index, index, i64)
  %6 = arith.index_cast %5#0 : index to i64
  call @printI64(%6) : (i64) -> ()
  call @printNewline() : () -> ()
  %7 = arith.index_cast %5#1 : index to i64
  call @printI64(%7) : (i64) -> ()
  call @printNewline() : () -> ()
  %8 = arith.index_cast %5#2 : index to i64
  call @printI64(%8) : (i64) -> ()
  call @printNewline() : () -> ()
  %9 = arith.index_cast %5#4 : index to i64
  call @printI64(%9) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%5#5) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
