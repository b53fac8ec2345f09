// purpose: tensor.pad with static, dynamic and mixed low/high padding, a pad region that depends on the block's indices, pad of a 1-D i64 tensor, tensor.generate with dynamic sizes, tensor.splat static and dynamic, from_elements in 1-D, 2-D and 3-D
// expect: output equals qa_pad_generate.expected

func.func @pad_const(%t: tensor<2x3xf32>) -> tensor<4x6xf32> {
  %cst = arith.constant -1.0 : f32
  %p = tensor.pad %t low[1, 2] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<2x3xf32> to tensor<4x6xf32>
  return %p : tensor<4x6xf32>
}

func.func @pad_index_dependent(%t: tensor<2x3xf32>, %lo: index, %hi: index) -> tensor<?x?xf32> {
  %p = tensor.pad %t low[%lo, 0] high[0, %hi] {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %si = arith.index_cast %s : index to i32
    %f = arith.sitofp %si : i32 to f32
    %n = arith.negf %f : f32
    tensor.yield %n : f32
  } : tensor<2x3xf32> to tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}

func.func @pad_1d(%t: tensor<3xi64>) -> tensor<7xi64> {
  %c = arith.constant 9 : i64
  %p = tensor.pad %t low[3] high[1] {
  ^bb0(%i: index):
    tensor.yield %c : i64
  } : tensor<3xi64> to tensor<7xi64>
  return %p : tensor<7xi64>
}

func.func @gen_dyn(%n: index, %m: index) -> tensor<?x?xf64> {
  %g = tensor.generate %n, %m {
  ^bb0(%i: index, %j: index):
    %a = arith.index_cast %i : index to i64
    %b = arith.index_cast %j : index to i64
    %af = arith.sitofp %a : i64 to f64
    %bf = arith.sitofp %b : i64 to f64
    %q = arith.divf %af, %bf : f64
    tensor.yield %q : f64
  } : tensor<?x?xf64>
  return %g : tensor<?x?xf64>
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF64(memref<*xf64>)
func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %t = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %p = call @pad_const(%t) : (tensor<2x3xf32>) -> tensor<4x6xf32>
  %pm = bufferization.to_buffer %p : tensor<4x6xf32> to memref<4x6xf32>
  %pu = memref.cast %pm : memref<4x6xf32> to memref<*xf32>
  call @printMemrefF32(%pu) : (memref<*xf32>) -> ()
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %q = call @pad_index_dependent(%t, %c2, %c3) : (tensor<2x3xf32>, index, index) -> tensor<?x?xf32>
  %qm = bufferization.to_buffer %q : tensor<?x?xf32> to memref<?x?xf32>
  %qu = memref.cast %qm : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%qu) : (memref<*xf32>) -> ()
  %v = tensor.from_elements %c2, %c3, %c2 : tensor<3xindex>
  %vi = arith.index_cast %v : tensor<3xindex> to tensor<3xi64>
  %r = call @pad_1d(%vi) : (tensor<3xi64>) -> tensor<7xi64>
  %rm = bufferization.to_buffer %r : tensor<7xi64> to memref<7xi64>
  %ru = memref.cast %rm : memref<7xi64> to memref<*xi64>
  call @printMemrefI64(%ru) : (memref<*xi64>) -> ()
  %g = call @gen_dyn(%c3, %c2) : (index, index) -> tensor<?x?xf64>
  %gm = bufferization.to_buffer %g : tensor<?x?xf64> to memref<?x?xf64>
  %gu = memref.cast %gm : memref<?x?xf64> to memref<*xf64>
  call @printMemrefF64(%gu) : (memref<*xf64>) -> ()
  %x = arith.constant 2.5 : f32
  %s1 = tensor.splat %x : tensor<2x2xf32>
  %s1m = bufferization.to_buffer %s1 : tensor<2x2xf32> to memref<2x2xf32>
  %s1u = memref.cast %s1m : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%s1u) : (memref<*xf32>) -> ()
  %s2 = tensor.splat %x[%c3, %c2] : tensor<?x4x?xf32>
  %s2m = bufferization.to_buffer %s2 : tensor<?x4x?xf32> to memref<?x4x?xf32>
  %s2u = memref.cast %s2m : memref<?x4x?xf32> to memref<*xf32>
  call @printMemrefF32(%s2u) : (memref<*xf32>) -> ()
  %a = arith.constant 1.5 : f32
  %b = arith.constant -2.0 : f32
  %f3 = tensor.from_elements %a, %b, %a, %b, %x, %x, %a, %b : tensor<2x2x2xf32>
  %f3m = bufferization.to_buffer %f3 : tensor<2x2x2xf32> to memref<2x2x2xf32>
  %f3u = memref.cast %f3m : memref<2x2x2xf32> to memref<*xf32>
  call @printMemrefF32(%f3u) : (memref<*xf32>) -> ()
  %f0 = tensor.from_elements %b : tensor<f32>
  %f0m = bufferization.to_buffer %f0 : tensor<f32> to memref<f32>
  %f0u = memref.cast %f0m : memref<f32> to memref<*xf32>
  call @printMemrefF32(%f0u) : (memref<*xf32>) -> ()
  return
}
