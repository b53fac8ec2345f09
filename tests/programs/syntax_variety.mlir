// purpose: syntax variety without execution: attribute and type aliases, module and function attributes, argument and result attributes, external declarations, discardable attributes on ops, locations, vector types, memory spaces and strided layouts, hex float constants, f16/bf16/i1 dense constants
// expect: parses, verifies, prints like mlir-opt

#strided = strided<[?, 1], offset: ?>
!tensor_t = tensor<4x?xf32>
#attr = {note = "x", level = 3 : i32}

module attributes {test.flag, test.version = 2 : i64} {
  func.func private @ext(%arg0: memref<4xf32, 1>, %arg1: memref<?x4xf32, #strided>) -> (memref<4xf32, #gpu.memory_space<global>> {test.res = 1 : i64})
  func.func @f(%a: !tensor_t {test.arg = unit}, %m: memref<8x8xf32, strided<[8, 1], offset: 0>>, %v: vector<4xf32>) -> index attributes {test.fn = #attr} {
    %c1 = arith.constant {test.tag = "one"} 1 : index loc("a.mlir":1:1)
    %d = tensor.dim %a, %c1 : !tensor_t loc(fused["x", "y"])
    %s = memref.subview %m[2, 2] [4, 4] [1, 1] : memref<8x8xf32, strided<[8, 1], offset: 0>> to memref<4x4xf32, strided<[8, 1], offset: 18>>
    %z = arith.constant dense<0x7FC00000> : tensor<2xf32>
    %i = arith.constant 0xFFF0000000000000 : f64
    %n = arith.constant 0x7FF8000000000000 : f64
    %b = arith.constant dense<[true, false]> : tensor<2xi1>
    %h = arith.constant dense<[1.5, -2.25]> : tensor<2xf16>
    %bf = arith.constant dense<3.0> : tensor<2x2xbf16>
    return %d : index
  }
}
