#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  memref.global "private" constant @__constant_5xf32 : memref<5xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4x3xf32 : memref<4x3xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [1.000000e+00, 2.000000e+00, 3.000000e+00], [5.000000e-01, 2.500000e-01, 1.250000e-01], [-1.000000e+00, 0.000000e+00, 1.000000e+00]]> {alignment = 64 : i64}
  func.func @scale_rows(%arg0: memref<4x3xf32>) -> memref<4x3xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x3xf32>
    scf.forall (%arg1) in (4) {
      %subview = memref.subview %arg0[%arg1, 0] [1, 3] [1, 1] : memref<4x3xf32> to memref<1x3xf32, strided<[3, 1], offset: ?>>
      %0 = arith.index_cast %arg1 : index to i32
      %1 = arith.sitofp %0 : i32 to f32
      %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<1x3xf32>
      linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%subview : memref<1x3xf32, strided<[3, 1], offset: ?>>) outs(%alloc_0 : memref<1x3xf32>) {
      ^bb0(%in: f32, %out: f32):
        %2 = arith.mulf %in, %1 : f32
        linalg.yield %2 : f32
      }
      %subview_1 = memref.subview %alloc[%arg1, 0] [1, 3] [1, 1] : memref<4x3xf32> to memref<1x3xf32, strided<[3, 1], offset: ?>>
      memref.copy %alloc_0, %subview_1 : memref<1x3xf32> to memref<1x3xf32, strided<[3, 1], offset: ?>>
    }
    return %alloc : memref<4x3xf32>
  }
  func.func @sum_memref(%arg0: memref<4x3xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = scf.parallel (%arg1, %arg2) = (%c0, %c0) to (%c4, %c3) step (%c1, %c1) init (%cst) -> f32 {
      %1 = memref.load %arg0[%arg1, %arg2] : memref<4x3xf32>
      scf.reduce(%1 : f32) {
      ^bb0(%arg3: f32, %arg4: f32):
        %2 = arith.addf %arg3, %arg4 : f32
        scf.reduce.return %2 : f32
      }
    }
    return %0 : f32
  }
  func.func @prefix(%arg0: memref<5xf32>) -> memref<5xf32> {
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %0 = scf.for %arg1 = %c1 to %c5 step %c1 iter_args(%arg2 = %arg0) -> (memref<5xf32>) {
      %1 = arith.subi %arg1, %c1 : index
      %2 = memref.load %arg2[%1] : memref<5xf32>
      %3 = memref.load %arg2[%arg1] : memref<5xf32>
      %4 = arith.addf %2, %3 : f32
      memref.store %4, %arg2[%arg1] : memref<5xf32>
      scf.yield %arg2 : memref<5xf32>
    }
    return %0 : memref<5xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printF32(f32)
  func.func private @printNewline()
  func.func @main() {
    %0 = memref.get_global @__constant_4x3xf32 : memref<4x3xf32>
    %1 = call @scale_rows(%0) : (memref<4x3xf32>) -> memref<4x3xf32>
    %cast = memref.cast %1 : memref<4x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %2 = call @sum_memref(%1) : (memref<4x3xf32>) -> f32
    call @printF32(%2) : (f32) -> ()
    call @printNewline() : () -> ()
    %3 = memref.get_global @__constant_5xf32 : memref<5xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
    memref.copy %3, %alloc : memref<5xf32> to memref<5xf32>
    %4 = call @prefix(%alloc) : (memref<5xf32>) -> memref<5xf32>
    %cast_0 = memref.cast %4 : memref<5xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    return
  }
}

