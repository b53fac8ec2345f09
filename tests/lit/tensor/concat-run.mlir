// The interpreter runs tensor.concat: inputs one after another along the
// dimension, dynamic sizes checked at run time; upstream's output (mlir-runner
// 22 after one-shot-bufferize) is in the CHECK lines.
// RUN: buffer-opt --run=main %s | FileCheck %s
// RUN: not buffer-opt --run=mismatch %s 2>&1 | FileCheck %s --check-prefix=BAD

func.func private @printMemrefF32(memref<*xf32>)

// CHECK: rank = 2 offset = 0 sizes = [2, 5] strides = [5, 1] data =
// CHECK-NEXT: {{\[}}[1,   2,   7,   1,   2],
// CHECK-NEXT: [3,   4,   8,   3,   4]]
// CHECK: rank = 1 offset = 0 sizes = [3] strides = [1] data =
// CHECK-NEXT: [7,  8,  9]
func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = arith.constant dense<[[7.0], [8.0]]> : tensor<2x1xf32>
  %c = tensor.concat dim(1) %a, %b, %a : (tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x2xf32>) -> tensor<2x5xf32>
  %m = bufferization.to_buffer %c : tensor<2x5xf32> to memref<2x5xf32>
  %u = memref.cast %m : memref<2x5xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %x = arith.constant dense<[7.0, 8.0]> : tensor<2xf32>
  %y = arith.constant dense<[9.0]> : tensor<1xf32>
  %xd = tensor.cast %x : tensor<2xf32> to tensor<?xf32>
  %z = tensor.concat dim(0) %xd, %y : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  %zm = bufferization.to_buffer %z : tensor<?xf32> to memref<?xf32>
  %zu = memref.cast %zm : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%zu) : (memref<*xf32>) -> ()
  return
}

// BAD: concat-run.mlir:[[@LINE+5]]:8: error: interpreter: input #1 has size 3 in dimension 1, not 2
func.func @mismatch() {
  %a = arith.constant dense<1.0> : tensor<2x2xf32>
  %b = arith.constant dense<2.0> : tensor<1x3xf32>
  %bd = tensor.cast %b : tensor<1x3xf32> to tensor<1x?xf32>
  %c = tensor.concat dim(0) %a, %bd : (tensor<2x2xf32>, tensor<1x?xf32>) -> tensor<3x?xf32>
  return
}
