// purpose: less common ops that still execute upstream: tensor.concat, tensor.reshape with a shape tensor, tensor.rank/memref.rank, func.constant + func.call_indirect, scf.parallel with scf.reduce, scf.for with the unsigned keyword, memref.view of a byte buffer, memref.extract_strided_metadata, memref.assume_alignment, scf.execute_region with multiple blocks
// expect: output equals qa_rare_ops.expected

func.func @square(%x: i64) -> i64 {
  %r = arith.muli %x, %x : i64
  return %r : i64
}

func.func @negate(%x: i64) -> i64 {
  %z = arith.constant 0 : i64
  %r = arith.subi %z, %x : i64
  return %r : i64
}

func.func @apply(%f: (i64) -> i64, %x: i64) -> i64 {
  %r = func.call_indirect %f(%x) : (i64) -> i64
  return %r : i64
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()

func.func @p(%x: i64) {
  call @printI64(%x) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = arith.constant dense<[[5.0, 6.0]]> : tensor<1x2xf32>
  %cat = tensor.concat dim(0) %a, %b, %a : (tensor<2x2xf32>, tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<5x2xf32>
  %catm = bufferization.to_buffer %cat : tensor<5x2xf32> to memref<5x2xf32>
  %catu = memref.cast %catm : memref<5x2xf32> to memref<*xf32>
  call @printMemrefF32(%catu) : (memref<*xf32>) -> ()
  %shape = arith.constant dense<[2, 5]> : tensor<2xi64>
  %rs = tensor.reshape %cat(%shape) : (tensor<5x2xf32>, tensor<2xi64>) -> tensor<2x5xf32>
  %rsm = bufferization.to_buffer %rs : tensor<2x5xf32> to memref<2x5xf32>
  %rsu = memref.cast %rsm : memref<2x5xf32> to memref<*xf32>
  call @printMemrefF32(%rsu) : (memref<*xf32>) -> ()
  %rk = tensor.rank %cat : tensor<5x2xf32>
  %rki = arith.index_cast %rk : index to i64
  call @p(%rki) : (i64) -> ()
  %mrk = memref.rank %catu : memref<*xf32>
  %mrki = arith.index_cast %mrk : index to i64
  call @p(%mrki) : (i64) -> ()
  // indirect calls
  %fs = func.constant @square : (i64) -> i64
  %fn = func.constant @negate : (i64) -> i64
  %x = arith.constant 12 : i64
  %r1 = call @apply(%fs, %x) : ((i64) -> i64, i64) -> i64
  call @p(%r1) : (i64) -> ()
  %r2 = call @apply(%fn, %r1) : ((i64) -> i64, i64) -> i64
  call @p(%r2) : (i64) -> ()
  // scf.parallel with a reduction
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.parallel (%i, %j) = (%c0, %c0) to (%c5, %c2) step (%c1, %c1) init (%zero) -> f32 {
    %v = memref.load %catm[%i, %j] : memref<5x2xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  call @printF32(%sum) : (f32) -> ()
  call @printNewline() : () -> ()
  // unsigned loop: bounds compared as unsigned
  %lb = arith.constant 250 : i8
  %ub = arith.constant 254 : i8
  %st = arith.constant 1 : i8
  %zi = arith.constant 0 : i64
  %cnt = scf.for unsigned %k = %lb to %ub step %st iter_args(%acc = %zi) -> (i64) : i8 {
    %kk = arith.extui %k : i8 to i64
    %n = arith.addi %acc, %kk : i64
    scf.yield %n : i64
  }
  call @p(%cnt) : (i64) -> ()
  // a byte buffer viewed as f32
  %raw = memref.alloc() : memref<32xi8>
  %c8 = arith.constant 8 : index
  %view = memref.view %raw[%c8][] : memref<32xi8> to memref<2x3xf32>
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %p = arith.muli %i, %c3 : index
      %q = arith.addi %p, %j : index
      %qi = arith.index_cast %q : index to i32
      %f = arith.sitofp %qi : i32 to f32
      memref.store %f, %view[%i, %j] : memref<2x3xf32>
    }
  }
  %vu = memref.cast %view : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%vu) : (memref<*xf32>) -> ()
  %sv = memref.subview %catm[1, 1] [3, 1] [1, 1] : memref<5x2xf32> to memref<3xf32, strided<[2], offset: 3>>
  %base, %off, %size, %stride = memref.extract_strided_metadata %sv : memref<3xf32, strided<[2], offset: 3>> -> memref<f32>, index, index, index
  %offi = arith.index_cast %off : index to i64
  call @p(%offi) : (i64) -> ()
  %sizei = arith.index_cast %size : index to i64
  call @p(%sizei) : (i64) -> ()
  %stridei = arith.index_cast %stride : index to i64
  call @p(%stridei) : (i64) -> ()
  %al = memref.assume_alignment %catm, 4 : memref<5x2xf32>
  %first = memref.load %al[%c0, %c1] : memref<5x2xf32>
  call @printF32(%first) : (f32) -> ()
  call @printNewline() : () -> ()
  // execute_region with a branch inside
  %er = scf.execute_region -> i64 {
    %c = arith.cmpi sgt, %r1, %x : i64
    cf.cond_br %c, ^big, ^small
  ^big:
    %v1 = arith.constant 1 : i64
    cf.br ^exit(%v1 : i64)
  ^small:
    %v2 = arith.constant 2 : i64
    cf.br ^exit(%v2 : i64)
  ^exit(%v: i64):
    scf.yield %v : i64
  }
  call @p(%er) : (i64) -> ()
  return
}
