// tensor.generate and tensor.pad fill their new buffer with a linalg.map
// whose body is the op's body: index arguments become linalg.index ops,
// tensor.yield a linalg.yield (upstream's form; we used to build an scf.for
// nest of stores). The values are the same on tensors, after bufferization
// (interpreter, and lowered to loops) and with upstream.
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s %}
// RUN: buffer-opt --run=main %s | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' > %t.tensor
// RUN: buffer-opt -one-shot-bufferize="bufferize-function-boundaries" -buffer-deallocation-pipeline %s | buffer-opt --run=main --run-leak-check - | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' > %t.buffer
// RUN: diff %t.tensor %t.buffer
// RUN: buffer-opt -one-shot-bufferize="bufferize-function-boundaries" -convert-linalg-to-loops %s | buffer-opt --run=main - | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %t.tensor -
// RUN: FileCheck %s --check-prefix=OUT < %t.buffer
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %s | diff %t.tensor - %}

// CHECK-LABEL: func.func @gen(
//  CHECK-SAME:     %[[N:.*]]: index, %[[T:.*]]: memref<?xf32, strided<[?], offset: ?>>)
//       CHECK:   %[[A:.*]] = memref.alloc(%[[N]]) {{.*}} : memref<?x3xf32>
//       CHECK:   linalg.map outs(%[[A]] : memref<?x3xf32>)
//       CHECK:     %[[I:.*]] = linalg.index 0 : index
//       CHECK:     %[[J:.*]] = linalg.index 1 : index
//       CHECK:     %[[V:.*]] = memref.load %[[T]][%[[I]]]
//       CHECK:     arith.index_cast %[[J]]
//       CHECK:     linalg.yield
func.func @gen(%n: index, %t: tensor<?xf32>) -> tensor<?x3xf32> {
  %r = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %v = tensor.extract %t[%i] : tensor<?xf32>
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %s = arith.addf %v, %jf : f32
    tensor.yield %s : f32
  } : tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// CHECK-LABEL: func.func @pad(
//       CHECK:   %[[P:.*]] = memref.alloc() {{.*}} : memref<6xf32>
//       CHECK:   linalg.map outs(%[[P]] : memref<6xf32>)
//       CHECK:     linalg.index 0 : index
//       CHECK:     linalg.yield
//       CHECK:   %[[SV:.*]] = memref.subview %[[P]][1] [4] [1]
//       CHECK:   memref.copy %{{.*}}, %[[SV]]
func.func @pad(%t: tensor<4xf32>, %f: f32) -> tensor<6xf32> {
  %r = tensor.pad %t low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<4xf32> to tensor<6xf32>
  return %r : tensor<6xf32>
}

// OUT: [1,   2,   3]
// OUT: [11,   12,   13]
// OUT: [-1,  1,  2,  3,  4,  -1]
func.func @main() {
  %c2 = arith.constant 2 : index
  %src = arith.constant dense<[1.0, 11.0]> : tensor<2xf32>
  %s = tensor.cast %src : tensor<2xf32> to tensor<?xf32>
  %g = call @gen(%c2, %s) : (index, tensor<?xf32>) -> tensor<?x3xf32>
  %gu = tensor.cast %g : tensor<?x3xf32> to tensor<*xf32>
  call @printMemrefF32(%gu) : (tensor<*xf32>) -> ()
  %v = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %m1 = arith.constant -1.0 : f32
  %p = call @pad(%v, %m1) : (tensor<4xf32>, f32) -> tensor<6xf32>
  %pu = tensor.cast %p : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%pu) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
