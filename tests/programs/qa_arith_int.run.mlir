// purpose: integer arith at i1/i8/i16/i32/i64/index: ceildivsi/floordivsi/ceildivui, divui/remui on values with the top bit set, shrsi/shrui/shli, andi/ori/xori, maxsi/minsi/maxui/minui, every cmpi predicate, trunci/extsi/extui/index_cast/index_castui, overflow flags, and elementwise integer arith inside linalg bodies
// expect: output equals qa_arith_int.expected

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @p(%x: i64) {
  call @printI64(%x) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @divs(%a: i32, %b: i32) -> tensor<8xi64> {
  %0 = arith.divsi %a, %b : i32
  %1 = arith.remsi %a, %b : i32
  %2 = arith.ceildivsi %a, %b : i32
  %3 = arith.floordivsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remui %a, %b : i32
  %6 = arith.ceildivui %a, %b : i32
  %7 = arith.maxui %a, %b : i32
  %t = tensor.from_elements %0, %1, %2, %3, %4, %5, %6, %7 : tensor<8xi32>
  %e = tensor.empty() : tensor<8xi64>
  %w = linalg.map ins(%t : tensor<8xi32>) outs(%e : tensor<8xi64>)
    (%v: i32, %unused: i64) {
      %x = arith.extsi %v : i32 to i64
      linalg.yield %x : i64
    }
  return %w : tensor<8xi64>
}

func.func @cmpis(%a: i16, %b: i16) -> tensor<10xi32> {
  %0 = arith.cmpi eq, %a, %b : i16
  %1 = arith.cmpi ne, %a, %b : i16
  %2 = arith.cmpi slt, %a, %b : i16
  %3 = arith.cmpi sle, %a, %b : i16
  %4 = arith.cmpi sgt, %a, %b : i16
  %5 = arith.cmpi sge, %a, %b : i16
  %6 = arith.cmpi ult, %a, %b : i16
  %7 = arith.cmpi ule, %a, %b : i16
  %8 = arith.cmpi ugt, %a, %b : i16
  %9 = arith.cmpi uge, %a, %b : i16
  %t = tensor.from_elements %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<10xi1>
  %e = tensor.empty() : tensor<10xi32>
  %w = linalg.map ins(%t : tensor<10xi1>) outs(%e : tensor<10xi32>)
    (%v: i1, %unused: i32) {
      %x = arith.extui %v : i1 to i32
      linalg.yield %x : i32
    }
  return %w : tensor<10xi32>
}

func.func @pt64(%t: tensor<8xi64>) {
  %m = bufferization.to_buffer %t : tensor<8xi64> to memref<8xi64>
  %u = memref.cast %m : memref<8xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}

func.func @pt32(%t: tensor<10xi32>) {
  %m = bufferization.to_buffer %t : tensor<10xi32> to memref<10xi32>
  %u = memref.cast %m : memref<10xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %m7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %m2 = arith.constant -2 : i32
  %c7 = arith.constant 7 : i32
  %d0 = call @divs(%m7, %c2) : (i32, i32) -> tensor<8xi64>
  call @pt64(%d0) : (tensor<8xi64>) -> ()
  %d1 = call @divs(%c7, %m2) : (i32, i32) -> tensor<8xi64>
  call @pt64(%d1) : (tensor<8xi64>) -> ()
  %d2 = call @divs(%m7, %m2) : (i32, i32) -> tensor<8xi64>
  call @pt64(%d2) : (tensor<8xi64>) -> ()
  %d3 = call @divs(%c7, %c2) : (i32, i32) -> tensor<8xi64>
  call @pt64(%d3) : (tensor<8xi64>) -> ()
  %a16 = arith.constant -300 : i16
  %b16 = arith.constant 5 : i16
  %k0 = call @cmpis(%a16, %b16) : (i16, i16) -> tensor<10xi32>
  call @pt32(%k0) : (tensor<10xi32>) -> ()
  %k1 = call @cmpis(%b16, %b16) : (i16, i16) -> tensor<10xi32>
  call @pt32(%k1) : (tensor<10xi32>) -> ()
  // shifts and bit ops at i8
  %x8 = arith.constant -96 : i8
  %s3 = arith.constant 3 : i8
  %sh0 = arith.shrsi %x8, %s3 : i8
  %sh1 = arith.shrui %x8, %s3 : i8
  %sh2 = arith.shli %x8, %s3 : i8
  %bx = arith.constant 0x5A : i8
  %an = arith.andi %x8, %bx : i8
  %or = arith.ori %x8, %bx : i8
  %xo = arith.xori %x8, %bx : i8
  %r8 = tensor.from_elements %sh0, %sh1, %sh2, %an, %or, %xo, %x8, %bx : tensor<8xi8>
  %e8 = tensor.empty() : tensor<8xi64>
  %r8s = linalg.map ins(%r8 : tensor<8xi8>) outs(%e8 : tensor<8xi64>)
    (%v: i8, %unused: i64) {
      %x = arith.extsi %v : i8 to i64
      linalg.yield %x : i64
    }
  call @pt64(%r8s) : (tensor<8xi64>) -> ()
  %r8u = linalg.map ins(%r8 : tensor<8xi8>) outs(%e8 : tensor<8xi64>)
    (%v: i8, %unused: i64) {
      %x = arith.extui %v : i8 to i64
      linalg.yield %x : i64
    }
  call @pt64(%r8u) : (tensor<8xi64>) -> ()
  // min/max signed vs unsigned at i64
  %big = arith.constant -1 : i64
  %one = arith.constant 1 : i64
  %mx = arith.maxsi %big, %one : i64
  call @p(%mx) : (i64) -> ()
  %mn = arith.minui %big, %one : i64
  call @p(%mn) : (i64) -> ()
  %mxu = arith.maxui %big, %one : i64
  call @p(%mxu) : (i64) -> ()
  %mns = arith.minsi %big, %one : i64
  call @p(%mns) : (i64) -> ()
  %u1 = arith.constant 4000000000 : i32
  // wrapping and flags
  %imax = arith.constant 2147483647 : i32
  %c1 = arith.constant 1 : i32
  %wrap = arith.addi %imax, %c1 : i32
  %wrapw = arith.extsi %wrap : i32 to i64
  call @p(%wrapw) : (i64) -> ()
  %nsw = arith.addi %c7, %c1 overflow<nsw> : i32
  %nuw = arith.muli %nsw, %c2 overflow<nsw, nuw> : i32
  %nuww = arith.extsi %nuw : i32 to i64
  call @p(%nuww) : (i64) -> ()
  %tr = arith.trunci %u1 : i32 to i16
  %trw = arith.extsi %tr : i16 to i64
  call @p(%trw) : (i64) -> ()
  %tr1 = arith.trunci %c7 : i32 to i1
  %tr1w = arith.extsi %tr1 : i1 to i64
  call @p(%tr1w) : (i64) -> ()
  // index casts
  %ix = arith.index_cast %m7 : i32 to index
  %ixu = arith.index_castui %m7 : i32 to index
  %ix64 = arith.index_cast %ix : index to i64
  call @p(%ix64) : (i64) -> ()
  %ixu64 = arith.index_castui %ixu : index to i64
  call @p(%ixu64) : (i64) -> ()
  %ci5 = arith.constant 5 : index
  %ci3 = arith.constant -3 : index
  %id = arith.floordivsi %ci5, %ci3 : index
  %idw = arith.index_cast %id : index to i64
  call @p(%idw) : (i64) -> ()
  %ir = arith.remsi %ci5, %ci3 : index
  %irw = arith.index_cast %ir : index to i64
  call @p(%irw) : (i64) -> ()
  // i1 logic
  %t = arith.constant true
  %f = arith.constant false
  %x1 = arith.xori %t, %f : i1
  %a1 = arith.andi %x1, %t : i1
  %n1 = arith.addi %a1, %t : i1
  %n1w = arith.extui %n1 : i1 to i64
  call @p(%n1w) : (i64) -> ()
  // elementwise integer arith on tensors inside one linalg.generic
  %ta = arith.constant dense<[1, -2, 300000, -400000, 5, 6, 7, 8]> : tensor<8xi64>
  %tb = arith.constant dense<3> : tensor<8xi64>
  %e64 = tensor.empty() : tensor<8xi64>
  %tm, %tz, %tsel = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%ta, %tb : tensor<8xi64>, tensor<8xi64>) outs(%e64, %e64, %e64 : tensor<8xi64>, tensor<8xi64>, tensor<8xi64>) {
  ^bb0(%a: i64, %b: i64, %o1: i64, %o2: i64, %o3: i64):
    %m = arith.muli %a, %b : i64
    %d = arith.divsi %m, %b : i64
    %s = arith.subi %d, %a : i64
    %q = arith.remsi %a, %b : i64
    %z = arith.addi %s, %q : i64
    %c = arith.cmpi sgt, %a, %b : i64
    %sel = arith.select %c, %a, %b : i64
    linalg.yield %m, %z, %sel : i64, i64, i64
  } -> (tensor<8xi64>, tensor<8xi64>, tensor<8xi64>)
  call @pt64(%tm) : (tensor<8xi64>) -> ()
  call @pt64(%tz) : (tensor<8xi64>) -> ()
  call @pt64(%tsel) : (tensor<8xi64>) -> ()
  return
}
