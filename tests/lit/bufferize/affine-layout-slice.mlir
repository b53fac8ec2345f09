// A buffer whose layout is an affine map linear in the dims is strided: a
// slice of it has a strided type (the map's coefficients are the strides,
// its constant the offset), as upstream reads such maps.
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file | FileCheck %s %}

//       CHECK: #[[$MAP:.*]] = affine_map<(d0) -> (d0 + 5)>
// CHECK-LABEL: func.func private @offset_map(
//  CHECK-SAME:     %[[T:.*]]: memref<?xf32, #[[$MAP]]>, %[[SZ:.*]]: index) -> memref<?xf32, strided<[1], offset: 7>>
//       CHECK:   %[[CAST:.*]] = memref.cast %[[T]] : memref<?xf32, #[[$MAP]]> to memref<10xf32, #[[$MAP]]>
//       CHECK:   %[[S:.*]] = memref.subview %[[CAST]][2] [%[[SZ]]] [1] : memref<10xf32, #[[$MAP]]> to memref<?xf32, strided<[1], offset: 7>>
//       CHECK:   return %[[S]]
func.func private @offset_map(
    %t: tensor<?xf32> {bufferization.buffer_layout = affine_map<(d0) -> (d0 + 5)>},
    %sz: index) -> tensor<?xf32> {
  %c = tensor.cast %t : tensor<?xf32> to tensor<10xf32>
  %s = tensor.extract_slice %c[2][%sz][1] : tensor<10xf32> to tensor<?xf32>
  return %s : tensor<?xf32>
}

// -----

//       CHECK: #[[$MAP2:.*]] = affine_map<(d0, d1) -> (d0 * 20 + d1 + 3)>
// CHECK-LABEL: func.func private @row_major_map(
//  CHECK-SAME:     %[[T:.*]]: memref<4x20xf32, #[[$MAP2]]>) -> memref<2x5xf32, strided<[20, 2], offset: 28>>
//       CHECK:   memref.subview %[[T]][1, 5] [2, 5] [1, 2] : memref<4x20xf32, #[[$MAP2]]> to memref<2x5xf32, strided<[20, 2], offset: 28>>
func.func private @row_major_map(
    %t: tensor<4x20xf32> {bufferization.buffer_layout = affine_map<(d0, d1) -> (d0 * 20 + d1 + 3)>})
  -> tensor<2x5xf32> {
  %s = tensor.extract_slice %t[1, 5][2, 5][1, 2] : tensor<4x20xf32> to tensor<2x5xf32>
  return %s : tensor<2x5xf32>
}
