// scf.execute_region on tensors: a single-block region, and a region of
// several blocks joined by cf branches with tensor block arguments.
func.func private @printMemrefF32(memref<*xf32>)

func.func @print(%t: tensor<4xf32>) {
  %m = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// Writes a copy: %a is read after the region.
func.func @one_block(%a: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %cst = arith.constant 2.0 : f32
  %i = arith.constant 0 : index
  %r = scf.execute_region -> tensor<4xf32> {
    %w = tensor.insert %cst into %a[%i] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  %x = tensor.extract %a[%i] : tensor<4xf32>
  return %r, %x : tensor<4xf32>, f32
}

// Writes %a in place on one path only.
func.func @branches(%a: tensor<4xf32>, %c: i1) -> (tensor<4xf32>, index) {
  %cst = arith.constant 7.0 : f32
  %i = arith.constant 3 : index
  %r, %n = scf.execute_region -> (tensor<4xf32>, index) {
    cf.cond_br %c, ^bb1, ^bb2(%a : tensor<4xf32>)
  ^bb1:
    %w = tensor.insert %cst into %a[%i] : tensor<4xf32>
    cf.br ^bb2(%w : tensor<4xf32>)
  ^bb2(%t: tensor<4xf32>):
    scf.yield %t, %i : tensor<4xf32>, index
  }
  return %r, %n : tensor<4xf32>, index
}

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r, %x = func.call @one_block(%a) : (tensor<4xf32>) -> (tensor<4xf32>, f32)
  func.call @print(%r) : (tensor<4xf32>) -> ()
  %xt = tensor.from_elements %x, %x, %x, %x : tensor<4xf32>
  func.call @print(%xt) : (tensor<4xf32>) -> ()
  %t = arith.constant true
  %f = arith.constant false
  %b1, %n1 = func.call @branches(%a, %t) : (tensor<4xf32>, i1) -> (tensor<4xf32>, index)
  %b2, %n2 = func.call @branches(%a, %f) : (tensor<4xf32>, i1) -> (tensor<4xf32>, index)
  func.call @print(%b1) : (tensor<4xf32>) -> ()
  func.call @print(%b2) : (tensor<4xf32>) -> ()
  %ni = arith.index_cast %n1 : index to i32
  %nf = arith.sitofp %ni : i32 to f32
  %nt = tensor.from_elements %nf, %nf, %nf, %nf : tensor<4xf32>
  func.call @print(%nt) : (tensor<4xf32>) -> ()
  func.call @print(%a) : (tensor<4xf32>) -> ()
  return
}
