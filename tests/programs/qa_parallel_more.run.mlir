// purpose: parallel constructs beyond the basics: scf.forall with a non-unit step writing strided tiles through parallel_insert_slice with a stride, a 2-D forall with a rank-reducing parallel_insert_slice of dynamic offsets, scf.parallel with two reductions (sum and max) of different types, scf.parallel writing a memref without reductions, memref.copy between strided views
// expect: output equals qa_parallel_more.expected

// even positions get 10*i, odd positions keep their value (stride-2 tiles of size 3)
func.func @strided_tiles(%t: tensor<12xf32>) -> tensor<12xf32> {
  %r = scf.forall (%k) = (0) to (2) step (1) shared_outs(%o = %t) -> (tensor<12xf32>) {
    %c6 = arith.constant 6 : index
    %off = arith.muli %k, %c6 : index
    %tile = tensor.generate {
    ^bb0(%i: index):
      %ii = arith.addi %off, %i : index
      %c10 = arith.constant 10 : index
      %v = arith.muli %ii, %c10 : index
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f32
      tensor.yield %vf : f32
    } : tensor<3xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %tile into %o[%off] [3] [2] : tensor<3xf32> into tensor<12xf32>
    }
  }
  return %r : tensor<12xf32>
}

// out[i, j, :] = i - j for a 3x2x4 output, each iteration writing a 1-D row
func.func @rows3(%e: tensor<3x2x4xi32>) -> tensor<3x2x4xi32> {
  %r = scf.forall (%i, %j) in (3, 2) shared_outs(%o = %e) -> (tensor<3x2x4xi32>) {
    %d = arith.subi %i, %j : index
    %di = arith.index_cast %d : index to i32
    %row = tensor.splat %di : tensor<4xi32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %row into %o[%i, %j, 0] [1, 1, 4] [1, 1, 1] : tensor<4xi32> into tensor<3x2x4xi32>
    }
  }
  return %r : tensor<3x2x4xi32>
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %t = arith.constant dense<-1.0> : tensor<12xf32>
  %s = call @strided_tiles(%t) : (tensor<12xf32>) -> tensor<12xf32>
  %sm = bufferization.to_buffer %s : tensor<12xf32> to memref<12xf32>
  %su = memref.cast %sm : memref<12xf32> to memref<*xf32>
  call @printMemrefF32(%su) : (memref<*xf32>) -> ()
  %e = tensor.empty() : tensor<3x2x4xi32>
  %r = call @rows3(%e) : (tensor<3x2x4xi32>) -> tensor<3x2x4xi32>
  %rm = bufferization.to_buffer %r : tensor<3x2x4xi32> to memref<3x2x4xi32>
  %ru = memref.cast %rm : memref<3x2x4xi32> to memref<*xi32>
  call @printMemrefI32(%ru) : (memref<*xi32>) -> ()
  // two reductions of different types over a 3x4 grid
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i64
  %ninf = arith.constant 0xFF800000 : f32
  %sum, %mx = scf.parallel (%i, %j) = (%c0, %c0) to (%c3, %c4) step (%c1, %c1) init (%z, %ninf) -> (i64, f32) {
    %p = arith.muli %i, %j : index
    %pi = arith.index_cast %p : index to i64
    %d = arith.subi %j, %i : index
    %di = arith.index_cast %d : index to i32
    %df = arith.sitofp %di : i32 to f32
    scf.reduce(%pi, %df : i64, f32) {
    ^bb0(%a: i64, %b: i64):
      %s2 = arith.addi %a, %b : i64
      scf.reduce.return %s2 : i64
    }, {
    ^bb0(%a: f32, %b: f32):
      %m = arith.maximumf %a, %b : f32
      scf.reduce.return %m : f32
    }
  }
  call @printI64(%sum) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printF32(%mx) : (f32) -> ()
  call @printNewline() : () -> ()
  // scf.parallel filling a buffer, then copies between strided views
  %buf = memref.alloc() : memref<4x6xf32>
  %c6 = arith.constant 6 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c6) step (%c1, %c1) {
    %k = arith.muli %i, %c6 : index
    %l = arith.addi %k, %j : index
    %li = arith.index_cast %l : index to i32
    %lf = arith.sitofp %li : i32 to f32
    memref.store %lf, %buf[%i, %j] : memref<4x6xf32>
    scf.reduce
  }
  %src = memref.subview %buf[0, 0] [2, 3] [2, 2] : memref<4x6xf32> to memref<2x3xf32, strided<[12, 2]>>
  %dst = memref.subview %buf[1, 1] [2, 3] [2, 2] : memref<4x6xf32> to memref<2x3xf32, strided<[12, 2], offset: 7>>
  memref.copy %src, %dst : memref<2x3xf32, strided<[12, 2]>> to memref<2x3xf32, strided<[12, 2], offset: 7>>
  %bu = memref.cast %buf : memref<4x6xf32> to memref<*xf32>
  call @printMemrefF32(%bu) : (memref<*xf32>) -> ()
  %du = memref.cast %dst : memref<2x3xf32, strided<[12, 2], offset: 7>> to memref<*xf32>
  call @printMemrefF32(%du) : (memref<*xf32>) -> ()
  return
}
