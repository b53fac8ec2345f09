// REQUIRES: mlir-opt
// canonicalize takes mlir-opt's options, so upstream RUN lines that give
// them parse; max-iterations bounds the rounds and test-convergence makes
// a run that has not settled within them fail.
// RUN: buffer-opt %s -canonicalize="test-convergence" | FileCheck %s
// RUN: mlir-opt %s -canonicalize="test-convergence" | FileCheck %s
// RUN: buffer-opt %s -canonicalize="top-down=false region-simplify=aggressive max-iterations=3 max-num-rewrites=-1" | FileCheck %s
// RUN: mlir-opt %s -canonicalize="top-down=false region-simplify=aggressive max-iterations=3 max-num-rewrites=-1" | FileCheck %s
// RUN: not buffer-opt %s -canonicalize="region-simplify=sometimes" 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: func.func @sum_of_constants(
//  CHECK-NEXT:   %[[C:.*]] = arith.constant 12 : index
//  CHECK-NEXT:   return %[[C]] : index
func.func @sum_of_constants() -> index {
  %a = arith.constant 5 : index
  %b = arith.constant 7 : index
  %s = arith.addi %a, %b : index
  return %s : index
}

// BAD: region-simplify
