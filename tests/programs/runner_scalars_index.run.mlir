// purpose: runner-utils print functions for index values, and scalar printers printU64/printI64/printF32/printF64 with open/close/comma
// expect: output equals runner_scalars_index.expected

func.func private @printMemrefInd(memref<*xindex>)
func.func private @printU64(i64)
func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printF64(f64)
func.func private @printOpen()
func.func private @printClose()
func.func private @printComma()
func.func private @printNewline()

func.func @main() {
  %c = arith.constant dense<[5, 0, 1000000]> : tensor<3xindex>
  %mc = bufferization.to_buffer %c : tensor<3xindex> to memref<3xindex>
  %uc = memref.cast %mc : memref<3xindex> to memref<*xindex>
  call @printMemrefInd(%uc) : (memref<*xindex>) -> ()
  %m1 = arith.constant -1 : i64
  call @printOpen() : () -> ()
  call @printU64(%m1) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%m1) : (i64) -> ()
  call @printComma() : () -> ()
  %f = arith.constant 3.14159274 : f32
  call @printF32(%f) : (f32) -> ()
  call @printComma() : () -> ()
  %d = arith.constant 1.0e-7 : f64
  call @printF64(%d) : (f64) -> ()
  call @printClose() : () -> ()
  call @printNewline() : () -> ()
  return
}
