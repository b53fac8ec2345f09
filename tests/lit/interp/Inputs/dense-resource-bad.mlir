func.func @missing() -> tensor<2xi32> {
  %c = arith.constant dense_resource<nowhere> : tensor<2xi32>
  return %c : tensor<2xi32>
}
func.func @short() -> tensor<2xi32> {
  %c = arith.constant dense_resource<short> : tensor<2xi32>
  return %c : tensor<2xi32>
}
{-#
  dialect_resources: {
    builtin: {
      short: "0x0400000001000000"
    }
  }
#-}
