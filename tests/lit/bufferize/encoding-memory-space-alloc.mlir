// Under use-encoding-for-memory-space a new buffer (from_elements, generate,
// ...) lives in the memory space its tensor's encoding names; the
// from_elements buffer used to be in the default space, and the to_tensor
// back to tensor<3xf32, 1> then changed its type.
// RUN: buffer-opt %s -one-shot-bufferize="use-encoding-for-memory-space" -split-input-file | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt %s -one-shot-bufferize="use-encoding-for-memory-space" -split-input-file | FileCheck %s %}

// CHECK-LABEL: func.func @from_elements_space(
//       CHECK:   %[[A:.*]] = memref.alloc() {{.*}} : memref<2xf32, 1>
//       CHECK:   memref.store %{{.*}}, %[[A]][%{{.*}}] : memref<2xf32, 1>
//       CHECK:   %[[T:.*]] = bufferization.to_tensor %[[A]] : memref<2xf32, 1> to tensor<2xf32, 1 : i64>
//       CHECK:   return %[[T]]
func.func @from_elements_space(%a: f32, %b: f32) -> tensor<2xf32, 1> {
  %t = tensor.from_elements %a, %b : tensor<2xf32, 1>
  return %t : tensor<2xf32, 1>
}
