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

// The second result's clone is made where the dealloc would go (before it),
// the first's (an argument, never owned) after it.
// CHECK-LABEL: func.func @arg_twice
// CHECK: %[[C2:.*]] = bufferization.clone %arg0
// CHECK: %[[C1:.*]] = bufferization.clone %arg0
// CHECK: return %[[C1]], %[[C2]]
func.func @arg_twice(%m: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>) {
  return %m, %m : memref<2xf32>, memref<2xf32>
}

// A result that may or may not be the earlier one is cloned before the
// dealloc, so the dealloc frees the other buffer when it is not retained.
// Found by the generator (seeds 9162, 9746): %b leaked when %c was false.
// CHECK-LABEL: func.func @maybe_same
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: %[[B:.*]] = memref.alloc
// CHECK: %[[S:.*]]:2 = scf.if
// CHECK: %[[C:.*]] = bufferization.clone %[[S]]#0
// CHECK-NOT: return
// CHECK: memref.dealloc %[[B]]
// CHECK: return %[[A]], %[[C]]
func.func @maybe_same(%c: i1, %v: f32) -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<2xf32>)
  linalg.fill ins(%v : f32) outs(%b : memref<2xf32>)
  %s = scf.if %c -> memref<2xf32> {
    scf.yield %a : memref<2xf32>
  } else {
    scf.yield %b : memref<2xf32>
  }
  return %a, %s : memref<2xf32>, memref<2xf32>
}

// EXEC: [1,  1]
// EXEC: [1,  1]
// EXEC: [2,  2,  2,  2]
// EXEC: [2,  2]
// EXEC: [1,  1]
// EXEC: [1,  1]
// EXEC: [3,  3]
// EXEC: [3,  3]
// EXEC: [4,  4]
// EXEC: [4,  4]
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
  %three = arith.constant 3.0 : f32
  %four = arith.constant 4.0 : f32
  %true = arith.constant true
  %false = arith.constant false
  %m0, %m1 = call @maybe_same(%false, %three) : (i1, f32) -> (memref<2xf32>, memref<2xf32>)
  %um0 = memref.cast %m0 : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%um0) : (memref<*xf32>) -> ()
  %um1 = memref.cast %m1 : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%um1) : (memref<*xf32>) -> ()
  %n0, %n1 = call @maybe_same(%true, %four) : (i1, f32) -> (memref<2xf32>, memref<2xf32>)
  %un0 = memref.cast %n0 : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%un0) : (memref<*xf32>) -> ()
  %un1 = memref.cast %n1 : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%un1) : (memref<*xf32>) -> ()
  return
}
