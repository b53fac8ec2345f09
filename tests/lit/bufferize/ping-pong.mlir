// Loops whose iter_args swap roles (ping-pong buffers) bufferize by
// swapping the buffers, not by copying every iteration; a zero-trip loop
// returns its inits, so an init that only the loop result reads is still
// read (the program runs 0 to 4 trips of each loop).
// RUN: buffer-opt --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s
// The program prints the same before and after bufferization, with each
// set of options, and leak-free after deallocation.
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize=allow-return-allocs-from-loops %s --run=main | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries" --buffer-deallocation-pipeline %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// Upstream parses what we print.
// RUN: buffer-opt --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries" %s | mlir-opt > /dev/null
// REQUIRES: mlir-opt

// Two buffers swap roles every iteration: the loop yields them swapped,
// with no copy inside; once after the loop, when the trip count is odd,
// the results are put back into their own buffers. (mlir-opt 22 rejects
// this loop: "Yield operand #0 is not equivalent to the corresponding iter
// bbArg".)
// CHECK-LABEL: func.func @pingpong(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<4xf32>, %[[Y:[a-z0-9]+]]: memref<4xf32>
// CHECK: %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[A:.*]] = %[[X]], %[[B:.*]] = %[[Y]])
// CHECK-NEXT: linalg.add ins(%[[A]], %[[A]] : {{.*}}) outs(%[[B]] :
// CHECK-NEXT: scf.yield %[[B]], %[[A]]
// CHECK: %[[TRIPS:.*]] = arith.ceildivsi
// CHECK: arith.remsi %{{.*}}, %c2
// CHECK: scf.if
// CHECK-COUNT-4: memref.copy
// CHECK: return %[[X]], %[[Y]]

func.func @pingpong(%x: tensor<4xf32>, %y: tensor<4xf32>, %n: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %y) -> (tensor<4xf32>, tensor<4xf32>) {
    %s = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %s, %a : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// A rotation of three buffers: no copy per iteration either; they are back
// in place after every third iteration.
// CHECK-LABEL: func.func @rotate3(
// CHECK: scf.for
// CHECK-NOT: memref.copy
// CHECK: scf.yield %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK: arith.remsi %{{.*}}, %c3

func.func @rotate3(%x: tensor<4xf32>, %y: tensor<4xf32>, %z: tensor<4xf32>, %n: index) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %y, %c = %z) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %s = linalg.sub ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%c : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %s, %a, %b : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// One value yielded twice is no permutation: the second iter_arg gets a
// copy each iteration.
// CHECK-LABEL: func.func @duplicate(
// CHECK: scf.for
// CHECK: memref.copy
// CHECK: scf.yield

func.func @duplicate(%x: tensor<4xf32>, %y: tensor<4xf32>, %n: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %y) -> (tensor<4xf32>, tensor<4xf32>) {
    %s = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %s, %s : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

func.func @show(%t: tensor<4xf32>) {
  %m = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %y = arith.constant dense<[0.5, 0.5, 0.5, 0.5]> : tensor<4xf32>
  %z = arith.constant dense<[9.0, 9.0, 9.0, 9.0]> : tensor<4xf32>
  scf.for %n = %c0 to %c5 step %c1 {
    %p:2 = func.call @pingpong(%x, %y, %n) : (tensor<4xf32>, tensor<4xf32>, index) -> (tensor<4xf32>, tensor<4xf32>)
    func.call @show(%p#0) : (tensor<4xf32>) -> ()
    func.call @show(%p#1) : (tensor<4xf32>) -> ()
    %q:3 = func.call @rotate3(%x, %y, %z, %n) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, index) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
    func.call @show(%q#0) : (tensor<4xf32>) -> ()
    func.call @show(%q#1) : (tensor<4xf32>) -> ()
    func.call @show(%q#2) : (tensor<4xf32>) -> ()
    %d:2 = func.call @duplicate(%x, %y, %n) : (tensor<4xf32>, tensor<4xf32>, index) -> (tensor<4xf32>, tensor<4xf32>)
    func.call @show(%d#0) : (tensor<4xf32>) -> ()
    func.call @show(%d#1) : (tensor<4xf32>) -> ()
  }
  return
}

func.func private @printMemrefF32(memref<*xf32>)

// OUT: [1,  2,  3,  4]
// OUT: [0.5,  0.5,  0.5,  0.5]
// OUT: [1,  2,  3,  4]
// OUT: [0.5,  0.5,  0.5,  0.5]
// OUT: [9,  9,  9,  9]
// OUT: [1,  2,  3,  4]
// OUT: [0.5,  0.5,  0.5,  0.5]
// OUT: [2,  4,  6,  8]
// OUT: [1,  2,  3,  4]
// OUT: [0.5,  1.5,  2.5,  3.5]
// OUT: [1,  2,  3,  4]
// OUT: [0.5,  0.5,  0.5,  0.5]
// OUT: [1.5,  2.5,  3.5,  4.5]
// OUT: [1.5,  2.5,  3.5,  4.5]
// OUT: [4,  8,  12,  16]
// OUT: [2,  4,  6,  8]
// OUT: [-0.5,  -0.5,  -0.5,  -0.5]
// OUT: [0.5,  1.5,  2.5,  3.5]
// OUT: [1,  2,  3,  4]
// OUT: [3,  5,  7,  9]
// OUT: [3,  5,  7,  9]
// OUT: [8,  16,  24,  32]
// OUT: [4,  8,  12,  16]
// OUT: [-1,  -2,  -3,  -4]
// OUT: [-0.5,  -0.5,  -0.5,  -0.5]
// OUT: [0.5,  1.5,  2.5,  3.5]
// OUT: [6,  10,  14,  18]
// OUT: [6,  10,  14,  18]
// OUT: [16,  32,  48,  64]
// OUT: [8,  16,  24,  32]
// OUT: [-0.5,  -1.5,  -2.5,  -3.5]
// OUT: [-1,  -2,  -3,  -4]
// OUT: [-0.5,  -0.5,  -0.5,  -0.5]
// OUT: [12,  20,  28,  36]
// OUT: [12,  20,  28,  36]
