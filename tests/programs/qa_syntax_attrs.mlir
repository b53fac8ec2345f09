// purpose: attribute and type syntax stress: nested dictionaries and arrays, string escapes, unit/bool/integer/float attributes of many widths, dense splats and nested lists, dense hex blobs of several element types, affine maps and sets as attributes, symbol references (nested), type attributes, array<...> attributes, distinct-free locations, tensor encodings, complex and tuple types, unranked tensors and memrefs, memory spaces
// expect: parses, verifies, prints like mlir-opt

#map_a = affine_map<(d0, d1)[s0] -> (d0 * 2 + s0, d1 floordiv 3, (d0 + d1) mod 4, d1 ceildiv 2)>
!vec = vector<4x8xf32>

module @outer attributes {test.flag, test.dict = {a = 1 : i8, b = [true, false], c = "s\"q\n\t\\", d = {}}, test.floats = [1.5 : f16, -0.0 : bf16, 1.0e10 : f64, 0x7FC00000 : f32]} {
  module @inner {
    func.func private @nested_decl(i32) -> i32 attributes {test.sym = @outer::@inner::@nested_decl}
  }
  func.func private @types(tensor<*xf32>, memref<*xi8, 3>, tuple<i32, f32, tuple<>>, none, index, i1, si8, ui16, i128, bf16, f16, f64, !vec, memref<4xf32, 1>, memref<?x4xf32, strided<[4, 1], offset: ?>, 2>, memref<2x3xf32, #map_a>, tensor<4xf32, "enc">, () -> (), (i32) -> (i32, i64))
  func.func @consts() -> (tensor<2x2xi16>, tensor<4xf32>, tensor<3xi8>, tensor<2xf64>, tensor<2x3xi1>, tensor<0xf32>, tensor<4xf16>) {
    %0 = arith.constant dense<[[1, -2], [32767, -32768]]> : tensor<2x2xi16>
    %1 = arith.constant dense<"0x0000803F000000400000404000008040"> : tensor<4xf32>
    %2 = arith.constant dense<"0x01FF7F"> : tensor<3xi8>
    %3 = arith.constant dense<[1.000000e+300, -4.940000e-324]> : tensor<2xf64>
    %4 = arith.constant dense<[[true, false, true], [false, false, false]]> : tensor<2x3xi1>
    %5 = arith.constant dense<> : tensor<0xf32>
    %6 = arith.constant dense<[1.0, 6.550400e+04, -2.0e-5, 0.333]> : tensor<4xf16>
    return %0, %1, %2, %3, %4, %5, %6 : tensor<2x2xi16>, tensor<4xf32>, tensor<3xi8>, tensor<2xf64>, tensor<2x3xi1>, tensor<0xf32>, tensor<4xf16>
  }
  func.func @discardable(%arg0: i32 {test.arg = #map_a}, %arg1: f32 {test.none}) -> (i32 {test.res = "r"}) attributes {test.array = array<i64: 1, -2, 3>, test.farray = array<f32: 1.5, 2.0>, test.empty = array<i32>, test.type = !vec, test.typed = 5 : index, llvm.emit_c_interface} {
    %0 = arith.addi %arg0, %arg0 {test.attr = [#map_a, affine_map<() -> (0)>, affine_map<(d0) -> ()>], test.str = "x"} : i32
    return %0 : i32
  }
}
