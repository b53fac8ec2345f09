module {
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00]> {alignment = 64 : i64}
  func.func @bump_first(%arg0: memref<4xf32>) -> (memref<4xf32>, f32) {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 1.000000e+00 : f32
    %0 = memref.load %arg0[%c0] : memref<4xf32>
    %1 = arith.addf %0, %cst : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %arg0, %alloc : memref<4xf32> to memref<4xf32>
    memref.store %1, %alloc[%c0] : memref<4xf32>
    %2 = memref.load %arg0[%c0] : memref<4xf32>
    %3 = arith.addf %2, %2 : f32
    return %alloc, %3 : memref<4xf32>, f32
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
    %1:2 = call @bump_first(%0) : (memref<4xf32>) -> (memref<4xf32>, f32)
    %cast = memref.cast %1#0 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
    %c0 = arith.constant 0 : index
    memref.store %1#1, %alloc[%c0] : memref<1xf32>
    %cast_0 = memref.cast %alloc : memref<1xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    return
  }
}

