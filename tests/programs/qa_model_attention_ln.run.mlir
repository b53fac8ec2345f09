// purpose: a transformer block in miniature: two-head attention (Q/K/V projections via matmul, head split by expand_shape + transpose, scores by batch_matmul with a transposed-B indexing map, scaled numerically stable softmax, context by batch_matmul, heads merged), residual add, then layer norm with math.rsqrt and a GELU (tanh approximation)
// expect: output equals qa_model_attention_ln.expected

#bmk = affine_map<(b, m, n, k) -> (b, m, k)>
#bnk = affine_map<(b, m, n, k) -> (b, n, k)>
#bmn = affine_map<(b, m, n, k) -> (b, m, n)>
#rows3 = affine_map<(b, m, n) -> (b, m, n)>
#red3 = affine_map<(b, m, n) -> (b, m)>
#id2 = affine_map<(i, j) -> (i, j)>
#row2 = affine_map<(i, j) -> (i)>

func.func @proj(%x: tensor<3x4xf32>, %w: tensor<4x4xf32>) -> tensor<3x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.matmul ins(%x, %w : tensor<3x4xf32>, tensor<4x4xf32>) outs(%f : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// [3 tokens, 2 heads x 2] -> [2 heads, 3 tokens, 2]
func.func @split(%x: tensor<3x4xf32>) -> tensor<2x3x2xf32> {
  %e = tensor.expand_shape %x [[0], [1, 2]] output_shape [3, 2, 2] : tensor<3x4xf32> into tensor<3x2x2xf32>
  %d = tensor.empty() : tensor<2x3x2xf32>
  %t = linalg.transpose ins(%e : tensor<3x2x2xf32>) outs(%d : tensor<2x3x2xf32>) permutation = [1, 0, 2]
  return %t : tensor<2x3x2xf32>
}

func.func @softmax3(%s: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0.0 : f32
  %em = tensor.empty() : tensor<2x3xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x3xf32>) -> tensor<2x3xf32>
  %max = linalg.reduce ins(%s : tensor<2x3x3xf32>) outs(%m0 : tensor<2x3xf32>) dimensions = [2]
    (%v: f32, %acc: f32) {
      %m = arith.maximumf %v, %acc : f32
      linalg.yield %m : f32
    }
  %e3 = tensor.empty() : tensor<2x3x3xf32>
  %s0 = linalg.fill ins(%z : f32) outs(%em : tensor<2x3xf32>) -> tensor<2x3xf32>
  %ex, %sum = linalg.generic {indexing_maps = [#rows3, #red3, #rows3, #red3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%s, %max : tensor<2x3x3xf32>, tensor<2x3xf32>) outs(%e3, %s0 : tensor<2x3x3xf32>, tensor<2x3xf32>) {
  ^bb0(%v: f32, %m: f32, %o: f32, %acc: f32):
    %d = arith.subf %v, %m : f32
    %x = math.exp %d : f32
    %a = arith.addf %acc, %x : f32
    linalg.yield %x, %a : f32, f32
  } -> (tensor<2x3x3xf32>, tensor<2x3xf32>)
  %p = linalg.generic {indexing_maps = [#rows3, #red3, #rows3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%ex, %sum : tensor<2x3x3xf32>, tensor<2x3xf32>) outs(%e3 : tensor<2x3x3xf32>) {
  ^bb0(%v: f32, %t: f32, %o: f32):
    %q = arith.divf %v, %t : f32
    linalg.yield %q : f32
  } -> tensor<2x3x3xf32>
  return %p : tensor<2x3x3xf32>
}

func.func @attention(%x: tensor<3x4xf32>, %wq: tensor<4x4xf32>, %wk: tensor<4x4xf32>, %wv: tensor<4x4xf32>) -> tensor<3x4xf32> {
  %q = call @proj(%x, %wq) : (tensor<3x4xf32>, tensor<4x4xf32>) -> tensor<3x4xf32>
  %k = call @proj(%x, %wk) : (tensor<3x4xf32>, tensor<4x4xf32>) -> tensor<3x4xf32>
  %v = call @proj(%x, %wv) : (tensor<3x4xf32>, tensor<4x4xf32>) -> tensor<3x4xf32>
  %qh = call @split(%q) : (tensor<3x4xf32>) -> tensor<2x3x2xf32>
  %kh = call @split(%k) : (tensor<3x4xf32>) -> tensor<2x3x2xf32>
  %vh = call @split(%v) : (tensor<3x4xf32>) -> tensor<2x3x2xf32>
  %z = arith.constant 0.0 : f32
  %es = tensor.empty() : tensor<2x3x3xf32>
  %fs = linalg.fill ins(%z : f32) outs(%es : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  %s = linalg.batch_matmul indexing_maps = [#bmk, #bnk, #bmn] ins(%qh, %kh : tensor<2x3x2xf32>, tensor<2x3x2xf32>) outs(%fs : tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  %scale = arith.constant 0.707106769 : f32
  %ss = linalg.map ins(%s : tensor<2x3x3xf32>) outs(%es : tensor<2x3x3xf32>)
    (%a: f32, %unused: f32) {
      %m = arith.mulf %a, %scale : f32
      linalg.yield %m : f32
    }
  %p = call @softmax3(%ss) : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  %ec = tensor.empty() : tensor<2x3x2xf32>
  %fc = linalg.fill ins(%z : f32) outs(%ec : tensor<2x3x2xf32>) -> tensor<2x3x2xf32>
  %c = linalg.batch_matmul ins(%p, %vh : tensor<2x3x3xf32>, tensor<2x3x2xf32>) outs(%fc : tensor<2x3x2xf32>) -> tensor<2x3x2xf32>
  %et = tensor.empty() : tensor<3x2x2xf32>
  %ct = linalg.transpose ins(%c : tensor<2x3x2xf32>) outs(%et : tensor<3x2x2xf32>) permutation = [1, 0, 2]
  %merged = tensor.collapse_shape %ct [[0], [1, 2]] : tensor<3x2x2xf32> into tensor<3x4xf32>
  %er = tensor.empty() : tensor<3x4xf32>
  %res = linalg.add ins(%x, %merged : tensor<3x4xf32>, tensor<3x4xf32>) outs(%er : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %res : tensor<3x4xf32>
}

func.func @layer_norm_gelu(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %z = arith.constant 0.0 : f32
  %n = arith.constant 4.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e1 = tensor.empty() : tensor<3xf32>
  %s0 = linalg.fill ins(%z : f32) outs(%e1 : tensor<3xf32>) -> tensor<3xf32>
  %sum, %sq = linalg.generic {indexing_maps = [#id2, #row2, #row2], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<3x4xf32>) outs(%s0, %s0 : tensor<3xf32>, tensor<3xf32>) {
  ^bb0(%v: f32, %a: f32, %b: f32):
    %a2 = arith.addf %a, %v : f32
    %vv = arith.mulf %v, %v : f32
    %b2 = arith.addf %b, %vv : f32
    linalg.yield %a2, %b2 : f32, f32
  } -> (tensor<3xf32>, tensor<3xf32>)
  %e2 = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row2, #row2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum, %sq : tensor<3x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e2 : tensor<3x4xf32>) {
  ^bb0(%v: f32, %s: f32, %q: f32, %o: f32):
    %mean = arith.divf %s, %n : f32
    %msq = arith.divf %q, %n : f32
    %mm = arith.mulf %mean, %mean : f32
    %var = arith.subf %msq, %mm : f32
    %ve = arith.addf %var, %eps : f32
    %inv = math.rsqrt %ve : f32
    %c = arith.subf %v, %mean : f32
    %y = arith.mulf %c, %inv : f32
    // gelu(y) = 0.5 y (1 + tanh(0.79788456 (y + 0.044715 y^3)))
    %k0 = arith.constant 0.797884583 : f32
    %k1 = arith.constant 4.471500e-02 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %y2 = arith.mulf %y, %y : f32
    %y3 = arith.mulf %y2, %y : f32
    %t1 = arith.mulf %k1, %y3 : f32
    %t2 = arith.addf %y, %t1 : f32
    %t3 = arith.mulf %k0, %t2 : f32
    %th = math.tanh %t3 : f32
    %t4 = arith.addf %one, %th : f32
    %t5 = arith.mulf %half, %y : f32
    %g = arith.mulf %t5, %t4 : f32
    linalg.yield %g : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %x = arith.constant dense<[[0.5, -1.0, 2.0, 0.0], [1.0, 1.0, -0.5, 0.25], [-2.0, 0.75, 0.5, 1.5]]> : tensor<3x4xf32>
  %wq = arith.constant dense<[[0.5, 0.0, 0.25, -0.5], [0.0, 1.0, 0.5, 0.0], [0.25, -0.25, 0.0, 1.0], [1.0, 0.5, -1.0, 0.0]]> : tensor<4x4xf32>
  %wk = arith.constant dense<[[1.0, 0.0, 0.0, 0.5], [0.0, 0.5, 1.0, 0.0], [-0.5, 0.0, 0.5, 0.25], [0.0, 1.0, 0.0, -1.0]]> : tensor<4x4xf32>
  %wv = arith.constant dense<[[0.25, 0.5, 0.75, 1.0], [-1.0, 0.0, 1.0, 0.0], [0.0, 0.25, 0.0, -0.25], [0.5, 0.5, -0.5, -0.5]]> : tensor<4x4xf32>
  %a = call @attention(%x, %wq, %wk, %wv) : (tensor<3x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<3x4xf32>
  %am = bufferization.to_buffer %a : tensor<3x4xf32> to memref<3x4xf32>
  %au = memref.cast %am : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%au) : (memref<*xf32>) -> ()
  %l = call @layer_norm_gelu(%a) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %lm = bufferization.to_buffer %l : tensor<3x4xf32> to memref<3x4xf32>
  %lu = memref.cast %lm : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%lu) : (memref<*xf32>) -> ()
  return
}
