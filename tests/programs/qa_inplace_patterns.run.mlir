// purpose: executable form of qa_inplace_patterns.mlir: @main calls each function on constants and prints results and the (unchanged) inputs
// expect: output equals qa_inplace_patterns.expected

func.func @branch_read(%t: tensor<4xf32>, %c: i1) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %v = arith.constant 5.0 : f32
  %w = tensor.insert %v into %t[%c0] : tensor<4xf32>
  %r = scf.if %c -> (f32) {
    %x = tensor.extract %t[%c0] : tensor<4xf32>
    scf.yield %x : f32
  } else {
    %y = tensor.extract %w[%c0] : tensor<4xf32>
    scf.yield %y : f32
  }
  return %w, %r : tensor<4xf32>, f32
}

func.func @while_scan(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %lim = arith.constant 20.0 : f32
  %r = scf.while (%cur = %t) : (tensor<4xf32>) -> tensor<4xf32> {
    %x = tensor.extract %cur[%c0] : tensor<4xf32>
    %go = arith.cmpf olt, %x, %lim : f32
    scf.condition(%go) %cur : tensor<4xf32>
  } do {
  ^bb0(%cur: tensor<4xf32>):
    %d = linalg.add ins(%cur, %cur : tensor<4xf32>, tensor<4xf32>) outs(%cur : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %d : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// out[i] = in[3 - i] with out initialised from in itself
func.func @forall_self(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
    %c3 = arith.constant 3 : index
    %j = arith.subi %c3, %i : index
    %v = tensor.extract_slice %t[%j] [1] [1] : tensor<4xf32> to tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %v into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}

func.func @two_slices(%t: tensor<8xf32>) -> (tensor<8xf32>, f32) {
  %a = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %b = tensor.extract_slice %t[4] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %z = arith.constant -1.0 : f32
  %fa = linalg.fill ins(%z : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %c1 = arith.constant 1 : index
  %x = tensor.extract %b[%c1] : tensor<4xf32>
  %r = tensor.insert_slice %fa into %t[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  return %r, %x : tensor<8xf32>, f32
}

// ---- driver (the functions above are qa_inplace_patterns.mlir, verbatim) ----
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printF32(f32)
func.func private @printNewline()

func.func @p4(%t: tensor<4xf32>) {
  %m = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %true = arith.constant true
  %false = arith.constant false
  %w1, %x1 = call @branch_read(%t, %true) : (tensor<4xf32>, i1) -> (tensor<4xf32>, f32)
  call @p4(%w1) : (tensor<4xf32>) -> ()
  call @printF32(%x1) : (f32) -> ()
  call @printNewline() : () -> ()
  %w2, %x2 = call @branch_read(%t, %false) : (tensor<4xf32>, i1) -> (tensor<4xf32>, f32)
  call @printF32(%x2) : (f32) -> ()
  call @printNewline() : () -> ()
  %s = call @while_scan(%t) : (tensor<4xf32>) -> tensor<4xf32>
  call @p4(%s) : (tensor<4xf32>) -> ()
  %f = call @forall_self(%t) : (tensor<4xf32>) -> tensor<4xf32>
  call @p4(%f) : (tensor<4xf32>) -> ()
  call @p4(%t) : (tensor<4xf32>) -> ()
  %t8 = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %r8, %x8 = call @two_slices(%t8) : (tensor<8xf32>) -> (tensor<8xf32>, f32)
  %m8 = bufferization.to_buffer %r8 : tensor<8xf32> to memref<8xf32>
  %u8 = memref.cast %m8 : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u8) : (memref<*xf32>) -> ()
  call @printF32(%x8) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
