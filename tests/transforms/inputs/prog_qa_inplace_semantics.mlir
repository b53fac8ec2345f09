#map = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> {alignment = 64 : i64}
  func.func @writes_arg(%arg0: memref<4xf32>) -> memref<4xf32> {
    %c1 = arith.constant 1 : index
    %cst = arith.constant 1.000000e+02 : f32
    memref.store %cst, %arg0[%c1] : memref<4xf32>
    return %arg0 : memref<4xf32>
  }
  func.func @maybe(%arg0: memref<4xf32>, %arg1: i1) -> memref<4xf32> {
    %0 = scf.if %arg1 -> (memref<4xf32>) {
      %cst = arith.constant -5.000000e+00 : f32
      linalg.fill ins(%cst : f32) outs(%arg0 : memref<4xf32>)
      scf.yield %arg0 : memref<4xf32>
    } else {
      scf.yield %arg0 : memref<4xf32>
    }
    return %0 : memref<4xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @p(%arg0: memref<4xf32>) {
    %cast = memref.cast %arg0 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    %cst = arith.constant 1.000000e+00 : f32
    linalg.fill ins(%cst : f32) outs(%alloc : memref<4xf32>)
    %cst_0 = arith.constant 9.000000e+00 : f32
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %alloc, %alloc_1 : memref<4xf32> to memref<4xf32>
    memref.store %cst_0, %alloc_1[%c0] : memref<4xf32>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %alloc, %alloc_2 : memref<4xf32> to memref<4xf32>
    call @p(%alloc_2) : (memref<4xf32>) -> ()
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %alloc_1, %alloc_3 : memref<4xf32> to memref<4xf32>
    call @p(%alloc_3) : (memref<4xf32>) -> ()
    %subview = memref.subview %0[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
    %cst_4 = arith.constant 0.000000e+00 : f32
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst_4 : f32) outs(%alloc_5 : memref<4xf32>)
    %subview_6 = memref.subview %alloc_5[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
    memref.copy %subview, %subview_6 : memref<2xf32, strided<[1], offset: 1>> to memref<2xf32, strided<[1], offset: 2>>
    call @p(%alloc_5) : (memref<4xf32>) -> ()
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %0, %alloc_7 : memref<4xf32> to memref<4xf32>
    call @p(%alloc_7) : (memref<4xf32>) -> ()
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %0, %alloc_8 : memref<4xf32> to memref<4xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%0 : memref<4xf32>) outs(%alloc_8 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.mulf %in, %out : f32
      linalg.yield %5 : f32
    }
    call @p(%alloc_8) : (memref<4xf32>) -> ()
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %0, %alloc_9 : memref<4xf32> to memref<4xf32>
    call @p(%alloc_9) : (memref<4xf32>) -> ()
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %alloc, %alloc_10 : memref<4xf32> to memref<4xf32>
    %1 = scf.for %arg0 = %c0 to %c4 step %c1 iter_args(%arg1 = %alloc_10) -> (memref<4xf32>) {
      %5 = arith.index_cast %arg0 : index to i32
      %6 = arith.sitofp %5 : i32 to f32
      memref.store %6, %arg1[%arg0] : memref<4xf32>
      scf.yield %arg1 : memref<4xf32>
    }
    call @p(%1) : (memref<4xf32>) -> ()
    call @p(%alloc) : (memref<4xf32>) -> ()
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %0, %alloc_11 : memref<4xf32> to memref<4xf32>
    %2 = call @writes_arg(%alloc_11) : (memref<4xf32>) -> memref<4xf32>
    call @p(%2) : (memref<4xf32>) -> ()
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %0, %alloc_12 : memref<4xf32> to memref<4xf32>
    call @p(%alloc_12) : (memref<4xf32>) -> ()
    %true = arith.constant true
    %false = arith.constant false
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %0, %alloc_13 : memref<4xf32> to memref<4xf32>
    %3 = call @maybe(%alloc_13, %true) : (memref<4xf32>, i1) -> memref<4xf32>
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %0, %alloc_14 : memref<4xf32> to memref<4xf32>
    %4 = call @maybe(%alloc_14, %false) : (memref<4xf32>, i1) -> memref<4xf32>
    call @p(%3) : (memref<4xf32>) -> ()
    call @p(%4) : (memref<4xf32>) -> ()
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %0, %alloc_15 : memref<4xf32> to memref<4xf32>
    call @p(%alloc_15) : (memref<4xf32>) -> ()
    %cast = memref.cast %alloc_1 : memref<4xf32> to memref<?xf32>
    %c0_16 = arith.constant 0 : index
    %dim = memref.dim %cast, %c0_16 : memref<?xf32>
    %alloc_17 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
    memref.copy %cast, %alloc_17 : memref<?xf32> to memref<?xf32>
    %cst_18 = arith.constant 7.000000e+00 : f32
    memref.store %cst_18, %alloc_17[%c2] : memref<?xf32>
    %cast_19 = memref.cast %alloc_17 : memref<?xf32> to memref<4xf32>
    call @p(%cast_19) : (memref<4xf32>) -> ()
    %alloc_20 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %alloc_1, %alloc_20 : memref<4xf32> to memref<4xf32>
    call @p(%alloc_20) : (memref<4xf32>) -> ()
    %alloc_21 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %alloc_1, %alloc_21 : memref<4xf32> to memref<4xf32>
    scf.forall (%arg0) in (4) {
      %5 = arith.index_cast %arg0 : index to i32
      %6 = arith.sitofp %5 : i32 to f32
      %7 = arith.negf %6 : f32
      %alloc_24 = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
      %c0_25 = arith.constant 0 : index
      memref.store %7, %alloc_24[%c0_25] : memref<1xf32>
      %subview_26 = memref.subview %alloc_21[%arg0] [1] [1] : memref<4xf32> to memref<1xf32, strided<[1], offset: ?>>
      memref.copy %alloc_24, %subview_26 : memref<1xf32> to memref<1xf32, strided<[1], offset: ?>>
    }
    call @p(%alloc_21) : (memref<4xf32>) -> ()
    %alloc_22 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %alloc_1, %alloc_22 : memref<4xf32> to memref<4xf32>
    call @p(%alloc_22) : (memref<4xf32>) -> ()
    %expand_shape = memref.expand_shape %alloc_1 [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
    %alloc_23 = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
    memref.copy %expand_shape, %alloc_23 : memref<2x2xf32> to memref<2x2xf32>
    memref.store %cst_18, %alloc_23[%c1, %c1] : memref<2x2xf32>
    %collapse_shape = memref.collapse_shape %alloc_23 [[0, 1]] : memref<2x2xf32> into memref<4xf32>
    call @p(%collapse_shape) : (memref<4xf32>) -> ()
    call @p(%alloc_1) : (memref<4xf32>) -> ()
    return
  }
}

