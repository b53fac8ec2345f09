module {
  memref.global "private" constant @__constant_3xindex : memref<3xindex> = dense<[5, 0, 1000000]> {alignment = 64 : i64}
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
    %0 = memref.get_global @__constant_3xindex : memref<3xindex>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3xindex>
    memref.copy %0, %alloc : memref<3xindex> to memref<3xindex>
    %cast = memref.cast %alloc : memref<3xindex> to memref<*xindex>
    call @printMemrefInd(%cast) : (memref<*xindex>) -> ()
    %c-1_i64 = arith.constant -1 : i64
    call @printOpen() : () -> ()
    call @printU64(%c-1_i64) : (i64) -> ()
    call @printComma() : () -> ()
    call @printI64(%c-1_i64) : (i64) -> ()
    call @printComma() : () -> ()
    %cst = arith.constant 3.14159274 : f32
    call @printF32(%cst) : (f32) -> ()
    call @printComma() : () -> ()
    %cst_0 = arith.constant 9.9999999999999995E-8 : f64
    call @printF64(%cst_0) : (f64) -> ()
    call @printClose() : () -> ()
    call @printNewline() : () -> ()
    return
  }
}

