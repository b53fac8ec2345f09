// purpose: linalg named ops on tensors: transpose, broadcast, reduce, map, elementwise add/exp, batch_matmul, matvec, dot, copy
// expect: output equals linalg_named.expected

func.func @shapes(%a: tensor<2x3xf32>, %v: tensor<3xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>, tensor<2xf32>) {
  %et = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%et : tensor<3x2xf32>) permutation = [1, 0]
  %eb = tensor.empty() : tensor<2x3xf32>
  %b = linalg.broadcast ins(%v : tensor<3xf32>) outs(%eb : tensor<2x3xf32>) dimensions = [0]
  %zero = arith.constant 0.0 : f32
  %er = tensor.empty() : tensor<2xf32>
  %init = linalg.fill ins(%zero : f32) outs(%er : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.reduce ins(%a : tensor<2x3xf32>) outs(%init : tensor<2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %t, %b, %r : tensor<3x2xf32>, tensor<2x3xf32>, tensor<2xf32>
}

func.func @elementwise(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %e0 = tensor.empty() : tensor<2x3xf32>
  %sum = linalg.add ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e0 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %e1 = tensor.empty() : tensor<2x3xf32>
  %ex = linalg.exp ins(%a : tensor<2x3xf32>) outs(%e1 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %e2 = tensor.empty() : tensor<2x3xf32>
  %m = linalg.map ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e2 : tensor<2x3xf32>)
    (%x: f32, %y: f32, %unused: f32) {
      %p = arith.mulf %x, %y : f32
      %q = arith.subf %p, %x : f32
      linalg.yield %q : f32
    }
  return %sum, %ex, %m : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

func.func @contractions(%a: tensor<2x2x3xf32>, %b: tensor<2x3x2xf32>, %m: tensor<2x3xf32>, %v: tensor<3xf32>) -> (tensor<2x2x2xf32>, tensor<2xf32>, tensor<f32>, tensor<3xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<2x2x2xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  %bm = linalg.batch_matmul ins(%a, %b : tensor<2x2x3xf32>, tensor<2x3x2xf32>) outs(%f0 : tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  %e1 = tensor.empty() : tensor<2xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2xf32>) -> tensor<2xf32>
  %mv = linalg.matvec ins(%m, %v : tensor<2x3xf32>, tensor<3xf32>) outs(%f1 : tensor<2xf32>) -> tensor<2xf32>
  %e2 = tensor.empty() : tensor<f32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<f32>) -> tensor<f32>
  %d = linalg.dot ins(%v, %v : tensor<3xf32>, tensor<3xf32>) outs(%f2 : tensor<f32>) -> tensor<f32>
  %e3 = tensor.empty() : tensor<3xf32>
  %c = linalg.copy ins(%v : tensor<3xf32>) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>
  return %bm, %mv, %d, %c : tensor<2x2x2xf32>, tensor<2xf32>, tensor<f32>, tensor<3xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @print2(%t: tensor<2x3xf32>) {
  %m = bufferization.to_buffer %t : tensor<2x3xf32> to memref<2x3xf32>
  %u = memref.cast %m : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = arith.constant dense<[[0.5, -1.0, 2.0], [1.0, 0.0, -0.5]]> : tensor<2x3xf32>
  %v = arith.constant dense<[1.0, -2.0, 0.5]> : tensor<3xf32>
  %t, %bc, %r = call @shapes(%a, %v) : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>, tensor<2xf32>)
  %mt = bufferization.to_buffer %t : tensor<3x2xf32> to memref<3x2xf32>
  %ut = memref.cast %mt : memref<3x2xf32> to memref<*xf32>
  call @printMemrefF32(%ut) : (memref<*xf32>) -> ()
  call @print2(%bc) : (tensor<2x3xf32>) -> ()
  %mr = bufferization.to_buffer %r : tensor<2xf32> to memref<2xf32>
  %ur = memref.cast %mr : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%ur) : (memref<*xf32>) -> ()
  %s, %e, %m = call @elementwise(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
  call @print2(%s) : (tensor<2x3xf32>) -> ()
  call @print2(%e) : (tensor<2x3xf32>) -> ()
  call @print2(%m) : (tensor<2x3xf32>) -> ()
  %flat = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<12xf32>
  %a3b = tensor.expand_shape %flat [[0, 1, 2]] output_shape [2, 2, 3] : tensor<12xf32> into tensor<2x2x3xf32>
  %bt = arith.constant dense<[[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], [[2.0, 1.0], [1.0, 2.0], [0.0, 0.0]]]> : tensor<2x3x2xf32>
  %bm, %mv, %d, %c = call @contractions(%a3b, %bt, %a, %v) : (tensor<2x2x3xf32>, tensor<2x3x2xf32>, tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x2x2xf32>, tensor<2xf32>, tensor<f32>, tensor<3xf32>)
  %mbm = bufferization.to_buffer %bm : tensor<2x2x2xf32> to memref<2x2x2xf32>
  %ubm = memref.cast %mbm : memref<2x2x2xf32> to memref<*xf32>
  call @printMemrefF32(%ubm) : (memref<*xf32>) -> ()
  %mmv = bufferization.to_buffer %mv : tensor<2xf32> to memref<2xf32>
  %umv = memref.cast %mmv : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%umv) : (memref<*xf32>) -> ()
  %md = bufferization.to_buffer %d : tensor<f32> to memref<f32>
  %ud = memref.cast %md : memref<f32> to memref<*xf32>
  call @printMemrefF32(%ud) : (memref<*xf32>) -> ()
  %mc = bufferization.to_buffer %c : tensor<3xf32> to memref<3xf32>
  %uc = memref.cast %mc : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
  return
}
