// A buffer of shape 1x? whose size-1 dimension has stride 3 (one row of a
// 2x3 matrix) is not what an identity memref<1x?xf32> holds: that layout
// has stride ?x1 = the row length in dimension 0. No address depends on
// the stride of a size-1 dimension, but the descriptor carries it (the
// runner's printMemref prints it), so the rewrite copies such a buffer into
// an identity one instead of casting it.
// Found by the generator (seeds 4639, 7137, 7267, 7293, 9387): printMemref
// printed strides = [3, 1] where the tensor program prints [1, 1].
// REQUIRES: mlir-opt
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | mlir-opt > /dev/null
// RUN: buffer-opt --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.ref
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.fb
// RUN: diff %t.ref %t.fb
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.infer
// RUN: diff %t.ref %t.infer

func.func private @printMemrefF32(memref<*xf32>)

// A slice that keeps the identity strides is still cast, not copied.
// CHECK-LABEL: func.func @first_row(
// CHECK-NOT: memref.copy
// CHECK: return
func.func @first_row(%m: tensor<1x3xf32>) -> tensor<1x3xf32> {
  %r = tensor.extract_slice %m[0, 0] [1, 3] [1, 1] : tensor<1x3xf32> to tensor<1x3xf32>
  return %r : tensor<1x3xf32>
}

// CHECK-LABEL: func.func @main(
// CHECK: %[[S:.*]] = memref.subview {{.*}} to memref<1x?xf32, strided<[3, 1]>>
// CHECK: %[[C:.*]] = memref.alloc({{.*}}) {{.*}} : memref<1x?xf32>
// CHECK: memref.copy %[[S]], %[[C]]
// CHECK: memref.cast %[[C]] : memref<1x?xf32> to memref<*xf32>
func.func @main() {
  %c2 = arith.constant 2 : index
  %m = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]> : tensor<2x3xf32>
  %s = tensor.extract_slice %m[0, 0] [1, %c2] [1, 1] : tensor<2x3xf32> to tensor<1x?xf32>
  %b = bufferization.to_buffer %s : tensor<1x?xf32> to memref<1x?xf32>
  %u = memref.cast %b : memref<1x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %r = tensor.extract_slice %m[1, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<1x3xf32>
  %f = call @first_row(%r) : (tensor<1x3xf32>) -> tensor<1x3xf32>
  %mf = bufferization.to_buffer %f : tensor<1x3xf32> to memref<1x3xf32>
  %uf = memref.cast %mf : memref<1x3xf32> to memref<*xf32>
  call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
  return
}
