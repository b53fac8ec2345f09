// buffer-deallocation-pipeline: loops that yield buffers, scf.if, a cf
// early exit and calls returning buffers run with no leak, double free or
// use after free, and print what they printed before.
// RUN: buffer-opt --buffer-deallocation-pipeline %s | FileCheck %s
// RUN: buffer-opt --buffer-deallocation-pipeline --run=main --run-leak-check %s | FileCheck %s --check-prefix=EXEC
// RUN: buffer-opt --pass-pipeline="builtin.module(ownership-based-buffer-deallocation,buffer-deallocation-simplification,bufferization-lower-deallocations)" --run=main --run-leak-check %s | FileCheck %s --check-prefix=EXEC
// RUN: not buffer-opt --run=main --run-leak-check %s 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: buffer-opt "--buffer-deallocation-pipeline=private-function-dynamic-ownership" --run=main --run-leak-check %s | FileCheck %s --check-prefix=EXEC

// LEAK: still allocated when '@main' returns (leak)

func.func private @printMemrefF32(memref<*xf32>)

// A fresh buffer is returned: no clone, no dealloc of it.
// CHECK-LABEL: func.func @fresh
// CHECK: %[[A:.*]] = memref.alloc
// CHECK-NOT: memref.dealloc
// CHECK: return %[[A]]
func.func @fresh(%v: f32) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  return %a : memref<4xf32>
}

// The argument is returned: the caller must own the result, so it is cloned.
// CHECK-LABEL: func.func @identity
// CHECK: %[[C:.*]] = bufferization.clone %arg0
// CHECK: return %[[C]]
func.func @identity(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}

// Each iteration yields a new buffer: the loop carries an ownership flag
// and frees the previous iteration's buffer.
// CHECK-LABEL: func.func @loop
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %false) -> (memref<4xf32>, i1)
// CHECK: memref.alloc
// CHECK: scf.if
// CHECK-NEXT: memref.dealloc
// CHECK: scf.yield %{{.*}}, %{{.*}} : memref<4xf32>, i1
func.func @loop(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %init = call @fresh(%one) : (f32) -> memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> memref<4xf32> {
    %next = memref.alloc() : memref<4xf32>
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                    iterator_types = ["parallel"]}
        ins(%acc : memref<4xf32>) outs(%next : memref<4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.addf %x, %x : f32
      linalg.yield %y : f32
    }
    scf.yield %next : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// scf.if yields either a fresh buffer or the (not owned) argument.
// CHECK-LABEL: func.func @choose
// CHECK: scf.if %{{.*}} -> (memref<4xf32>, i1)
func.func @choose(%c: i1, %m: memref<4xf32>) -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    %two = arith.constant 2.0 : f32
    %a = func.call @fresh(%two) : (f32) -> memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %m : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// Early exit through cf: the buffer is freed on the exit edge and, on the
// other edge, by the block it is passed to (with its ownership flag).
// CHECK-LABEL: func.func @early
// CHECK: cf.cond_br %{{.*}}, ^bb2, ^bb1
// CHECK: ^bb1:
// CHECK-NOT: memref.dealloc
// CHECK: cf.br ^bb3(%alloc, %true : memref<4xf32>, i1)
// CHECK: ^bb2:
// CHECK: memref.dealloc %alloc
// CHECK: ^bb3(%[[B:.*]]: memref<4xf32>, %[[OWN:.*]]: i1):
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[B]]
// CHECK: scf.if %[[OWN]] {
// CHECK-NEXT: memref.dealloc %[[BASE]]
func.func @early(%c: i1) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %v = arith.constant 3.0 : f32
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xf32>
  cf.cond_br %c, ^exit(%x : f32), ^more(%a : memref<4xf32>)
^more(%b: memref<4xf32>):
  %y = memref.load %b[%c0] : memref<4xf32>
  %z = arith.addf %y, %y : f32
  cf.br ^exit(%z : f32)
^exit(%r: f32):
  return %r : f32
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %false = arith.constant false
  %l = call @loop(%c3) : (index) -> memref<4xf32>
  %u = memref.cast %l : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %a = call @choose(%true, %l) : (i1, memref<4xf32>) -> memref<4xf32>
  %b = call @choose(%false, %l) : (i1, memref<4xf32>) -> memref<4xf32>
  %ua = memref.cast %a : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  %ub = memref.cast %b : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  %i = call @identity(%b) : (memref<4xf32>) -> memref<4xf32>
  %e1 = call @early(%true) : (i1) -> f32
  %e2 = call @early(%false) : (i1) -> f32
  %s = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.store %e1, %s[%c0] : memref<2xf32>
  memref.store %e2, %s[%c1] : memref<2xf32>
  %us = memref.cast %s : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%us) : (memref<*xf32>) -> ()
  return
}
// EXEC: data =
// EXEC-NEXT: [8,  8,  8,  8]
// EXEC: data =
// EXEC-NEXT: [2,  2,  2,  2]
// EXEC: data =
// EXEC-NEXT: [8,  8,  8,  8]
// EXEC: data =
// EXEC-NEXT: [3,  6]
