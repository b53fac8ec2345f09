// Inlining keeps what a program computes: the interpreter gives the same
// results with and without --inline, for a body with a loop over a buffer
// and for one of several blocks inlined at two calls.
// RUN: buffer-opt %s --run=main | FileCheck %s
// RUN: buffer-opt %s -inline --run=main | FileCheck %s
// RUN: buffer-opt %s -inline="default-pipeline=" --run=main | FileCheck %s
// RUN: buffer-opt %s -inline | FileCheck %s --check-prefix=INLINED

// CHECK: [{"type":"i32","value":12},{"type":"i32","value":5},{"type":"i32","value":9}]
// INLINED-NOT: call
func.func private @bump_all(%m: memref<3xi32>, %d: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i32
  %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> i32 {
    %v = memref.load %m[%i] : memref<3xi32>
    %w = arith.addi %v, %d : i32
    memref.store %w, %m[%i] : memref<3xi32>
    %n = arith.addi %acc, %w : i32
    scf.yield %n : i32
  }
  return %sum : i32
}
func.func private @max_or_default(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^cmp, ^done(%b : i32)
^cmp:
  %m = arith.maxsi %a, %b : i32
  cf.br ^done(%m : i32)
^done(%r: i32):
  return %r : i32
}
func.func @main() -> (i32, i32, i32) {
  %m = memref.alloc() : memref<3xi32>
  %two = arith.constant 2 : i32
  %five = arith.constant 5 : i32
  linalg.fill ins(%two : i32) outs(%m : memref<3xi32>)
  %s = call @bump_all(%m, %two) : (memref<3xi32>, i32) -> i32
  %yes = arith.constant true
  %no = arith.constant false
  %p = call @max_or_default(%yes, %s, %five) : (i1, i32, i32) -> i32
  %q = call @max_or_default(%no, %s, %five) : (i1, i32, i32) -> i32
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<3xi32>
  %t = arith.addi %v, %five : i32
  memref.dealloc %m : memref<3xi32>
  return %p, %q, %t : i32, i32, i32
}
