// REQUIRES: mlir-opt
// expand_shape / collapse_shape of a strided slice stay views of the slice
// (the layout follows from the slice's strides, as upstream computes it),
// as in the q/k/v split of an attention block; only a collapse of dims that
// are not contiguous (or not surely: dynamic strides) copies. The values
// equal the tensor program's (interpreter and JIT) and mlir-opt 22 accepts
// the types we print.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: buffer-opt --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.tensor
// RUN: buffer-opt --buffer-deallocation-pipeline %t.mlir | buffer-opt --run=main --run-leak-check | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.buffer
// RUN: diff %t.tensor %t.buffer
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline --emit=run --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.jit
// RUN: diff %t.tensor %t.jit

#id4 = affine_map<(a, b, c, d) -> (a, b, c, d)>
#id2 = affine_map<(a, b) -> (a, b)>

// CHECK-LABEL: func.func @heads(
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.copy
// CHECK:         memref.expand_shape %{{.*}} {{\[\[}}0], [1], [2, 3]] output_shape [2, 4, 2, 2] : memref<2x4x4xf32, strided<[48, 12, 1]>> into memref<2x4x2x2xf32, strided<[48, 12, 2, 1]>>
// CHECK:         memref.expand_shape %{{.*}} {{\[\[}}0], [1], [2, 3]] output_shape [2, 4, 2, 2] : memref<2x4x4xf32, strided<[48, 12, 1], offset: 4>> into memref<2x4x2x2xf32, strided<[48, 12, 2, 1], offset: 4>>
// CHECK:         memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : memref<2x4x4xf32, strided<[48, 12, 1], offset: 8>> into memref<8x4xf32, strided<[12, 1], offset: 8>>
// CHECK:         memref.alloc() {{.*}} : memref<2x4x2x2xf32>
// CHECK:         linalg.generic
// CHECK:         memref.alloc() {{.*}} : memref<8x4xf32>
// CHECK:         linalg.generic
// CHECK-NOT:     memref.copy
// CHECK:         return
func.func @heads(%qkv: tensor<2x4x12xf32>) -> (tensor<2x4x2x2xf32>, tensor<8x4xf32>) {
  %q = tensor.extract_slice %qkv[0, 0, 0] [2, 4, 4] [1, 1, 1] : tensor<2x4x12xf32> to tensor<2x4x4xf32>
  %k = tensor.extract_slice %qkv[0, 0, 4] [2, 4, 4] [1, 1, 1] : tensor<2x4x12xf32> to tensor<2x4x4xf32>
  %v = tensor.extract_slice %qkv[0, 0, 8] [2, 4, 4] [1, 1, 1] : tensor<2x4x12xf32> to tensor<2x4x4xf32>
  %qh = tensor.expand_shape %q [[0], [1], [2, 3]] output_shape [2, 4, 2, 2] : tensor<2x4x4xf32> into tensor<2x4x2x2xf32>
  %kh = tensor.expand_shape %k [[0], [1], [2, 3]] output_shape [2, 4, 2, 2] : tensor<2x4x4xf32> into tensor<2x4x2x2xf32>
  %vr = tensor.collapse_shape %v [[0, 1], [2]] : tensor<2x4x4xf32> into tensor<8x4xf32>
  %e = tensor.empty() : tensor<2x4x2x2xf32>
  %s = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%qh, %kh : tensor<2x4x2x2xf32>, tensor<2x4x2x2xf32>) outs(%e : tensor<2x4x2x2xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %z = arith.mulf %x, %y : f32
    linalg.yield %z : f32
  } -> tensor<2x4x2x2xf32>
  %e2 = tensor.empty() : tensor<8x4xf32>
  %w = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%vr : tensor<8x4xf32>) outs(%e2 : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %z = arith.addf %x, %x : f32
    linalg.yield %z : f32
  } -> tensor<8x4xf32>
  return %s, %w : tensor<2x4x2x2xf32>, tensor<8x4xf32>
}

// The rows of a column slice are not contiguous with each other: the
// collapse reshapes a contiguous copy.
// CHECK-LABEL: func.func @columns(
// CHECK:         %[[SLICE:.*]] = memref.subview
// CHECK:         %[[COPY:.*]] = memref.alloc() {{.*}} : memref<2x4x2xf32>
// CHECK:         memref.copy %[[SLICE]], %[[COPY]]
// CHECK:         memref.collapse_shape %[[COPY]] {{\[\[}}0, 1, 2]] : memref<2x4x2xf32> into memref<16xf32>
func.func @columns(%t: tensor<2x4x12xf32>) -> tensor<16xf32> {
  %s = tensor.extract_slice %t[0, 0, 2] [2, 4, 2] [1, 1, 1] : tensor<2x4x12xf32> to tensor<2x4x2xf32>
  %c = tensor.collapse_shape %s [[0, 1, 2]] : tensor<2x4x2xf32> into tensor<16xf32>
  return %c : tensor<16xf32>
}

// A slice whose strides happen to be row-major keeps a strided layout
// through the expansion, as upstream types it (not the identity).
// CHECK-LABEL: func.func @whole_row(
// CHECK:         memref.expand_shape %{{.*}} {{\[\[}}0], [1, 2]] output_shape [1, 5, 1] : memref<1x5xf32, strided<[5, 1]>> into memref<1x5x1xf32, strided<[5, 1, 1]>>
func.func @whole_row(%t: tensor<2x5xf32>) -> tensor<1x5x1xf32> {
  %s = tensor.extract_slice %t[0, 0] [1, 5] [1, 1] : tensor<2x5xf32> to tensor<1x5xf32>
  %e = tensor.expand_shape %s [[0], [1, 2]] output_shape [1, 5, 1] : tensor<1x5xf32> into tensor<1x5x1xf32>
  return %e : tensor<1x5x1xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @print(%t: tensor<*xf32>) {
  %m = bufferization.to_buffer %t read_only : tensor<*xf32> to memref<*xf32>
  call @printMemrefF32(%m) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %t = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %a = arith.muli %i, %j : index
    %b = arith.addi %a, %k : index
    %c = arith.index_cast %b : index to i64
    %f = arith.sitofp %c : i64 to f32
    tensor.yield %f : f32
  } : tensor<2x4x12xf32>
  %s, %v = call @heads(%t) : (tensor<2x4x12xf32>) -> (tensor<2x4x2x2xf32>, tensor<8x4xf32>)
  %c = call @columns(%t) : (tensor<2x4x12xf32>) -> tensor<16xf32>
  %su = tensor.cast %s : tensor<2x4x2x2xf32> to tensor<*xf32>
  call @print(%su) : (tensor<*xf32>) -> ()
  %vu = tensor.cast %v : tensor<8x4xf32> to tensor<*xf32>
  call @print(%vu) : (tensor<*xf32>) -> ()
  %cu = tensor.cast %c : tensor<16xf32> to tensor<*xf32>
  call @print(%cu) : (tensor<*xf32>) -> ()
  return
}
