func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m = memref.alloc() : memref<2x3xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %k = arith.muli %i, %c3 : index
      %l = arith.addi %k, %j : index
      %one = arith.addi %l, %c1 : index
      %n = arith.index_cast %one : index to i32
      %f = arith.sitofp %n : i32 to f32
      memref.store %f, %m[%i, %j] : memref<2x3xf32>
    }
  }
  %shape = memref.alloc() : memref<2xindex>
  memref.store %c3, %shape[%c0] : memref<2xindex>
  memref.store %c2, %shape[%c1] : memref<2xindex>
  %r = memref.reshape %m(%shape) : (memref<2x3xf32>, memref<2xindex>) -> memref<3x2xf32>
  %ru = memref.cast %r : memref<3x2xf32> to memref<*xf32>
  call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  %flat = memref.collapse_shape %m [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  %shape3 = memref.alloc(%c3) : memref<?xi32>
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  %i3 = arith.constant 3 : i32
  memref.store %i1, %shape3[%c0] : memref<?xi32>
  memref.store %i2, %shape3[%c1] : memref<?xi32>
  memref.store %i3, %shape3[%c2] : memref<?xi32>
  %u = memref.reshape %flat(%shape3) : (memref<6xf32>, memref<?xi32>) -> memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %shape3 : memref<?xi32>
  memref.dealloc %shape : memref<2xindex>
  memref.dealloc %m : memref<2x3xf32>
  return
}

// An unranked source is not checked statically; at run time it is strided.
func.func @strided() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<2x4xf32>
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<2x4xf32> to memref<2x2xf32, strided<[4, 1]>>
  %u = memref.cast %s : memref<2x2xf32, strided<[4, 1]>> to memref<*xf32>
  %shape = memref.alloc() : memref<1xindex>
  memref.store %c4, %shape[%c0] : memref<1xindex>
  %r = memref.reshape %u(%shape) : (memref<*xf32>, memref<1xindex>) -> memref<4xf32>
  return
}
