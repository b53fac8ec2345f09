// purpose: linalg.generic with two outputs (sum and max reductions over rows), a reduction over the outer dimension, broadcast and transposed indexing maps, linalg.index in the body, an integer generic, and a generic with a 0-d output
// expect: output equals qa_linalg_generic_multi.expected

#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>
#tr = affine_map<(i, j) -> (j, i)>

func.func @sum_max_rows(%x: tensor<3x4xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e0 = tensor.empty() : tensor<3xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<3xf32>) -> tensor<3xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<3xf32>) -> tensor<3xf32>
  %s, %m = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<3x4xf32>) outs(%s0, %m0 : tensor<3xf32>, tensor<3xf32>) {
  ^bb0(%v: f32, %acc: f32, %mx: f32):
    %a = arith.addf %acc, %v : f32
    %b = arith.maximumf %mx, %v : f32
    linalg.yield %a, %b : f32, f32
  } -> (tensor<3xf32>, tensor<3xf32>)
  return %s, %m : tensor<3xf32>, tensor<3xf32>
}

func.func @col_sum(%x: tensor<3x4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<3x4xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.addf %acc, %v : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// out[j, i] = x[i, j] * w[j] + i - j
func.func @transpose_scale(%x: tensor<3x4xf32>, %w: tensor<4xf32>) -> tensor<4x3xf32> {
  %e = tensor.empty() : tensor<4x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #tr], iterator_types = ["parallel", "parallel"]}
      ins(%x, %w : tensor<3x4xf32>, tensor<4xf32>) outs(%e : tensor<4x3xf32>) {
  ^bb0(%v: f32, %s: f32, %unused: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %d = arith.subi %i, %j : index
    %di = arith.index_cast %d : index to i32
    %df = arith.sitofp %di : i32 to f32
    %p = arith.mulf %v, %s : f32
    %q = arith.addf %p, %df : f32
    linalg.yield %q : f32
  } -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// integer generic: x*x mod 7, plus a total in a 0-d tensor
func.func @int_generic(%x: tensor<5xi32>) -> (tensor<5xi32>, tensor<i32>) {
  %c7 = arith.constant 7 : i32
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<5xi32>
  %e0 = tensor.empty() : tensor<i32>
  %z = linalg.fill ins(%c0 : i32) outs(%e0 : tensor<i32>) -> tensor<i32>
  %r, %tot = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x : tensor<5xi32>) outs(%e, %z : tensor<5xi32>, tensor<i32>) {
  ^bb0(%v: i32, %o: i32, %acc: i32):
    %sq = arith.muli %v, %v : i32
    %m = arith.remsi %sq, %c7 : i32
    %t = arith.addi %acc, %m : i32
    linalg.yield %m, %t : i32, i32
  } -> (tensor<5xi32>, tensor<i32>)
  return %r, %tot : tensor<5xi32>, tensor<i32>
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @p1(%t: tensor<3xf32>) {
  %m = bufferization.to_buffer %t : tensor<3xf32> to memref<3xf32>
  %u = memref.cast %m : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %x = arith.constant dense<[[1.0, -2.0, 3.5, 0.25], [-1.0, -7.0, -0.5, -3.0], [10.0, 20.0, 30.0, 40.0]]> : tensor<3x4xf32>
  %s, %m = call @sum_max_rows(%x) : (tensor<3x4xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  call @p1(%s) : (tensor<3xf32>) -> ()
  call @p1(%m) : (tensor<3xf32>) -> ()
  %c = call @col_sum(%x) : (tensor<3x4xf32>) -> tensor<4xf32>
  %cm = bufferization.to_buffer %c : tensor<4xf32> to memref<4xf32>
  %cu = memref.cast %cm : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  %w = arith.constant dense<[1.0, 0.5, 2.0, -1.0]> : tensor<4xf32>
  %t = call @transpose_scale(%x, %w) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<4x3xf32>
  %tm = bufferization.to_buffer %t : tensor<4x3xf32> to memref<4x3xf32>
  %tu = memref.cast %tm : memref<4x3xf32> to memref<*xf32>
  call @printMemrefF32(%tu) : (memref<*xf32>) -> ()
  %xi = arith.constant dense<[3, -4, 5, 11, -13]> : tensor<5xi32>
  %r, %tot = call @int_generic(%xi) : (tensor<5xi32>) -> (tensor<5xi32>, tensor<i32>)
  %rm = bufferization.to_buffer %r : tensor<5xi32> to memref<5xi32>
  %ru = memref.cast %rm : memref<5xi32> to memref<*xi32>
  call @printMemrefI32(%ru) : (memref<*xi32>) -> ()
  %totm = bufferization.to_buffer %tot : tensor<i32> to memref<i32>
  %totu = memref.cast %totm : memref<i32> to memref<*xi32>
  call @printMemrefI32(%totu) : (memref<*xi32>) -> ()
  return
}
