// linalg.contract (a batched transposed contraction, an unsigned cast),
// batch_reduce_matmul (default and transposed maps, an unsigned cast that
// upstream's body ignores), batch_matvec and batch_vecmat on seeded random
// inputs; contraction-run.expected is what mlir-runner prints.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %a = arith.constant dense<[[[1.75, -1.0, 2.75, -0.25], [2.5, 2.75, 2.0, 1.0], [-3.0, 0.5, 3.0, -1.25]], [[2.0, -2.75, -1.75, -2.25], [-0.25, 0.75, -1.25, 0.0], [1.25, -2.25, 1.5, -1.25]]]> : tensor<2x3x4xf32>
  %b = arith.constant dense<[[[-3.0, 2.75, -1.5, 0.25, -1.0], [-1.75, 3.0, 0.0, -1.75, 3.0], [-2.5, -2.0, 1.75, 1.75, 0.5], [-2.0, -2.0, -3.0, -3.0, -1.5]], [[3.0, -1.5, -1.75, -1.75, -0.75], [-0.5, -1.5, 1.25, 2.25, 2.0], [-1.5, -1.75, 2.5, -1.5, 0.0], [-0.75, -3.0, -0.25, 0.25, -1.75]]]> : tensor<2x4x5xf32>
  %c = arith.constant dense<[[-2.0, -1.0, -2.5, -0.5, -0.75], [1.75, 1.5, -3.0, 1.75, 2.25], [2.5, -0.5, -2.5, -0.75, -0.25]]> : tensor<3x5xf32>
  %r0 = linalg.batch_reduce_matmul ins(%a, %b : tensor<2x3x4xf32>, tensor<2x4x5xf32>) outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  %r0_m = bufferization.to_buffer %r0 : tensor<3x5xf32> to memref<3x5xf32>
  %r0_u = memref.cast %r0_m : memref<3x5xf32> to memref<*xf32>
  call @printMemrefF32(%r0_u) : (memref<*xf32>) -> ()
  %at = arith.constant dense<[[[-0.75, 0.75, 2.5], [-0.5, -1.75, 0.75], [0.75, 2.5, -1.75], [-2.75, -1.0, -3.0]], [[2.75, -0.25, 0.0], [-3.0, 1.25, 0.25], [-0.25, 0.0, 1.5], [-3.0, 0.5, -2.75]]]> : tensor<2x4x3xf32>
  %r1 = linalg.batch_reduce_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d2)>] ins(%at, %b : tensor<2x4x3xf32>, tensor<2x4x5xf32>) outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  %r1_m = bufferization.to_buffer %r1 : tensor<3x5xf32> to memref<3x5xf32>
  %r1_u = memref.cast %r1_m : memref<3x5xf32> to memref<*xf32>
  call @printMemrefF32(%r1_u) : (memref<*xf32>) -> ()
  %ai = arith.constant dense<[[[-4, -3, -6, -2], [5, 2, 7, 2], [7, -1, 5, -6]], [[9, 2, 0, -8], [4, -7, -3, 1], [7, 2, -5, 1]]]> : tensor<2x3x4xi8>
  %bi = arith.constant dense<[[[-1, 8, -7, 0, 1], [0, -4, -7, -5, 0], [6, -4, -8, -7, 8], [3, -8, -2, 2, -1]], [[5, 4, -5, -8, -8], [6, 1, -3, -5, 9], [-5, 4, -6, -4, 4], [2, -5, -8, 4, 0]]]> : tensor<2x4x5xi8>
  %ci = arith.constant dense<[[-5, 5, -4, 7, 5], [6, 1, 6, -1, 0], [6, 3, -5, -6, 3]]> : tensor<3x5xi32>
  %r2 = linalg.batch_reduce_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%ai, %bi : tensor<2x3x4xi8>, tensor<2x4x5xi8>) outs(%ci : tensor<3x5xi32>) -> tensor<3x5xi32>
  %r2_m = bufferization.to_buffer %r2 : tensor<3x5xi32> to memref<3x5xi32>
  %r2_u = memref.cast %r2_m : memref<3x5xi32> to memref<*xi32>
  call @printMemrefI32(%r2_u) : (memref<*xi32>) -> ()
  %v = arith.constant dense<[[1.25, -1.75, 2.0, 0.75], [-0.5, -1.75, -2.5, 0.75]]> : tensor<2x4xf32>
  %w = arith.constant dense<[[-1.0, 1.0, 1.25], [1.0, -0.25, -2.5]]> : tensor<2x3xf32>
  %r3 = linalg.batch_matvec ins(%a, %v : tensor<2x3x4xf32>, tensor<2x4xf32>) outs(%w : tensor<2x3xf32>) -> tensor<2x3xf32>
  %r3_m = bufferization.to_buffer %r3 : tensor<2x3xf32> to memref<2x3xf32>
  %r3_u = memref.cast %r3_m : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%r3_u) : (memref<*xf32>) -> ()
  %x = arith.constant dense<[[3.0, -0.25, 2.5], [1.5, 2.25, -2.75]]> : tensor<2x3xf32>
  %y = arith.constant dense<[[3.0, -0.75, -0.25, 1.25], [2.5, 2.25, -1.0, 0.75]]> : tensor<2x4xf32>
  %r4 = linalg.batch_vecmat ins(%x, %a : tensor<2x3xf32>, tensor<2x3x4xf32>) outs(%y : tensor<2x4xf32>) -> tensor<2x4xf32>
  %r4_m = bufferization.to_buffer %r4 : tensor<2x4xf32> to memref<2x4xf32>
  %r4_u = memref.cast %r4_m : memref<2x4xf32> to memref<*xf32>
  call @printMemrefF32(%r4_u) : (memref<*xf32>) -> ()
  %vi = arith.constant dense<[[-1, 0, 1, -4], [9, -9, 6, 8]]> : tensor<2x4xi8>
  %wi = arith.constant dense<[[-1, 1, -1], [5, 0, 7]]> : tensor<2x3xi32>
  %r5 = linalg.batch_matvec ins(%ai, %vi : tensor<2x3x4xi8>, tensor<2x4xi8>) outs(%wi : tensor<2x3xi32>) -> tensor<2x3xi32>
  %r5_m = bufferization.to_buffer %r5 : tensor<2x3xi32> to memref<2x3xi32>
  %r5_u = memref.cast %r5_m : memref<2x3xi32> to memref<*xi32>
  call @printMemrefI32(%r5_u) : (memref<*xi32>) -> ()
  %cx = arith.constant dense<[[[0.5, 1.75, -0.25], [-1.0, -2.0, -1.75], [2.25, -3.0, -0.5], [1.0, 0.5, 1.75], [-2.5, -0.5, 1.25], [1.75, 2.5, -2.75], [2.75, 0.0, -1.75], [2.5, 0.5, 2.75]], [[0.25, -1.75, -1.75], [-1.25, -2.75, -2.25], [-2.0, 1.0, 1.5], [-2.5, 3.0, 2.5], [0.0, 2.75, -2.25], [-0.75, -1.5, 2.25], [-1.25, 2.75, 0.25], [-2.5, 3.0, -1.0]]]> : tensor<2x8x3xf32>
  %cy = arith.constant dense<[[-1.5, 0.0, -1.0, -0.5, -2.75], [-1.5, 2.5, -3.0, 0.25, -2.75], [0.0, 0.75, -2.0, -3.0, -1.25], [0.25, 2.75, -2.25, 1.75, -3.0], [-2.25, 3.0, 1.5, -1.5, -1.5], [-0.5, -3.0, -2.5, -2.0, 1.25], [-3.0, 1.0, -2.5, 1.5, 0.75], [1.25, -1.5, 0.25, -2.5, 0.0]]> : tensor<8x5xf32>
  %cz = arith.constant dense<[[[-1.5, 2.0, 3.0, -2.5, 2.5], [1.5, -2.0, -1.75, 1.75, 2.75], [-2.75, -2.75, -1.0, 1.25, 2.25]], [[1.75, -2.0, 2.75, -1.0, 2.75], [1.5, -2.75, -2.25, 2.5, 0.0], [-1.25, -1.75, 1.75, 1.0, -2.75]]]> : tensor<2x3x5xf32>
  %r6 = linalg.contract indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%cx, %cy : tensor<2x8x3xf32>, tensor<8x5xf32>) outs(%cz : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %r6_m = bufferization.to_buffer %r6 : tensor<2x3x5xf32> to memref<2x3x5xf32>
  %r6_u = memref.cast %r6_m : memref<2x3x5xf32> to memref<*xf32>
  call @printMemrefF32(%r6_u) : (memref<*xf32>) -> ()
  %mi = arith.constant dense<[[2, 7, 9, 9], [-7, 2, -6, 9], [2, 5, -3, 3]]> : tensor<3x4xi8>
  %ni = arith.constant dense<[[-3, 9], [-9, 3], [1, -9], [4, -6]]> : tensor<4x2xi8>
  %oi = arith.constant dense<[[-3, -2], [5, -1], [1, -7]]> : tensor<3x2xi32>
  %r7 = linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] {cast = #linalg.type_fn<cast_unsigned>} ins(%mi, %ni : tensor<3x4xi8>, tensor<4x2xi8>) outs(%oi : tensor<3x2xi32>) -> tensor<3x2xi32>
  %r7_m = bufferization.to_buffer %r7 : tensor<3x2xi32> to memref<3x2xi32>
  %r7_u = memref.cast %r7_m : memref<3x2xi32> to memref<*xi32>
  call @printMemrefI32(%r7_u) : (memref<*xi32>) -> ()
  return
}
