// purpose: scf.while whose before and after regions carry different types (tensor and scalars, forwarding extra values through scf.condition), a while that runs zero times, scf.forall with lower bounds and steps over 2-D tiles, forall with two shared_outs, and a rank-reducing parallel_insert_slice
// expect: output equals qa_while_forall.expected

// doubles %x until it exceeds %limit; counts the steps and keeps a history tensor
func.func @grow(%x: f32, %limit: f32) -> (f32, i32, tensor<8xf32>) {
  %c0 = arith.constant 0 : i32
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %h0 = linalg.fill ins(%z : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r:4 = scf.while (%v = %x, %n = %c0, %h = %h0) : (f32, i32, tensor<8xf32>) -> (f32, i32, tensor<8xf32>, f32) {
    %go = arith.cmpf ole, %v, %limit : f32
    %twice = arith.addf %v, %v : f32
    scf.condition(%go) %v, %n, %h, %twice : f32, i32, tensor<8xf32>, f32
  } do {
  ^bb0(%v: f32, %n: i32, %h: tensor<8xf32>, %next: f32):
    %idx = arith.index_cast %n : i32 to index
    %h2 = tensor.insert %v into %h[%idx] : tensor<8xf32>
    %c1 = arith.constant 1 : i32
    %n2 = arith.addi %n, %c1 : i32
    scf.yield %next, %n2, %h2 : f32, i32, tensor<8xf32>
  }
  return %r#0, %r#1, %r#2 : f32, i32, tensor<8xf32>
}

// out = in + 100 * (tile id), tiles of 2x3 over a 4x6 tensor, forall from (0, 0) to (4, 6) step (2, 3)
func.func @tiles(%in: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>) {
  %e = tensor.empty() : tensor<4x6xf32>
  %e2 = tensor.empty() : tensor<4x6xf32>
  %r:2 = scf.forall (%i, %j) = (0, 0) to (4, 6) step (2, 3) shared_outs(%o = %e, %o2 = %e2) -> (tensor<4x6xf32>, tensor<4x6xf32>) {
    %src = tensor.extract_slice %in[%i, %j] [2, 3] [1, 1] : tensor<4x6xf32> to tensor<2x3xf32>
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %c100 = arith.constant 100 : i32
    %a = arith.muli %ii, %c100 : i32
    %b = arith.addi %a, %jj : i32
    %bf = arith.sitofp %b : i32 to f32
    %dst = tensor.extract_slice %o[%i, %j] [2, 3] [1, 1] : tensor<4x6xf32> to tensor<2x3xf32>
    %t = linalg.map ins(%src : tensor<2x3xf32>) outs(%dst : tensor<2x3xf32>)
      (%v: f32, %unused: f32) {
        %w = arith.addf %v, %bf : f32
        linalg.yield %w : f32
      }
    %neg = arith.negf %bf : f32
    %dst2 = tensor.extract_slice %o2[%i, %j] [2, 3] [1, 1] : tensor<4x6xf32> to tensor<2x3xf32>
    %t2 = linalg.fill ins(%neg : f32) outs(%dst2 : tensor<2x3xf32>) -> tensor<2x3xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %o[%i, %j] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x6xf32>
      tensor.parallel_insert_slice %t2 into %o2[%i, %j] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x6xf32>
    }
  }
  return %r#0, %r#1 : tensor<4x6xf32>, tensor<4x6xf32>
}

// each forall iteration writes one row (rank-reducing parallel_insert_slice)
func.func @rows(%n: index) -> tensor<?x5xi64> {
  %e = tensor.empty(%n) : tensor<?x5xi64>
  %r = scf.forall (%i) in (%n) shared_outs(%o = %e) -> (tensor<?x5xi64>) {
    %row = tensor.generate {
    ^bb0(%j: index):
      %p = arith.muli %i, %j : index
      %pi = arith.index_cast %p : index to i64
      tensor.yield %pi : i64
    } : tensor<5xi64>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %row into %o[%i, 0] [1, 5] [1, 1] : tensor<5xi64> into tensor<?x5xi64>
    }
  }
  return %r : tensor<?x5xi64>
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @show(%v: f32, %n: i32, %h: tensor<8xf32>) {
  call @printF32(%v) : (f32) -> ()
  call @printNewline() : () -> ()
  %n64 = arith.extsi %n : i32 to i64
  call @printI64(%n64) : (i64) -> ()
  call @printNewline() : () -> ()
  %m = bufferization.to_buffer %h : tensor<8xf32> to memref<8xf32>
  %u = memref.cast %m : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %x = arith.constant 0.75 : f32
  %lim = arith.constant 40.0 : f32
  %v, %n, %h = call @grow(%x, %lim) : (f32, f32) -> (f32, i32, tensor<8xf32>)
  call @show(%v, %n, %h) : (f32, i32, tensor<8xf32>) -> ()
  %big = arith.constant 50.0 : f32
  %v2, %n2, %h2 = call @grow(%big, %lim) : (f32, f32) -> (f32, i32, tensor<8xf32>)
  call @show(%v2, %n2, %h2) : (f32, i32, tensor<8xf32>) -> ()
  %in = tensor.generate {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %si = arith.index_cast %s : index to i32
    %f = arith.sitofp %si : i32 to f32
    %q = arith.constant 0.5 : f32
    %g = arith.mulf %f, %q : f32
    tensor.yield %g : f32
  } : tensor<4x6xf32>
  %a, %b = call @tiles(%in) : (tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>)
  %am = bufferization.to_buffer %a : tensor<4x6xf32> to memref<4x6xf32>
  %au = memref.cast %am : memref<4x6xf32> to memref<*xf32>
  call @printMemrefF32(%au) : (memref<*xf32>) -> ()
  %bm = bufferization.to_buffer %b : tensor<4x6xf32> to memref<4x6xf32>
  %bu = memref.cast %bm : memref<4x6xf32> to memref<*xf32>
  call @printMemrefF32(%bu) : (memref<*xf32>) -> ()
  %c3 = arith.constant 3 : index
  %r = call @rows(%c3) : (index) -> tensor<?x5xi64>
  %rm = bufferization.to_buffer %r : tensor<?x5xi64> to memref<?x5xi64>
  %ru = memref.cast %rm : memref<?x5xi64> to memref<*xi64>
  call @printMemrefI64(%ru) : (memref<*xi64>) -> ()
  return
}
