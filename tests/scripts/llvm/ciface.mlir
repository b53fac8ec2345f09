// Called from ciface_main.c through the _mlir_ciface_ wrappers.
memref.global "private" constant @bias : memref<3xf32> = dense<[0.5, 1.5, 2.5]>

// out[i][j] = a[i][j] * s + bias[j], on a strided (transposed) view of a.
func.func @scale_bias(%a: memref<?x3xf32, strided<[?, ?], offset: ?>>, %s: f32) -> memref<?x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %n = memref.dim %a, %c0 : memref<?x3xf32, strided<[?, ?], offset: ?>>
  %b = memref.get_global @bias : memref<3xf32>
  %out = memref.alloc(%n) : memref<?x3xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %x = memref.load %a[%i, %j] : memref<?x3xf32, strided<[?, ?], offset: ?>>
      %y = arith.mulf %x, %s : f32
      %z = memref.load %b[%j] : memref<3xf32>
      %w = arith.addf %y, %z : f32
      memref.store %w, %out[%i, %j] : memref<?x3xf32>
    }
  }
  return %out : memref<?x3xf32>
}

// Sum of a 1-D slice [off, off + 4) through subview and a reduction loop.
func.func @slice_sum(%a: memref<10xi64>, %off: index) -> i64 {
  %v = memref.subview %a[%off] [4] [1] : memref<10xi64> to memref<4xi64, strided<[1], offset: ?>>
  %z = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (i64) {
    %x = memref.load %v[%i] : memref<4xi64, strided<[1], offset: ?>>
    %s = arith.addi %acc, %x : i64
    scf.yield %s : i64
  }
  return %r : i64
}
