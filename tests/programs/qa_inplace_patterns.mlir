// purpose: read-after-write patterns across regions: a tensor read in an scf.if branch after the other branch writes it, a while loop whose condition reads the carried tensor that the body overwrites, a forall reading the original input while writing the shared output initialised from it, and two extract_slices of one tensor where only one is written
// expect: @branch_read and @forall_self need one copy each (the written tensor is read afterwards); @while_scan and @two_slices can stay in place (upstream: @two_slices allocates the filled slice and copies it back, 1 alloc + 1 copy)

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
