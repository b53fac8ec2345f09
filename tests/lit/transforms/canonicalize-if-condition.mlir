// Canonicalization of scf.if: in the then region the condition is true, in
// the else region false, so uses there become constants (nested ops too);
// the interpreter gives the same results before and after.
// RUN: buffer-opt %s -canonicalize | FileCheck %s
// RUN: buffer-opt %s --run=main | FileCheck %s --check-prefix=RUN-VALUES
// RUN: buffer-opt %s -canonicalize --run=main | FileCheck %s --check-prefix=RUN-VALUES

// The then region adds 1 and the else region's loop subtracts 0 three
// times, so the loop folds away.
// CHECK-LABEL: func.func @widen(
//  CHECK-SAME:   %[[C:.*]]: i1, %[[N:.*]]: i8
//       CHECK:   %[[ONE:.*]] = arith.constant 1 : i8
//       CHECK:   %[[R:.*]] = scf.if %[[C]] -> (i8) {
//       CHECK:     %[[S:.*]] = arith.addi %[[N]], %[[ONE]]
//       CHECK:     scf.yield %[[S]]
//       CHECK:   } else {
//  CHECK-NEXT:     scf.yield %[[N]]
//       CHECK:   return %[[R]]
func.func @widen(%c: i1, %n: i8) -> i8 {
  %r = scf.if %c -> i8 {
    %b = arith.extui %c : i1 to i8
    %s = arith.addi %n, %b : i8
    scf.yield %s : i8
  } else {
    %lb = arith.constant 0 : index
    %ub = arith.constant 3 : index
    %st = arith.constant 1 : index
    %t = scf.for %i = %lb to %ub step %st iter_args(%acc = %n) -> i8 {
      %b = arith.extui %c : i1 to i8
      %d = arith.subi %acc, %b : i8
      scf.yield %d : i8
    }
    scf.yield %t : i8
  }
  return %r : i8
}

// RUN-VALUES: [{"type":"i8","value":6},{"type":"i8","value":5}]
func.func @main() -> (i8, i8) {
  %yes = arith.constant true
  %no = arith.constant false
  %five = arith.constant 5 : i8
  %a = call @widen(%yes, %five) : (i1, i8) -> i8
  %b = call @widen(%no, %five) : (i1, i8) -> i8
  return %a, %b : i8, i8
}
