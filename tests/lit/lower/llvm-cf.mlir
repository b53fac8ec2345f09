// REQUIRES: llvm, llvm-opt
// cf.switch and cf.assert through the LLVM lowering: a switch becomes an
// LLVM switch whose cases forward their own operands (edges to one block
// with arguments pass through edge blocks, since a phi takes one value per
// predecessor), on i32, i8 and i64 flags with negative and wide values; a
// repeated case value is left out (the first case wins, as in the
// interpreter). An assert branches to puts(message) and abort. The IR
// passes LLVM's verifier, and the JIT prints what the interpreter prints.
// RUN: buffer-opt --emit=llvm %s -o %t.ll
// RUN: opt -passes=verify -disable-output %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: buffer-opt --emit=run --run=main %s > %t.jit
// RUN: buffer-opt --run=main %s > %t.interp
// RUN: diff %t.interp %t.jit
// RUN: FileCheck %s --check-prefix=OUT < %t.jit
// A failing assert aborts the JIT's process; the interpreter reports it.
// RUN: not --crash buffer-opt --emit=run --run=fail %s
// RUN: not buffer-opt --run=fail %s 2>&1 | FileCheck %s --check-prefix=FAIL

// The assert's message, for puts.
// IR: @assert_msg = {{.*}} c"must not be negative\00"

// Three edges reach ^join with different operands; the repeated value 1
// (to ^neg) is not a case.
// IR-LABEL: define {{.*}}i64 @route(i32 %0, i64 %1, i64 %2)
// IR: switch i32 %0, label %{{[a-z0-9.]+}} [
// IR-NEXT: i32 -5, label %{{[a-z0-9.]+}}
// IR-NEXT: i32 1, label %{{[a-z0-9.]+}}
// IR-NEXT: i32 2, label %{{[a-z0-9.]+}}
// IR-NEXT: ]
// IR: phi i64
func.func @route(%x: i32, %a: i64, %b: i64) -> i64 {
  cf.switch %x : i32, [
    default: ^join(%a, %b : i64, i64),
    -5: ^neg(%b : i64),
    1: ^join(%b, %a : i64, i64),
    2: ^join(%a, %a : i64, i64),
    1: ^neg(%a : i64)
  ]
^neg(%v: i64):
  %c0 = arith.constant 0 : i64
  %n = arith.subi %c0, %v : i64
  return %n : i64
^join(%p: i64, %q: i64):
  %c100 = arith.constant 100 : i64
  %m = arith.muli %p, %c100 : i64
  %s = arith.addi %m, %q : i64
  return %s : i64
}

// An i64 flag with cases beyond 32 bits and at both ends of the range;
// each case block calls a function, so the switch stays a switch.
// IR-LABEL: define void @wide(i64 %0)
// IR: switch i64 %0, label %{{[a-z0-9.]+}} [
// IR-DAG: i64 -9223372036854775808, label
// IR-DAG: i64 9223372036854775807, label
// IR-DAG: i64 1099511627776, label
// IR-DAG: i64 -1, label
func.func @wide(%x: i64) {
  %d = arith.constant 0 : i64
  cf.switch %x : i64, [
    default: ^out(%d : i64),
    -9223372036854775808: ^min,
    9223372036854775807: ^out(%x : i64),
    1099511627776: ^big(%x : i64),
    -1: ^big(%d : i64)
  ]
^min:
  %m = arith.constant 1 : i64
  cf.br ^out(%m : i64)
^big(%v: i64):
  %k = arith.constant 40 : i64
  %s = arith.shrui %v, %k : i64
  %t = arith.addi %s, %k : i64
  cf.br ^out(%t : i64)
^out(%r: i64):
  call @printI64(%r) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// An i8 flag; -128 and 127 are its ends. The default and a case go to
// one block with no arguments.
// -O2 turns this switch into compares and selects.
// IR-LABEL: define {{.*}}i32 @small(i8 %0)
// IR-DAG: icmp eq i8 %0, -128
// IR-DAG: icmp eq i8 %0, 0
func.func @small(%x: i8) -> i32 {
  cf.switch %x : i8, [
    default: ^other,
    -128: ^low,
    127: ^other,
    0: ^zero
  ]
^low:
  %l = arith.constant -1 : i32
  return %l : i32
^zero:
  %z = arith.constant 0 : i32
  return %z : i32
^other:
  %o = arith.constant 7 : i32
  return %o : i32
}

// A switch with only a default is a branch.
func.func @only_default(%x: i32, %a: i64) -> i64 {
  cf.switch %x : i32, [
    default: ^d(%a : i64)
  ]
^d(%v: i64):
  return %v : i64
}

// IR-LABEL: define {{.*}}i64 @checked(i64 %0)
// IR: br i1 %{{[0-9]+}}, label %{{[a-z0-9.]+}}, label %[[BAD:[a-z0-9.]+]]
// IR: [[BAD]]:
// IR-NEXT: call i32 @puts(ptr {{.*}}@assert_msg)
// IR-NEXT: call void @abort()
// IR-NEXT: unreachable
func.func @checked(%a: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %ok = arith.cmpi sge, %a, %c0 : i64
  cf.assert %ok, "must not be negative"
  %c2 = arith.constant 2 : i64
  %r = arith.muli %a, %c2 : i64
  return %r : i64
}

// FAIL: assertion failed: must not be negative
func.func @fail() -> i64 {
  %m = arith.constant -1 : i64
  %r = call @checked(%m) : (i64) -> i64
  return %r : i64
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @show(%v: i64) {
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %a = arith.constant 3 : i64
  %b = arith.constant 4 : i64
  %xs = arith.constant dense<[-5, 1, 2, 0, 9, -1]> : tensor<6xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %more = arith.cmpi slt, %i, %c6 : index
  cf.cond_br %more, ^body, ^rest
^body:
  %x = tensor.extract %xs[%i] : tensor<6xi32>
  %r = call @route(%x, %a, %b) : (i32, i64, i64) -> i64
  call @show(%r) : (i64) -> ()
  %i2 = arith.addi %i, %c1 : index
  cf.br ^loop(%i2 : index)
^rest:
  %w0 = arith.constant -9223372036854775808 : i64
  %w1 = arith.constant 9223372036854775807 : i64
  %w2 = arith.constant 1099511627776 : i64
  %w3 = arith.constant -1 : i64
  %w4 = arith.constant 4294967295 : i64
  call @wide(%w0) : (i64) -> ()
  call @wide(%w1) : (i64) -> ()
  call @wide(%w2) : (i64) -> ()
  call @wide(%w3) : (i64) -> ()
  call @wide(%w4) : (i64) -> ()
  %s0 = arith.constant -128 : i8
  %s1 = arith.constant 127 : i8
  %s2 = arith.constant 0 : i8
  %s3 = arith.constant -127 : i8
  %k0 = call @small(%s0) : (i8) -> i32
  %k1 = call @small(%s1) : (i8) -> i32
  %k2 = call @small(%s2) : (i8) -> i32
  %k3 = call @small(%s3) : (i8) -> i32
  %ks = arith.constant 10 : i32
  %t0 = arith.muli %k0, %ks : i32
  %t1 = arith.addi %t0, %k1 : i32
  %t2 = arith.muli %t1, %ks : i32
  %t3 = arith.addi %t2, %k2 : i32
  %t4 = arith.muli %t3, %ks : i32
  %t5 = arith.addi %t4, %k3 : i32
  %t = arith.extsi %t5 : i32 to i64
  call @show(%t) : (i64) -> ()
  %f = arith.constant 2 : i32
  %d = call @only_default(%f, %b) : (i32, i64) -> i64
  call @show(%d) : (i64) -> ()
  %g = call @checked(%a) : (i64) -> i64
  call @show(%g) : (i64) -> ()
  return
}

// route: -5 -> -b, 1 -> b*100+a, 2 -> a*100+a, default -> a*100+b.
// OUT:      -4
// OUT-NEXT: 403
// OUT-NEXT: 303
// OUT-NEXT: 304
// OUT-NEXT: 304
// OUT-NEXT: 304
// wide: min -> 1, max -> itself, 2^40 -> 41, -1 -> 40, other -> 0.
// OUT-NEXT: 1
// OUT-NEXT: 9223372036854775807
// OUT-NEXT: 41
// OUT-NEXT: 40
// OUT-NEXT: 0
// small: -1, 7, 0, 7 as digits: -1*1000 + 7*100 + 0*10 + 7.
// OUT-NEXT: -293
// OUT-NEXT: 4
// OUT-NEXT: 6
// OUT-EMPTY:
