// purpose: the less common runner-utils printers reached through llvm.emit_c_interface declarations: printMemrefI16/F16/BF16, the ranked printMemref1dF32/2dF32/1dI64/0dF32/1dInd, printU64; zero-sized tensors through fill and slices; 0-d tensors; negative zero and large magnitudes in printMemrefF32/F64
// expect: output equals qa_runner_printers.expected

func.func private @printMemrefI16(memref<*xi16>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF16(memref<*xf16>) attributes {llvm.emit_c_interface}
func.func private @printMemrefBF16(memref<*xbf16>) attributes {llvm.emit_c_interface}
func.func private @printMemref1dF32(memref<?xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemref2dF32(memref<?x?xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemref1dI64(memref<?xi64>) attributes {llvm.emit_c_interface}
func.func private @printMemref0dF32(memref<f32>) attributes {llvm.emit_c_interface}
func.func private @printMemref1dInd(memref<?xindex>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF64(memref<*xf64>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printU64(i64)
func.func private @printNewline()

func.func @main() {
  %i16 = arith.constant dense<[[-32768, 32767], [12, -12]]> : tensor<2x2xi16>
  %i16m = bufferization.to_buffer %i16 : tensor<2x2xi16> to memref<2x2xi16>
  %i16u = memref.cast %i16m : memref<2x2xi16> to memref<*xi16>
  call @printMemrefI16(%i16u) : (memref<*xi16>) -> ()
  %h = arith.constant dense<[1.0, -0.5, 65504.0, 0.1, 3.140625]> : tensor<5xf16>
  %hm = bufferization.to_buffer %h : tensor<5xf16> to memref<5xf16>
  %hu = memref.cast %hm : memref<5xf16> to memref<*xf16>
  call @printMemrefF16(%hu) : (memref<*xf16>) -> ()
  %b = arith.constant dense<[1.0, -0.5, 3.0e38, 0.1, 3.140625]> : tensor<5xbf16>
  %bm = bufferization.to_buffer %b : tensor<5xbf16> to memref<5xbf16>
  %bu = memref.cast %bm : memref<5xbf16> to memref<*xbf16>
  call @printMemrefBF16(%bu) : (memref<*xbf16>) -> ()
  %f = arith.constant dense<[[-0.0, 1.0e20, -3.5e-8], [123456.789, 16777217.0, 1.0]]> : tensor<2x3xf32>
  %fm = bufferization.to_buffer %f : tensor<2x3xf32> to memref<2x3xf32>
  %fu = memref.cast %fm : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%fu) : (memref<*xf32>) -> ()
  %fd = memref.cast %fm : memref<2x3xf32> to memref<?x?xf32>
  call @printMemref2dF32(%fd) : (memref<?x?xf32>) -> ()
  %row = memref.subview %fm[1, 0] [1, 3] [1, 1] : memref<2x3xf32> to memref<3xf32, strided<[1], offset: 3>>
  %rowc = memref.alloc() : memref<3xf32>
  memref.copy %row, %rowc : memref<3xf32, strided<[1], offset: 3>> to memref<3xf32>
  %rowd = memref.cast %rowc : memref<3xf32> to memref<?xf32>
  call @printMemref1dF32(%rowd) : (memref<?xf32>) -> ()
  %d = arith.constant dense<[1.0e300, -2.2250738585072014e-308, 0.1, 123456789012345678.0]> : tensor<4xf64>
  %dm = bufferization.to_buffer %d : tensor<4xf64> to memref<4xf64>
  %du = memref.cast %dm : memref<4xf64> to memref<*xf64>
  call @printMemrefF64(%du) : (memref<*xf64>) -> ()
  %l = arith.constant dense<[-9223372036854775808, 9223372036854775807, 0]> : tensor<3xi64>
  %lm = bufferization.to_buffer %l : tensor<3xi64> to memref<3xi64>
  %ld = memref.cast %lm : memref<3xi64> to memref<?xi64>
  call @printMemref1dI64(%ld) : (memref<?xi64>) -> ()
  %z0 = arith.constant dense<2.5> : tensor<f32>
  %z0m = bufferization.to_buffer %z0 : tensor<f32> to memref<f32>
  call @printMemref0dF32(%z0m) : (memref<f32>) -> ()
  %ix = arith.constant dense<[0, 7, -3]> : tensor<3xindex>
  %ixm = bufferization.to_buffer %ix : tensor<3xindex> to memref<3xindex>
  %ixd = memref.cast %ixm : memref<3xindex> to memref<?xindex>
  call @printMemref1dInd(%ixd) : (memref<?xindex>) -> ()
  // empty tensors flow through ops (printing one would print uninitialized memory upstream)
  %et = tensor.empty() : tensor<0x4xi64>
  %seven = arith.constant 7 : i64
  %etf = linalg.fill ins(%seven : i64) outs(%et : tensor<0x4xi64>) -> tensor<0x4xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d1 = tensor.dim %etf, %c1 : tensor<0x4xi64>
  %d1i = arith.index_cast %d1 : index to i64
  call @printU64(%d1i) : (i64) -> ()
  call @printNewline() : () -> ()
  %es = tensor.extract_slice %l[%c1] [%c0] [1] : tensor<3xi64> to tensor<?xi64>
  %ee = tensor.insert_slice %es into %l[2] [%c0] [1] : tensor<?xi64> into tensor<3xi64>
  %eem = bufferization.to_buffer %ee : tensor<3xi64> to memref<3xi64>
  %eeu = memref.cast %eem : memref<3xi64> to memref<*xi64>
  call @printMemrefI64(%eeu) : (memref<*xi64>) -> ()
  %big = arith.constant -1 : i64
  call @printU64(%big) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
