func.func @first() -> tensor<2xi32> {
  %c = arith.constant dense_resource<a> : tensor<2xi32>
  return %c : tensor<2xi32>
}
{-#
  dialect_resources: { builtin: { a: "0x040000000100000002000000" } }
#-}
// -----
func.func @second() -> tensor<2xi32> {
  %c = arith.constant dense_resource<a> : tensor<2xi32>
  return %c : tensor<2xi32>
}
