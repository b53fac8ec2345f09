// promote-buffers-to-stack: small static allocs that do not escape become
// memref.alloca; big, high-rank, dynamic, escaping and in-loop ones stay.
// RUN: buffer-opt --promote-buffers-to-stack %s | FileCheck %s
// RUN: buffer-opt "--promote-buffers-to-stack=max-alloc-size-in-bytes=8 max-rank-of-allocated-memref=2" %s | FileCheck %s --check-prefix=SMALL
// RUN: buffer-opt --promote-buffers-to-stack --buffer-deallocation-pipeline --run=main --run-leak-check --run-stats %s 2>&1 | FileCheck %s --check-prefix=EXEC

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func @f
// CHECK: memref.alloca() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.alloc() : memref<512xf32>
// CHECK: memref.alloc() : memref<2x2xf32>
// CHECK: memref.alloc(%arg0) : memref<?xf32>
// CHECK: memref.alloc() : memref<3xf32>
// CHECK: scf.for
// CHECK-NEXT: memref.alloc() : memref<1xf32>
// SMALL-LABEL: func.func @f
// SMALL: memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// SMALL: memref.alloca() : memref<2x1xf32>
func.func @f(%n: index) -> memref<3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 2.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  %big = memref.alloc() : memref<512xf32>
  %r2 = memref.alloc() : memref<2x2xf32>
  %small2 = memref.alloc() : memref<2x1xf32>
  %d = memref.alloc(%n) : memref<?xf32>
  %ret = memref.alloc() : memref<3xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  linalg.fill ins(%v : f32) outs(%big : memref<512xf32>)
  linalg.fill ins(%v : f32) outs(%r2 : memref<2x2xf32>)
  linalg.fill ins(%v : f32) outs(%small2 : memref<2x1xf32>)
  linalg.fill ins(%v : f32) outs(%d : memref<?xf32>)
  linalg.fill ins(%v : f32) outs(%ret : memref<3xf32>)
  scf.for %i = %c0 to %n step %c1 {
    %l = memref.alloc() : memref<1xf32>
    linalg.fill ins(%v : f32) outs(%l : memref<1xf32>)
  }
  return %ret : memref<3xf32>
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %r = call @f(%c2) : (index) -> memref<3xf32>
  %u = memref.cast %r : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
// EXEC: [2,  2,  2]
// EXEC: run-stats: heap_allocs=7 stack_allocs=1
