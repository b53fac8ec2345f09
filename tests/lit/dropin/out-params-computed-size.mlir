// REQUIRES: mlir-opt
// hoist-dynamic-allocs moves only allocs sized by arguments. A result of
// another dynamic shape cannot be allocated by its caller: the call is an
// error, as with mlir-opt 22. A function nobody calls still gets its
// out-parameter, into which its returns copy (mlir-opt 22 replaces the
// alloc by the out-parameter there too, sized or not).
// RUN: not buffer-opt %s -buffer-results-to-out-params="hoist-dynamic-allocs" -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// RUN: not mlir-opt %s -buffer-results-to-out-params="hoist-dynamic-allocs" -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// RUN: not buffer-opt %s -buffer-results-to-out-params="hoist-dynamic-allocs" -split-input-file 2>/dev/null | FileCheck %s

// CHECK-LABEL: func.func private @computed_size(
//  CHECK-SAME:   %{{.*}}: index, %[[OUT:.*]]: memref<?xf32>) {
//       CHECK:   memref.copy %{{.*}}, %[[OUT]] : memref<?xf32> to memref<?xf32>
//  CHECK-NEXT:   return
func.func private @computed_size(%n: index) -> memref<?xf32> {
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
  // ERR: :[[@LINE+1]]:8: error: cannot create out param for dynamically shaped result
  %0 = call @computed_size(%n) : (index) -> memref<?xf32>
  %x = memref.load %0[%c0] : memref<?xf32>
  return %x : f32
}
