// --run-max-steps=N bounds how many ops the interpreter executes (default
// 10^9); a run that reaches it fails with a located error naming the limit
// and the function it was in.
// RUN: buffer-opt --run=main --run-max-steps=27 %s | FileCheck %s --check-prefix=FITS
// RUN: not buffer-opt --run=main --run-max-steps=26 %s 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: not buffer-opt --run=main --run-max-steps=0 %s 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not buffer-opt --run-max-steps=10 %s 2>&1 | FileCheck %s --check-prefix=NOFUNC

// The run executes 27 ops (terminators that leave a region are not counted):
// 27 is enough, 26 stops in the loop's last iteration.
// FITS: "value":20
// LIMIT: run-max-steps.mlir:[[@LINE+16]]:10: error: interpreter: step limit of 26 executed ops exceeded in @count (the run-max-steps option sets the limit)
// ZERO: --run-max-steps needs a positive number of ops, not '0'
// NOFUNC: --run-max-steps bounds the interpreter: it needs --run=FUNC

func.func @main() -> i32 {
  %n = arith.constant 20 : index
  %r = call @count(%n) : (index) -> i32
  return %r : i32
}

func.func @count(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %s = arith.addi %acc, %one : i32
    scf.yield %s : i32
  }
  return %r : i32
}
