// vector.print forms: string literals (escaped when printed), every
// punctuation, a value without punctuation (see ../run.mlir, ../print.mlir).
func.func @main() {
  %s = arith.constant 1.5 : f32
  vector.print str "hello\n"
  vector.print punctuation <comma>
  vector.print %s : f32 punctuation <no_punctuation>
  vector.print punctuation <newline>
  vector.print str "a \"q\" b"
  vector.print punctuation <open>
  vector.print punctuation <close>
  vector.print
  return
}
