// optimize-allocation-liveness: a dealloc moves up to right after the last
// use of its buffer (or of a view of it, or of a region op using it) in its
// block; buffers freed twice, returned or used after the dealloc stay.
// RUN: buffer-opt --optimize-allocation-liveness %s | FileCheck %s
// RUN: buffer-opt --run=main --run-leak-check --run-stats %s 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: buffer-opt --optimize-allocation-liveness --run=main --run-leak-check --run-stats %s 2>&1 | FileCheck %s --check-prefix=AFTER

func.func private @printMemrefF32(memref<*xf32>)

// BEFORE: [3,  3,  3,  3]
// BEFORE: [7]
// BEFORE: run-stats: heap_allocs=4 {{.*}}peak_live_bytes=40
// AFTER: [3,  3,  3,  3]
// AFTER: [7]
// AFTER: run-stats: heap_allocs=4 {{.*}}peak_live_bytes=16

// CHECK-LABEL: func.func @main
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[S:.*]] = memref.subview %[[A]]
// CHECK: scf.for
// CHECK: memref.load %[[S]]
// CHECK: }
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK: call @printMemrefF32
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK: %[[C:.*]] = memref.alloc() : memref<1xf32>
// CHECK: memref.load %[[C]]
// CHECK-NEXT: memref.dealloc %[[C]]
// CHECK: memref.alloc() : memref<1xf32>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  %s = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %sum = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %one) -> (f32) {
    %x = memref.load %s[%i] : memref<2xf32, strided<[1]>>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  %b = memref.alloc() : memref<4xf32>
  %three = arith.addf %sum, %one : f32
  linalg.fill ins(%three : f32) outs(%b : memref<4xf32>)
  %ub = memref.cast %b : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  %c = memref.alloc() : memref<1xf32>
  %seven = arith.constant 7.0 : f32
  memref.store %seven, %c[%c0] : memref<1xf32>
  %v = memref.load %c[%c0] : memref<1xf32>
  %d = memref.alloc() : memref<1xf32>
  memref.store %v, %d[%c0] : memref<1xf32>
  %ud = memref.cast %d : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%ud) : (memref<*xf32>) -> ()
  memref.dealloc %d : memref<1xf32>
  memref.dealloc %c : memref<1xf32>
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// CHECK-LABEL: func.func @escapes
// CHECK: memref.alloc
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @escapes() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  return %a : memref<2xf32>
}
