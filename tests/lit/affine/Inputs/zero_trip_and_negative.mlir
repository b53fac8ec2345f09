func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %z = arith.constant 0 : i64
  %n = arith.constant -3 : index
  %r = affine.for %i = 4 to 4 iter_args(%a = %z) -> (i64) {
    %one = arith.constant 1 : i64
    %b = arith.addi %a, %one : i64
    affine.yield %b : i64
  }
  call @printI64(%r) : (i64) -> ()
  call @printNewline() : () -> ()
  %s = affine.for %i = %n to 0 step 2 iter_args(%a = %z) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %b = arith.addi %a, %ii : i64
    affine.yield %b : i64
  }
  call @printI64(%s) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
