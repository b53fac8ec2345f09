// The interpreter runs memref.view: views of other element types over the
// bytes of an i8 buffer, at byte shifts, with dynamic sizes. Views that
// share bytes corrupt each other: a read of an element another view partly
// overwrote is reported like a read of uninitialized memory.
// RUN: not buffer-opt --split-input-file --run=main --run-leak-check %s 2>&1 | FileCheck %s

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)
// CHECK: rank = 2 offset = 0 sizes = [2, 4] strides = [4, 1] data =
// CHECK-NEXT: {{\[}}[1.5,   1.5,   1.5,   1.5],
// CHECK-NEXT: [1.5,   1.5,   1.5,   2.5]]
// CHECK: rank = 1 offset = 0 sizes = [2] strides = [1] data =
// CHECK-NEXT: [7,  9]
// CHECK: rank = 1 offset = 1 sizes = [1] strides = [1] data =
// CHECK-NEXT: [9]
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %a = memref.alloc() : memref<48xi8>
  %f = memref.view %a[%c0][] : memref<48xi8> to memref<2x4xf32>
  %v = arith.constant 1.5 : f32
  linalg.fill ins(%v : f32) outs(%f : memref<2x4xf32>)
  %w = arith.constant 2.5 : f32
  memref.store %w, %f[%c1, %c3] : memref<2x4xf32>
  %g = memref.view %a[%c32][%c2] : memref<48xi8> to memref<?xi64>
  %k = arith.constant 7 : i64
  linalg.fill ins(%k : i64) outs(%g : memref<?xi64>)
  %n = arith.constant 9 : i64
  memref.store %n, %g[%c1] : memref<?xi64>
  %u = memref.cast %f : memref<2x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %ug = memref.cast %g : memref<?xi64> to memref<*xi64>
  call @printMemrefI64(%ug) : (memref<*xi64>) -> ()
  %s = memref.subview %g[1] [1] [1] : memref<?xi64> to memref<1xi64, strided<[1], offset: 1>>
  %us = memref.cast %s : memref<1xi64, strided<[1], offset: 1>> to memref<*xi64>
  call @printMemrefI64(%us) : (memref<*xi64>) -> ()
  memref.dealloc %a : memref<48xi8>
  return
}

// -----

// An i64 view at byte 12 overwrites f32 elements 3 and 4; one at byte 26
// the second half of element 6.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c12 = arith.constant 12 : index
  %a = memref.alloc() : memref<32xi8>
  %f = memref.view %a[%c0][] : memref<32xi8> to memref<8xf32>
  %v = arith.constant 1.5 : f32
  linalg.fill ins(%v : f32) outs(%f : memref<8xf32>)
  %g = memref.view %a[%c12][] : memref<32xi8> to memref<1xi64>
  %k = arith.constant 7 : i64
  linalg.fill ins(%k : i64) outs(%g : memref<1xi64>)
  %x = memref.load %f[%c2] : memref<8xf32>
  // CHECK: [[@LINE+1]]:8: error: interpreter: read of uninitialized memory
  %y = memref.load %f[%c3] : memref<8xf32>
  memref.dealloc %a : memref<32xi8>
  return
}

// -----

func.func @main() {
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<32xi8>
  // CHECK: [[@LINE+1]]:8: error: interpreter: memref.view outside its source
  %f = memref.view %a[%c8][] : memref<32xi8> to memref<8xf32>
  memref.dealloc %a : memref<32xi8>
  return
}

// -----

func.func @main() {
  %c0 = arith.constant 0 : index
  %c6 = arith.constant 6 : index
  %c26 = arith.constant 26 : index
  %a = memref.alloc() : memref<32xi8>
  %f = memref.view %a[%c0][] : memref<32xi8> to memref<8xf32>
  %v = arith.constant 1.5 : f32
  linalg.fill ins(%v : f32) outs(%f : memref<8xf32>)
  %g = memref.view %a[%c26][] : memref<32xi8> to memref<2xi16>
  %k = arith.constant 7 : i16
  linalg.fill ins(%k : i16) outs(%g : memref<2xi16>)
  // CHECK: [[@LINE+1]]:8: error: interpreter: read of uninitialized memory
  %x = memref.load %f[%c6] : memref<8xf32>
  memref.dealloc %a : memref<32xi8>
  return
}
