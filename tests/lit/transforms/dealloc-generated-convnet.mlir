// A ResNet-like network in torch-mlir's form (bench/gen_convnet.py: about
// 1,070 ops, 195 intermediate buffers). Its buffers' lifetimes are all
// known statically, so the deallocation pipeline frees each one with a plain
// memref.dealloc and leaves no run-time ownership check: the final dealloc
// of the forward function lists every buffer, and comparing each with the
// returned one made 38,220 arith.cmpi here (and in EfficientNet-B7, 571,177
// LLVM icmps on which LLVM's instcombine ran for minutes). mlir-opt 22 frees
// the same 195 buffers the same way.
// RUN: %python %S/../../../bench/gen_convnet.py %t.mlir --width 4 > /dev/null
// RUN: buffer-opt %t.mlir -one-shot-bufferize="bufferize-function-boundaries" -buffer-deallocation-pipeline | FileCheck %s --implicit-check-not=arith.cmpi --implicit-check-not=bufferization.dealloc --implicit-check-not=memref.dealloc
// RUN: mlir-opt %t.mlir -one-shot-bufferize="bufferize-function-boundaries" -buffer-deallocation-pipeline | FileCheck %s --implicit-check-not=arith.cmpi --implicit-check-not=bufferization.dealloc --implicit-check-not=memref.dealloc
// REQUIRES: mlir-opt
// CHECK-LABEL: func.func @forward(
// CHECK-COUNT-195: memref.dealloc
// CHECK: return
