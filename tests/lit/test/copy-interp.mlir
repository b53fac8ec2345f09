// test.copy runs as memref.copy does; the deallocation passes keep the
// source alive until after it.
// RUN: buffer-opt %s -ownership-based-buffer-deallocation -buffer-deallocation-simplification -bufferization-lower-deallocations --run=main --run-leak-check | FileCheck %s
// CHECK: data =
// CHECK-NEXT: [1.5,  1.5,  1.5]
// CHECK-NOT: leak
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %f = arith.constant 1.5 : f32
  %a = memref.alloc() : memref<3xf32>
  %b = memref.alloc() : memref<3xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<3xf32>)
  test.copy(%a, %b) : (memref<3xf32>, memref<3xf32>)
  %u = memref.cast %b : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
