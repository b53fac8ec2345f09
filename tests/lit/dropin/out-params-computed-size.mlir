// hoist-dynamic-allocs moves only allocs sized by arguments. A call of a
// function with a result of another dynamic shape is an error: its caller
// cannot size an out-buffer (as mlir-opt 22 reports). A private function
// nobody calls gets its out-parameter, into which its return copies
// (mlir-opt converts it too).
// RUN: buffer-opt %s -buffer-results-to-out-params="hoist-dynamic-allocs" -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func private @uncalled(
//  CHECK-SAME:   %{{.*}}: index, %[[OUT:.*]]: memref<?xf32>) {
//       CHECK:   memref.copy %{{.*}}, %[[OUT]] : memref<?xf32> to memref<?xf32>
//  CHECK-NEXT:   return
func.func private @uncalled(%n: index) -> memref<?xf32> {
  %c1 = arith.constant 1 : index
  %s = arith.addi %n, %c1 : index
  %m = memref.alloc(%s) : memref<?xf32>
  return %m : memref<?xf32>
}

// -----

func.func private @computed_size(%n: index) -> memref<?xf32> {
  %c1 = arith.constant 1 : index
  %s = arith.addi %n, %c1 : index
  %m = memref.alloc(%s) : memref<?xf32>
  return %m : memref<?xf32>
}

func.func @caller(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error @below {{cannot create out param for dynamically shaped result}}
  %0 = call @computed_size(%n) : (index) -> memref<?xf32>
  %x = memref.load %0[%c0] : memref<?xf32>
  return %x : f32
}
