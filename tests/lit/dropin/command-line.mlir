// mlir-opt's command-line spellings: one dash or two, values after '=' or
// as the next argument, -o FILE.
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file | FileCheck %s
// RUN: buffer-opt %s --one-shot-bufferize=bufferize-function-boundaries --split-input-file | FileCheck %s
// RUN: buffer-opt %s -pass-pipeline "builtin.module(one-shot-bufferize{bufferize-function-boundaries})" -split-input-file -o %t && FileCheck %s < %t
// RUN: buffer-opt %s -pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries})" -split-input-file -o=%t2 && FileCheck %s < %t2
// RUN: not buffer-opt %s -no-such-flag 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: buffer-opt %s -no-such-flag 2>/dev/null; test $? -eq 2
// RUN: buffer-opt -help | FileCheck %s --check-prefix=HELP
// RUN: buffer-opt --list-passes | FileCheck %s --check-prefix=LIST
// RUN: buffer-opt -show-dialects | FileCheck %s --check-prefix=DIALECTS
// RUN: buffer-opt %s -mlir-disable-threading -split-input-file -o /dev/null

// UNKNOWN: unknown option or pass '--no-such-flag'

// HELP: OVERVIEW:
// HELP: USAGE: buffer-opt [options] <input file>
// HELP: General options:
// HELP: --split-input-file
// HELP: Compiler passes to run
// HELP-NEXT: Passes:
// HELP: --one-shot-bufferize
// HELP: --analysis-heuristic=<value>
// HELP-NEXT: =bottom-up
// HELP: Pass Pipelines:
// HELP-NEXT: --buffer-deallocation-pipeline
// HELP: Generic Options:

// LIST: Passes:
// LIST: --one-shot-bufferize {{ *}}-   One-Shot Bufferize
// LIST: --analysis-fuzzer-seed=<long>
// LIST: --dialect-filter=<string>
// LIST: Pass Pipelines:
// LIST-NEXT: --buffer-deallocation-pipeline

// DIALECTS: Available Dialects: {{.*}}bufferization{{.*}}tensor

// CHECK-LABEL: func.func @write(
//  CHECK-SAME:     %[[A:.*]]: memref<4xf32, strided<[?], offset: ?>>
//       CHECK:   memref.store %{{.*}}, %[[A]]
//   CHECK-NOT:   memref.alloc
func.func @write(%t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %f into %t[%c0] : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @read(
//       CHECK:   memref.load
func.func @read(%t: tensor<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = tensor.extract %t[%c0] : tensor<4xf32>
  return %0 : f32
}
