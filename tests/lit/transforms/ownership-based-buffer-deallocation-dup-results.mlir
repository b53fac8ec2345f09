// A function that returns one buffer twice (or a buffer and a view of it):
// the caller frees every result, so the later ones are returned as clones.
// Found by the generator (dup-results): the caller freed the buffer twice.
// RUN: buffer-opt --buffer-deallocation-pipeline %s | FileCheck %s
// RUN: buffer-opt --buffer-deallocation-pipeline --run=main --run-leak-check %s | FileCheck %s --check-prefix=EXEC

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func @twice
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: %[[C:.*]] = bufferization.clone %[[A]]
// CHECK: return %[[A]], %[[C]]
func.func @twice(%v: f32) -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<2xf32>)
  return %a, %a : memref<2xf32>, memref<2xf32>
}

// CHECK-LABEL: func.func @view_and_base
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: %[[S:.*]] = memref.subview %[[A]]
// CHECK: %[[C:.*]] = bufferization.clone %[[S]]
// CHECK: return %[[A]], %[[C]]
func.func @view_and_base(%v: f32) -> (memref<4xf32>, memref<2xf32, strided<[1], offset: 2>>) {
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  %s = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %a, %s : memref<4xf32>, memref<2xf32, strided<[1], offset: 2>>
}

// CHECK-LABEL: func.func @arg_twice
// CHECK: %[[C1:.*]] = bufferization.clone %arg0
// CHECK: %[[C2:.*]] = bufferization.clone %arg0
// CHECK: return %[[C1]], %[[C2]]
func.func @arg_twice(%m: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>) {
  return %m, %m : memref<2xf32>, memref<2xf32>
}

// EXEC: [1,  1]
// EXEC: [1,  1]
// EXEC: [2,  2,  2,  2]
// EXEC: [2,  2]
// EXEC: [1,  1]
// EXEC: [1,  1]
func.func @main() {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %x, %y = call @twice(%one) : (f32) -> (memref<2xf32>, memref<2xf32>)
  %ux = memref.cast %x : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%ux) : (memref<*xf32>) -> ()
  %uy = memref.cast %y : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%uy) : (memref<*xf32>) -> ()
  %b, %s = call @view_and_base(%two) : (f32) -> (memref<4xf32>, memref<2xf32, strided<[1], offset: 2>>)
  %ub = memref.cast %b : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  %us = memref.cast %s : memref<2xf32, strided<[1], offset: 2>> to memref<*xf32>
  call @printMemrefF32(%us) : (memref<*xf32>) -> ()
  %p, %q = call @arg_twice(%x) : (memref<2xf32>) -> (memref<2xf32>, memref<2xf32>)
  %up = memref.cast %p : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%up) : (memref<*xf32>) -> ()
  %uq = memref.cast %q : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%uq) : (memref<*xf32>) -> ()
  return
}
