// memref.collapse_shape of a rank-reduced slice: the group [[0, 1]] of
// memref<?x1xf32, strided<[2, 1], offset: 2>> steps by 2, the stride of its
// innermost dim of size other than 1; the unit dim's stride 1 never moves
// the address. The interpreter took the last dim's stride and read element
// 3 for element 4 (found by the generated-program run, seed 25133). The
// JIT, the interpreter and the type agree on 4.0, also through two unit
// dims.
// RUN: buffer-opt --run=main %s | FileCheck %s
// RUN: %if llvm-lowering %{ buffer-opt --emit=run --run=main %s | FileCheck %s %}
// CHECK: [{"type":"f32","value":4.0},{"type":"f32","value":4.0},{"type":"f32","value":4.0}]
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<8x1x1xf32>
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %a[%i, %c0, %c0] : memref<8x1x1xf32>
  }
  %s = memref.subview %a[2, 0, 0] [%c2, 1, 1] [2, 1, 1] : memref<8x1x1xf32> to memref<?x1xf32, strided<[2, 1], offset: 2>>
  %c = memref.collapse_shape %s [[0, 1]] : memref<?x1xf32, strided<[2, 1], offset: 2>> into memref<?xf32, strided<[2], offset: 2>>
  %x = memref.load %c[%c1] : memref<?xf32, strided<[2], offset: 2>>
  %y = memref.load %s[%c1, %c0] : memref<?x1xf32, strided<[2, 1], offset: 2>>
  %s3 = memref.subview %a[2, 0, 0] [%c2, 1, 1] [2, 1, 1] : memref<8x1x1xf32> to memref<?x1x1xf32, strided<[2, 1, 1], offset: 2>>
  %z = memref.collapse_shape %s3 [[0, 1, 2]] : memref<?x1x1xf32, strided<[2, 1, 1], offset: 2>> into memref<?xf32, strided<[2], offset: 2>>
  %w = memref.load %z[%c1] : memref<?xf32, strided<[2], offset: 2>>
  memref.dealloc %a : memref<8x1x1xf32>
  return %x, %y, %w : f32, f32, f32
}
