// purpose: tensor shape ops on values: expand/collapse, strided extract_slice, insert_slice into a copy, pad with dynamic low padding, cast to dynamic and dim
// expect: output equals tensor_shapes.expected

func.func @reshape_and_slice(%t: tensor<12xf32>) -> (tensor<3x4xf32>, tensor<2x2xf32>, tensor<12xf32>) {
  %e = tensor.expand_shape %t [[0, 1]] output_shape [3, 4] : tensor<12xf32> into tensor<3x4xf32>
  %s = tensor.extract_slice %e[0, 1] [2, 2] [2, 2] : tensor<3x4xf32> to tensor<2x2xf32>
  %z = arith.constant dense<[[-1.0, -2.0], [-3.0, -4.0]]> : tensor<2x2xf32>
  %ins = tensor.insert_slice %z into %e[1, 2] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<3x4xf32>
  %c = tensor.collapse_shape %ins [[0, 1]] : tensor<3x4xf32> into tensor<12xf32>
  return %e, %s, %c : tensor<3x4xf32>, tensor<2x2xf32>, tensor<12xf32>
}

func.func @pad_dynamic(%t: tensor<2x3xf32>, %low: index) -> tensor<?x5xf32> {
  %pad = arith.constant 9.5 : f32
  %p = tensor.pad %t low[%low, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pad : f32
  } : tensor<2x3xf32> to tensor<?x5xf32>
  return %p : tensor<?x5xf32>
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %t = tensor.generate {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    tensor.yield %f : f32
  } : tensor<12xf32>
  %e, %s, %c = call @reshape_and_slice(%t) : (tensor<12xf32>) -> (tensor<3x4xf32>, tensor<2x2xf32>, tensor<12xf32>)
  %me = bufferization.to_buffer %e : tensor<3x4xf32> to memref<3x4xf32>
  %ue = memref.cast %me : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%ue) : (memref<*xf32>) -> ()
  %ms = bufferization.to_buffer %s : tensor<2x2xf32> to memref<2x2xf32>
  %us = memref.cast %ms : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%us) : (memref<*xf32>) -> ()
  %mc = bufferization.to_buffer %c : tensor<12xf32> to memref<12xf32>
  %uc = memref.cast %mc : memref<12xf32> to memref<*xf32>
  call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
  %small = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %c2 = arith.constant 2 : index
  %p = call @pad_dynamic(%small, %c2) : (tensor<2x3xf32>, index) -> tensor<?x5xf32>
  %c0 = arith.constant 0 : index
  %rows = tensor.dim %p, %c0 : tensor<?x5xf32>
  %mp = bufferization.to_buffer %p : tensor<?x5xf32> to memref<?x5xf32>
  %up = memref.cast %mp : memref<?x5xf32> to memref<*xf32>
  call @printMemrefF32(%up) : (memref<*xf32>) -> ()
  %ri = arith.index_cast %rows : index to i64
  %rt = tensor.from_elements %ri : tensor<1xi64>
  %mr = bufferization.to_buffer %rt : tensor<1xi64> to memref<1xi64>
  %ur = memref.cast %mr : memref<1xi64> to memref<*xi64>
  call @printMemrefI64(%ur) : (memref<*xi64>) -> ()
  return
}
