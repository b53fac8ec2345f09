// Round trip of builtin.module (named, with attributes, nested, empty) and
// builtin.unrealized_conversion_cast.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s

// CHECK-LABEL: module @outer attributes {test.flag, test.n = 3 : i64} {
module @outer attributes {test.n = 3, test.flag} {
  // CHECK-NEXT: module {
  // CHECK-NEXT: }
  module {
  }
  // Builtin ops directly in a module print without their prefix.
  // CHECK-NEXT: %0 = unrealized_conversion_cast to index
  %top = builtin.unrealized_conversion_cast to index
  // CHECK-NEXT: module @inner {
  // CHECK-NEXT:   func.func @casts(%arg0: i32, %arg1: f32) -> (i64, index) {
  // CHECK-NEXT:     %1 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
  // CHECK-NEXT:     %2:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, f32 to index, tensor<2xf32>
  // CHECK-NEXT:     %3 = builtin.unrealized_conversion_cast to index
  // CHECK-NEXT:     %4 = builtin.unrealized_conversion_cast %arg1 : f32 to memref<4xf32> {test.c}
  // CHECK-NEXT:     return %1, %2#0 : i64, index
  module @inner {
    func.func @casts(%a: i32, %b: f32) -> (i64, index) {
      %0 = builtin.unrealized_conversion_cast %a : i32 to i64
      %1:2 = builtin.unrealized_conversion_cast %a, %b : i32, f32 to index, tensor<2xf32>
      %2 = builtin.unrealized_conversion_cast to index
      %3 = builtin.unrealized_conversion_cast %b : f32 to memref<4xf32> {test.c}
      return %0, %1#0 : i64, index
    }
  }
}
