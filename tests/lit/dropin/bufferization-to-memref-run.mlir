// The copies convert-bufferization-to-memref makes of a strided view and of
// an unranked buffer hold their sources' values after the sources are
// freed: the interpreter gives the same results before and after the pass.
// RUN: buffer-opt %s --run=copies_read_back | FileCheck %s
// RUN: buffer-opt %s -convert-bufferization-to-memref --run=copies_read_back | FileCheck %s
// RUN: buffer-opt %s -convert-bufferization-to-memref | FileCheck %s --check-prefix=LOWERED

// CHECK: [{"type":"i32","value":9},{"type":"i32","value":4}]
// LOWERED-NOT: bufferization.clone
func.func @copies_read_back() -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %four = arith.constant 4 : i32
  %nine = arith.constant 9 : i32
  %a = memref.alloc() : memref<3x5xi32>
  linalg.fill ins(%four : i32) outs(%a : memref<3x5xi32>)
  memref.store %nine, %a[%c2, %c2] : memref<3x5xi32>
  %view = memref.subview %a[1, 1] [2, %c2] [1, 1] : memref<3x5xi32> to memref<2x?xi32, strided<[5, 1], offset: 6>>
  %dyn = memref.cast %view : memref<2x?xi32, strided<[5, 1], offset: 6>> to memref<2x?xi32, strided<[?, 1], offset: ?>>
  %c = bufferization.clone %dyn : memref<2x?xi32, strided<[?, 1], offset: ?>> to memref<2x?xi32, strided<[?, 1], offset: ?>>
  %u = memref.cast %a : memref<3x5xi32> to memref<*xi32>
  %uc = bufferization.clone %u : memref<*xi32> to memref<*xi32>
  memref.dealloc %a : memref<3x5xi32>
  %r = memref.cast %uc : memref<*xi32> to memref<3x5xi32>
  %x = memref.load %c[%c1, %c1] : memref<2x?xi32, strided<[?, 1], offset: ?>>
  %y = memref.load %r[%c0, %c1] : memref<3x5xi32>
  memref.dealloc %c : memref<2x?xi32, strided<[?, 1], offset: ?>>
  memref.dealloc %uc : memref<*xi32>
  return %x, %y : i32, i32
}
