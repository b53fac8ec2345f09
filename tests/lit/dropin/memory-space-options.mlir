// must-infer-memory-space and use-encoding-for-memory-space; an
// alloc_tensor that copies takes the copied buffer's memory space.
// RUN: buffer-opt %s -one-shot-bufferize="use-encoding-for-memory-space" -split-input-file | FileCheck %s --check-prefix=ENC
// RUN: buffer-opt %s -one-shot-bufferize -split-input-file | FileCheck %s --check-prefix=DEFAULT

// ENC-LABEL: func.func @no_space(
//       ENC:   memref.alloc() {alignment = 64 : i64} : memref<10xf32>
// DEFAULT-LABEL: func.func @no_space(
//       DEFAULT:   memref.alloc() {alignment = 64 : i64} : memref<10xf32>
func.func @no_space() -> tensor<10xf32> {
  %0 = bufferization.alloc_tensor() : tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

// ENC-LABEL: func.func @space_from_copy(
//       ENC:   memref.alloc() {alignment = 64 : i64} : memref<4xf32, 3>
//       ENC:   memref.copy %{{.*}}, %{{.*}} : memref<4xf32, 3> to memref<4xf32, 3>
func.func @space_from_copy(%f: f32) -> tensor<4xf32> {
  %a = bufferization.alloc_tensor() {memory_space = 3 : i64} : tensor<4xf32>
  %b = linalg.fill ins(%f : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %c = bufferization.alloc_tensor() copy(%b) : tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

// The encoding names the memory space, of new buffers and of the buffers
// of function arguments; mlir-opt prints an encoding with its type.
// ENC-LABEL: func.func @space_from_encoding(
//  ENC-SAME:   %[[A:.*]]: tensor<4xf32, 2 : i64>) -> tensor<4xf32, 2 : i64>
//       ENC:   bufferization.to_buffer %[[A]] : tensor<4xf32, 2 : i64> to memref<4xf32, strided<[?], offset: ?>, 2>
//       ENC:   memref.alloc() {alignment = 64 : i64} : memref<4xf32, 2>
// DEFAULT-LABEL: func.func @space_from_encoding(
//       DEFAULT:   bufferization.to_buffer %{{.*}} : tensor<4xf32, 2 : i64> to memref<4xf32, strided<[?], offset: ?>>
func.func @space_from_encoding(%t: tensor<4xf32, 2>) -> tensor<4xf32, 2> {
  %c = bufferization.alloc_tensor() copy(%t) : tensor<4xf32, 2>
  return %c : tensor<4xf32, 2>
}
