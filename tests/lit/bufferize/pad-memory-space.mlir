// tensor.pad allocates its result in the memory space of its source's
// buffer (as upstream); it used to take the default memory space.
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s %}

// CHECK-LABEL: func.func @pad_space(
//       CHECK:   %[[SRC:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xf32, 3>
//       CHECK:   %[[PAD:.*]] = memref.alloc() {{.*}} : memref<15xf32, 3>
//       CHECK:   %[[SV:.*]] = memref.subview %[[PAD]][2] [%{{.*}}] [1] : memref<15xf32, 3> to memref<?xf32, strided<[1], offset: 2>, 3>
//       CHECK:   memref.copy %[[SRC]], %[[SV]]
//       CHECK:   memref.load %[[PAD]][%{{.*}}] : memref<15xf32, 3>
func.func @pad_space(%t: tensor<?xf32>, %h: index, %f: f32, %pos: index) -> f32 {
  %0 = bufferization.alloc_tensor() copy(%t) {memory_space = 3 : i64} : tensor<?xf32>
  %1 = tensor.pad %0 low[2] high[%h] {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<?xf32> to tensor<15xf32>
  %2 = tensor.extract %1[%pos] : tensor<15xf32>
  return %2 : f32
}
