// purpose: linalg named ops on fully dynamic shapes: transpose, broadcast, reduce, map, matvec, dot, batch_matmul and elementwise ops with tensor.empty sized by tensor.dim of the inputs, casts from dynamic back to static, 3-D dynamic generate
// expect: output equals qa_dynamic_named.expected

func.func @dyn_ops(%a: tensor<?x?xf32>, %v: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %z = arith.constant 0.0 : f32
  %et = tensor.empty(%n, %m) : tensor<?x?xf32>
  %t = linalg.transpose ins(%a : tensor<?x?xf32>) outs(%et : tensor<?x?xf32>) permutation = [1, 0]
  %c2 = arith.constant 2 : index
  %eb = tensor.empty(%m, %c2, %n) : tensor<?x?x?xf32>
  %b = linalg.broadcast ins(%a : tensor<?x?xf32>) outs(%eb : tensor<?x?x?xf32>) dimensions = [1]
  %er = tensor.empty(%n) : tensor<?xf32>
  %fr = linalg.fill ins(%z : f32) outs(%er : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.reduce ins(%a : tensor<?x?xf32>) outs(%fr : tensor<?xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  %em = tensor.empty(%m) : tensor<?xf32>
  %fm = linalg.fill ins(%z : f32) outs(%em : tensor<?xf32>) -> tensor<?xf32>
  %mv = linalg.matvec ins(%a, %v : tensor<?x?xf32>, tensor<?xf32>) outs(%fm : tensor<?xf32>) -> tensor<?xf32>
  %e0 = tensor.empty() : tensor<f32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %d = linalg.dot ins(%v, %r : tensor<?xf32>, tensor<?xf32>) outs(%f0 : tensor<f32>) -> tensor<f32>
  return %t, %b, %r, %mv, %d : tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>
}

func.func @dyn_bmm(%x: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x?xf32>
  %m = tensor.dim %x, %c1 : tensor<?x?x?xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%b, %m, %m) : tensor<?x?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  // x * x^T per batch
  %r = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%x, %x : tensor<?x?x?xf32>, tensor<?x?x?xf32>) outs(%f : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %s = linalg.sub ins(%r, %f : tensor<?x?x?xf32>, tensor<?x?x?xf32>) outs(%e : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %q = linalg.map ins(%s : tensor<?x?x?xf32>) outs(%e : tensor<?x?x?xf32>)
    (%v: f32, %unused: f32) {
      %h = arith.constant 0.5 : f32
      %w = arith.mulf %v, %h : f32
      linalg.yield %w : f32
    }
  return %q : tensor<?x?x?xf32>
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)

func.func @pr(%t: tensor<*xf32>) {
  %m = bufferization.to_buffer %t : tensor<*xf32> to memref<*xf32>
  call @printMemrefF32(%m) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = tensor.generate %c3, %c4 {
  ^bb0(%i: index, %j: index):
    %c4b = arith.constant 4 : index
    %p = arith.muli %i, %c4b : index
    %q = arith.addi %p, %j : index
    %qi = arith.index_cast %q : index to i32
    %f = arith.sitofp %qi : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x?xf32>
  %v = tensor.generate %c4 {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %one = arith.constant 1.0 : f32
    %g = arith.subf %one, %f : f32
    tensor.yield %g : f32
  } : tensor<?xf32>
  %t, %b, %r, %mv, %d = call @dyn_ops(%a, %v) : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>)
  %tu = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @pr(%tu) : (tensor<*xf32>) -> ()
  %bs = tensor.cast %b : tensor<?x?x?xf32> to tensor<3x2x4xf32>
  %bu = tensor.cast %bs : tensor<3x2x4xf32> to tensor<*xf32>
  call @pr(%bu) : (tensor<*xf32>) -> ()
  %ru = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @pr(%ru) : (tensor<*xf32>) -> ()
  %mvu = tensor.cast %mv : tensor<?xf32> to tensor<*xf32>
  call @pr(%mvu) : (tensor<*xf32>) -> ()
  %du = tensor.cast %d : tensor<f32> to tensor<*xf32>
  call @pr(%du) : (tensor<*xf32>) -> ()
  %c2 = arith.constant 2 : index
  %x = tensor.generate %c2, %c3, %c2 {
  ^bb0(%i: index, %j: index, %k: index):
    %s = arith.addi %i, %j : index
    %s2 = arith.subi %s, %k : index
    %si = arith.index_cast %s2 : index to i32
    %f = arith.sitofp %si : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x?x?xf32>
  %bm = call @dyn_bmm(%x) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %bmu = tensor.cast %bm : tensor<?x?x?xf32> to tensor<*xf32>
  call @pr(%bmu) : (tensor<*xf32>) -> ()
  return
}
