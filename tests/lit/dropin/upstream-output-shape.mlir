// Output details that upstream lit tests match line by line: a bufferized
// signature loses `bufferization.writable` and `bufferization.buffer_layout`
// (the layout it asked for is in the type), tensor.from_elements
// builds its index constants before its stores.
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file | FileCheck %s
// RUN: buffer-opt %s -one-shot-bufferize -split-input-file | FileCheck %s --check-prefix=NOBOUNDARY

// Both markings go, as with mlir-opt; attributes of other dialects stay.
// CHECK-LABEL: func @marked_args(
//  CHECK-SAME:   %arg0: memref<8xi32, strided<[?], offset: ?>>,
//  CHECK-SAME:   %arg1: memref<8xi32, strided<[?], offset: ?>>,
//  CHECK-SAME:   %arg2: memref<8xi32, strided<[?], offset: ?>> {my.tag = 3 : i64}) -> i32
// Without function boundaries the signature keeps every marking.
// NOBOUNDARY-LABEL: func @marked_args(
//  NOBOUNDARY-SAME:   tensor<8xi32> {bufferization.writable = true},
func.func @marked_args(%dst: tensor<8xi32> {bufferization.writable = true},
                       %src: tensor<8xi32> {bufferization.writable = false},
                       %other: tensor<8xi32> {bufferization.writable = true, my.tag = 3}) -> i32 {
  %c1 = arith.constant 1 : index
  %a = tensor.extract %src[%c1] : tensor<8xi32>
  %b = tensor.extract %other[%c1] : tensor<8xi32>
  %s = arith.addi %a, %b : i32
  return %s : i32
}

// -----

// CHECK-LABEL: func @grid(
//       CHECK:   %[[M:.*]] = memref.alloc() {{.*}} : memref<2x3xi32>
//  CHECK-NEXT:   %[[C0:.*]] = arith.constant 0 : index
//  CHECK-NEXT:   %[[C1:.*]] = arith.constant 1 : index
//  CHECK-NEXT:   %[[C2:.*]] = arith.constant 2 : index
//  CHECK-NEXT:   memref.store %{{.*}}, %[[M]][%[[C0]], %[[C0]]]
//  CHECK-NEXT:   memref.store %{{.*}}, %[[M]][%[[C0]], %[[C1]]]
//  CHECK-NEXT:   memref.store %{{.*}}, %[[M]][%[[C0]], %[[C2]]]
//  CHECK-NEXT:   memref.store %{{.*}}, %[[M]][%[[C1]], %[[C0]]]
//  CHECK-NEXT:   memref.store %{{.*}}, %[[M]][%[[C1]], %[[C1]]]
//  CHECK-NEXT:   memref.store %{{.*}}, %[[M]][%[[C1]], %[[C2]]]
//  CHECK-NEXT:   return %[[M]]
func.func @grid(%p: i32, %q: i32) -> tensor<2x3xi32> {
  %t = tensor.from_elements %p, %q, %p, %q, %p, %q : tensor<2x3xi32>
  return %t : tensor<2x3xi32>
}
