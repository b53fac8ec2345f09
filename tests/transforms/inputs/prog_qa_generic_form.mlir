#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  memref.global "private" constant @__constant_4x4xf32 : memref<4x4xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00], [9.000000e+00, 1.000000e+01, 1.100000e+01, 1.200000e+01], [1.300000e+01, 1.400000e+01, 1.500000e+01, 1.600000e+01]]> {alignment = 64 : i64}
  func.func @rows_from(%arg0: memref<4x4xf32> {test.in}, %arg1: index) -> memref<?x4xf32> {
    %c4 = arith.constant 4 : index
    %0 = arith.subi %c4, %arg1 : index
    %subview = memref.subview %arg0[%arg1, 0] [%0, 4] [1, 1] : memref<4x4xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
    %c0 = arith.constant 0 : index
    %dim = memref.dim %subview, %c0 : memref<?x4xf32, strided<[4, 1], offset: ?>>
    %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x4xf32>
    memref.copy %subview, %alloc : memref<?x4xf32, strided<[4, 1], offset: ?>> to memref<?x4xf32>
    return %alloc : memref<?x4xf32>
  }
  func.func @double_plus_index(%arg0: memref<4x4xf32>) -> memref<4x4xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<4x4xf32>) outs(%alloc : memref<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = linalg.index 1 : index
      %1 = arith.index_cast %0 : index to i32
      %2 = arith.sitofp %1 : i32 to f32
      %3 = arith.addf %in, %in : f32
      %4 = arith.addf %3, %2 fastmath<contract> : f32
      linalg.yield %4 : f32
    }
    return %alloc : memref<4x4xf32>
  }
  func.func private @diag_loop(%arg0: memref<4x4xf32>) -> memref<4x4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %0 = scf.for %arg1 = %c0 to %c4 step %c1 iter_args(%arg2 = %arg0) -> (memref<4x4xf32>) {
      %c2 = arith.constant 2 : index
      %1 = arith.remui %arg1, %c2 : index
      %2 = arith.cmpi eq, %1, %c0 : index
      %3 = scf.if %2 -> (memref<4x4xf32>) {
        %cst = arith.constant -1.000000e+00 : f32
        memref.store %cst, %arg2[%arg1, %arg1] : memref<4x4xf32>
        scf.yield %arg2 : memref<4x4xf32>
      } else {
        scf.yield %arg2 : memref<4x4xf32>
      }
      scf.yield %3 : memref<4x4xf32>
    }
    return %0 : memref<4x4xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_4x4xf32 : memref<4x4xf32>
    %1 = call @double_plus_index(%0) : (memref<4x4xf32>) -> memref<4x4xf32>
    %2 = call @diag_loop(%1) : (memref<4x4xf32>) -> memref<4x4xf32>
    %c1 = arith.constant 1 : index
    %3 = call @rows_from(%2, %c1) : (memref<4x4xf32>, index) -> memref<?x4xf32>
    %cast = memref.cast %3 : memref<?x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

