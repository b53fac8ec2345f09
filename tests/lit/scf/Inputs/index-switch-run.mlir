// scf.index_switch on tensors: one case writes a copy of the argument, one
// fills a new tensor, the default passes the argument through.
func.func private @printMemrefF32(memref<*xf32>)

func.func @sw(%a: tensor<4xf32>, %i: index) -> (tensor<4xf32>, f32) {
  %cst = arith.constant 2.0 : f32
  %c0 = arith.constant 0 : index
  %r = scf.index_switch %i -> tensor<4xf32>
  case 1 {
    %w = tensor.insert %cst into %a[%c0] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  case 2 {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  }
  default {
    scf.yield %a : tensor<4xf32>
  }
  %x = tensor.extract %a[%c0] : tensor<4xf32>
  return %r, %x : tensor<4xf32>, f32
}

func.func @main() {
  %a = arith.constant dense<[1.0, 3.0, 5.0, 7.0]> : tensor<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r0, %x0 = func.call @sw(%a, %c0) : (tensor<4xf32>, index) -> (tensor<4xf32>, f32)
  %r1, %x1 = func.call @sw(%a, %c1) : (tensor<4xf32>, index) -> (tensor<4xf32>, f32)
  %r2, %x2 = func.call @sw(%a, %c2) : (tensor<4xf32>, index) -> (tensor<4xf32>, f32)
  %x = tensor.from_elements %x0, %x1, %x2, %x2 : tensor<4xf32>
  %all = tensor.concat dim(0) %r0, %r1, %r2, %x : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<16xf32>
  %m = bufferization.to_buffer %all : tensor<16xf32> to memref<16xf32>
  %u = memref.cast %m : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
