module {
  memref.global "private" constant @__constant_14xf64 : memref<14xf64> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 0.000000e+00, 8.000000e+00, 9.000000e+00, 1.000000e+01, 1.100000e+01, 1.200000e+01, 0.000000e+00, 0.000000e+00]> {alignment = 64 : i64}
  func.func @strided_sum(%arg0: memref<3x2xf64, strided<[4, 2], offset: 1>>) -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %cst = arith.constant 0.000000e+00 : f64
    %0 = scf.for %arg1 = %c0 to %c3 step %c1 iter_args(%arg2 = %cst) -> (f64) {
      %1 = scf.for %arg3 = %c0 to %c2 step %c1 iter_args(%arg4 = %arg2) -> (f64) {
        %2 = memref.load %arg0[%arg1, %arg3] : memref<3x2xf64, strided<[4, 2], offset: 1>>
        %3 = arith.addf %arg4, %2 : f64
        scf.yield %3 : f64
      }
      scf.yield %1 : f64
    }
    return %0 : f64
  }
  func.func @pick(%arg0: index) -> i64 {
    %0 = scf.index_switch %arg0 -> i64 
    case 0 {
      %c10_i64 = arith.constant 10 : i64
      scf.yield %c10_i64 : i64
    }
    case 2 {
      %1 = scf.execute_region -> i64 {
        %c22_i64 = arith.constant 22 : i64
        scf.yield %c22_i64 : i64
      }
      scf.yield %1 : i64
    }
    default {
      %c-1_i64 = arith.constant -1 : i64
      scf.yield %c-1_i64 : i64
    }
    return %0 : i64
  }
  func.func private @printMemrefF64(memref<*xf64>)
  func.func private @printF64(f64)
  func.func private @printI64(i64)
  func.func private @printNewline()
  func.func @main() {
    %0 = memref.get_global @__constant_14xf64 : memref<14xf64>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<14xf64>
    memref.copy %0, %alloc : memref<14xf64> to memref<14xf64>
    %reinterpret_cast = memref.reinterpret_cast %alloc to offset: [1], sizes: [3, 2], strides: [4, 2] : memref<14xf64> to memref<3x2xf64, strided<[4, 2], offset: 1>>
    %1 = call @strided_sum(%reinterpret_cast) : (memref<3x2xf64, strided<[4, 2], offset: 1>>) -> f64
    call @printF64(%1) : (f64) -> ()
    call @printNewline() : () -> ()
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %2 = call @pick(%c0) : (index) -> i64
    %3 = call @pick(%c1) : (index) -> i64
    %4 = call @pick(%c2) : (index) -> i64
    call @printI64(%2) : (i64) -> ()
    call @printI64(%3) : (i64) -> ()
    call @printI64(%4) : (i64) -> ()
    call @printNewline() : () -> ()
    %cast = memref.cast %reinterpret_cast : memref<3x2xf64, strided<[4, 2], offset: 1>> to memref<*xf64>
    call @printMemrefF64(%cast) : (memref<*xf64>) -> ()
    return
  }
}

