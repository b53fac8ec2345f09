// A func.func may end in a terminator other than func.return (here
// spirv.Return, which upstream's bufferization tests use): One-Shot
// Bufferize leaves a function without tensors alone, whatever ends it, and
// still bufferizes the other functions of the module.
// REQUIRES: mlir-opt
// RUN: buffer-opt -one-shot-bufferize="bufferize-function-boundaries=1 copy-before-write=1" %s | FileCheck %s
// RUN: buffer-opt -one-shot-bufferize="bufferize-function-boundaries=1" %s | FileCheck %s
// The op prints as mlir-opt spells it, and mlir-opt reads it back.
// RUN: buffer-opt %s | mlir-opt | FileCheck %s --check-prefix=SYNTAX
// RUN: mlir-opt %s | buffer-opt | FileCheck %s --check-prefix=SYNTAX

// CHECK-LABEL: func.func private @ends_in_spirv_return(
//  CHECK-SAME:     %{{.*}}: memref<4xi32>)
//  CHECK-NEXT:   spirv.Return
//  CHECK-NEXT: }
// SYNTAX-LABEL: func.func private @ends_in_spirv_return(
//  SYNTAX-NEXT:   spirv.Return
func.func private @ends_in_spirv_return(%arg0: memref<4xi32>) {
  spirv.Return
}

// CHECK-LABEL: func.func @reads(
//  CHECK-SAME:     %[[m:.*]]: memref<4xf32, strided<[?], offset: ?>>
//       CHECK:   memref.load %[[m]]
func.func @reads(%t: tensor<4xf32>, %i: index) -> f32 {
  %0 = tensor.extract %t[%i] : tensor<4xf32>
  return %0 : f32
}
