// REQUIRES: llvm
// --emit=run: the function is compiled by LLVM's ORC JIT and run natively,
// with --run's conventions: JSON results for --inputs (the tensor program
// is bufferized first), the program's own printing for @main through the
// project's runner-utils functions.
// RUN: buffer-opt --emit=run --run=axpy --inputs=%S/Inputs/axpy.json %s | FileCheck %s --check-prefix=JSON
// JSON: [{"type":"tensor<3xf32>","shape":[3],"data":[2.5,4.5,"inf"]},{"type":"i32","value":7}]
// RUN: buffer-opt --emit=run --run=main %s | FileCheck %s --check-prefix=MAIN
// MAIN:      ( 42 )
// MAIN-NEXT: Unranked Memref base@ = 0x{{[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
// MAIN-NEXT: {{^}}{{\[\[}}0.5,   1,   1.5],
// MAIN-NEXT: {{^}} [2,   2.5,   3]]
// MAIN-NEXT: Memref base@ = 0x{{[0-9a-f]+}} rank = 1 offset = 1 sizes = [2] strides = [3] data =
// MAIN-NEXT: {{^}}[1,  2.5]
// MAIN-NEXT: 1e-07
// RUN: not buffer-opt --emit=run --run=axpy %s 2>&1 | FileCheck %s --check-prefix=NOINPUTS
// NOINPUTS: jit.mlir:[[#@LINE+1]]:1: error: function '@axpy' takes 3 arguments but no inputs were given
func.func @axpy(%a: f32, %x: tensor<3xf32>, %y: tensor<3xf32>) -> (tensor<3xf32>, i32) {
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %y : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) {
  ^bb0(%u: f32, %v: f32, %o: f32):
    %m = arith.mulf %a, %u : f32
    %s = arith.addf %m, %v : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  %c = arith.constant 7 : i32
  return %r, %c : tensor<3xf32>, i32
}

func.func private @printOpen()
func.func private @printClose()
func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemref1dF32(memref<?xf32, strided<[?], offset: ?>>) attributes {llvm.emit_c_interface}

func.func @main() {
  %v = arith.constant 42 : i64
  call @printOpen() : () -> ()
  call @printI64(%v) : (i64) -> ()
  call @printClose() : () -> ()
  call @printNewline() : () -> ()
  %m = memref.get_global @table : memref<2x3xf32>
  %u = memref.cast %m : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %col = memref.subview %m[0, 1] [2, 1] [1, 1] : memref<2x3xf32> to memref<2xf32, strided<[3], offset: 1>>
  %d = memref.cast %col : memref<2xf32, strided<[3], offset: 1>> to memref<?xf32, strided<[?], offset: ?>>
  call @printMemref1dF32(%d) : (memref<?xf32, strided<[?], offset: ?>>) -> ()
  %f = arith.constant 1.0e-7 : f32
  call @printF32(%f) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
memref.global "private" constant @table : memref<2x3xf32> = dense<[[0.5, 1.0, 1.5], [2.0, 2.5, 3.0]]>
