module {
  func.func @filled() -> (memref<2x3xf32>, memref<5xi32>) {
    %cst = arith.constant 1.500000e+00 : f32
    %c7_i32 = arith.constant 7 : i32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<5xi32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<2x3xf32>)
    linalg.fill ins(%c7_i32 : i32) outs(%alloc_0 : memref<5xi32>)
    return %alloc, %alloc_0 : memref<2x3xf32>, memref<5xi32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %0:2 = call @filled() : () -> (memref<2x3xf32>, memref<5xi32>)
    %cast = memref.cast %0#0 : memref<2x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_0 = memref.cast %0#1 : memref<5xi32> to memref<*xi32>
    call @printMemrefI32(%cast_0) : (memref<*xi32>) -> ()
    return
  }
}

