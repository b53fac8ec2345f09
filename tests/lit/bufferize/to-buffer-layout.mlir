// bufferization.to_buffer to an identity-layout memref of a tensor whose
// buffer is a strided view: the view becomes the result by a memref.cast
// only when it is sure to be row-major contiguous from offset 0 (what the
// identity layout promises); otherwise the result is a fresh copy. A
// dynamic dimension does not make an identity stride free: a 4x3 window of
// a 4x4 buffer has strides [4, 1], not the [3, 1] of memref<?x?xf32>.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s
// The program prints the same before and after, and leak-free after
// deallocation (with and without the other buffer passes).
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s --run=main | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --pass-pipeline="builtin.module(eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},buffer-hoisting,promote-buffers-to-stack,buffer-deallocation-pipeline,plan-memory)" %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// Upstream parses what we print.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %s | mlir-opt > /dev/null
// REQUIRES: mlir-opt

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func @main(
// CHECK: %[[B:.*]] = memref.alloc() {{.*}} : memref<4x4xf32>
// A window of whole rows is contiguous: a cast, no copy.
// CHECK: %[[ROWS:.*]] = memref.subview %[[B]][0, 0] [%{{.*}}, 4] [1, 1] : memref<4x4xf32> to memref<?x4xf32, strided<[4, 1]>>
// CHECK: %[[RC:.*]] = memref.cast %[[ROWS]] : memref<?x4xf32, strided<[4, 1]>> to memref<?x4xf32>
// A window of three of four columns is not: copied into an identity buffer.
// CHECK: %[[WIN:.*]] = memref.subview %[[B]][0, 0] [%{{.*}}, %{{.*}}] [1, 1] : memref<4x4xf32> to memref<?x?xf32, strided<[4, 1]>>
// CHECK: %[[COPY:.*]] = memref.alloc(%{{.*}}, %{{.*}}) {{.*}} : memref<?x?xf32>
// CHECK: memref.copy %[[WIN]], %[[COPY]] : memref<?x?xf32, strided<[4, 1]>> to memref<?x?xf32>
// CHECK-NOT: memref.cast %[[WIN]]
// CHECK: memref.cast %[[COPY]] : memref<?x?xf32> to memref<*xf32>
// A window at a dynamic offset is not either (identity layouts start at 0).
// CHECK: %[[OFF:.*]] = memref.subview %[[B]][%{{.*}}, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1], offset: ?>>
// CHECK: %[[COPY2:.*]] = memref.alloc() {{.*}} : memref<2x4xf32>
// CHECK: memref.copy %[[OFF]], %[[COPY2]]

// OUT: rank = 2 offset = 0 sizes = [2, 4] strides = [4, 1]
// OUT-NEXT: [0,   1,   2,   3],
// OUT-NEXT: [4,   5,   6,   7]]
// OUT: rank = 2 offset = 0 sizes = [4, 3] strides = [3, 1]
// OUT-NEXT: [0,   1,   2],
// OUT-NEXT: [4,   5,   6],
// OUT-NEXT: [8,   9,   10],
// OUT-NEXT: [12,   13,   14]]
// OUT: rank = 2 offset = 0 sizes = [2, 4] strides = [4, 1]
// OUT-NEXT: [4,   5,   6,   7],
// OUT-NEXT: [8,   9,   10,   11]]
func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %t = tensor.generate {
  ^bb0(%i: index, %j: index):
    %r = arith.muli %i, %c4 : index
    %k = arith.addi %r, %j : index
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    tensor.yield %f : f32
  } : tensor<4x4xf32>
  %rows = tensor.extract_slice %t[0, 0] [%c2, 4] [1, 1] : tensor<4x4xf32> to tensor<?x4xf32>
  %mr = bufferization.to_buffer %rows read_only : tensor<?x4xf32> to memref<?x4xf32>
  %ur = memref.cast %mr : memref<?x4xf32> to memref<*xf32>
  call @printMemrefF32(%ur) : (memref<*xf32>) -> ()
  %win = tensor.extract_slice %t[0, 0] [%c4, %c3] [1, 1] : tensor<4x4xf32> to tensor<?x?xf32>
  %mw = bufferization.to_buffer %win read_only : tensor<?x?xf32> to memref<?x?xf32>
  %uw = memref.cast %mw : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%uw) : (memref<*xf32>) -> ()
  %off = tensor.extract_slice %t[%c1, 0] [2, 4] [1, 1] : tensor<4x4xf32> to tensor<2x4xf32>
  %mo = bufferization.to_buffer %off read_only : tensor<2x4xf32> to memref<2x4xf32>
  %uo = memref.cast %mo : memref<2x4xf32> to memref<*xf32>
  call @printMemrefF32(%uo) : (memref<*xf32>) -> ()
  return
}
