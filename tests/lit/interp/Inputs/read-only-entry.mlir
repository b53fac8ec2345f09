// The entry function's argument marked {bufferization.writable = false} is
// read-only: --inputs builds the buffer, the store into it is reported.
func.func @entry(%a: memref<2xi32>,
                 %b: memref<2xi32> {bufferization.writable = false}) {
  %c0 = arith.constant 0 : index
  %x = memref.load %b[%c0] : memref<2xi32>
  memref.store %x, %b[%c0] : memref<2xi32>
  return
}
