// hoist-dynamic-allocs moves only allocs sized by arguments. A function
// with a result of another dynamic shape that something calls stays as it
// is: its callers could not size an out-buffer (mlir-opt 22 fails the pass
// with "cannot create out param for dynamically shaped result" instead). A
// private function nobody calls gets its out-parameter, into which its
// return copies (mlir-opt converts it too).
// RUN: buffer-opt %s -buffer-results-to-out-params="hoist-dynamic-allocs" -split-input-file | FileCheck %s

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

// CHECK-LABEL: func.func private @computed_size(
//  CHECK-SAME:   %{{.*}}: index) -> memref<?xf32>
//       CHECK:   return %{{.*}} : memref<?xf32>
func.func private @computed_size(%n: index) -> memref<?xf32> {
  %c1 = arith.constant 1 : index
  %s = arith.addi %n, %c1 : index
  %m = memref.alloc(%s) : memref<?xf32>
  return %m : memref<?xf32>
}

// CHECK-LABEL: func.func @caller(
//       CHECK:   %[[R:.*]] = call @computed_size(%{{.*}}) : (index) -> memref<?xf32>
//       CHECK:   memref.load %[[R]]
func.func @caller(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = call @computed_size(%n) : (index) -> memref<?xf32>
  %x = memref.load %0[%c0] : memref<?xf32>
  return %x : f32
}
