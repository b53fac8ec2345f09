// purpose: value semantics that a bufferization must preserve (read-after-write conflicts): reading a tensor after inserting into it, a slice read after the source is overwritten, a linalg op whose input is also its init, a loop init reused after the loop, a callee writing its argument while the caller reads it later, scf.if yielding the argument or a modified copy, a cast alias written, forall shared_outs init read after the loop, expand_shape alias written
// expect: output equals qa_inplace_semantics.expected

func.func @writes_arg(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c1 = arith.constant 1 : index
  %v = arith.constant 100.0 : f32
  %r = tensor.insert %v into %t[%c1] : tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @maybe(%t: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %r = scf.if %c -> (tensor<4xf32>) {
    %z = arith.constant -5.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  } else {
    scf.yield %t : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)

func.func @p(%t: tensor<4xf32>) {
  %m = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %base = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %one = arith.constant 1.0 : f32
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  // 1: insert, then read the old value
  %nine = arith.constant 9.0 : f32
  %b = tensor.insert %nine into %a[%c0] : tensor<4xf32>
  call @p(%a) : (tensor<4xf32>) -> ()
  call @p(%b) : (tensor<4xf32>) -> ()
  // 2: a slice read after its source is overwritten
  %s = tensor.extract_slice %base[1] [2] [1] : tensor<4xf32> to tensor<2xf32>
  %z2 = arith.constant 0.0 : f32
  %over = linalg.fill ins(%z2 : f32) outs(%base : tensor<4xf32>) -> tensor<4xf32>
  %back = tensor.insert_slice %s into %over[2] [2] [1] : tensor<2xf32> into tensor<4xf32>
  call @p(%back) : (tensor<4xf32>) -> ()
  call @p(%base) : (tensor<4xf32>) -> ()
  // 3: input is also the init (in place when possible)
  %sq = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%base : tensor<4xf32>) outs(%base : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %o : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  call @p(%sq) : (tensor<4xf32>) -> ()
  call @p(%base) : (tensor<4xf32>) -> ()
  // 4: loop init reused after the loop
  %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %a) -> (tensor<4xf32>) {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %t2 = tensor.insert %f into %t[%i] : tensor<4xf32>
    scf.yield %t2 : tensor<4xf32>
  }
  call @p(%l) : (tensor<4xf32>) -> ()
  call @p(%a) : (tensor<4xf32>) -> ()
  // 5: callee writes its argument
  %w = call @writes_arg(%base) : (tensor<4xf32>) -> tensor<4xf32>
  call @p(%w) : (tensor<4xf32>) -> ()
  call @p(%base) : (tensor<4xf32>) -> ()
  // 6: if yields the argument or a filled version
  %t1 = arith.constant true
  %f1 = arith.constant false
  %m1 = call @maybe(%base, %t1) : (tensor<4xf32>, i1) -> tensor<4xf32>
  %m2 = call @maybe(%base, %f1) : (tensor<4xf32>, i1) -> tensor<4xf32>
  call @p(%m1) : (tensor<4xf32>) -> ()
  call @p(%m2) : (tensor<4xf32>) -> ()
  call @p(%base) : (tensor<4xf32>) -> ()
  // 7: writing a cast alias
  %dyn = tensor.cast %b : tensor<4xf32> to tensor<?xf32>
  %seven = arith.constant 7.0 : f32
  %dyn2 = tensor.insert %seven into %dyn[%c2] : tensor<?xf32>
  %st = tensor.cast %dyn2 : tensor<?xf32> to tensor<4xf32>
  call @p(%st) : (tensor<4xf32>) -> ()
  call @p(%b) : (tensor<4xf32>) -> ()
  // 8: forall shared_outs init read after the loop
  %fa = scf.forall (%i) in (4) shared_outs(%o = %b) -> (tensor<4xf32>) {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %neg = arith.negf %f : f32
    %one1 = tensor.from_elements %neg : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %one1 into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  call @p(%fa) : (tensor<4xf32>) -> ()
  call @p(%b) : (tensor<4xf32>) -> ()
  // 9: writing through an expand_shape alias
  %ex = tensor.expand_shape %b [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  %ex2 = tensor.insert %seven into %ex[%c1, %c1] : tensor<2x2xf32>
  %col = tensor.collapse_shape %ex2 [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  call @p(%col) : (tensor<4xf32>) -> ()
  call @p(%b) : (tensor<4xf32>) -> ()
  return
}
