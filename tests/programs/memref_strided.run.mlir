// purpose: buffer semantics: a strided subview of an allocation written through loads and stores, copied and printed non-contiguously
// expect: output equals memref_strided.expected

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF64(memref<*xf64>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %buf = memref.alloc() : memref<4x6xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %ij = arith.muli %i, %c6 : index
      %k = arith.addi %ij, %j : index
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      memref.store %kf, %buf[%i, %j] : memref<4x6xf32>
    }
  }
  %sv = memref.subview %buf[1, 1] [2, 3] [2, 2] : memref<4x6xf32> to memref<2x3xf32, strided<[12, 2], offset: 7>>
  %usv = memref.cast %sv : memref<2x3xf32, strided<[12, 2], offset: 7>> to memref<*xf32>
  call @printMemrefF32(%usv) : (memref<*xf32>) -> ()
  %dst = memref.alloc() : memref<2x3xf32>
  memref.copy %sv, %dst : memref<2x3xf32, strided<[12, 2], offset: 7>> to memref<2x3xf32>
  %minus = arith.constant -1.0 : f32
  memref.store %minus, %sv[%c0, %c0] : memref<2x3xf32, strided<[12, 2], offset: 7>>
  %ub = memref.cast %buf : memref<4x6xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  %ud = memref.cast %dst : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%ud) : (memref<*xf32>) -> ()
  %col = memref.subview %buf[0, 5] [4, 1] [1, 1] : memref<4x6xf32> to memref<4xf32, strided<[6], offset: 5>>
  %v = memref.load %col[%c2] : memref<4xf32, strided<[6], offset: 5>>
  %d = memref.alloca() : memref<3xf64>
  %vd = arith.extf %v : f32 to f64
  %third = arith.constant 0.3333333333333333 : f64
  %huge = arith.constant 1.0e20 : f64
  memref.store %vd, %d[%c0] : memref<3xf64>
  memref.store %third, %d[%c1] : memref<3xf64>
  memref.store %huge, %d[%c2] : memref<3xf64>
  %udd = memref.cast %d : memref<3xf64> to memref<*xf64>
  call @printMemrefF64(%udd) : (memref<*xf64>) -> ()
  return
}
