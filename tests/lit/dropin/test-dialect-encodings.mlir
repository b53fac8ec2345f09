// The test dialect's tensor encoding stands for a memref layout
// (#test.tensor_encoding<"x"> -> #test.memref_layout<"x">), which
// test-one-shot-module-bufferize gives function boundaries; the test
// dialect's tensor ops bufferize to their memref twins of that type.
// Plain one-shot-bufferize keeps the boundary layouts its options say.
// RUN: buffer-opt %s -test-one-shot-module-bufferize -split-input-file | FileCheck %s
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" -split-input-file | FileCheck %s --check-prefix=PLAIN

#red = #test.tensor_encoding<"red">
#blue = #test.tensor_encoding<"blue">

// CHECK-LABEL: func.func @pass_through(
//  CHECK-SAME:     %[[A:.*]]: memref<8xi32, #test.memref_layout<"red">>) -> memref<8xi32, #test.memref_layout<"red">>
//       CHECK:   return %[[A]]
// PLAIN-LABEL: func.func @pass_through(
//  PLAIN-SAME:     %{{.*}}: memref<8xi32>) -> memref<8xi32>
func.func @pass_through(%t: tensor<8xi32, #red>) -> tensor<8xi32, #red> {
  return %t : tensor<8xi32, #red>
}

// CHECK-LABEL: func.func @make_and_touch(
//  CHECK-SAME:     %[[A:.*]]: memref<8xi32, #test.memref_layout<"red">>) -> (memref<8xi32, #test.memref_layout<"red">>, memref<2x?xf64, #test.memref_layout<"blue">>)
//       CHECK:   %[[C:.*]] = call @pass_through(%[[A]])
//       CHECK:   %[[NEW:.*]] = "test.create_memref_op"() : () -> memref<2x?xf64, #test.memref_layout<"blue">>
//       CHECK:   %[[T:.*]] = "test.dummy_memref_op"(%[[NEW]]) : (memref<2x?xf64, #test.memref_layout<"blue">>) -> memref<2x?xf64, #test.memref_layout<"blue">>
//       CHECK:   return %[[C]], %[[T]]
func.func @make_and_touch(%t: tensor<8xi32, #red>) -> (tensor<8xi32, #red>, tensor<2x?xf64, #blue>) {
  %0 = call @pass_through(%t) : (tensor<8xi32, #red>) -> tensor<8xi32, #red>
  %1 = "test.create_tensor_op"() : () -> tensor<2x?xf64, #blue>
  %2 = "test.dummy_tensor_op"(%1) : (tensor<2x?xf64, #blue>) -> tensor<2x?xf64, #blue>
  return %0, %2 : tensor<8xi32, #red>, tensor<2x?xf64, #blue>
}

// -----

// test.dummy_tensor_op writes its operand's buffer: a read-only argument
// is copied first (into a new buffer of the identity layout).
// CHECK-LABEL: func.func @dummy_writes(
//  CHECK-SAME:     %[[A:.*]]: memref<4xf32, #test.memref_layout<"green">>
//       CHECK:   %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
//       CHECK:   memref.copy %[[A]], %[[COPY]]
//       CHECK:   "test.dummy_memref_op"(%[[COPY]]) : (memref<4xf32>) -> memref<4xf32, #test.memref_layout<"green">>
func.func @dummy_writes(%t: tensor<4xf32, #test.tensor_encoding<"green">> {bufferization.writable = false})
    -> tensor<4xf32, #test.tensor_encoding<"green">> {
  %0 = "test.dummy_tensor_op"(%t) : (tensor<4xf32, #test.tensor_encoding<"green">>) -> tensor<4xf32, #test.tensor_encoding<"green">>
  return %0 : tensor<4xf32, #test.tensor_encoding<"green">>
}
