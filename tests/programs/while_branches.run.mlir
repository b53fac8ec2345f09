// purpose: control flow: scf.while counting Collatz steps, a cf-based function with conditional branches and block arguments, scf.if yielding values, and recursion
// expect: output equals while_branches.expected

func.func @collatz_steps(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %r:2 = scf.while (%x = %n, %steps = %c0) : (i64, i64) -> (i64, i64) {
    %go = arith.cmpi ne, %x, %c1 : i64
    scf.condition(%go) %x, %steps : i64, i64
  } do {
  ^bb0(%y: i64, %s: i64):
    %rem = arith.remui %y, %c2 : i64
    %even = arith.cmpi eq, %rem, %c0 : i64
    %next = scf.if %even -> (i64) {
      %h = arith.divui %y, %c2 : i64
      scf.yield %h : i64
    } else {
      %t = arith.muli %y, %c3 : i64
      %t1 = arith.addi %t, %c1 : i64
      scf.yield %t1 : i64
    }
    %s1 = arith.addi %s, %c1 : i64
    scf.yield %next, %s1 : i64, i64
  }
  return %r#1 : i64
}

func.func @clamp_cf(%x: i64, %lo: i64, %hi: i64) -> i64 {
  %below = arith.cmpi slt, %x, %lo : i64
  cf.cond_br %below, ^exit(%lo : i64), ^check_high
^check_high:
  %above = arith.cmpi sgt, %x, %hi : i64
  cf.cond_br %above, ^exit(%hi : i64), ^exit(%x : i64)
^exit(%r: i64):
  return %r : i64
}

func.func @fact(%n: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %small = arith.cmpi sle, %n, %c1 : i64
  %r = scf.if %small -> (i64) {
    scf.yield %c1 : i64
  } else {
    %m = arith.subi %n, %c1 : i64
    %f = func.call @fact(%m) : (i64) -> i64
    %p = arith.muli %n, %f : i64
    scf.yield %p : i64
  }
  return %r : i64
}

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printComma()

func.func @main() {
  %n = arith.constant 27 : i64
  %s = call @collatz_steps(%n) : (i64) -> i64
  call @printI64(%s) : (i64) -> ()
  call @printComma() : () -> ()
  %a = arith.constant 1071 : i64
  %lo = arith.constant -5 : i64
  %hi = arith.constant 462 : i64
  %g = call @clamp_cf(%a, %lo, %hi) : (i64, i64, i64) -> i64
  call @printI64(%g) : (i64) -> ()
  call @printComma() : () -> ()
  %ten = arith.constant 20 : i64
  %f = call @fact(%ten) : (i64) -> i64
  call @printI64(%f) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
