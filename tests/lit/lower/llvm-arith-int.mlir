// REQUIRES: llvm, llvm-opt
// Integer arith ops without a single LLVM instruction: ceildivui (upstream's
// a == 0 ? 0 : (a - 1) / b + 1, which cannot overflow), addui_extended (sum
// and carry), mului_extended/mulsi_extended (the double-width product split
// in halves). The IR passes LLVM's verifier, and the JIT prints what the
// interpreter prints.
// RUN: buffer-opt --emit=llvm %s -o %t.ll
// RUN: opt -passes=verify -disable-output %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: buffer-opt --emit=run --run=main %s > %t.jit
// RUN: buffer-opt --run=main %s > %t.interp
// RUN: diff %t.interp %t.jit
// RUN: FileCheck %s --check-prefix=OUT < %t.jit

// IR-LABEL: define i32 @ceildivui(i32 %0, i32 %1)
// IR-DAG: icmp eq i32 %0, 0
// IR-DAG: add i32 %0, -1
// IR-DAG: udiv i32
// IR: select i1
func.func @ceildivui(%a: i32, %b: i32) -> i32 {
  %r = arith.ceildivui %a, %b : i32
  return %r : i32
}

// IR-LABEL: define { i32, i1 } @addui_extended(i32 %0, i32 %1)
// IR: %[[SUM:.*]] = add i32 %1, %0
// IR: icmp ult i32 %[[SUM]], %0
func.func @addui_extended(%a: i32, %b: i32) -> (i32, i1) {
  %s, %c = arith.addui_extended %a, %b : i32, i1
  return %s, %c : i32, i1
}

// IR-LABEL: define { i32, i32 } @mului_extended(i32 %0, i32 %1)
// IR-DAG: zext i32 %0 to i64
// IR-DAG: zext i32 %1 to i64
// IR: mul nuw i64
// IR: lshr i64 %{{.*}}, 32
func.func @mului_extended(%a: i32, %b: i32) -> (i32, i32) {
  %l, %h = arith.mului_extended %a, %b : i32
  return %l, %h : i32, i32
}

// IR-LABEL: define { i32, i32 } @mulsi_extended(i32 %0, i32 %1)
// IR-DAG: sext i32 %0 to i64
// IR-DAG: sext i32 %1 to i64
// IR: mul nsw i64
func.func @mulsi_extended(%a: i32, %b: i32) -> (i32, i32) {
  %l, %h = arith.mulsi_extended %a, %b : i32
  return %l, %h : i32, i32
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @show_u(%v: i32) {
  %w = arith.extui %v : i32 to i64
  call @printI64(%w) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @show_s(%v: i32) {
  %w = arith.extsi %v : i32 to i64
  call @printI64(%w) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// OUT:      4
// OUT-NEXT: 0
// OUT-NEXT: 2147483648
// OUT-NEXT: 2
// OUT-NEXT: 0
// OUT-NEXT: 1
// OUT-NEXT: 11
// OUT-NEXT: 0
// OUT-NEXT: 1
// OUT-NEXT: 4294967294
// OUT-NEXT: 1
// OUT-NEXT: 0
// OUT-NEXT: -6
// OUT-NEXT: -1
// OUT-NEXT: 1
// OUT-NEXT: 1073741823
func.func @main() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %c7 = arith.constant 7 : i32
  %c8 = arith.constant 8 : i32
  %m1 = arith.constant -1 : i32
  %m2 = arith.constant -2 : i32
  %max = arith.constant 2147483647 : i32
  %q0 = call @ceildivui(%c7, %c2) : (i32, i32) -> i32
  call @show_u(%q0) : (i32) -> ()
  %q1 = call @ceildivui(%c0, %c5) : (i32, i32) -> i32
  call @show_u(%q1) : (i32) -> ()
  %q2 = call @ceildivui(%m1, %c2) : (i32, i32) -> i32
  call @show_u(%q2) : (i32) -> ()
  %q3 = call @ceildivui(%c8, %c4) : (i32, i32) -> i32
  call @show_u(%q3) : (i32) -> ()
  %s0, %k0 = call @addui_extended(%m1, %c1) : (i32, i32) -> (i32, i1)
  call @show_u(%s0) : (i32) -> ()
  %k0w = arith.extui %k0 : i1 to i32
  call @show_u(%k0w) : (i32) -> ()
  %s1, %k1 = call @addui_extended(%c5, %c6) : (i32, i32) -> (i32, i1)
  call @show_u(%s1) : (i32) -> ()
  %k1w = arith.extui %k1 : i1 to i32
  call @show_u(%k1w) : (i32) -> ()
  %ul, %uh = call @mului_extended(%m1, %m1) : (i32, i32) -> (i32, i32)
  call @show_u(%ul) : (i32) -> ()
  call @show_u(%uh) : (i32) -> ()
  %sl, %sh = call @mulsi_extended(%m1, %m1) : (i32, i32) -> (i32, i32)
  call @show_s(%sl) : (i32) -> ()
  call @show_s(%sh) : (i32) -> ()
  %tl, %th = call @mulsi_extended(%m2, %c3) : (i32, i32) -> (i32, i32)
  call @show_s(%tl) : (i32) -> ()
  call @show_s(%th) : (i32) -> ()
  %bl, %bh = call @mulsi_extended(%max, %max) : (i32, i32) -> (i32, i32)
  call @show_s(%bl) : (i32) -> ()
  call @show_s(%bh) : (i32) -> ()
  return
}
