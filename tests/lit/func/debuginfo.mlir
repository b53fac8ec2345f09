// Argument attributes print before the argument's location, as mlir-opt
// prints them with --mlir-print-debuginfo.
// RUN: buffer-opt --mlir-print-debuginfo %s | FileCheck %s
// RUN: buffer-opt --mlir-print-debuginfo %s | buffer-opt --mlir-print-debuginfo | FileCheck %s

// CHECK: func.func @f(%arg0: i32 {test.a} loc("{{.*}}debuginfo.mlir":[[#@LINE+1]]:14), %arg1: f32 loc(
func.func @f(%x: i32 {test.a}, %y: f32) -> i32 {
  return %x : i32
}
