// Every reason the analysis gives for refusing a write in place, and the
// copy a loop needs when it yields a buffer other than its iteration buffer.
// With function boundaries, arguments are writable; without them, writing
// an argument or a call result is refused at the function boundary.
// RUN: buffer-opt %s --allow-unregistered-dialect --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries allow-unknown-ops" --bufferization-report=%t.json -o /dev/null
// RUN: FileCheck %s < %t.json
// RUN: buffer-opt %s --allow-unregistered-dialect --one-shot-bufferize="allow-return-allocs-from-loops allow-unknown-ops" --bufferization-report=%t.default.json -o /dev/null
// RUN: FileCheck %s --check-prefix=DEFAULT < %t.default.json

// CHECK:      "records": [
// CHECK-NEXT: {"kind": "alloc", "function": "write_constant", "op": "tensor.insert", "operand": 1, "loc": {"file": "{{.*}}report-reasons.mlir", "line": [[@LINE+5]], "col": 8}, "bytes": 16, "reason": "written constant", "value": {"op": "arith.constant", "loc": {"file": "{{.*}}", "line": [[@LINE+4]], "col": 10}}},
// CHECK-NEXT: {"kind": "copy", "function": "write_constant", "op": "tensor.insert", "operand": 1, "loc": {"file": "{{.*}}", "line": [[@LINE+4]], "col": 8}, "bytes": 16, "reason": "written constant", "value":
func.func @write_constant(%v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant dense<1.0> : tensor<4xf32>
  %w = tensor.insert %v into %cst[%c0] : tensor<4xf32>
  return %w : tensor<4xf32>
}

// A to_tensor without `writable` may not be written.
// CHECK-NEXT: {"kind": "alloc", "function": "write_read_only", "op": "tensor.insert", "operand": 1, "loc": {"file": "{{.*}}", "line": [[@LINE+5]], "col": 8}, "bytes": 32, "reason": "not writable", "value": {"op": "bufferization.to_tensor", "loc": {"file": "{{.*}}", "line": [[@LINE+4]], "col": 8}}},
// CHECK-NEXT: {"kind": "copy", "function": "write_read_only", "op": "tensor.insert", "operand": 1, {{.*}} "bytes": 32, "reason": "not writable", "value":
func.func @write_read_only(%m: memref<4xi64>, %v: i64) -> tensor<4xi64> {
  %c0 = arith.constant 0 : index
  %t = bufferization.to_tensor %m restrict : memref<4xi64> to tensor<4xi64>
  %w = tensor.insert %v into %t[%c0] : tensor<4xi64>
  return %w : tensor<4xi64>
}

// A tensor from an op without a bufferization model stays behind
// to_buffer: its buffer is not ours to write.
// CHECK-NEXT: {"kind": "alloc", "function": "write_unknown", "op": "tensor.insert", "operand": 1, "loc": {"file": "{{.*}}", "line": [[@LINE+5]], "col": 8}, "bytes": 6, "reason": "unknown op", "value": {"op": "test.make", "loc": {"file": "{{.*}}", "line": [[@LINE+4]], "col": 8}}},
// CHECK-NEXT: {"kind": "copy", "function": "write_unknown", "op": "tensor.insert", "operand": 1, {{.*}} "bytes": 6, "reason": "unknown op", "value":
func.func @write_unknown(%v: i16) -> tensor<3xi16> {
  %c0 = arith.constant 0 : index
  %t = "test.make"() : () -> tensor<3xi16>
  %w = tensor.insert %v into %t[%c0] : tensor<3xi16>
  return %w : tensor<3xi16>
}

// The loop yields %b, not its iteration buffer: %b is copied into it.
// CHECK-NEXT: {"kind": "copy", "function": "yield_other", "op": "scf.for", "operand": null, "loc": {"file": "{{.*}}", "line": [[@LINE+5]], "col": 8}, "bytes": 16, "reason": "returned from loop"}
// CHECK-NEXT: ],
func.func @yield_other(%a: tensor<4xf32>, %b: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> tensor<4xf32> {
    scf.yield %b : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// Without function boundaries the loop's init (an argument) is read-only,
// and so are an argument written in place and a call's result.
// DEFAULT: "records": [
// DEFAULT: {"kind": "alloc", "function": "yield_other", "op": "scf.for", "operand": 3, {{.*}} "reason": "function boundary", "value": {"op": "func.func", "loc": {"file": "{{.*}}", "line": [[@LINE-12]], "col": 24}}},
// DEFAULT: {"kind": "alloc", "function": "write_argument", "op": "tensor.insert", "operand": 1, "loc": {"file": "{{.*}}", "line": [[@LINE+4]], "col": 8}, "bytes": 16, "reason": "function boundary", "value": {"op": "func.func", "loc": {"file": "{{.*}}", "line": [[@LINE+2]], "col": 27}}},
// DEFAULT: {"kind": "copy", "function": "write_argument", "op": "tensor.insert", "operand": 1, {{.*}} "reason": "function boundary", "value":
func.func @write_argument(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %w = tensor.insert %v into %t[%c0] : tensor<4xf32>
  return %w : tensor<4xf32>
}

// DEFAULT: {"kind": "alloc", "function": "write_call_result", "op": "tensor.insert", "operand": 1, "loc": {"file": "{{.*}}", "line": [[@LINE+5]], "col": 8}, "bytes": 16, "reason": "function boundary", "value": {"op": "func.call", "loc": {"file": "{{.*}}", "line": [[@LINE+4]], "col": 8}}},
// DEFAULT: {"kind": "copy", "function": "write_call_result", {{.*}} "reason": "function boundary", "value":
func.func @write_call_result(%v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %t = func.call @make() : () -> tensor<4xf32>
  %w = tensor.insert %v into %t[%c0] : tensor<4xf32>
  return %w : tensor<4xf32>
}
func.func private @make() -> tensor<4xf32>
