// purpose: tensors whose dynamic size changes from call to call (upstream cannot carry them through scf loops without allocating in the loop): doubling a tensor<?xf32> with tensor.pad and insert_slice, appending one element with tensor.empty + insert_slice, a function returning the same tensor twice and one with an unused tensor argument
// expect: output equals qa_growing_shapes.expected

func.func @twice(%t: tensor<?xf32>, %unused: tensor<2x2xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  return %t, %t : tensor<?xf32>, tensor<?xf32>
}

// [a] -> [a, a + len], size doubles
func.func @double(%t: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %t low[0] high[%n] {
  ^bb0(%i: index):
    tensor.yield %z : f32
  } : tensor<?xf32> to tensor<?xf32>
  %ni = arith.index_cast %n : index to i32
  %nf = arith.sitofp %ni : i32 to f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %shifted = linalg.map ins(%t : tensor<?xf32>) outs(%e : tensor<?xf32>)
    (%v: f32, %unused: f32) {
      %s = arith.addf %v, %nf : f32
      linalg.yield %s : f32
    }
  %r = tensor.insert_slice %shifted into %p[%n] [%n] [1] : tensor<?xf32> into tensor<?xf32>
  return %r : tensor<?xf32>
}

// appends t[n] = n * i
func.func @append(%t: tensor<?xi64>, %i: index) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xi64>
  %n1 = arith.addi %n, %c1 : index
  %bigger = tensor.empty(%n1) : tensor<?xi64>
  %copied = tensor.insert_slice %t into %bigger[0] [%n] [1] : tensor<?xi64> into tensor<?xi64>
  %sq = arith.muli %n, %i : index
  %v = arith.index_cast %sq : index to i64
  %app = tensor.insert %v into %copied[%n] : tensor<?xi64>
  return %app : tensor<?xi64>
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %seed = arith.constant dense<[1.0]> : tensor<1xf32>
  %s = tensor.cast %seed : tensor<1xf32> to tensor<?xf32>
  %d1 = call @double(%s) : (tensor<?xf32>) -> tensor<?xf32>
  %d2 = call @double(%d1) : (tensor<?xf32>) -> tensor<?xf32>
  %d3 = call @double(%d2) : (tensor<?xf32>) -> tensor<?xf32>
  %grown = call @double(%d3) : (tensor<?xf32>) -> tensor<?xf32>
  %u2 = arith.constant dense<0.0> : tensor<2x2xf32>
  %a, %b = call @twice(%grown, %u2) : (tensor<?xf32>, tensor<2x2xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  %am = bufferization.to_buffer %a : tensor<?xf32> to memref<?xf32>
  %au = memref.cast %am : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%au) : (memref<*xf32>) -> ()
  %bs = tensor.extract_slice %b[3] [5] [2] : tensor<?xf32> to tensor<5xf32>
  %bm = bufferization.to_buffer %bs : tensor<5xf32> to memref<5xf32>
  %bu = memref.cast %bm : memref<5xf32> to memref<*xf32>
  call @printMemrefF32(%bu) : (memref<*xf32>) -> ()
  %c6 = arith.constant 6 : index
  %one = arith.constant dense<[7]> : tensor<1xi64>
  %init = tensor.cast %one : tensor<1xi64> to tensor<?xi64>
  %a1 = call @append(%init, %c1) : (tensor<?xi64>, index) -> tensor<?xi64>
  %a2 = call @append(%a1, %c4) : (tensor<?xi64>, index) -> tensor<?xi64>
  %ap = call @append(%a2, %c6) : (tensor<?xi64>, index) -> tensor<?xi64>
  %apm = bufferization.to_buffer %ap : tensor<?xi64> to memref<?xi64>
  %apu = memref.cast %apm : memref<?xi64> to memref<*xi64>
  call @printMemrefI64(%apu) : (memref<*xi64>) -> ()
  return
}
