// purpose: tensor.collapse_shape / expand_shape with static and dynamic dims (dynamic output_shape), unit dims, 3-D reassociations, tensor.cast between static and dynamic shapes, tensor.dim on every dimension
// expect: output equals qa_reshape_cast.expected

func.func @collapse3(%t: tensor<2x3x4xi32>) -> tensor<6x4xi32> {
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xi32> into tensor<6x4xi32>
  return %c : tensor<6x4xi32>
}

func.func @expand_dyn(%t: tensor<?xi32>, %rows: index) -> tensor<?x4xi32> {
  %e = tensor.expand_shape %t [[0, 1]] output_shape [%rows, 4] : tensor<?xi32> into tensor<?x4xi32>
  return %e : tensor<?x4xi32>
}

func.func @unit_dims(%t: tensor<6x4xi32>) -> tensor<1x6x1x4x1xi32> {
  %e = tensor.expand_shape %t [[0, 1], [2, 3, 4]] output_shape [1, 6, 1, 4, 1] : tensor<6x4xi32> into tensor<1x6x1x4x1xi32>
  return %e : tensor<1x6x1x4x1xi32>
}

func.func @to_scalar_shape(%t: tensor<1x1xi32>) -> tensor<i32> {
  %c = tensor.collapse_shape %t [] : tensor<1x1xi32> into tensor<i32>
  return %c : tensor<i32>
}

func.func @dims(%t: tensor<?x?x?xi32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tensor.dim %t, %c0 : tensor<?x?x?xi32>
  %b = tensor.dim %t, %c1 : tensor<?x?x?xi32>
  %c = tensor.dim %t, %c2 : tensor<?x?x?xi32>
  return %a, %b, %c : index, index, index
}

// ---- driver ----
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %t = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c100 : index
    %b = arith.muli %j, %c10 : index
    %s = arith.addi %a, %b : index
    %v = arith.addi %s, %k : index
    %vi = arith.index_cast %v : index to i32
    tensor.yield %vi : i32
  } : tensor<2x3x4xi32>
  %c = call @collapse3(%t) : (tensor<2x3x4xi32>) -> tensor<6x4xi32>
  %cm = bufferization.to_buffer %c : tensor<6x4xi32> to memref<6x4xi32>
  %cu = memref.cast %cm : memref<6x4xi32> to memref<*xi32>
  call @printMemrefI32(%cu) : (memref<*xi32>) -> ()
  %flat = tensor.collapse_shape %c [[0, 1]] : tensor<6x4xi32> into tensor<24xi32>
  %dflat = tensor.cast %flat : tensor<24xi32> to tensor<?xi32>
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %part = tensor.extract_slice %dflat[%c3] [%c8] [1] : tensor<?xi32> to tensor<?xi32>
  %c2 = arith.constant 2 : index
  %e = call @expand_dyn(%part, %c2) : (tensor<?xi32>, index) -> tensor<?x4xi32>
  %em = bufferization.to_buffer %e : tensor<?x4xi32> to memref<?x4xi32>
  %eu = memref.cast %em : memref<?x4xi32> to memref<*xi32>
  call @printMemrefI32(%eu) : (memref<*xi32>) -> ()
  %u = call @unit_dims(%c) : (tensor<6x4xi32>) -> tensor<1x6x1x4x1xi32>
  %um = bufferization.to_buffer %u : tensor<1x6x1x4x1xi32> to memref<1x6x1x4x1xi32>
  %uu = memref.cast %um : memref<1x6x1x4x1xi32> to memref<*xi32>
  call @printMemrefI32(%uu) : (memref<*xi32>) -> ()
  %one = tensor.extract_slice %c[5, 3] [1, 1] [1, 1] : tensor<6x4xi32> to tensor<1x1xi32>
  %s = call @to_scalar_shape(%one) : (tensor<1x1xi32>) -> tensor<i32>
  %sm = bufferization.to_buffer %s : tensor<i32> to memref<i32>
  %su = memref.cast %sm : memref<i32> to memref<*xi32>
  call @printMemrefI32(%su) : (memref<*xi32>) -> ()
  %dt = tensor.cast %t : tensor<2x3x4xi32> to tensor<?x?x?xi32>
  %a, %b, %cc = call @dims(%dt) : (tensor<?x?x?xi32>) -> (index, index, index)
  %ai = arith.index_cast %a : index to i64
  %bi = arith.index_cast %b : index to i64
  %ci = arith.index_cast %cc : index to i64
  call @printI64(%ai) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%bi) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%ci) : (i64) -> ()
  call @printNewline() : () -> ()
  %back = tensor.cast %dt : tensor<?x?x?xi32> to tensor<2x?x4xi32>
  %bm = bufferization.to_buffer %back : tensor<2x?x4xi32> to memref<2x?x4xi32>
  %bu = memref.cast %bm : memref<2x?x4xi32> to memref<*xi32>
  call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  return
}
