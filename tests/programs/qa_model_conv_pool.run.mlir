// purpose: a small CNN stage with generics: NHWC 2-D convolution with stride 2 via affine index expressions (oh * 2 + kh), padding with tensor.pad first, bias + relu, 2x2 max pooling as a reduction generic with a window-shape operand, global average pooling, all on i32 and f32
// expect: output equals qa_model_conv_pool.expected

// out[n, oh, ow, f] += in[n, oh*2 + kh, ow*2 + kw, c] * k[kh, kw, c, f]
#in_map = affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh * 2 + kh, ow * 2 + kw, c)>
#k_map = affine_map<(n, oh, ow, f, kh, kw, c) -> (kh, kw, c, f)>
#o_map = affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh, ow, f)>

func.func @conv(%in: tensor<1x5x5x2xf32>, %k: tensor<3x3x2x3xf32>, %bias: tensor<3xf32>) -> tensor<1x3x3x3xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %in low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<1x5x5x2xf32> to tensor<1x7x7x2xf32>
  %e = tensor.empty() : tensor<1x3x3x3xf32>
  %init = linalg.generic {indexing_maps = [affine_map<(n, h, w, f) -> (f)>, affine_map<(n, h, w, f) -> (n, h, w, f)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : tensor<3xf32>) outs(%e : tensor<1x3x3x3xf32>) {
  ^bb0(%b: f32, %o: f32):
    linalg.yield %b : f32
  } -> tensor<1x3x3x3xf32>
  %c = linalg.generic {indexing_maps = [#in_map, #k_map, #o_map], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%p, %k : tensor<1x7x7x2xf32>, tensor<3x3x2x3xf32>) outs(%init : tensor<1x3x3x3xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %m = arith.mulf %x, %w : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x3x3x3xf32>
  %r = linalg.map ins(%c : tensor<1x3x3x3xf32>) outs(%e : tensor<1x3x3x3xf32>)
    (%v: f32, %unused: f32) {
      %q = arith.maximumf %v, %z : f32
      linalg.yield %q : f32
    }
  return %r : tensor<1x3x3x3xf32>
}

// 2x2 max pool, stride 1, over an i32 image; the window operand only gives the shape
func.func @maxpool(%x: tensor<4x4xi32>) -> tensor<3x3xi32> {
  %min = arith.constant -2147483648 : i32
  %e = tensor.empty() : tensor<3x3xi32>
  %f = linalg.fill ins(%min : i32) outs(%e : tensor<3x3xi32>) -> tensor<3x3xi32>
  %win = tensor.empty() : tensor<2x2xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, a, b) -> (i + a, j + b)>, affine_map<(i, j, a, b) -> (a, b)>, affine_map<(i, j, a, b) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %win : tensor<4x4xi32>, tensor<2x2xi32>) outs(%f : tensor<3x3xi32>) {
  ^bb0(%v: i32, %unused: i32, %acc: i32):
    %m = arith.maxsi %v, %acc : i32
    linalg.yield %m : i32
  } -> tensor<3x3xi32>
  return %r : tensor<3x3xi32>
}

func.func @gap(%x: tensor<1x3x3x3xf32>) -> tensor<1x3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x3xf32>) -> tensor<1x3xf32>
  %s = linalg.reduce ins(%x : tensor<1x3x3x3xf32>) outs(%f : tensor<1x3xf32>) dimensions = [1, 2]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  %nine = arith.constant 9.0 : f32
  %r = linalg.map ins(%s : tensor<1x3xf32>) outs(%e : tensor<1x3xf32>)
    (%v: f32, %unused: f32) {
      %d = arith.divf %v, %nine : f32
      linalg.yield %d : f32
    }
  return %r : tensor<1x3xf32>
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %in = tensor.generate {
  ^bb0(%n: index, %h: index, %w: index, %c: index):
    %c5 = arith.constant 5 : index
    %a = arith.muli %h, %c5 : index
    %b = arith.addi %a, %w : index
    %c2 = arith.constant 2 : index
    %d = arith.muli %b, %c2 : index
    %e = arith.addi %d, %c : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %e, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %f = arith.sitofp %mi : i32 to f32
    %three = arith.constant 3.0 : f32
    %g = arith.subf %f, %three : f32
    tensor.yield %g : f32
  } : tensor<1x5x5x2xf32>
  %k = tensor.generate {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    %s1 = arith.addi %a, %b : index
    %s2 = arith.addi %c, %d : index
    %s3 = arith.subi %s1, %s2 : index
    %si = arith.index_cast %s3 : index to i32
    %f = arith.sitofp %si : i32 to f32
    %q = arith.constant 0.125 : f32
    %g = arith.mulf %f, %q : f32
    tensor.yield %g : f32
  } : tensor<3x3x2x3xf32>
  %bias = arith.constant dense<[0.5, -1.0, 0.0]> : tensor<3xf32>
  %c = call @conv(%in, %k, %bias) : (tensor<1x5x5x2xf32>, tensor<3x3x2x3xf32>, tensor<3xf32>) -> tensor<1x3x3x3xf32>
  %cm = bufferization.to_buffer %c : tensor<1x3x3x3xf32> to memref<1x3x3x3xf32>
  %cu = memref.cast %cm : memref<1x3x3x3xf32> to memref<*xf32>
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  %g = call @gap(%c) : (tensor<1x3x3x3xf32>) -> tensor<1x3xf32>
  %gm = bufferization.to_buffer %g : tensor<1x3xf32> to memref<1x3xf32>
  %gu = memref.cast %gm : memref<1x3xf32> to memref<*xf32>
  call @printMemrefF32(%gu) : (memref<*xf32>) -> ()
  %img = arith.constant dense<[[3, -1, 4, 1], [-5, 9, 2, -6], [5, 3, -5, 8], [9, -7, 9, 3]]> : tensor<4x4xi32>
  %mp = call @maxpool(%img) : (tensor<4x4xi32>) -> tensor<3x3xi32>
  %mpm = bufferization.to_buffer %mp : tensor<3x3xi32> to memref<3x3xi32>
  %mpu = memref.cast %mpm : memref<3x3xi32> to memref<*xi32>
  call @printMemrefI32(%mpu) : (memref<*xi32>) -> ()
  return
}
