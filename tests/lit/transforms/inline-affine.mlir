// --inline into affine.for: a body is inlined only when its affine
// accesses keep valid subscripts there (entry arguments whose call operands
// are valid dims or symbols at the call) and its other ops have no
// effects; otherwise the call stays, so the result verifies.
// RUN: buffer-opt %s -inline="default-pipeline=" | FileCheck %s
// RUN: buffer-opt %s -inline -o /dev/null

// CHECK-LABEL: func.func @loop_calls(
//  CHECK-SAME:   %[[M:.*]]: memref<?xi64>, %[[X:.*]]: i64
//       CHECK:   affine.for %[[I:.*]] = 0 to 16 {
//  CHECK-NEXT:     affine.store %[[X]], %[[M]][%[[I]]] : memref<?xi64>
//  CHECK-NEXT:     func.call @put_shifted(%[[I]], %[[M]], %[[X]])
//  CHECK-NEXT:     func.call @put_at_next(%[[M]], %[[X]])
//  CHECK-NEXT:   }
func.func private @put(%i: index, %m: memref<?xi64>, %x: i64) {
  affine.store %x, %m[%i] : memref<?xi64>
  return
}
// The subscript is an affine.apply of the callee: a symbol at the callee's
// top level, not inside the loop.
func.func private @put_shifted(%i: index, %m: memref<?xi64>, %x: i64) {
  %j = affine.apply affine_map<(d0) -> (d0 + 3)>(%i)
  affine.store %x, %m[%j] : memref<?xi64>
  return
}
func.func private @next_index() -> index
// A call has effects the affine dialect cannot reason about.
func.func private @put_at_next(%m: memref<?xi64>, %x: i64) {
  %n = call @next_index() : () -> index
  affine.store %x, %m[%n] : memref<?xi64>
  return
}
func.func @loop_calls(%m: memref<?xi64>, %x: i64) {
  affine.for %i = 0 to 16 {
    func.call @put(%i, %m, %x) : (index, memref<?xi64>, i64) -> ()
    func.call @put_shifted(%i, %m, %x) : (index, memref<?xi64>, i64) -> ()
    func.call @put_at_next(%m, %x) : (memref<?xi64>, i64) -> ()
  }
  return
}
