module {
  func.func @grow(%arg0: f32, %arg1: f32) -> (f32, i32, memref<8xf32>) {
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<8xf32>)
    %0:4 = scf.while (%arg2 = %arg0, %arg3 = %c0_i32, %arg4 = %alloc) : (f32, i32, memref<8xf32>) -> (f32, i32, memref<8xf32>, f32) {
      %1 = arith.cmpf ole, %arg2, %arg1 : f32
      %2 = arith.addf %arg2, %arg2 : f32
      scf.condition(%1) %arg2, %arg3, %arg4, %2 : f32, i32, memref<8xf32>, f32
    } do {
    ^bb0(%arg2: f32, %arg3: i32, %arg4: memref<8xf32>, %arg5: f32):
      %1 = arith.index_cast %arg3 : i32 to index
      memref.store %arg2, %arg4[%1] : memref<8xf32>
      %c1_i32 = arith.constant 1 : i32
      %2 = arith.addi %arg3, %c1_i32 : i32
      scf.yield %arg5, %2, %arg4 : f32, i32, memref<8xf32>
    }
    return %0#0, %0#1, %0#2 : f32, i32, memref<8xf32>
  }
  func.func @tiles(%arg0: memref<4x6xf32>) -> (memref<4x6xf32>, memref<4x6xf32>) {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x6xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x6xf32>
    scf.forall (%arg1, %arg2) = (0, 0) to (4, 6) step (2, 3) {
      %subview = memref.subview %arg0[%arg1, %arg2] [2, 3] [1, 1] : memref<4x6xf32> to memref<2x3xf32, strided<[6, 1], offset: ?>>
      %0 = arith.index_cast %arg1 : index to i32
      %1 = arith.index_cast %arg2 : index to i32
      %c100_i32 = arith.constant 100 : i32
      %2 = arith.muli %0, %c100_i32 : i32
      %3 = arith.addi %2, %1 : i32
      %4 = arith.sitofp %3 : i32 to f32
      %subview_1 = memref.subview %alloc[%arg1, %arg2] [2, 3] [1, 1] : memref<4x6xf32> to memref<2x3xf32, strided<[6, 1], offset: ?>>
      linalg.map ins(%subview : memref<2x3xf32, strided<[6, 1], offset: ?>>) outs(%subview_1 : memref<2x3xf32, strided<[6, 1], offset: ?>>)
        (%in: f32, %init: f32) {
          %6 = arith.addf %in, %4 : f32
          linalg.yield %6 : f32
        }
      %5 = arith.negf %4 : f32
      %subview_2 = memref.subview %alloc_0[%arg1, %arg2] [2, 3] [1, 1] : memref<4x6xf32> to memref<2x3xf32, strided<[6, 1], offset: ?>>
      linalg.fill ins(%5 : f32) outs(%subview_2 : memref<2x3xf32, strided<[6, 1], offset: ?>>)
      %subview_3 = memref.subview %alloc[%arg1, %arg2] [2, 3] [1, 1] : memref<4x6xf32> to memref<2x3xf32, strided<[6, 1], offset: ?>>
      memref.copy %subview_1, %subview_3 : memref<2x3xf32, strided<[6, 1], offset: ?>> to memref<2x3xf32, strided<[6, 1], offset: ?>>
      %subview_4 = memref.subview %alloc_0[%arg1, %arg2] [2, 3] [1, 1] : memref<4x6xf32> to memref<2x3xf32, strided<[6, 1], offset: ?>>
      memref.copy %subview_2, %subview_4 : memref<2x3xf32, strided<[6, 1], offset: ?>> to memref<2x3xf32, strided<[6, 1], offset: ?>>
    }
    return %alloc, %alloc_0 : memref<4x6xf32>, memref<4x6xf32>
  }
  func.func @rows(%arg0: index) -> memref<?x5xi64> {
    %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?x5xi64>
    scf.forall (%arg1) in (%arg0) {
      %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<5xi64>
      linalg.map outs(%alloc_0 : memref<5xi64>)
        (%init: i64) {
          %0 = linalg.index 0 : index
          %1 = arith.muli %arg1, %0 : index
          %2 = arith.index_cast %1 : index to i64
          linalg.yield %2 : i64
        }
      %subview = memref.subview %alloc[%arg1, 0] [1, 5] [1, 1] : memref<?x5xi64> to memref<5xi64, strided<[1], offset: ?>>
      memref.copy %alloc_0, %subview : memref<5xi64> to memref<5xi64, strided<[1], offset: ?>>
    }
    return %alloc : memref<?x5xi64>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func private @printF32(f32)
  func.func private @printI64(i64)
  func.func private @printNewline()
  func.func @show(%arg0: f32, %arg1: i32, %arg2: memref<8xf32>) {
    call @printF32(%arg0) : (f32) -> ()
    call @printNewline() : () -> ()
    %0 = arith.extsi %arg1 : i32 to i64
    call @printI64(%0) : (i64) -> ()
    call @printNewline() : () -> ()
    %cast = memref.cast %arg2 : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @main() {
    %cst = arith.constant 7.500000e-01 : f32
    %cst_0 = arith.constant 4.000000e+01 : f32
    %0:3 = call @grow(%cst, %cst_0) : (f32, f32) -> (f32, i32, memref<8xf32>)
    call @show(%0#0, %0#1, %0#2) : (f32, i32, memref<8xf32>) -> ()
    %cst_1 = arith.constant 5.000000e+01 : f32
    %1:3 = call @grow(%cst_1, %cst_0) : (f32, f32) -> (f32, i32, memref<8xf32>)
    call @show(%1#0, %1#1, %1#2) : (f32, i32, memref<8xf32>) -> ()
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x6xf32>
    linalg.map outs(%alloc : memref<4x6xf32>)
      (%init: f32) {
        %4 = linalg.index 0 : index
        %5 = linalg.index 1 : index
        %6 = arith.addi %4, %5 : index
        %7 = arith.index_cast %6 : index to i32
        %8 = arith.sitofp %7 : i32 to f32
        %cst_4 = arith.constant 5.000000e-01 : f32
        %9 = arith.mulf %8, %cst_4 : f32
        linalg.yield %9 : f32
      }
    %2:2 = call @tiles(%alloc) : (memref<4x6xf32>) -> (memref<4x6xf32>, memref<4x6xf32>)
    %cast = memref.cast %2#0 : memref<4x6xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_2 = memref.cast %2#1 : memref<4x6xf32> to memref<*xf32>
    call @printMemrefF32(%cast_2) : (memref<*xf32>) -> ()
    %c3 = arith.constant 3 : index
    %3 = call @rows(%c3) : (index) -> memref<?x5xi64>
    %cast_3 = memref.cast %3 : memref<?x5xi64> to memref<*xi64>
    call @printMemrefI64(%cast_3) : (memref<*xi64>) -> ()
    return
  }
}

