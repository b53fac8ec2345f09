// purpose: bufferization ops: alloc_tensor (static, dynamic sizes, copy, memory_space), to_tensor restrict writable over a memref filled by stores, to_buffer with read_only, materialize_in_destination into a tensor and into a memref (restrict writable), bufferization.clone of a memref
// expect: output equals qa_bufferization_ops.expected

func.func @alloc_variants(%n: index, %src: tensor<4xf32>) -> (tensor<4xf32>, tensor<?xf32>, tensor<4xf32>) {
  %one = arith.constant 1.0 : f32
  %a = bufferization.alloc_tensor() : tensor<4xf32>
  %af = linalg.fill ins(%one : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %b = bufferization.alloc_tensor(%n) : tensor<?xf32>
  %two = arith.constant 2.0 : f32
  %bf = linalg.fill ins(%two : f32) outs(%b : tensor<?xf32>) -> tensor<?xf32>
  %c = bufferization.alloc_tensor() copy(%src) : tensor<4xf32>
  %c0 = arith.constant 0 : index
  %nine = arith.constant 9.0 : f32
  %c2 = tensor.insert %nine into %c[%c0] : tensor<4xf32>
  return %af, %bf, %c2 : tensor<4xf32>, tensor<?xf32>, tensor<4xf32>
}

func.func @memspace() -> tensor<3xi32> {
  %a = bufferization.alloc_tensor() {memory_space = 0 : i64} : tensor<3xi32>
  %c5 = arith.constant 5 : i32
  %f = linalg.fill ins(%c5 : i32) outs(%a : tensor<3xi32>) -> tensor<3xi32>
  return %f : tensor<3xi32>
}

func.func @from_memref() -> tensor<5xi64> {
  %m = memref.alloc() : memref<5xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c5 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %sq = arith.muli %ii, %ii : i64
    memref.store %sq, %m[%i] : memref<5xi64>
  }
  %t = bufferization.to_tensor %m restrict writable : memref<5xi64> to tensor<5xi64>
  return %t : tensor<5xi64>
}

func.func @into_tensor(%src: tensor<2x2xf32>, %dst: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %r = bufferization.materialize_in_destination %src in %dst : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

func.func @into_memref(%src: tensor<2x2xf32>, %dst: memref<2x2xf32>) {
  bufferization.materialize_in_destination %src in restrict writable %dst : (tensor<2x2xf32>, memref<2x2xf32>) -> ()
  return
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)

func.func @pf(%t: tensor<*xf32>) {
  %m = bufferization.to_buffer %t read_only : tensor<*xf32> to memref<*xf32>
  call @printMemrefF32(%m) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %src = arith.constant dense<[1.5, 2.5, 3.5, 4.5]> : tensor<4xf32>
  %c3 = arith.constant 3 : index
  %a, %b, %c = call @alloc_variants(%c3, %src) : (index, tensor<4xf32>) -> (tensor<4xf32>, tensor<?xf32>, tensor<4xf32>)
  %au = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  call @pf(%au) : (tensor<*xf32>) -> ()
  %bu = tensor.cast %b : tensor<?xf32> to tensor<*xf32>
  call @pf(%bu) : (tensor<*xf32>) -> ()
  %cu = tensor.cast %c : tensor<4xf32> to tensor<*xf32>
  call @pf(%cu) : (tensor<*xf32>) -> ()
  %su = tensor.cast %src : tensor<4xf32> to tensor<*xf32>
  call @pf(%su) : (tensor<*xf32>) -> ()
  %ms = call @memspace() : () -> tensor<3xi32>
  %msm = bufferization.to_buffer %ms : tensor<3xi32> to memref<3xi32>
  %msu = memref.cast %msm : memref<3xi32> to memref<*xi32>
  call @printMemrefI32(%msu) : (memref<*xi32>) -> ()
  %fm = call @from_memref() : () -> tensor<5xi64>
  %fmm = bufferization.to_buffer %fm : tensor<5xi64> to memref<5xi64>
  %fmu = memref.cast %fmm : memref<5xi64> to memref<*xi64>
  call @printMemrefI64(%fmu) : (memref<*xi64>) -> ()
  %s2 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %d2 = tensor.empty() : tensor<2x2xf32>
  %r = call @into_tensor(%s2, %d2) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %ru = tensor.cast %r : tensor<2x2xf32> to tensor<*xf32>
  call @pf(%ru) : (tensor<*xf32>) -> ()
  %dm = memref.alloc() : memref<2x2xf32>
  call @into_memref(%s2, %dm) : (tensor<2x2xf32>, memref<2x2xf32>) -> ()
  %cl = bufferization.clone %dm : memref<2x2xf32> to memref<2x2xf32>
  %c0 = arith.constant 0 : index
  %m7 = arith.constant -7.0 : f32
  memref.store %m7, %dm[%c0, %c0] : memref<2x2xf32>
  %dmu = memref.cast %dm : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%dmu) : (memref<*xf32>) -> ()
  %clu = memref.cast %cl : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%clu) : (memref<*xf32>) -> ()
  return
}
