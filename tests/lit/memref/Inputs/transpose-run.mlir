// A program that writes through memref.transpose views and reads the
// buffers they look into (tests/lit/memref/transpose.mlir runs it).
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printNewline()

// Stores 10 * r + c at (r, c) of a 3x2 view.
func.func @fill_rows(%t: memref<3x2xf32, strided<[1, 3]>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %ten = arith.constant 10.0 : f32
  scf.for %r = %c0 to %c3 step %c1 {
    scf.for %c = %c0 to %c2 step %c1 {
      %ri = arith.index_cast %r : index to i32
      %ci = arith.index_cast %c : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      %cf = arith.sitofp %ci : i32 to f32
      %hi = arith.mulf %rf, %ten : f32
      %v = arith.addf %hi, %cf : f32
      memref.store %v, %t[%r, %c] : memref<3x2xf32, strided<[1, 3]>>
    }
  }
  return
}

// One of two fresh buffers is printed through its transposed view, picked
// by scf.if: both must live until the print, and each be freed once.
func.func @pick(%which: i1) {
  %a = memref.alloc() : memref<2x3xf32>
  %b = memref.alloc() : memref<2x3xf32>
  %three = arith.constant 3.0 : f32
  %four = arith.constant 4.0 : f32
  linalg.fill ins(%three : f32) outs(%a : memref<2x3xf32>)
  linalg.fill ins(%four : f32) outs(%b : memref<2x3xf32>)
  %r = scf.if %which -> memref<3x2xf32, strided<[1, 3]>> {
    %ta = memref.transpose %a (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
    scf.yield %ta : memref<3x2xf32, strided<[1, 3]>>
  } else {
    %tb = memref.transpose %b (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
    scf.yield %tb : memref<3x2xf32, strided<[1, 3]>>
  }
  %u = memref.cast %r : memref<3x2xf32, strided<[1, 3]>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<2x3xf32>
  %t = memref.transpose %a (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  call @fill_rows(%t) : (memref<3x2xf32, strided<[1, 3]>>) -> ()
  %ua = memref.cast %a : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  // %a is used no more, but its view %t is: %b must not take its place.
  %b = memref.alloc() : memref<2x3xf32>
  %five = arith.constant 5.0 : f32
  linalg.fill ins(%five : f32) outs(%b : memref<2x3xf32>)
  %ub = memref.cast %b : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  %ut = memref.cast %t : memref<3x2xf32, strided<[1, 3]>> to memref<*xf32>
  call @printMemrefF32(%ut) : (memref<*xf32>) -> ()
  // A 3-D view with a dynamic size: element (2, 1, 0) of the view is
  // element (1, 0, 2) of the buffer.
  %d = memref.alloc(%c2) : memref<?x2x3xf32>
  %dt = memref.transpose %d (x, y, z) -> (z, x, y) : memref<?x2x3xf32> to memref<3x?x2xf32, strided<[1, 6, 3]>>
  %seven = arith.constant 7.0 : f32
  memref.store %seven, %dt[%c2, %c1, %c0] : memref<3x?x2xf32, strided<[1, 6, 3]>>
  %x = memref.load %d[%c1, %c0, %c2] : memref<?x2x3xf32>
  %n = memref.dim %dt, %c1 : memref<3x?x2xf32, strided<[1, 6, 3]>>
  call @printF32(%x) : (f32) -> ()
  call @printNewline() : () -> ()
  %ni = arith.index_cast %n : index to i64
  call @printI64(%ni) : (i64) -> ()
  call @printNewline() : () -> ()
  %false = arith.constant false
  call @pick(%false) : (i1) -> ()
  return
}
