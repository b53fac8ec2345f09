// purpose: integer arithmetic at several widths: wraparound, signed/unsigned division and remainder, shifts, min/max, comparisons, select and casts
// expect: output equals int_arith.expected

func.func @mix(%a: i32, %b: i32) -> tensor<12xi32> {
  %big = arith.constant 2147483647 : i32
  %one = arith.constant 1 : i32
  %three = arith.constant 3 : i32
  %wrap = arith.addi %big, %one : i32
  %q = arith.divsi %a, %b : i32
  %r = arith.remsi %a, %b : i32
  %qu = arith.divui %a, %three : i32
  %fd = arith.floordivsi %a, %b : i32
  %cd = arith.ceildivsi %a, %b : i32
  %shl = arith.shli %b, %three : i32
  %shr = arith.shrsi %a, %one : i32
  %shru = arith.shrui %a, %three : i32
  %mx = arith.maxsi %a, %b : i32
  %lt = arith.cmpi ult, %a, %b : i32
  %sel = arith.select %lt, %a, %b : i32
  %x = arith.xori %a, %b : i32
  %t = tensor.from_elements %wrap, %q, %r, %qu, %fd, %cd, %shl, %shr, %shru, %mx, %sel, %x : tensor<12xi32>
  return %t : tensor<12xi32>
}

func.func @casts(%a: i32) -> tensor<6xi64> {
  %narrow = arith.trunci %a : i32 to i8
  %s = arith.extsi %narrow : i8 to i64
  %u = arith.extui %narrow : i8 to i64
  %f = arith.sitofp %a : i32 to f32
  %h = arith.constant 0.5 : f32
  %fh = arith.mulf %f, %h : f32
  %back = arith.fptosi %fh : f32 to i64
  %idx = arith.index_cast %a : i32 to index
  %i64 = arith.index_cast %idx : index to i64
  %m = arith.muli %i64, %i64 : i64
  %neg = arith.subi %s, %m : i64
  %t = tensor.from_elements %s, %u, %back, %i64, %m, %neg : tensor<6xi64>
  return %t : tensor<6xi64>
}

func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %a = arith.constant -7 : i32
  %b = arith.constant 2 : i32
  %t = call @mix(%a, %b) : (i32, i32) -> tensor<12xi32>
  %m = bufferization.to_buffer %t : tensor<12xi32> to memref<12xi32>
  %u = memref.cast %m : memref<12xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %c = arith.constant 300 : i32
  %t2 = call @casts(%c) : (i32) -> tensor<6xi64>
  %m2 = bufferization.to_buffer %t2 : tensor<6xi64> to memref<6xi64>
  %u2 = memref.cast %m2 : memref<6xi64> to memref<*xi64>
  call @printMemrefI64(%u2) : (memref<*xi64>) -> ()
  return
}
