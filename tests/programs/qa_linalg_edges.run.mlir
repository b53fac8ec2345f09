// purpose: linalg edge cases: generic with a scalar (non-tensor) input and a 0-d tensor input, generic with only outputs, a fully reduced 0-d output over 3 dims, doc/library_call attributes, an unused input, reversed-dimension (d1, d0) output on a 1xN shape, f16/bf16 computation widened through extf/truncf, dense hex blobs as inputs
// expect: output equals qa_linalg_edges.expected

#s2 = affine_map<(i, j) -> ()>
#id2 = affine_map<(i, j) -> (i, j)>
#tr2 = affine_map<(i, j) -> (j, i)>

func.func @scalar_inputs(%x: tensor<2x3xf32>, %s: f32, %t: tensor<f32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {doc = "x * s + t", library_call = "none", indexing_maps = [#id2, #s2, #s2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s, %t : tensor<2x3xf32>, f32, tensor<f32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%v: f32, %a: f32, %b: f32, %o: f32):
    %m = arith.mulf %v, %a : f32
    %r = arith.addf %m, %b : f32
    linalg.yield %r : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

func.func @outs_only() -> tensor<3x4xi32> {
  %e = tensor.empty() : tensor<3x4xi32>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<3x4xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.muli %i, %j : index
    %ki = arith.index_cast %k : index to i32
    linalg.yield %ki : i32
  } -> tensor<3x4xi32>
  return %r : tensor<3x4xi32>
}

func.func @total(%x: tensor<2x3x4xi32>, %unused: tensor<5xf64>) -> tensor<i32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<i32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<i32>) -> tensor<i32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (0)>, affine_map<(a, b, c) -> ()>], iterator_types = ["reduction", "reduction", "reduction"]}
      ins(%x, %unused : tensor<2x3x4xi32>, tensor<5xf64>) outs(%f : tensor<i32>) {
  ^bb0(%v: i32, %u: f64, %acc: i32):
    %s = arith.addi %acc, %v : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  return %r : tensor<i32>
}

func.func @flip(%x: tensor<1x4xf32>) -> tensor<4x1xf32> {
  %e = tensor.empty() : tensor<4x1xf32>
  %r = linalg.generic {indexing_maps = [#id2, #tr2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1x4xf32>) outs(%e : tensor<4x1xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}

func.func @half_precision(%a: tensor<4xf16>, %b: tensor<4xbf16>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xf16>, tensor<4xbf16>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f16, %y: bf16, %o: f32):
    %p = arith.mulf %x, %x : f16
    %q = arith.addf %y, %y : bf16
    %pw = arith.extf %p : f16 to f32
    %qw = arith.extf %q : bf16 to f32
    %s = arith.addf %pw, %qw : f32
    %t = arith.truncf %s : f32 to bf16
    %u = arith.extf %t : bf16 to f32
    linalg.yield %u : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  // [[1, 2, 3], [4, 5, 6]] as little-endian f32 bits
  %x = arith.constant dense<"0x0000803F0000004000004040000080400000A0400000C040"> : tensor<2x3xf32>
  %s = arith.constant 2.5 : f32
  %t = arith.constant dense<-1.0> : tensor<f32>
  %a = call @scalar_inputs(%x, %s, %t) : (tensor<2x3xf32>, f32, tensor<f32>) -> tensor<2x3xf32>
  %am = bufferization.to_buffer %a : tensor<2x3xf32> to memref<2x3xf32>
  %au = memref.cast %am : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%au) : (memref<*xf32>) -> ()
  %o = call @outs_only() : () -> tensor<3x4xi32>
  %om = bufferization.to_buffer %o : tensor<3x4xi32> to memref<3x4xi32>
  %ou = memref.cast %om : memref<3x4xi32> to memref<*xi32>
  call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  // 24 i32 values from a hex blob: 1..24
  %x3 = arith.constant dense<"0x0100000002000000030000000400000005000000060000000700000008000000090000000A0000000B0000000C0000000D0000000E0000000F000000100000001100000012000000130000001400000015000000160000001700000018000000"> : tensor<2x3x4xi32>
  %u5 = arith.constant dense<0.0> : tensor<5xf64>
  %tot = call @total(%x3, %u5) : (tensor<2x3x4xi32>, tensor<5xf64>) -> tensor<i32>
  %totm = bufferization.to_buffer %tot : tensor<i32> to memref<i32>
  %totu = memref.cast %totm : memref<i32> to memref<*xi32>
  call @printMemrefI32(%totu) : (memref<*xi32>) -> ()
  %r = arith.constant dense<[[0.5, -1.5, 2.25, 8.0]]> : tensor<1x4xf32>
  %fl = call @flip(%r) : (tensor<1x4xf32>) -> tensor<4x1xf32>
  %flm = bufferization.to_buffer %fl : tensor<4x1xf32> to memref<4x1xf32>
  %flu = memref.cast %flm : memref<4x1xf32> to memref<*xf32>
  call @printMemrefF32(%flu) : (memref<*xf32>) -> ()
  %h = arith.constant dense<[1.5, -2.0, 0.1, 300.0]> : tensor<4xf16>
  %bb = arith.constant dense<"0x803F00C0CD3C4843"> : tensor<4xbf16>
  %hp = call @half_precision(%h, %bb) : (tensor<4xf16>, tensor<4xbf16>) -> tensor<4xf32>
  %hpm = bufferization.to_buffer %hp : tensor<4xf32> to memref<4xf32>
  %hpu = memref.cast %hpm : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%hpu) : (memref<*xf32>) -> ()
  return
}
