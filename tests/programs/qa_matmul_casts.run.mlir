// purpose: mixed-precision contractions: i8 x i8 matmul into i32 and f32 with cast_signed (default) and cast_unsigned, i16 batch_matmul into i64, i8 dot into i32 with cast_unsigned, f16 matvec into f32
// expect: output equals qa_matmul_casts.expected

func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func @main() {
  %a = arith.constant dense<[[200, -1], [3, 4]]> : tensor<2x2xi8>
  %b = arith.constant dense<[[1, 2], [-3, 4]]> : tensor<2x2xi8>
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x2xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>
  %r = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x2xi8>, tensor<2x2xi8>) outs(%f : tensor<2x2xi32>) -> tensor<2x2xi32>
  %m = bufferization.to_buffer %r : tensor<2x2xi32> to memref<2x2xi32>
  %u = memref.cast %m : memref<2x2xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %zf = arith.constant 0.0 : f32
  %ef = tensor.empty() : tensor<2x2xf32>
  %ff = linalg.fill ins(%zf : f32) outs(%ef : tensor<2x2xf32>) -> tensor<2x2xf32>
  %rf = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x2xi8>, tensor<2x2xi8>) outs(%ff : tensor<2x2xf32>) -> tensor<2x2xf32>
  %mf = bufferization.to_buffer %rf : tensor<2x2xf32> to memref<2x2xf32>
  %uf = memref.cast %mf : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
  %rs = linalg.matmul ins(%a, %b : tensor<2x2xi8>, tensor<2x2xi8>) outs(%ff : tensor<2x2xf32>) -> tensor<2x2xf32>
  %ms = bufferization.to_buffer %rs : tensor<2x2xf32> to memref<2x2xf32>
  %us = memref.cast %ms : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%us) : (memref<*xf32>) -> ()
  %ba = arith.constant dense<[[[300, -2], [7, 1000]], [[-32768, 1], [2, 2]]]> : tensor<2x2x2xi16>
  %bz = arith.constant 0 : i64
  %be = tensor.empty() : tensor<2x2x2xi64>
  %bf = linalg.fill ins(%bz : i64) outs(%be : tensor<2x2x2xi64>) -> tensor<2x2x2xi64>
  %bm = linalg.batch_matmul ins(%ba, %ba : tensor<2x2x2xi16>, tensor<2x2x2xi16>) outs(%bf : tensor<2x2x2xi64>) -> tensor<2x2x2xi64>
  %bmm = bufferization.to_buffer %bm : tensor<2x2x2xi64> to memref<2x2x2xi64>
  %bmu = memref.cast %bmm : memref<2x2x2xi64> to memref<*xi64>
  call @printMemrefI64(%bmu) : (memref<*xi64>) -> ()
  %v = arith.constant dense<[255, -128, 7]> : tensor<3xi8>
  %de = tensor.empty() : tensor<i32>
  %df = linalg.fill ins(%z : i32) outs(%de : tensor<i32>) -> tensor<i32>
  %d = linalg.dot {cast = #linalg.type_fn<cast_unsigned>} ins(%v, %v : tensor<3xi8>, tensor<3xi8>) outs(%df : tensor<i32>) -> tensor<i32>
  %dm = bufferization.to_buffer %d : tensor<i32> to memref<i32>
  %du = memref.cast %dm : memref<i32> to memref<*xi32>
  call @printMemrefI32(%du) : (memref<*xi32>) -> ()
  %hm = arith.constant dense<[[0.5, 1.5, -2.0], [3.25, 0.125, 1.0]]> : tensor<2x3xf16>
  %hv = arith.constant dense<[2.0, -1.0, 0.5]> : tensor<3xf16>
  %he = tensor.empty() : tensor<2xf32>
  %hf = linalg.fill ins(%zf : f32) outs(%he : tensor<2xf32>) -> tensor<2xf32>
  %mv = linalg.matvec ins(%hm, %hv : tensor<2x3xf16>, tensor<3xf16>) outs(%hf : tensor<2xf32>) -> tensor<2xf32>
  %mvm = bufferization.to_buffer %mv : tensor<2xf32> to memref<2xf32>
  %mvu = memref.cast %mvm : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%mvu) : (memref<*xf32>) -> ()
  return
}
