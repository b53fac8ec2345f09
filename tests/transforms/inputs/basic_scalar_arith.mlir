module {
  memref.global "private" constant @__constant_2xi32 : memref<2xi32> = dense<[7, 3]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[3.000000e+00, 1.000000e+00, 4.000000e+00, 1.500000e+00]> {alignment = 64 : i64}
  func.func @stats(%arg0: memref<4xf32>, %arg1: memref<2xi32>) -> memref<4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %0 = memref.load %arg0[%c0] : memref<4xf32>
    %1 = memref.load %arg0[%c1] : memref<4xf32>
    %2 = memref.load %arg0[%c2] : memref<4xf32>
    %3 = memref.load %arg0[%c3] : memref<4xf32>
    %4 = arith.addf %0, %1 : f32
    %5 = arith.addf %2, %3 : f32
    %6 = arith.addf %4, %5 : f32
    %cst = arith.constant 4.000000e+00 : f32
    %7 = arith.divf %6, %cst : f32
    %8 = arith.cmpf ogt, %0, %3 : f32
    %9 = arith.select %8, %0, %3 : f32
    %10 = memref.load %arg1[%c0] : memref<2xi32>
    %11 = memref.load %arg1[%c1] : memref<2xi32>
    %12 = arith.muli %10, %11 : i32
    %c5_i32 = arith.constant 5 : i32
    %13 = arith.remsi %12, %c5_i32 : i32
    %14 = arith.subi %12, %13 : i32
    %15 = arith.sitofp %14 : i32 to f32
    %16 = arith.negf %7 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    %c0_0 = arith.constant 0 : index
    %c1_1 = arith.constant 1 : index
    %c2_2 = arith.constant 2 : index
    %c3_3 = arith.constant 3 : index
    memref.store %6, %alloc[%c0_0] : memref<4xf32>
    memref.store %7, %alloc[%c1_1] : memref<4xf32>
    memref.store %9, %alloc[%c2_2] : memref<4xf32>
    memref.store %15, %alloc[%c3_3] : memref<4xf32>
    memref.store %16, %alloc[%c1] : memref<4xf32>
    return %alloc : memref<4xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
    %1 = memref.get_global @__constant_2xi32 : memref<2xi32>
    %2 = call @stats(%0, %1) : (memref<4xf32>, memref<2xi32>) -> memref<4xf32>
    %cast = memref.cast %2 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

