module {
  func.func @ramp(%arg0: index) -> memref<?xf32> {
    %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?xf32>
    linalg.map outs(%alloc : memref<?xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = arith.index_cast %0 : index to i32
        %2 = arith.sitofp %1 : i32 to f32
        linalg.yield %2 : f32
      }
    return %alloc : memref<?xf32>
  }
  func.func @fold_rows(%arg0: memref<?xf32>, %arg1: index) -> memref<?x2xf32> {
    %expand_shape = memref.expand_shape %arg0 [[0, 1]] output_shape [%arg1, 2] : memref<?xf32> into memref<?x2xf32>
    return %expand_shape : memref<?x2xf32>
  }
  func.func @halve_until_small(%arg0: memref<?xf32>) -> memref<?xf32> {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %dim = memref.dim %arg0, %c0 : memref<?xf32>
    %0:2 = scf.while (%arg1 = %c0, %arg2 = %dim) : (index, index) -> (index, index) {
      %1 = arith.cmpi ugt, %arg2, %c3 : index
      scf.condition(%1) %arg1, %arg2 : index, index
    } do {
    ^bb0(%arg1: index, %arg2: index):
      %1 = arith.divui %arg2, %c2 : index
      %2 = arith.addi %arg1, %1 : index
      %3 = arith.subi %arg2, %1 : index
      scf.yield %2, %3 : index, index
    }
    %subview = memref.subview %arg0[%0#0] [%0#1] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    %c0_0 = arith.constant 0 : index
    %dim_1 = memref.dim %subview, %c0_0 : memref<?xf32, strided<[1], offset: ?>>
    %alloc = memref.alloc(%dim_1) {alignment = 64 : i64} : memref<?xf32>
    memref.copy %subview, %alloc : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32>
    return %alloc : memref<?xf32>
  }
  func.func @copy_into(%arg0: memref<?xf32>, %arg1: index) -> memref<?xf32> {
    %alloc = memref.alloc(%arg1) {alignment = 64 : i64} : memref<?xf32>
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg0, %c0 : memref<?xf32>
    %alloc_0 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
    memref.copy %arg0, %alloc_0 : memref<?xf32> to memref<?xf32>
    memref.copy %alloc_0, %alloc : memref<?xf32> to memref<?xf32>
    return %alloc : memref<?xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @print1(%arg0: memref<?xf32>) {
    %cast = memref.cast %arg0 : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @main() {
    %c10 = arith.constant 10 : index
    %c5 = arith.constant 5 : index
    %0 = call @ramp(%c10) : (index) -> memref<?xf32>
    %c0 = arith.constant 0 : index
    %dim = memref.dim %0, %c0 : memref<?xf32>
    %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
    memref.copy %0, %alloc : memref<?xf32> to memref<?xf32>
    call @print1(%alloc) : (memref<?xf32>) -> ()
    %1 = call @fold_rows(%0, %c5) : (memref<?xf32>, index) -> memref<?x2xf32>
    %c0_0 = arith.constant 0 : index
    %dim_1 = memref.dim %1, %c0_0 : memref<?x2xf32>
    %alloc_2 = memref.alloc(%dim_1) {alignment = 64 : i64} : memref<?x2xf32>
    memref.copy %1, %alloc_2 : memref<?x2xf32> to memref<?x2xf32>
    %cast = memref.cast %alloc_2 : memref<?x2xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %2 = call @halve_until_small(%0) : (memref<?xf32>) -> memref<?xf32>
    %c0_3 = arith.constant 0 : index
    %dim_4 = memref.dim %2, %c0_3 : memref<?xf32>
    %alloc_5 = memref.alloc(%dim_4) {alignment = 64 : i64} : memref<?xf32>
    memref.copy %2, %alloc_5 : memref<?xf32> to memref<?xf32>
    call @print1(%alloc_5) : (memref<?xf32>) -> ()
    %c0_6 = arith.constant 0 : index
    %dim_7 = memref.dim %2, %c0_6 : memref<?xf32>
    %3 = call @copy_into(%2, %dim_7) : (memref<?xf32>, index) -> memref<?xf32>
    call @print1(%3) : (memref<?xf32>) -> ()
    return
  }
}

