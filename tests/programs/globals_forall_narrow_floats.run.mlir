// purpose: memref globals, alloca, clone, collapse/expand_shape on memrefs, f16/bf16/i16 arithmetic printed through widening, scf.forall with mapping attribute and memref writes, math functions at f64
// expect: output equals globals_forall_narrow_floats.expected

memref.global "private" constant @table : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]>
memref.global "private" @scratch : memref<4xi64> = dense<0>

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printMemrefF64(memref<*xf64>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g = memref.get_global @table : memref<2x3xf32>
  %flat = memref.collapse_shape %g [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  %cl = bufferization.clone %flat : memref<6xf32> to memref<6xf32>
  %back = memref.expand_shape %cl [[0, 1]] output_shape [3, 2] : memref<6xf32> into memref<3x2xf32>
  %u = memref.cast %back : memref<3x2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %s = memref.get_global @scratch : memref<4xi64>
  scf.forall (%i) in (4) {
    %ii = arith.index_cast %i : index to i64
    %sq = arith.muli %ii, %ii : i64
    memref.store %sq, %s[%i] : memref<4xi64>
  } {mapping = [#gpu.thread<x>]}
  %us = memref.cast %s : memref<4xi64> to memref<*xi64>
  call @printMemrefI64(%us) : (memref<*xi64>) -> ()
  %h = arith.constant 1.5 : f16
  %h2 = arith.mulf %h, %h : f16
  %b = arith.constant 3.25 : bf16
  %b2 = arith.addf %b, %b : bf16
  %w = arith.constant 300 : i16
  %w2 = arith.muli %w, %w : i16
  %a = memref.alloca() : memref<4xf64>
  %hf = arith.extf %h2 : f16 to f64
  %bf = arith.extf %b2 : bf16 to f64
  %wi = arith.extsi %w2 : i16 to i64
  %wf = arith.sitofp %wi : i64 to f64
  %x = arith.constant 0.7 : f64
  %sx = math.sin %x : f64
  memref.store %hf, %a[%c0] : memref<4xf64>
  memref.store %bf, %a[%c1] : memref<4xf64>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  memref.store %wf, %a[%c2] : memref<4xf64>
  memref.store %sx, %a[%c3] : memref<4xf64>
  %ua = memref.cast %a : memref<4xf64> to memref<*xf64>
  call @printMemrefF64(%ua) : (memref<*xf64>) -> ()
  return
}
