// --run: a function with arguments from --inputs prints JSON results; a
// function without arguments prints what it prints; leaks are errors only
// with --run-leak-check; a missing function is a located error.
// RUN: buffer-opt --run=axpy --inputs=%S/Inputs/axpy.json %s | FileCheck %s --check-prefix=JSON
// JSON: [{"type":"tensor<3xf32>","shape":[3],"data":[2.5,4.5,"inf"]},{"type":"i32","value":7}]
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=MAIN
// MAIN: ( 42 )
// RUN: not buffer-opt --run=main --run-leak-check %s 2>&1 | FileCheck %s --check-prefix=LEAK
// LEAK: error: interpreter:
// RUN: not buffer-opt --run=nope %s 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: {{.*}}nope
// RUN: not buffer-opt --run=axpy %s 2>&1 | FileCheck %s --check-prefix=NOINPUTS
// NOINPUTS: run.mlir:[[#@LINE+1]]:1: error: interpreter: function '@axpy' takes 3 arguments but no inputs were given
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
func.func private @printNewline()

func.func @main() {
  %leak = memref.alloc() : memref<4xf32>
  %v = arith.constant 42 : i64
  call @printOpen() : () -> ()
  call @printI64(%v) : (i64) -> ()
  call @printClose() : () -> ()
  call @printNewline() : () -> ()
  return
}
