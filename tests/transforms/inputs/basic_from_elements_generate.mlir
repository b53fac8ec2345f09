module {
  func.func @build(%arg0: f32, %arg1: f32, %arg2: f32) -> (memref<3xf32>, memref<3x4xf32>) {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    memref.store %arg0, %alloc[%c0] : memref<3xf32>
    memref.store %arg1, %alloc[%c1] : memref<3xf32>
    memref.store %arg2, %alloc[%c2] : memref<3xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<3x4xf32>
    linalg.map outs(%alloc_0 : memref<3x4xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %c10 = arith.constant 10 : index
        %2 = arith.muli %0, %c10 : index
        %3 = arith.addi %2, %1 : index
        %4 = arith.index_cast %3 : index to i32
        %5 = arith.sitofp %4 : i32 to f32
        %6 = arith.addf %5, %arg0 : f32
        linalg.yield %6 : f32
      }
    return %alloc, %alloc_0 : memref<3xf32>, memref<3x4xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %cst = arith.constant 1.500000e+00 : f32
    %cst_0 = arith.constant 2.500000e+00 : f32
    %cst_1 = arith.constant 3.500000e+00 : f32
    %0:2 = call @build(%cst, %cst_0, %cst_1) : (f32, f32, f32) -> (memref<3xf32>, memref<3x4xf32>)
    %cast = memref.cast %0#0 : memref<3xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_2 = memref.cast %0#1 : memref<3x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast_2) : (memref<*xf32>) -> ()
    return
  }
}

