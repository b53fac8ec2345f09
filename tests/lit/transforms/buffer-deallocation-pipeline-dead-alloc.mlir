// buffer-deallocation-pipeline drops a buffer nothing reads: an alloc whose
// only uses are memref.store into it and memref.dealloc goes with them (an
// unused tensor.from_elements leaves one after bufferization; upstream's
// canonicalizer in the same pipeline removes it too). A buffer that is
// read, or that reaches any other op, stays.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %s | FileCheck %s
// Same output before and after, leak-free, with and without other passes,
// and one heap allocation fewer than bufferization alone makes.
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %s --run=main --run-leak-check --run-stats 2>&1 | FileCheck %s --check-prefixes=OUT,STATS
// RUN: buffer-opt --pass-pipeline="builtin.module(eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},buffer-hoisting,buffer-loop-hoisting,promote-buffers-to-stack,buffer-deallocation-pipeline,plan-memory)" %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s --run=main --run-stats 2>&1 | FileCheck %s --check-prefixes=OUT,BEFORE
// Upstream parses what we print.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %s | mlir-opt > /dev/null
// REQUIRES: mlir-opt

func.func private @printMemrefI32(memref<*xi32>)

// CHECK-LABEL: func.func @main(
// The unused from_elements: no buffer, no stores, and its element
// computation is gone with them.
// CHECK-NOT: memref<2xi32>
// CHECK-NOT: arith.muli
// CHECK-NOT: arith.addi
// CHECK-NOT: 5 : i32
// The read one stays, with its stores and its dealloc.
// CHECK: %[[R:.*]] = memref.alloc() {{.*}} : memref<3xi32>
// CHECK: memref.store %{{.*}}, %[[R]]
// A buffer only written through a view stays: the view is not a store.
// CHECK: %[[V:.*]] = memref.alloc() {{.*}} : memref<4xi32>
// CHECK: memref.subview %[[V]]
// CHECK: memref.dealloc %[[R]]
// CHECK-NOT: memref<2xi32>

// OUT: sizes = [3] strides = [1] data =
// OUT-NEXT: [7,  8,  9]
// STATS: heap_allocs=2
// BEFORE: heap_allocs=3
func.func @main() {
  %c7 = arith.constant 7 : i32
  %c8 = arith.constant 8 : i32
  %c9 = arith.constant 9 : i32
  // A chain where an op and its operand's def share an operand (%five):
  // each def is erased once, after its last use.
  %five = arith.constant 5 : i32
  %sq = arith.muli %five, %five : i32
  %p = arith.addi %sq, %five : i32
  %unused = tensor.from_elements %p, %c9 : tensor<2xi32>
  %read = tensor.from_elements %c7, %c8, %c9 : tensor<3xi32>
  %e = tensor.empty() : tensor<4xi32>
  %s = tensor.insert_slice %read into %e[1] [3] [1] : tensor<3xi32> into tensor<4xi32>
  %m = bufferization.to_buffer %read read_only : tensor<3xi32> to memref<3xi32>
  %u = memref.cast %m : memref<3xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
