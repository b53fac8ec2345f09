// purpose: tiled 2-D computation: scf.forall over 2x2 tiles with shared_outs, nested scf.for tiles with extract_slice/insert_slice of dynamic offsets, transpose and batch_matmul in an attention-like block, conv as linalg.generic with affine index expressions
// expect: output equals tiles_conv_attention.expected

#in = affine_map<(n, oh, ow, kh, kw) -> (n, oh + kh, ow + kw)>
#k = affine_map<(n, oh, ow, kh, kw) -> (kh, kw)>
#out = affine_map<(n, oh, ow, kh, kw) -> (n, oh, ow)>

func.func @conv(%img: tensor<1x5x5xf32>, %w: tensor<3x3xf32>) -> tensor<1x3x3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x3x3xf32>) -> tensor<1x3x3xf32>
  %r = linalg.generic {indexing_maps = [#in, #k, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%img, %w : tensor<1x5x5xf32>, tensor<3x3xf32>) outs(%f : tensor<1x3x3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x3x3xf32>
  return %r : tensor<1x3x3xf32>
}

func.func @tiles(%t: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %init = tensor.empty() : tensor<4x4xf32>
  %r = scf.forall (%i, %j) = (0, 0) to (4, 4) step (2, 2) shared_outs(%o = %init) -> (tensor<4x4xf32>) {
    %tile = tensor.extract_slice %t[%i, %j] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
    %e = tensor.empty() : tensor<2x2xf32>
    %tt = linalg.transpose ins(%tile : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) permutation = [1, 0]
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %tt into %o[%i, %j] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>
    }
  }
  return %r : tensor<4x4xf32>
}

func.func @nested(%t: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %c4 step %c2 iter_args(%a = %t) -> (tensor<4x4xf32>) {
    %r2 = scf.for %j = %c0 to %c4 step %c2 iter_args(%b = %a) -> (tensor<4x4xf32>) {
      %s = tensor.extract_slice %b[%i, %j] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
      %e = tensor.empty() : tensor<2x2xf32>
      %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          ins(%s : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) {
      ^bb0(%x: f32, %u: f32):
        %ii = arith.index_cast %i : index to i32
        %fi = arith.sitofp %ii : i32 to f32
        %y = arith.addf %x, %fi : f32
        %z = arith.addf %y, %one : f32
        linalg.yield %z : f32
      } -> tensor<2x2xf32>
      %ins = tensor.insert_slice %p into %b[%i, %j] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>
      scf.yield %ins : tensor<4x4xf32>
    }
    scf.yield %r2 : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

func.func @attn(%q: tensor<2x2x3xf32>, %k: tensor<2x2x3xf32>) -> tensor<2x2x2xf32> {
  %z = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<2x3x2xf32>
  %kt = linalg.transpose ins(%k : tensor<2x2x3xf32>) outs(%et : tensor<2x3x2xf32>) permutation = [0, 2, 1]
  %e = tensor.empty() : tensor<2x2x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<2x2x3xf32>, tensor<2x3x2xf32>) outs(%f : tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  return %s : tensor<2x2x2xf32>
}

func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %img = tensor.generate {
  ^bb0(%n: index, %h: index, %w: index):
    %hw = arith.muli %h, %w : index
    %v = arith.addi %hw, %h : index
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    tensor.yield %vf : f32
  } : tensor<1x5x5xf32>
  %w = arith.constant dense<[[1.0, 0.0, -1.0], [2.0, 0.0, -2.0], [1.0, 0.0, -1.0]]> : tensor<3x3xf32>
  %c = call @conv(%img, %w) : (tensor<1x5x5xf32>, tensor<3x3xf32>) -> tensor<1x3x3xf32>
  %mc = bufferization.to_buffer %c : tensor<1x3x3xf32> to memref<1x3x3xf32>
  %uc = memref.cast %mc : memref<1x3x3xf32> to memref<*xf32>
  call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
  %t = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]]> : tensor<4x4xf32>
  %tl = call @tiles(%t) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %mt = bufferization.to_buffer %tl : tensor<4x4xf32> to memref<4x4xf32>
  %ut = memref.cast %mt : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%ut) : (memref<*xf32>) -> ()
  %n = call @nested(%t) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %mn = bufferization.to_buffer %n : tensor<4x4xf32> to memref<4x4xf32>
  %un = memref.cast %mn : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%un) : (memref<*xf32>) -> ()
  %q = arith.constant dense<[[[1.0, 0.0, 1.0], [0.0, 1.0, 0.0]], [[2.0, 1.0, 0.0], [1.0, 1.0, 1.0]]]> : tensor<2x2x3xf32>
  %a = call @attn(%q, %q) : (tensor<2x2x3xf32>, tensor<2x2x3xf32>) -> tensor<2x2x2xf32>
  %ma = bufferization.to_buffer %a : tensor<2x2x2xf32> to memref<2x2x2xf32>
  %ua = memref.cast %ma : memref<2x2x2xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  return
}
