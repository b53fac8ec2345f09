module {
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[5.000000e-01, 1.500000e+00, 2.500000e+00, 3.500000e+00]> {alignment = 64 : i64}
  func.func @patch_table(%arg0: f32) -> memref<4xf32> {
    %c2 = arith.constant 2 : index
    %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %0, %alloc : memref<4xf32> to memref<4xf32>
    memref.store %arg0, %alloc[%c2] : memref<4xf32>
    return %alloc : memref<4xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %cst = arith.constant 9.000000e+00 : f32
    %cst_0 = arith.constant -1.000000e+00 : f32
    %0 = call @patch_table(%cst) : (f32) -> memref<4xf32>
    %1 = call @patch_table(%cst_0) : (f32) -> memref<4xf32>
    %cast = memref.cast %0 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_1 = memref.cast %1 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    return
  }
}

