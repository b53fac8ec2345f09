func.func @main() {
  %m = memref.alloca() : memref<4xf32>
  %z = arith.constant 0 : index
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 5 {
    affine.store %c, %m[%i] : memref<4xf32>
  }
  return
}
