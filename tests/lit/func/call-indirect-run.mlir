// The interpreter runs func.constant + func.call_indirect: a function value
// names its func.func, and an indirect call runs whichever function the value
// names (also when it flows through scf.if). Upstream (mlir-runner 22) prints
// the same.
// RUN: buffer-opt --run=main %s | FileCheck %s

func.func private @printI64(i64)
func.func private @printNewline()

func.func @square(%x: i64) -> i64 {
  %r = arith.muli %x, %x : i64
  return %r : i64
}

func.func @negate(%x: i64) -> i64 {
  %z = arith.constant 0 : i64
  %r = arith.subi %z, %x : i64
  return %r : i64
}

func.func @apply(%f: (i64) -> i64, %x: i64) -> i64 {
  %r = func.call_indirect %f(%x) : (i64) -> i64
  return %r : i64
}

// CHECK: 49
// CHECK-NEXT: -49
// CHECK-NEXT: 9
func.func @main() {
  %sq = func.constant @square : (i64) -> i64
  %ng = func.constant @negate : (i64) -> i64
  %x = arith.constant 7 : i64
  %a = call @apply(%sq, %x) : ((i64) -> i64, i64) -> i64
  call @printI64(%a) : (i64) -> ()
  call @printNewline() : () -> ()
  %b = call @apply(%ng, %a) : ((i64) -> i64, i64) -> i64
  call @printI64(%b) : (i64) -> ()
  call @printNewline() : () -> ()
  %t = arith.constant true
  %f = scf.if %t -> ((i64) -> i64) {
    scf.yield %sq : (i64) -> i64
  } else {
    scf.yield %ng : (i64) -> i64
  }
  %three = arith.constant 3 : i64
  %c = func.call_indirect %f(%three) : (i64) -> i64
  call @printI64(%c) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
