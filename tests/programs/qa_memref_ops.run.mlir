// purpose: memref ops on buffers: alloc with dynamic sizes, alloca, load/store, copy, rank-reducing and strided subview, subview of a subview, cast to dynamic and unranked, dim, collapse/expand_shape with strided layouts, reinterpret_cast, global constant and mutable global via get_global
// expect: output equals qa_memref_ops.expected

memref.global "private" constant @table : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]>
memref.global "private" @counter : memref<2xi64> = dense<[10, 20]>
memref.global "private" @scratch : memref<4xi32> = uninitialized

func.func @bump() -> i64 {
  %g = memref.get_global @counter : memref<2xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.load %g[%c0] : memref<2xi64>
  %b = memref.load %g[%c1] : memref<2xi64>
  %s = arith.addi %a, %b : i64
  memref.store %s, %g[%c0] : memref<2xi64>
  return %s : i64
}

func.func @fill_iota(%m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %m, %c0 : memref<?x?xf32>
  %d1 = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %d0 step %c1 {
    scf.for %j = %c0 to %d1 step %c1 {
      %p = arith.muli %i, %d1 : index
      %q = arith.addi %p, %j : index
      %qi = arith.index_cast %q : index to i32
      %f = arith.sitofp %qi : i32 to f32
      memref.store %f, %m[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %m = memref.alloc(%c4, %c6) : memref<?x?xf32>
  call @fill_iota(%m) : (memref<?x?xf32>) -> ()
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  // every other column of rows 1..3
  %sv = memref.subview %m[1, 0] [3, 3] [1, 2] : memref<?x?xf32> to memref<3x3xf32, strided<[?, 2], offset: ?>>
  %svu = memref.cast %sv : memref<3x3xf32, strided<[?, 2], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%svu) : (memref<*xf32>) -> ()
  // rank-reducing: row 2 as 1-D
  %row = memref.subview %m[2, 0] [1, 6] [1, 1] : memref<?x?xf32> to memref<6xf32, strided<[1], offset: ?>>
  %rowu = memref.cast %row : memref<6xf32, strided<[1], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%rowu) : (memref<*xf32>) -> ()
  // subview of subview, then write through it
  %ss = memref.subview %sv[1, 1] [2, 2] [1, 1] : memref<3x3xf32, strided<[?, 2], offset: ?>> to memref<2x2xf32, strided<[?, 2], offset: ?>>
  %m1 = arith.constant -1.0 : f32
  memref.store %m1, %ss[%c1, %c0] : memref<2x2xf32, strided<[?, 2], offset: ?>>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  // static copy of the strided view into a fresh buffer, alloca destination
  %dst = memref.alloca() : memref<3x3xf32>
  memref.copy %sv, %dst : memref<3x3xf32, strided<[?, 2], offset: ?>> to memref<3x3xf32>
  %dstu = memref.cast %dst : memref<3x3xf32> to memref<*xf32>
  call @printMemrefF32(%dstu) : (memref<*xf32>) -> ()
  // collapse and expand a contiguous buffer
  %s24 = memref.alloc() : memref<2x3x4xf32>
  %flat = memref.collapse_shape %s24 [[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
  %c24 = arith.constant 24 : index
  scf.for %i = %c0 to %c24 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %flat[%i] : memref<24xf32>
  }
  %e = memref.expand_shape %flat [[0, 1]] output_shape [6, 4] : memref<24xf32> into memref<6x4xf32>
  %eu = memref.cast %e : memref<6x4xf32> to memref<*xf32>
  call @printMemrefF32(%eu) : (memref<*xf32>) -> ()
  // collapse of a strided (column-sliced) view keeps its strides
  %cols = memref.subview %s24[0, 0, 1] [2, 3, 2] [1, 1, 1] : memref<2x3x4xf32> to memref<2x3x2xf32, strided<[12, 4, 1], offset: 1>>
  %cc = memref.collapse_shape %cols [[0, 1], [2]] : memref<2x3x2xf32, strided<[12, 4, 1], offset: 1>> into memref<6x2xf32, strided<[4, 1], offset: 1>>
  %ccu = memref.cast %cc : memref<6x2xf32, strided<[4, 1], offset: 1>> to memref<*xf32>
  call @printMemrefF32(%ccu) : (memref<*xf32>) -> ()
  // reinterpret_cast: a 3x2 window with stride 5 and offset 2 over the flat buffer
  %rc = memref.reinterpret_cast %flat to offset: [2], sizes: [3, 2], strides: [5, 1] : memref<24xf32> to memref<3x2xf32, strided<[5, 1], offset: 2>>
  %rcu = memref.cast %rc : memref<3x2xf32, strided<[5, 1], offset: 2>> to memref<*xf32>
  call @printMemrefF32(%rcu) : (memref<*xf32>) -> ()
  %c3 = arith.constant 3 : index
  %rd = memref.reinterpret_cast %flat to offset: [%c1], sizes: [%c3], strides: [%c3] : memref<24xf32> to memref<?xf32, strided<[?], offset: ?>>
  %rdu = memref.cast %rd : memref<?xf32, strided<[?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%rdu) : (memref<*xf32>) -> ()
  // globals
  %t = memref.get_global @table : memref<2x3xf32>
  %tu = memref.cast %t : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%tu) : (memref<*xf32>) -> ()
  %b1 = call @bump() : () -> i64
  %b2 = call @bump() : () -> i64
  call @printI64(%b1) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%b2) : (i64) -> ()
  call @printNewline() : () -> ()
  %sc = memref.get_global @scratch : memref<4xi32>
  %seven = arith.constant 7 : i32
  linalg.fill ins(%seven : i32) outs(%sc : memref<4xi32>)
  %scu = memref.cast %sc : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%scu) : (memref<*xi32>) -> ()
  return
}
