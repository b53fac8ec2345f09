// An insert_slice covering all of its destination whose source is the
// destination's own buffer (a fill of it, in place) copies nothing: the fill
// writes the argument in place and no copy is left. Upstream allocates and
// fills a new buffer, then copies it back into the argument.
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: buffer-opt --run=main %s | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' > %t.tensor
// RUN: buffer-opt -one-shot-bufferize="bufferize-function-boundaries" -buffer-deallocation-pipeline %s | buffer-opt --run=main --run-leak-check - | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' > %t.buffer
// RUN: diff %t.tensor %t.buffer
// RUN: FileCheck %s --check-prefix=OUT < %t.buffer
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %s | diff %t.tensor - %}

// CHECK-LABEL: func.func @fill_back(
//  CHECK-SAME:     %[[T:.*]]: memref<4xf32, strided<[?], offset: ?>>)
//   CHECK-NOT:   memref.alloc
//       CHECK:   linalg.fill {{.*}} outs(%[[T]] :
//   CHECK-NOT:   memref.copy
//       CHECK:   return %[[T]]
func.func @fill_back(%t: tensor<4xf32>) -> tensor<4xf32> {
  %cst = arith.constant 42.0 : f32
  %0 = linalg.fill ins(%cst : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  %1 = tensor.insert_slice %0 into %t[0][4][1] : tensor<4xf32> into tensor<4xf32>
  return %1 : tensor<4xf32>
}

// OUT: [42,  42,  42,  42]
func.func @main() {
  %z = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = call @fill_back(%z) : (tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
