module {
  func.func @zero_out(%arg0: memref<8xf32>) -> memref<8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    linalg.fill ins(%cst : f32) outs(%arg0 : memref<8xf32>)
    return %arg0 : memref<8xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.map outs(%alloc : memref<8xf32>)
      (%init: f32) {
        %1 = linalg.index 0 : index
        %2 = arith.index_cast %1 : index to i32
        %3 = arith.sitofp %2 : i32 to f32
        linalg.yield %3 : f32
      }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    %0 = call @zero_out(%alloc_0) : (memref<8xf32>) -> memref<8xf32>
    %cast = memref.cast %0 : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_1 = memref.cast %alloc : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    return
  }
}

