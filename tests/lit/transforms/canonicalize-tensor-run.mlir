// The tensor folds keep what a program computes (tensor_slice_fold.c,
// tensor_fold.c): constant slice operands made static (one slice whose
// first size becomes 1 ahead of the unit dim it drops: it stays 1x2, where
// upstream's canonical 2x1 would transpose it), a cast folded into an
// insert and a slice, an insert_slice of constant sizes. The program
// prints the same before and after --canonicalize --cse.
// RUN: buffer-opt --run=main %s | FileCheck %s
// RUN: buffer-opt --canonicalize --cse %s | buffer-opt --run=main - | FileCheck %s
// RUN: buffer-opt --canonicalize --cse %s | FileCheck %s --check-prefix=IR

// IR: tensor.extract_slice %{{.*}}[0, 1, 1] [1, 2, 1] [1, 1, 1] : tensor<2x3x2xf32> to tensor<1x2xf32>
// IR: tensor.insert %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : tensor<2x3x2xf32>
// IR: tensor.extract_slice %{{.*}}[1, 0, 0] [1, 3, 2] [1, 1, 1] : tensor<2x3x2xf32> to tensor<3x2xf32>
// IR: tensor.insert_slice %{{.*}} into %{{.*}}[1, 0] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<?x?xf32>

// CHECK: sizes = [1, 2]
// CHECK-NEXT: {{\[}}[4,   6]]
// CHECK: sizes = [3, 2]
// CHECK-NEXT: {{\[}}[7,   8],
// CHECK-NEXT: [9,   10],
// CHECK-NEXT: [9,   12]]
// CHECK: sizes = [3, 2]
// CHECK-NEXT: {{\[}}[0,   0],
// CHECK-NEXT: [4,   6],
// CHECK-NEXT: [0,   0]]

func.func private @printMemrefF32(memref<*xf32>)

func.func @show(%t: tensor<?x?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %x = arith.constant 9.0 : f32
  %t = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]]> : tensor<2x3x2xf32>
  // a rank-reducing slice whose first size becomes 1: rows 1..2 of
  // column 1 of the first matrix, as 1x2
  %s = tensor.extract_slice %t[0, 1, 1] [%c1, %c2, 1] [1, 1, 1] : tensor<2x3x2xf32> to tensor<?x?xf32>
  call @show(%s) : (tensor<?x?xf32>) -> ()
  // through a cast that forgets sizes, written with an insert
  %d = tensor.cast %t : tensor<2x3x2xf32> to tensor<?x?x?xf32>
  %i = tensor.insert %x into %d[%c1, %c2, %c0] : tensor<?x?x?xf32>
  %r = tensor.extract_slice %i[1, 0, 0] [1, %c3, 2] [1, 1, 1] : tensor<?x?x?xf32> to tensor<?x2xf32>
  %rc = tensor.cast %r : tensor<?x2xf32> to tensor<?x?xf32>
  call @show(%rc) : (tensor<?x?xf32>) -> ()
  // an insert_slice with constant sizes of a dynamic source, then the
  // same place read back
  %z = tensor.empty() : tensor<3x2xf32>
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%z : tensor<3x2xf32>) -> tensor<3x2xf32>
  %fd = tensor.cast %f : tensor<3x2xf32> to tensor<?x?xf32>
  %w = tensor.insert_slice %s into %fd[%c1, 0] [%c1, %c2] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  call @show(%w) : (tensor<?x?xf32>) -> ()
  return
}
