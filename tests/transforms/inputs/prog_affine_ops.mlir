#map = affine_map<(d0)[s0] -> (d0 * 3 - s0)>
#map1 = affine_map<(d0) -> (d0 floordiv 4)>
#map2 = affine_map<(d0) -> (d0 ceildiv 4)>
#map3 = affine_map<(d0) -> (d0 mod 4)>
#map4 = affine_map<()[s0] -> (s0 * -2 + 1)>
#map5 = affine_map<(d0)[s0] -> (8, -d0 + s0)>
#map6 = affine_map<(d0)[s0] -> (d0 - 2, s0)>
#map7 = affine_map<(d0, d1) -> (d0, d1, 100)>
#map8 = affine_map<(d0)[s0] -> (d0 floordiv 2, s0 mod 3, -1)>
#map9 = affine_map<(d0, d1)[s0] -> ((d0 + d1) * s0 - d0 mod s0)>
#map10 = affine_map<() -> (42)>
#map11 = affine_map<(d0) -> (d0 ceildiv 3)>
#map12 = affine_map<(d0, d1) -> (d0 * 4 + d1)>
module {
  func.func private @printMemrefI64(memref<*xi64>)
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @scalars(%arg0: index, %arg1: memref<12xi64>) {
    %c5 = arith.constant 5 : index
    %c-7 = arith.constant -7 : index
    %0 = affine.apply #map(%c5)[%arg0]
    %1 = affine.apply #map1(%c-7)
    %2 = affine.apply #map2(%c-7)
    %3 = affine.apply #map3(%c-7)
    %4 = affine.apply #map4()[%arg0]
    %5 = affine.min #map5(%c5)[%arg0]
    %6 = affine.max #map6(%c5)[%arg0]
    %7 = affine.min #map7(%c-7, %arg0)
    %8 = affine.max #map8(%c-7)[%arg0]
    %9 = affine.apply #map9(%c5, %c-7)[%arg0]
    %10 = affine.apply #map10()
    %11 = affine.apply #map11(%c5)
    %alloca = memref.alloca() : memref<12xindex>
    affine.store %0, %alloca[0] : memref<12xindex>
    affine.store %1, %alloca[1] : memref<12xindex>
    affine.store %2, %alloca[2] : memref<12xindex>
    affine.store %3, %alloca[3] : memref<12xindex>
    affine.store %4, %alloca[4] : memref<12xindex>
    affine.store %5, %alloca[5] : memref<12xindex>
    affine.store %6, %alloca[6] : memref<12xindex>
    affine.store %7, %alloca[7] : memref<12xindex>
    affine.store %8, %alloca[8] : memref<12xindex>
    affine.store %9, %alloca[9] : memref<12xindex>
    affine.store %10, %alloca[10] : memref<12xindex>
    affine.store %11, %alloca[11] : memref<12xindex>
    affine.for %arg2 = 0 to 12 {
      %12 = affine.load %alloca[%arg2] : memref<12xindex>
      %13 = arith.index_cast %12 : index to i64
      affine.store %13, %arg1[%arg2] : memref<12xi64>
    }
    return
  }
  func.func @loops(%arg0: index, %arg1: memref<6xi64>, %arg2: memref<3x4xf32>, %arg3: memref<4x3xf32>) {
    %c0_i64 = arith.constant 0 : i64
    %0 = affine.for %arg4 = 0 to 10 step 3 iter_args(%arg5 = %c0_i64) -> (i64) {
      %4 = arith.index_cast %arg4 : index to i64
      %5 = arith.addi %arg5, %4 : i64
      affine.yield %5 : i64
    }
    %1 = affine.for %arg4 = %arg0 to 20 iter_args(%arg5 = %c0_i64) -> (i64) {
      %c1_i64 = arith.constant 1 : i64
      %4 = arith.addi %arg5, %c1_i64 : i64
      affine.yield %4 : i64
    }
    %c1 = arith.constant 1 : index
    %c20 = arith.constant 20 : index
    %2:2 = affine.for %arg4 = max #map6(%arg0)[%c1] to min #map5(%arg0)[%c20] step 2 iter_args(%arg5 = %c0_i64, %arg6 = %c0_i64) -> (i64, i64) {
      %c1_i64 = arith.constant 1 : i64
      %4 = arith.addi %arg5, %c1_i64 : i64
      %5 = arith.index_cast %arg4 : index to i64
      affine.yield %4, %5 : i64, i64
    }
    %3 = affine.for %arg4 = 5 to 2 iter_args(%arg5 = %c0_i64) -> (i64) {
      %c1_i64 = arith.constant 1 : i64
      %4 = arith.addi %arg5, %c1_i64 : i64
      affine.yield %4 : i64
    }
    affine.store %0, %arg1[0] : memref<6xi64>
    affine.store %1, %arg1[1] : memref<6xi64>
    affine.store %2#0, %arg1[2] : memref<6xi64>
    affine.store %2#1, %arg1[3] : memref<6xi64>
    affine.store %3, %arg1[4] : memref<6xi64>
    %c0_i64_0 = arith.constant 0 : i64
    affine.store %c0_i64_0, %arg1[5] : memref<6xi64>
    affine.for %arg4 = 0 to 3 {
      affine.for %arg5 = 0 to 4 {
        %4 = affine.apply #map12(%arg4, %arg5)
        %5 = arith.index_cast %4 : index to i32
        %6 = arith.sitofp %5 : i32 to f32
        affine.store %6, %arg2[%arg4, %arg5] : memref<3x4xf32>
      }
    }
    affine.for %arg4 = 0 to 4 {
      affine.for %arg5 = 0 to 3 {
        %4 = affine.load %arg2[-%arg5 + 2, (%arg4 + 1) mod 4] : memref<3x4xf32>
        affine.store %4, %arg3[%arg4, %arg5] : memref<4x3xf32>
      }
    }
    return
  }
  func.func @indices(%arg0: index, %arg1: index, %arg2: memref<11xi64>) {
    %c-7 = arith.constant -7 : index
    %0:3 = affine.delinearize_index %arg0 into (2, %arg1, 4) : index, index, index
    %1:3 = affine.delinearize_index %arg0 into (%arg1, 4) : index, index, index
    %2:2 = affine.delinearize_index %c-7 into (4) : index, index
    %3 = affine.linearize_index [%0#0, %0#1, %0#2] by (2, %arg1, 4) : index
    %4 = affine.linearize_index disjoint [%2#0, %2#1] by (4) : index
    %5 = affine.linearize_index [%arg1, %arg1] by (5, 7) : index
    %alloca = memref.alloca() : memref<11xindex>
    affine.store %0#0, %alloca[0] : memref<11xindex>
    affine.store %0#1, %alloca[1] : memref<11xindex>
    affine.store %0#2, %alloca[2] : memref<11xindex>
    affine.store %1#0, %alloca[3] : memref<11xindex>
    affine.store %1#1, %alloca[4] : memref<11xindex>
    affine.store %1#2, %alloca[5] : memref<11xindex>
    affine.store %2#0, %alloca[6] : memref<11xindex>
    affine.store %2#1, %alloca[7] : memref<11xindex>
    affine.store %3, %alloca[8] : memref<11xindex>
    affine.store %4, %alloca[9] : memref<11xindex>
    affine.store %5, %alloca[10] : memref<11xindex>
    affine.for %arg3 = 0 to 11 {
      %6 = affine.load %alloca[%arg3] : memref<11xindex>
      %7 = arith.index_cast %6 : index to i64
      affine.store %7, %arg2[%arg3] : memref<11xi64>
    }
    return
  }
  func.func @main() {
    %c11 = arith.constant 11 : index
    %alloca = memref.alloca() : memref<12xi64>
    call @scalars(%c11, %alloca) : (index, memref<12xi64>) -> ()
    %cast = memref.cast %alloca : memref<12xi64> to memref<*xi64>
    call @printMemrefI64(%cast) : (memref<*xi64>) -> ()
    %c3 = arith.constant 3 : index
    %alloca_0 = memref.alloca() : memref<6xi64>
    %alloca_1 = memref.alloca() : memref<3x4xf32>
    %alloca_2 = memref.alloca() : memref<4x3xf32>
    call @loops(%c3, %alloca_0, %alloca_1, %alloca_2) : (index, memref<6xi64>, memref<3x4xf32>, memref<4x3xf32>) -> ()
    %cast_3 = memref.cast %alloca_0 : memref<6xi64> to memref<*xi64>
    call @printMemrefI64(%cast_3) : (memref<*xi64>) -> ()
    %cast_4 = memref.cast %alloca_2 : memref<4x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast_4) : (memref<*xf32>) -> ()
    %c45 = arith.constant 45 : index
    %alloca_5 = memref.alloca() : memref<11xi64>
    call @indices(%c45, %c3, %alloca_5) : (index, index, memref<11xi64>) -> ()
    %cast_6 = memref.cast %alloca_5 : memref<11xi64> to memref<*xi64>
    call @printMemrefI64(%cast_6) : (memref<*xi64>) -> ()
    return
  }
}

