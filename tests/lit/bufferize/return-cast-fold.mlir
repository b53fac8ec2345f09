// Under infer-layout-map a returned buffer that is a memref.cast to the
// boundary type returns the cast's source: the result type keeps the
// source's static information (here: every return hands back argument 0,
// so the result is its type). drop-equivalent-buffer-results then sees
// through memref.cast to the argument, in every func.return.
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file | FileCheck %s --check-prefix=FOLD
// RUN: %if mlir-opt %{ mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file | FileCheck %s --check-prefix=FOLD %}
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" -drop-equivalent-buffer-results -split-input-file | FileCheck %s --check-prefix=DROP
// RUN: %if mlir-opt %{ mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" -drop-equivalent-buffer-results -split-input-file | FileCheck %s --check-prefix=DROP %}

// FOLD-LABEL: func.func private @two_returns(
//  FOLD-SAME:     %[[T:.*]]: memref<?xf32, strided<[?], offset: ?>>, %[[C:.*]]: i1, %[[A:.*]]: index, %[[B:.*]]: index) -> (memref<?xf32, strided<[?], offset: ?>>, index)
//       FOLD:   return %[[T]], %[[A]] : memref<?xf32, strided<[?], offset: ?>>, index
//       FOLD:   return %[[T]], %[[B]] : memref<?xf32, strided<[?], offset: ?>>, index
// FOLD-LABEL: func.func @caller(
//  FOLD-SAME:     -> (memref<?xf32, strided<[?], offset: ?>>, index)

// DROP-LABEL: func.func private @two_returns(
//  DROP-SAME:     -> index
// DROP-LABEL: func.func @caller(
//  DROP-SAME:     %[[T:.*]]: memref<?xf32, strided<[?], offset: ?>>, %[[C:.*]]: i1, %[[A:.*]]: index, %[[B:.*]]: index) -> (memref<?xf32, strided<[?], offset: ?>>, index)
//       DROP:   %[[R:.*]] = call @two_returns(%[[T]], %[[C]], %[[A]], %[[B]]) : (memref<?xf32, strided<[?], offset: ?>>, i1, index, index) -> index
//       DROP:   return %[[T]], %[[R]] : memref<?xf32, strided<[?], offset: ?>>, index
func.func private @two_returns(%t: tensor<?xf32>, %c: i1, %a: index, %b: index) -> (tensor<8xf32>, index) {
  %s = tensor.cast %t : tensor<?xf32> to tensor<8xf32>
  cf.cond_br %c, ^x, ^y
^x:
  return %s, %a : tensor<8xf32>, index
^y:
  return %s, %b : tensor<8xf32>, index
}

func.func @caller(%t: tensor<?xf32>, %c: i1, %a: index, %b: index) -> (tensor<8xf32>, index) {
  %r, %i = func.call @two_returns(%t, %c, %a, %b) : (tensor<?xf32>, i1, index, index) -> (tensor<8xf32>, index)
  return %r, %i : tensor<8xf32>, index
}

// -----

// A cast to a type other than the boundary type stays in the return (the
// result has its static layout), and drop-equivalent-buffer-results still
// finds the argument under it.
// FOLD-LABEL: func.func private @static_layout(
//  FOLD-SAME:     -> memref<4xf32, strided<[1], offset: 3>>
//       FOLD:   %[[CAST:.*]] = memref.cast
//       FOLD:   return %[[CAST]]
// DROP-LABEL: func.func private @static_layout(
//  DROP-SAME:     %{{.*}}: memref<?xf32, strided<[1], offset: 3>>) {
//       DROP:   return{{$}}
func.func private @static_layout(
    %t: tensor<?xf32> {bufferization.buffer_layout = strided<[1], offset: 3>})
  -> tensor<4xf32> {
  %s = tensor.cast %t : tensor<?xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}
