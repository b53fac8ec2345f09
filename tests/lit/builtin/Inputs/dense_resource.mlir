func.func @weights() -> (tensor<4xf32>, tensor<2x2xi16>, tensor<3xi8>) {
  %w = arith.constant dense_resource<w> : tensor<4xf32>
  %v = arith.constant dense_resource<"v-1"> : tensor<2x2xi16>
  %b = arith.constant dense_resource<b.x> : tensor<3xi8>
  return %w, %v, %b : tensor<4xf32>, tensor<2x2xi16>, tensor<3xi8>
}
memref.global "private" constant @g : memref<4xf32> = dense_resource<w>
"t.keep"() {a = [dense_resource<w> : tensor<4xf32>]} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      unused: "0x0400000001000000",
      b.x: "0x01000000010203",
      "v-1": "0x020000000100feff2c0170fe",
      w: "0x040000000000803f00002040000040c000008040"
    }
  },
  external_resources: {
    tool: {
      path: "p",
      flag: true,
      data: "0x04000000aa"
    }
  }
#-}
