// An unranked memref that may own a fresh buffer is freed through a 0-d
// reinterpret_cast of it, and only when it owns it: no leak, no double free.
// RUN: buffer-opt %s -buffer-deallocation-pipeline --run=main --run-leak-check 2>&1 | FileCheck %s
// CHECK: data =
// CHECK-NEXT: [2.5,  2.5,  2.5,  2.5]
// CHECK: data =
// CHECK-NEXT: [1,  1,  1,  1]
// CHECK-NOT: leak
// CHECK-NOT: error
func.func @unranked(%c: i1, %in: memref<*xf32>, %out: memref<*xf32>) {
  cf.cond_br %c, ^bb2(%in : memref<*xf32>), ^bb1
^bb1:
  %a = memref.alloc() : memref<4xf32>
  %f = arith.constant 2.5 : f32
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  cf.br ^bb2(%u : memref<*xf32>)
^bb2(%m: memref<*xf32>):
  test.copy(%m, %out) : (memref<*xf32>, memref<*xf32>)
  return
}
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %i = memref.alloca() : memref<4xf32>
  %o = memref.alloca() : memref<4xf32>
  %f = arith.constant 1.0 : f32
  linalg.fill ins(%f : f32) outs(%i : memref<4xf32>)
  %iu = memref.cast %i : memref<4xf32> to memref<*xf32>
  %ou = memref.cast %o : memref<4xf32> to memref<*xf32>
  %false = arith.constant false
  %true = arith.constant true
  call @unranked(%false, %iu, %ou) : (i1, memref<*xf32>, memref<*xf32>) -> ()
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  call @unranked(%true, %iu, %ou) : (i1, memref<*xf32>, memref<*xf32>) -> ()
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  return
}
