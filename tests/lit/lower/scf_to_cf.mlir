// convert-scf-to-cf: every structured op becomes blocks and branches; the
// interpreter prints the same before and after.
// RUN: buffer-opt --convert-scf-to-cf %s | FileCheck %s
// RUN: buffer-opt --run=main %s > %t.before
// RUN: buffer-opt --convert-scf-to-cf --run=main --run-leak-check %s > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --check-prefix=OUT < %t.after

func.func private @printI64(i64)
func.func private @printNewline()

// CHECK-LABEL: func.func @sum_to
// CHECK-NOT: scf.
// CHECK: cf.br ^[[HDR:bb[0-9]+]](%c0, %c0_i64 : index, i64)
// CHECK: ^[[HDR]](%[[IV:.*]]: index, %[[ACC:.*]]: i64):
// CHECK: %[[C:.*]] = arith.cmpi slt, %[[IV]], %arg0 : index
// CHECK: cf.cond_br %[[C]], ^[[BODY:bb[0-9]+]](%[[IV]], %[[ACC]] : index, i64), ^[[EXIT:bb[0-9]+]](%[[ACC]] : i64)
// CHECK: ^[[BODY]](
// CHECK: %[[NEXT:.*]] = arith.addi %{{.*}}, %c1 : index
// CHECK: cf.br ^[[HDR]](%[[NEXT]], %{{.*}} : index, i64)
// CHECK: ^[[EXIT]](%[[R:.*]]: i64):
// CHECK: return %[[R]] : i64
func.func @sum_to(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %s = arith.addi %acc, %ii : i64
    scf.yield %s : i64
  }
  return %r : i64
}

// CHECK-LABEL: func.func @pick
// CHECK: cf.cond_br %{{.*}}, ^[[T:bb[0-9]+]], ^[[E:bb[0-9]+]]
// CHECK: ^[[T]]:
// CHECK: cf.br ^[[J:bb[0-9]+]](%{{.*}} : i64)
// CHECK: ^[[E]]:
// CHECK: cf.br ^[[J]](%{{.*}} : i64)
// CHECK: ^[[J]](%{{.*}}: i64):
func.func @pick(%c: i1, %a: i64, %b: i64) -> i64 {
  %r = scf.if %c -> (i64) {
    %x = arith.addi %a, %a : i64
    scf.yield %x : i64
  } else {
    scf.yield %b : i64
  }
  return %r : i64
}

// CHECK-LABEL: func.func @collatz_steps
// CHECK: cf.br ^[[BEFORE:bb[0-9]+]](%arg0, %{{.*}} : i64, i64)
// CHECK: ^[[BEFORE]](
// CHECK: cf.cond_br %{{.*}}, ^[[AFTER:bb[0-9]+]](%{{.*}}, %{{.*}} : i64, i64), ^[[DONE:bb[0-9]+]](%{{.*}}, %{{.*}} : i64, i64)
// CHECK: ^[[AFTER]](
// CHECK: cf.br ^[[BEFORE]](
func.func @collatz_steps(%n: i64) -> i64 {
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %zero = arith.constant 0 : i64
  %r:2 = scf.while (%x = %n, %k = %zero) : (i64, i64) -> (i64, i64) {
    %go = arith.cmpi ne, %x, %one : i64
    scf.condition(%go) %x, %k : i64, i64
  } do {
  ^bb0(%x: i64, %k: i64):
    %rem = arith.remsi %x, %two : i64
    %even = arith.cmpi eq, %rem, %zero : i64
    %nx = scf.if %even -> (i64) {
      %h = arith.divsi %x, %two : i64
      scf.yield %h : i64
    } else {
      %t = arith.muli %x, %three : i64
      %t1 = arith.addi %t, %one : i64
      scf.yield %t1 : i64
    }
    %k1 = arith.addi %k, %one : i64
    scf.yield %nx, %k1 : i64, i64
  }
  return %r#1 : i64
}

// CHECK-LABEL: func.func @switch
// CHECK: arith.cmpi eq, %arg0, %c2
// CHECK: cf.cond_br
// CHECK: arith.cmpi eq, %arg0, %c5
// CHECK: cf.cond_br
func.func @switch(%i: index) -> i64 {
  %r = scf.index_switch %i -> i64
  case 2 {
    %a = arith.constant 20 : i64
    scf.yield %a : i64
  }
  case 5 {
    %b = arith.constant 50 : i64
    scf.yield %b : i64
  }
  default {
    %d = scf.execute_region -> i64 {
      %m = arith.constant -1 : i64
      scf.yield %m : i64
    }
    scf.yield %d : i64
  }
  return %r : i64
}

// scf.parallel with a reduction and scf.forall become loop nests first.
// CHECK-LABEL: func.func @par_sum
// CHECK-NOT: scf.
// CHECK: arith.addi
// CHECK: return
func.func @par_sum(%m: memref<3x4xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i64
  scf.forall (%i, %j) in (3, 4) {
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %ten = arith.constant 10 : i64
    %v = arith.muli %ii, %ten : i64
    %w = arith.addi %v, %jj : i64
    memref.store %w, %m[%i, %j] : memref<3x4xi64>
  }
  %s = scf.parallel (%i, %j) = (%c0, %c0) to (%c3, %c4) step (%c1, %c1) init (%z) -> i64 {
    %v = memref.load %m[%i, %j] : memref<3x4xi64>
    scf.reduce(%v : i64) {
    ^bb0(%l: i64, %r: i64):
      %t = arith.addi %l, %r : i64
      scf.reduce.return %t : i64
    }
  }
  return %s : i64
}

// OUT: 45
// OUT-NEXT: 14
// OUT-NEXT: 16
// OUT-NEXT: 16
// OUT-NEXT: 20
// OUT-NEXT: 50
// OUT-NEXT: -1
// OUT-NEXT: 138
func.func @main() {
  %c10 = arith.constant 10 : index
  %s = call @sum_to(%c10) : (index) -> i64
  call @printI64(%s) : (i64) -> ()
  call @printNewline() : () -> ()
  %t = arith.constant true
  %f = arith.constant false
  %a = arith.constant 7 : i64
  %b = arith.constant 16 : i64
  %p1 = call @pick(%t, %a, %b) : (i1, i64, i64) -> i64
  call @printI64(%p1) : (i64) -> ()
  call @printNewline() : () -> ()
  %k = call @collatz_steps(%a) : (i64) -> i64
  call @printI64(%k) : (i64) -> ()
  call @printNewline() : () -> ()
  %p2 = call @pick(%f, %a, %b) : (i1, i64, i64) -> i64
  call @printI64(%p2) : (i64) -> ()
  call @printNewline() : () -> ()
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c3 = arith.constant 3 : index
  %w2 = call @switch(%c2) : (index) -> i64
  call @printI64(%w2) : (i64) -> ()
  call @printNewline() : () -> ()
  %w5 = call @switch(%c5) : (index) -> i64
  call @printI64(%w5) : (i64) -> ()
  call @printNewline() : () -> ()
  %w3 = call @switch(%c3) : (index) -> i64
  call @printI64(%w3) : (i64) -> ()
  call @printNewline() : () -> ()
  %m = memref.alloc() : memref<3x4xi64>
  %ps = call @par_sum(%m) : (memref<3x4xi64>) -> i64
  call @printI64(%ps) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %m : memref<3x4xi64>
  return
}
