// --split-input-file=MARKER splits at lines starting with MARKER instead of
// "// -----" (which is then an ordinary comment), and --output-split-marker
// joins the outputs, as in mlir-opt.
// RUN: buffer-opt %s -split-input-file='// ''=====' | FileCheck %s
// RUN: buffer-opt %s -split-input-file='// ''=====' -output-split-marker='// +++' | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt %s --split-input-file="// ""=====" -verify-diagnostics -o /dev/null
// RUN: buffer-opt %s -split-input-file -verify-diagnostics=only-expected -o /dev/null
// (The marker is spelled in two quoted pieces so that these lines do not hold
// it: mlir-opt splits at the marker anywhere in a line, buffer-opt only at
// a line's start.)
// The same RUN lines with mlir-opt: same-as-mlir-opt.mlir.

// CHECK: module {
// CHECK-NEXT: func.func @first
// CHECK: }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @second
// CHECK: func.func @third
// OUT: func.func @first
// OUT: // +++
// OUT-NEXT: module {
// OUT-NEXT: func.func @second
// OUT-NOT: // -----
func.func @first() {
  return
}

// =====

func.func @second() {
  return
}

// -----

func.func @third() {
  return
}
