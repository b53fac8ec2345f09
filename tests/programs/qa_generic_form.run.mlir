// purpose: an executable program written almost entirely in the generic op form: func.func with function_type/sym_name/arg_attrs properties, scf.for/scf.if/scf.yield, linalg.generic with operandSegmentSizes, tensor.extract_slice with static_offsets/static_sizes/static_strides and dynamic operands, tensor.insert, tensor.empty, arith ops with properties, func.call with callee, and a custom-form @main
// expect: output equals qa_generic_form.expected

"func.func"() <{function_type = (tensor<4x4xf32>, index) -> tensor<?x4xf32>, sym_name = "rows_from", arg_attrs = [{test.in}, {}]}> ({
^bb0(%t: tensor<4x4xf32>, %r: index):
  %c4 = "arith.constant"() <{value = 4 : index}> : () -> index
  %n = "arith.subi"(%c4, %r) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
  %s = "tensor.extract_slice"(%t, %r, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, 1>}> : (tensor<4x4xf32>, index, index) -> tensor<?x4xf32>
  "func.return"(%s) : (tensor<?x4xf32>) -> ()
}) : () -> ()

"func.func"() <{function_type = (tensor<4x4xf32>) -> tensor<4x4xf32>, sym_name = "double_plus_index"}> ({
^bb0(%x: tensor<4x4xf32>):
  %e = "tensor.empty"() : () -> tensor<4x4xf32>
  %r = "linalg.generic"(%x, %e) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%v: f32, %o: f32):
    %i = "linalg.index"() <{dim = 1 : i64}> : () -> index
    %ii = "arith.index_cast"(%i) : (index) -> i32
    %f = "arith.sitofp"(%ii) : (i32) -> f32
    %d = "arith.addf"(%v, %v) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %s = "arith.addf"(%d, %f) <{fastmath = #arith.fastmath<contract>}> : (f32, f32) -> f32
    "linalg.yield"(%s) : (f32) -> ()
  }) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  "func.return"(%r) : (tensor<4x4xf32>) -> ()
}) : () -> ()

"func.func"() <{function_type = (tensor<4x4xf32>) -> tensor<4x4xf32>, sym_name = "diag_loop", sym_visibility = "private"}> ({
^bb0(%x: tensor<4x4xf32>):
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
  %c4 = "arith.constant"() <{value = 4 : index}> : () -> index
  %r = "scf.for"(%c0, %c4, %c1, %x) ({
  ^bb0(%i: index, %acc: tensor<4x4xf32>):
    %c2 = "arith.constant"() <{value = 2 : index}> : () -> index
    %m = "arith.remui"(%i, %c2) : (index, index) -> index
    %z = "arith.cmpi"(%m, %c0) <{predicate = 0 : i64}> : (index, index) -> i1
    %n = "scf.if"(%z) ({
      %v = "arith.constant"() <{value = -1.000000e+00 : f32}> : () -> f32
      %u = "tensor.insert"(%v, %acc, %i, %i) : (f32, tensor<4x4xf32>, index, index) -> tensor<4x4xf32>
      "scf.yield"(%u) : (tensor<4x4xf32>) -> ()
    }, {
      "scf.yield"(%acc) : (tensor<4x4xf32>) -> ()
    }) : (i1) -> tensor<4x4xf32>
    "scf.yield"(%n) : (tensor<4x4xf32>) -> ()
  }) : (index, index, index, tensor<4x4xf32>) -> tensor<4x4xf32>
  "func.return"(%r) : (tensor<4x4xf32>) -> ()
}) : () -> ()

"func.func"() <{function_type = (memref<*xf32>) -> (), sym_name = "printMemrefF32", sym_visibility = "private"}> ({
}) : () -> ()

// ---- driver ----
func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]]> : tensor<4x4xf32>
  %a = "func.call"(%x) <{callee = @double_plus_index}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %b = call @diag_loop(%a) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %c1 = arith.constant 1 : index
  %s = call @rows_from(%b, %c1) : (tensor<4x4xf32>, index) -> tensor<?x4xf32>
  %m = bufferization.to_buffer %s : tensor<?x4xf32> to memref<?x4xf32>
  %u = "memref.cast"(%m) : (memref<?x4xf32>) -> memref<*xf32>
  "func.call"(%u) <{callee = @printMemrefF32}> : (memref<*xf32>) -> ()
  return
}
