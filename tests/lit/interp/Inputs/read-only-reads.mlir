// Reads of read-only buffers are fine; the caller's view stays writable, and
// so does a read-only argument the callee returns, once back in the caller.
func.func private @printMemrefI32(memref<*xi32>)
memref.global "private" constant @g : memref<2xi32> = dense<[1, 2]>

func.func @id(%m: memref<4xi32> {bufferization.writable = false}) -> memref<4xi32> {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<4xi32>
  %s = memref.subview %m[1] [2] [1] : memref<4xi32> to memref<2xi32, strided<[1], offset: 1>>
  %y = memref.load %s[%c0] : memref<2xi32, strided<[1], offset: 1>>
  return %m : memref<4xi32>
}

func.func @main() {
  %m = memref.alloc() : memref<4xi32>
  %k = arith.constant 4 : i32
  linalg.fill ins(%k : i32) outs(%m : memref<4xi32>)
  %r = call @id(%m) : (memref<4xi32>) -> memref<4xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v7 = arith.constant 7 : i32
  %v8 = arith.constant 8 : i32
  %v9 = arith.constant 9 : i32
  memref.store %v7, %m[%c0] : memref<4xi32>
  memref.store %v8, %r[%c1] : memref<4xi32>
  %s = memref.subview %r[2] [1] [1] : memref<4xi32> to memref<1xi32, strided<[1], offset: 2>>
  linalg.fill ins(%v9 : i32) outs(%s : memref<1xi32, strided<[1], offset: 2>>)
  %u = memref.cast %m : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %g = memref.get_global @g : memref<2xi32>
  %gu = memref.cast %g : memref<2xi32> to memref<*xi32>
  call @printMemrefI32(%gu) : (memref<*xi32>) -> ()
  memref.dealloc %m : memref<4xi32>
  return
}
