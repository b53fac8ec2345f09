// must-infer-memory-space asks for a memory space inferred from the program
// and refuses the default; use-encoding-for-memory-space reads it from the
// tensor's encoding. The two contradict each other: the pass refuses the
// pair before it touches the program, with upstream's text, and the
// program comes out nowhere (exit 1).
// REQUIRES: mlir-opt
// RUN: not buffer-opt %s -one-shot-bufferize="must-infer-memory-space use-encoding-for-memory-space" 2>&1 | FileCheck %s
// RUN: not mlir-opt %s -one-shot-bufferize="must-infer-memory-space use-encoding-for-memory-space" 2>&1 | FileCheck %s
// Each option alone is accepted.
// RUN: buffer-opt %s -one-shot-bufferize="use-encoding-for-memory-space bufferize-function-boundaries" | FileCheck %s --check-prefix=ALONE
// RUN: buffer-opt %s -one-shot-bufferize="must-infer-memory-space bufferize-function-boundaries" | FileCheck %s --check-prefix=ALONE
// RUN: mlir-opt %s -one-shot-bufferize="use-encoding-for-memory-space bufferize-function-boundaries" | FileCheck %s --check-prefix=ALONE

// CHECK: error: only one of 'must-infer-memory-space' and 'use-encoding-for-memory-space' are allowed in one-shot-bufferize
// CHECK-NOT: func.func

// ALONE-LABEL: func.func @scale_in_place
// ALONE-SAME: %[[T:.*]]: memref<4xf32, strided<[?], offset: ?>>
// ALONE-NOT: memref.alloc
// ALONE: memref.store %{{.*}}, %[[T]]
func.func @scale_in_place(%t: tensor<4xf32>, %i: index, %v: f32) -> tensor<4xf32> {
  %r = tensor.insert %v into %t[%i] : tensor<4xf32>
  return %r : tensor<4xf32>
}
