module {
  func.func @ramp() -> memref<6xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    linalg.map outs(%alloc : memref<6xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = arith.index_cast %0 : index to i32
        %2 = arith.sitofp %1 : i32 to f32
        linalg.yield %2 : f32
      }
    return %alloc : memref<6xf32>
  }
  func.func @ramp_with_marker(%arg0: f32) -> memref<6xf32> {
    %c3 = arith.constant 3 : index
    %0 = call @ramp() : () -> memref<6xf32>
    memref.store %arg0, %0[%c3] : memref<6xf32>
    return %0 : memref<6xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %cst = arith.constant -1.000000e+00 : f32
    %0 = call @ramp() : () -> memref<6xf32>
    %1 = call @ramp_with_marker(%cst) : (f32) -> memref<6xf32>
    %cast = memref.cast %0 : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_0 = memref.cast %1 : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    return
  }
}

