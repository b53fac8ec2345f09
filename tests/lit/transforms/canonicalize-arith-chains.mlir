// --canonicalize rewrites of integer arith chains (arith_fold.c): constants
// reassociated through add/sub/mul (upstream's AddIAddConstant and the
// SubI* patterns), casts of casts as one cast; the same as upstream's, and
// the program prints the same before and after (RUNOUT, x = 100).
// RUN: buffer-opt -canonicalize %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -canonicalize %s | FileCheck %s %}
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=RUNOUT
// RUN: buffer-opt -canonicalize -cse %s | buffer-opt --run=main - | FileCheck %s --check-prefix=RUNOUT

// RUNOUT: 105
// RUNOUT-NEXT: 99
// RUNOUT-NEXT: -90
// RUNOUT-NEXT: 104
// RUNOUT-NEXT: -88
// RUNOUT-NEXT: 92
// RUNOUT-NEXT: -94
// RUNOUT-NEXT: -90
// RUNOUT-NEXT: 102
// RUNOUT-NEXT: 3500
// RUNOUT-NEXT: 1
// RUNOUT-NEXT: -3
// RUNOUT-NEXT: 253
// RUNOUT-NEXT: 3
// RUNOUT-NEXT: -3
// RUNOUT-NEXT: -3

func.func private @printI64(i64)
func.func private @printNewline()

func.func @show(%v: i64) {
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// CHECK-LABEL: func.func @reassociate(
// CHECK-SAME: %[[X:[^:]*]]: i64
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : i64
// CHECK-DAG: %[[CM1:.*]] = arith.constant -1 : i64
// CHECK-DAG: %[[C10:.*]] = arith.constant 10 : i64
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : i64
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i64
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i64
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : i64
// CHECK-DAG: %[[C35:.*]] = arith.constant 35 : i64
// CHECK: %[[R0:.*]] = arith.addi %[[X]], %[[C5]] : i64
// CHECK: %[[R1:.*]] = arith.addi %[[X]], %[[CM1]] : i64
// CHECK: %[[R2:.*]] = arith.subi %[[C10]], %[[X]] : i64
// CHECK: %[[R3:.*]] = arith.addi %[[X]], %[[C4]] : i64
// CHECK: %[[R4:.*]] = arith.subi %[[C12]], %[[X]] : i64
// CHECK: %[[R5:.*]] = arith.subi %[[X]], %[[C8]] : i64
// CHECK: %[[R6:.*]] = arith.subi %[[C6]], %[[X]] : i64
// CHECK: %[[R7:.*]] = arith.subi %[[C10]], %[[X]] : i64
// CHECK: %[[R8:.*]] = arith.addi %[[X]], %[[C2]] : i64
// CHECK: %[[R9:.*]] = arith.muli %[[X]], %[[C35]] : i64
func.func @reassociate(%x: i64) -> (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) {
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c5 = arith.constant 5 : i64
  %c7 = arith.constant 7 : i64
  %c8 = arith.constant 8 : i64
  // (x + 2) + 3
  %a0 = arith.addi %x, %c2 : i64
  %r0 = arith.addi %a0, %c3 : i64
  // (x - 3) + 2
  %s1 = arith.subi %x, %c3 : i64
  %r1 = arith.addi %s1, %c2 : i64
  // (8 - x) + 2
  %s2 = arith.subi %c8, %x : i64
  %r2 = arith.addi %s2, %c2 : i64
  // (x + 7) - 3
  %a3 = arith.addi %x, %c7 : i64
  %r3 = arith.subi %a3, %c3 : i64
  // 7 + 5 - (x): 7 - (x - 5)
  %s4 = arith.subi %x, %c5 : i64
  %r4 = arith.subi %c7, %s4 : i64
  // (x - 5) - 3
  %s5 = arith.subi %x, %c5 : i64
  %r5 = arith.subi %s5, %c3 : i64
  // (8 - x) - 2
  %s6 = arith.subi %c8, %x : i64
  %r6 = arith.subi %s6, %c2 : i64
  // 8 - (x - 2)
  %s7 = arith.subi %x, %c2 : i64
  %r7 = arith.subi %c8, %s7 : i64
  // 7 - (5 - x)
  %s8 = arith.subi %c5, %x : i64
  %r8 = arith.subi %c7, %s8 : i64
  // (x * 5) * 7
  %m9 = arith.muli %x, %c5 : i64
  %r9 = arith.muli %m9, %c7 : i64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : i64, i64, i64, i64, i64, i64, i64, i64, i64, i64
}

// CHECK-LABEL: func.func @cast_of_cast(
// CHECK-SAME: %[[A:[^:]*]]: i1, %[[B:[^:]*]]: i8, %[[W:[^:]*]]: i64
// CHECK-DAG: %[[E0:.*]] = arith.extui %[[A]] : i1 to i32
// CHECK-DAG: %[[E1:.*]] = arith.extsi %[[B]] : i8 to i64
// CHECK-DAG: %[[E2:.*]] = arith.extui %[[B]] : i8 to i64
// CHECK-DAG: %[[T0:.*]] = arith.trunci %[[W]] : i64 to i8
// CHECK-DAG: %[[T1:.*]] = arith.extsi %[[B]] : i8 to i16
// CHECK: return %[[E0]], %[[E1]], %[[E2]], %[[T0]], %[[B]], %[[T1]] :
func.func @cast_of_cast(%a: i1, %b: i8, %w: i64) -> (i32, i64, i64, i8, i8, i16) {
  %u = arith.extui %a : i1 to i8
  %e0 = arith.extsi %u : i8 to i32
  %s = arith.extsi %b : i8 to i16
  %e1 = arith.extsi %s : i16 to i64
  %z = arith.extui %b : i8 to i16
  %e2 = arith.extui %z : i16 to i64
  %t = arith.trunci %w : i64 to i32
  %t0 = arith.trunci %t : i32 to i8
  %x = arith.extsi %b : i8 to i32
  %t1 = arith.trunci %x : i32 to i8
  %t2 = arith.trunci %x : i32 to i16
  return %e0, %e1, %e2, %t0, %t1, %t2 : i32, i64, i64, i8, i8, i16
}

func.func @main() {
  %x = arith.constant 100 : i64
  %r:10 = call @reassociate(%x) : (i64) -> (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)
  call @show(%r#0) : (i64) -> ()
  call @show(%r#1) : (i64) -> ()
  call @show(%r#2) : (i64) -> ()
  call @show(%r#3) : (i64) -> ()
  call @show(%r#4) : (i64) -> ()
  call @show(%r#5) : (i64) -> ()
  call @show(%r#6) : (i64) -> ()
  call @show(%r#7) : (i64) -> ()
  call @show(%r#8) : (i64) -> ()
  call @show(%r#9) : (i64) -> ()
  %a = arith.constant true
  %b = arith.constant -3 : i8
  %w = arith.constant 1027 : i64
  %c:6 = call @cast_of_cast(%a, %b, %w) : (i1, i8, i64) -> (i32, i64, i64, i8, i8, i16)
  %c0 = arith.extsi %c#0 : i32 to i64
  %c3 = arith.extsi %c#3 : i8 to i64
  %c4 = arith.extsi %c#4 : i8 to i64
  %c5 = arith.extsi %c#5 : i16 to i64
  call @show(%c0) : (i64) -> ()
  call @show(%c#1) : (i64) -> ()
  call @show(%c#2) : (i64) -> ()
  call @show(%c3) : (i64) -> ()
  call @show(%c4) : (i64) -> ()
  call @show(%c5) : (i64) -> ()
  return
}
