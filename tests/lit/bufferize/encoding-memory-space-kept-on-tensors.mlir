// use-encoding-for-memory-space: an unknown op inside a loop reads its
// iteration buffer back as a tensor whose encoding is the buffer's memory
// space (the tensor type the loop carries), not a tensor without encoding.
// RUN: buffer-opt %s -one-shot-bufferize="use-encoding-for-memory-space allow-return-allocs-from-loops allow-unknown-ops" -allow-unregistered-dialect | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt %s -one-shot-bufferize="use-encoding-for-memory-space allow-return-allocs-from-loops allow-unknown-ops" -allow-unregistered-dialect | FileCheck %s %}

// CHECK-LABEL: func.func @iter_arg_encoding(
//       CHECK:   scf.for {{.*}} iter_args(%[[IT:.*]] = %{{.*}}) -> (memref<128xf32, {{.*}}1>)
//  CHECK-NEXT:     %[[T:.*]] = bufferization.to_tensor %[[IT]] : memref<128xf32, {{.*}}1> to tensor<128xf32, 1 : i64>
//  CHECK-NEXT:     "some.use"(%[[T]]) : (tensor<128xf32, 1 : i64>) -> tensor<128xf32, 1 : i64>
func.func @iter_arg_encoding(%arg0: tensor<128xf32, 1>, %lb: index, %ub: index, %step: index) -> tensor<128xf32, 1> {
  %0 = scf.for %i = %lb to %ub step %step iter_args(%iter = %arg0) -> tensor<128xf32, 1> {
    %1 = "some.use"(%iter) : (tensor<128xf32, 1>) -> tensor<128xf32, 1>
    scf.yield %1 : tensor<128xf32, 1>
  }
  return %0 : tensor<128xf32, 1>
}
