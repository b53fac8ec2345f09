func.func private @printMemref1dF32(memref<?xf32>) attributes {llvm.emit_c_interface}
func.func @main() {
  %f = func.constant @printMemref1dF32 : (memref<?xf32>) -> ()
  return
}
