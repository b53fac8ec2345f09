#map = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_6xf32 : memref<6xf32> = dense<[-3.000000e+00, -1.000000e+00, 0.000000e+00, 2.000000e+00, -4.000000e+00, 5.000000e+00]> {alignment = 64 : i64}
  func.func @relu_or_identity(%arg0: memref<6xf32>, %arg1: i1) -> memref<6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = scf.if %arg1 -> (memref<6xf32>) {
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
      linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<6xf32>) outs(%alloc : memref<6xf32>) {
      ^bb0(%in: f32, %out: f32):
        %1 = arith.maximumf %in, %cst : f32
        linalg.yield %1 : f32
      }
      scf.yield %alloc : memref<6xf32>
    } else {
      scf.yield %arg0 : memref<6xf32>
    }
    return %0 : memref<6xf32>
  }
  func.func @update_either(%arg0: memref<6xf32>, %arg1: i1) -> memref<6xf32> {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %cst = arith.constant 1.000000e+02 : f32
    %0 = scf.if %arg1 -> (memref<6xf32>) {
      memref.store %cst, %arg0[%c0] : memref<6xf32>
      scf.yield %arg0 : memref<6xf32>
    } else {
      memref.store %cst, %arg0[%c5] : memref<6xf32>
      scf.yield %arg0 : memref<6xf32>
    }
    return %0 : memref<6xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_6xf32 : memref<6xf32>
    %true = arith.constant true
    %false = arith.constant false
    %1 = call @relu_or_identity(%0, %true) : (memref<6xf32>, i1) -> memref<6xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    memref.copy %1, %alloc : memref<6xf32> to memref<6xf32>
    %2 = call @relu_or_identity(%0, %false) : (memref<6xf32>, i1) -> memref<6xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    memref.copy %2, %alloc_0 : memref<6xf32> to memref<6xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    memref.copy %0, %alloc_1 : memref<6xf32> to memref<6xf32>
    %3 = call @update_either(%alloc_1, %true) : (memref<6xf32>, i1) -> memref<6xf32>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    memref.copy %0, %alloc_2 : memref<6xf32> to memref<6xf32>
    %4 = call @update_either(%alloc_2, %false) : (memref<6xf32>, i1) -> memref<6xf32>
    %cast = memref.cast %alloc : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_3 = memref.cast %alloc_0 : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%cast_3) : (memref<*xf32>) -> ()
    %cast_4 = memref.cast %3 : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%cast_4) : (memref<*xf32>) -> ()
    %cast_5 = memref.cast %4 : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%cast_5) : (memref<*xf32>) -> ()
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    memref.copy %0, %alloc_6 : memref<6xf32> to memref<6xf32>
    %cast_7 = memref.cast %alloc_6 : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%cast_7) : (memref<*xf32>) -> ()
    return
  }
}

