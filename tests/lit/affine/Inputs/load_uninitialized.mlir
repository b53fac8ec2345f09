func.func @main() {
  %m = memref.alloca() : memref<4xf32>
  affine.for %i = 0 to 4 {
    %v = affine.load %m[%i] : memref<4xf32>
  }
  return
}
