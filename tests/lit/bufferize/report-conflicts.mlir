// The report names both sides of a read-after-write conflict, and of a
// write inside scf.forall to a tensor from outside (parallel privatization).
// RUN: buffer-opt %s --one-shot-bufferize=bufferize-function-boundaries --bufferization-report=%t.json -o /dev/null
// RUN: FileCheck %s < %t.json

// CHECK:      "records": [
// The insert may not write %t in place: the extract below reads it later.
// CHECK-NEXT: {"kind": "alloc", "function": "raw", "op": "tensor.insert", "operand": 1, "loc": {"file": "{{.*}}report-conflicts.mlir", "line": [[@LINE+4]], "col": 8}, "bytes": 16, "reason": "read-after-write conflict", "conflict": {"read": {"op": "tensor.extract", "operand": 0, "loc": {"file": "{{.*}}", "line": [[@LINE+5]], "col": 8}}, "write": {"op": "tensor.insert", "operand": 1, "loc": {"file": "{{.*}}", "line": [[@LINE+4]], "col": 8}}}},
// CHECK-NEXT: {"kind": "copy", "function": "raw", "op": "tensor.insert", "operand": 1, {{.*}} "bytes": 16, "reason": "read-after-write conflict", "conflict":
func.func @raw(%t: tensor<4xf32>, %v: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %w = tensor.insert %v into %t[%c0] : tensor<4xf32>
  %r = tensor.extract %t[%c0] : tensor<4xf32>
  return %w, %r : tensor<4xf32>, f32
}

// Two fills of one tensor.empty: the first fill's result is returned after
// the second fill wrote, so the first gets its own buffer (of dynamic size).
// CHECK-NEXT: {"kind": "alloc", "function": "two_fills", "op": "tensor.empty", "operand": null, "loc": {"file": "{{.*}}", "line": [[@LINE+3]], "col": 8}, "bytes": null, "reason": "empty tensor"},
// CHECK-NEXT: {"kind": "alloc", "function": "two_fills", "op": "linalg.fill", "operand": 1, "loc": {"file": "{{.*}}", "line": [[@LINE+5]], "col": 8}, "bytes": null, "reason": "read-after-write conflict", "conflict": {"read": {"op": "func.return", "operand": 0, "loc": {"file": "{{.*}}", "line": [[@LINE+7]], "col": 3}}, "write": {"op": "linalg.fill", "operand": 1, "loc": {"file": "{{.*}}", "line": [[@LINE+6]], "col": 8}}}},
func.func @two_fills(%n: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %e = tensor.empty(%n) : tensor<?xf32>
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %b = linalg.fill ins(%two : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %a, %b : tensor<?xf32>, tensor<?xf32>
}

// Each forall thread writes %t, defined outside: the write goes to a
// private copy, and the read that needs the original is the insert itself.
// CHECK-NEXT: {"kind": "alloc", "function": "privatize", "op": "tensor.insert", "operand": 1, "loc": {"file": "{{.*}}", "line": [[@LINE+10]], "col": 10}, "bytes": 16, "reason": "parallel privatization", "conflict": {"read": {"op": "tensor.insert", "operand": 1, "loc": {"file": "{{.*}}", "line": [[@LINE+10]], "col": 10}}, "write": {"op": "tensor.insert", "operand": 1, "loc": {"file": "{{.*}}", "line": [[@LINE+10]], "col": 10}}}},
// CHECK-NEXT: {"kind": "copy", "function": "privatize", "op": "tensor.insert", "operand": 1, {{.*}} "reason": "parallel privatization", "conflict":
// CHECK-NEXT: {"kind": "alloc", "function": "privatize", "op": "tensor.from_elements", "operand": null, {{.*}} "bytes": 4, "reason": "new tensor"},
// CHECK-NEXT: {"kind": "copy", "function": "privatize", "op": "tensor.parallel_insert_slice", "operand": null, {{.*}} "bytes": 4, "reason": "insert slice"}
// CHECK-NEXT: ],
func.func @privatize(%t: tensor<4xf32>, %out: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<4xf32>) {
    %f = arith.index_cast %i : index to i32
    %v = arith.sitofp %f : i32 to f32
    %w = tensor.insert %v into %t[%c0] : tensor<4xf32>
    %x = tensor.extract %w[%c0] : tensor<4xf32>
    %s = tensor.from_elements %x : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}

// Nothing is freed without deallocation: raw keeps its 16 bytes, the
// forall's 4 iterations 20 bytes each; two_fills' sizes come at run time.
// CHECK:      "functions": [
// CHECK-NEXT: {"name": "raw", "loc": {{.*}}, "allocations": 1, "copies": 1, "static_bytes": 16, "dynamic_allocations": 0, "peak_live_bytes": 16},
// CHECK-NEXT: {"name": "two_fills", "loc": {{.*}}, "allocations": 2, "copies": 0, "static_bytes": 0, "dynamic_allocations": 2, "peak_live_bytes": null},
// CHECK-NEXT: {"name": "privatize", "loc": {{.*}}, "allocations": 2, "copies": 2, "static_bytes": 20, "dynamic_allocations": 0, "peak_live_bytes": 80}
// CHECK-NEXT: ]

