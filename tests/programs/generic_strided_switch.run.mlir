// purpose: generic-form ops, loc annotations, hex dense blobs, strided memref function arguments, f64 and index math, scf.index_switch and execute_region
// expect: output equals generic_strided_switch.expected

func.func @strided_sum(%m: memref<3x2xf64, strided<[4, 2], offset: 1>>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %z = "arith.constant"() <{value = 0.0 : f64}> : () -> f64 loc("gen.mlir":3:4)
  %s = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %z) -> (f64) {
    %t = scf.for %j = %c0 to %c2 step %c1 iter_args(%b = %a) -> (f64) {
      %v = memref.load %m[%i, %j] : memref<3x2xf64, strided<[4, 2], offset: 1>>
      %n = arith.addf %b, %v : f64
      scf.yield %n : f64
    }
    scf.yield %t : f64
  }
  return %s : f64
}

func.func @pick(%k: index) -> i64 {
  %r = scf.index_switch %k -> i64
  case 0 {
    %a = arith.constant 10 : i64
    scf.yield %a : i64
  }
  case 2 {
    %b = scf.execute_region -> i64 {
      %c = arith.constant 22 : i64
      scf.yield %c : i64
    }
    scf.yield %b : i64
  }
  default {
    %d = arith.constant -1 : i64
    scf.yield %d : i64
  }
  return %r : i64
}

func.func private @printMemrefF64(memref<*xf64>)
func.func private @printF64(f64)
func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %blob = arith.constant dense<"0x000000000000F03F0000000000000040000000000000084000000000000010400000000000001440000000000000184000000000000000000000000000002040000000000000224000000000000024400000000000002640000000000000284000000000000000000000000000000000"> : tensor<14xf64>
  %buf = bufferization.to_buffer %blob : tensor<14xf64> to memref<14xf64>
  %view = memref.reinterpret_cast %buf to offset: [1], sizes: [3, 2], strides: [4, 2] : memref<14xf64> to memref<3x2xf64, strided<[4, 2], offset: 1>>
  %s = call @strided_sum(%view) : (memref<3x2xf64, strided<[4, 2], offset: 1>>) -> f64
  call @printF64(%s) : (f64) -> ()
  call @printNewline() : () -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %p0 = call @pick(%c0) : (index) -> i64
  %p1 = call @pick(%c1) : (index) -> i64
  %p2 = call @pick(%c2) : (index) -> i64
  call @printI64(%p0) : (i64) -> ()
  call @printI64(%p1) : (i64) -> ()
  call @printI64(%p2) : (i64) -> ()
  call @printNewline() : () -> ()
  %u = memref.cast %view : memref<3x2xf64, strided<[4, 2], offset: 1>> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}
