// With copy-before-write every writing operand gets a copy, whatever the
// analysis would say; the report says so instead of naming a conflict.
// RUN: buffer-opt %s --one-shot-bufferize="bufferize-function-boundaries copy-before-write" --bufferization-report=%t.json | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s < %t.json

// IR-LABEL: func.func @no_conflict
// IR: memref.alloc
// IR: memref.copy
// CHECK:      "records": [
// CHECK-NEXT: {"kind": "alloc", "function": "no_conflict", "op": "tensor.insert", "operand": 1, "loc": {"file": "{{.*}}report-copy-before-write.mlir", "line": [[@LINE+6]], "col": 8}, "bytes": 16, "reason": "copy before write"},
// CHECK-NEXT: {"kind": "copy", "function": "no_conflict", "op": "tensor.insert", "operand": 1, "loc": {"file": "{{.*}}", "line": [[@LINE+5]], "col": 8}, "bytes": 16, "reason": "copy before write"}
// CHECK-NEXT: ],
// CHECK-NEXT: "functions": [
func.func @no_conflict(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %w = tensor.insert %v into %t[%c0] : tensor<4xf32>
  return %w : tensor<4xf32>
}
