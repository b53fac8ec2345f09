// An argument marked {bufferization.writable = false} is the caller's
// read-only buffer: One-Shot with function boundaries writes into a new
// buffer instead, copying the old contents only where they are read. This
// holds for writes of the function itself, of loops and slices, of a callee
// whose summary writes its argument, and of an external callee, which may
// write any argument unless its declaration says
// {bufferization.access = "read" | "none"} ("write": a new buffer, not
// copied). Allocations and copies equal upstream's, and like upstream the
// bufferized signature drops the marking. The runs below give the tensor
// program's values (the types aside). The tensor
// program's inputs also run the bufferized @fill (a tensor input fits a
// memref argument); the others spell memref inputs.
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries %s | mlir-opt > /dev/null
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --bufferization-report=- %s -o /dev/null | FileCheck %s --check-prefix=REPORT
// RUN: echo '[{"type":"tensor<4xf32>","shape":[4],"data":[1,2,3,4]}]' > %t.in1
// RUN: echo '[{"type":"memref<4xf32, strided<[?], offset: ?>>","shape":[4],"data":[1,2,3,4]}]' > %t.min1
// RUN: echo '[{"type":"tensor<4xf32>","shape":[4],"data":[1,2,3,4]},{"type":"f32","value":9}]' > %t.in2
// RUN: echo '[{"type":"memref<4xf32, strided<[?], offset: ?>>","shape":[4],"data":[1,2,3,4]},{"type":"f32","value":9}]' > %t.min2
// RUN: echo '[{"type":"tensor<4xf32>","shape":[4],"data":[1,2,3,4]},{"type":"index","value":3}]' > %t.in3
// RUN: echo '[{"type":"memref<4xf32, strided<[?], offset: ?>>","shape":[4],"data":[1,2,3,4]},{"type":"index","value":3}]' > %t.min3
// RUN: echo '[{"type":"tensor<4xf32>","shape":[4],"data":[1,2,3,4]},{"type":"tensor<2xf32>","shape":[2],"data":[7,8]}]' > %t.in4
// RUN: echo '[{"type":"memref<4xf32, strided<[?], offset: ?>>","shape":[4],"data":[1,2,3,4]},{"type":"memref<2xf32, strided<[?], offset: ?>>","shape":[2],"data":[7,8]}]' > %t.min4
// RUN: buffer-opt --run=fill --inputs=%t.in1 %s | sed -e 's/"type":"[^"]*",//g' > %t.tensor1
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --run=fill --inputs=%t.in1 %s | sed -e 's/"type":"[^"]*",//g' > %t.buffer1
// RUN: diff %t.tensor1 %t.buffer1
// RUN: buffer-opt --run=passes_on --inputs=%t.in2 %s | sed -e 's/"type":"[^"]*",//g' > %t.tensor2
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --run=passes_on --inputs=%t.min2 %s | sed -e 's/"type":"[^"]*",//g' > %t.buffer2
// RUN: diff %t.tensor2 %t.buffer2
// RUN: buffer-opt --run=loop --inputs=%t.in3 %s | sed -e 's/"type":"[^"]*",//g' > %t.tensor3
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --run=loop --inputs=%t.min3 %s | sed -e 's/"type":"[^"]*",//g' > %t.buffer3
// RUN: diff %t.tensor3 %t.buffer3
// RUN: buffer-opt --run=slice --inputs=%t.in4 %s | sed -e 's/"type":"[^"]*",//g' > %t.tensor4
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --run=slice --inputs=%t.min4 %s | sed -e 's/"type":"[^"]*",//g' > %t.buffer4
// RUN: diff %t.tensor4 %t.buffer4
// RUN: FileCheck %s --check-prefix=OUT < %t.buffer4

func.func private @ext_any(tensor<4xf32>) -> f32
func.func private @ext_read(tensor<4xf32> {bufferization.access = "read"}) -> f32
func.func private @ext_write(tensor<4xf32> {bufferization.access = "write"}) -> f32
func.func private @ext_none(tensor<4xf32> {bufferization.access = "none"}) -> f32

// CHECK-LABEL: func.func @fill(
// CHECK-SAME: %[[A:.*]]: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32>
// CHECK: %[[NEW:.*]] = memref.alloc()
// CHECK-NOT: memref.copy
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[NEW]] : memref<4xf32>)
// CHECK: return %[[NEW]]
// REPORT: {"kind": "alloc", "function": "fill", "op": "linalg.fill", "operand": 1, "loc": {"file": "{{.*}}read-only-arguments.mlir", "line": [[@LINE+3]], "col": 8}, "bytes": 16, "reason": "not writable", "value": {"op": "func.func", "loc": {"file": "{{.*}}", "line": [[@LINE+1]], "col": 17}}}
func.func @fill(%a: tensor<4xf32> {bufferization.writable = false}) -> tensor<4xf32> {
  %c = arith.constant 1.0 : f32
  %r = linalg.fill ins(%c : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @externals(
// CHECK-SAME: %[[A:[^:]*]]: memref<4xf32, strided<[?], offset: ?>>
// CHECK: %[[COPY:.*]] = memref.alloc()
// CHECK: memref.copy %[[A]], %[[COPY]]
// CHECK: %[[CAST:.*]] = memref.cast %[[COPY]]
// CHECK: call @ext_any(%[[CAST]])
// CHECK: call @ext_read(%[[A]])
// CHECK: %[[FRESH:.*]] = memref.alloc()
// CHECK-NOT: memref.copy
// CHECK: %[[CAST2:.*]] = memref.cast %[[FRESH]]
// CHECK: call @ext_write(%[[CAST2]])
// CHECK: call @ext_none(%[[A]])
func.func @externals(%a: tensor<4xf32> {bufferization.writable = false}) -> (f32, f32, f32, f32) {
  %0 = call @ext_any(%a) : (tensor<4xf32>) -> f32
  %1 = call @ext_read(%a) : (tensor<4xf32>) -> f32
  %2 = call @ext_write(%a) : (tensor<4xf32>) -> f32
  %3 = call @ext_none(%a) : (tensor<4xf32>) -> f32
  return %0, %1, %2, %3 : f32, f32, f32, f32
}

func.func @callee_writes(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %r = tensor.insert %v into %t[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @passes_on(
// CHECK-SAME: %[[A:[^:]*]]: memref<4xf32, strided<[?], offset: ?>>
// CHECK: %[[COPY:.*]] = memref.alloc()
// CHECK: memref.copy %[[A]], %[[COPY]]
// CHECK: %[[CAST:.*]] = memref.cast %[[COPY]]
// CHECK: call @callee_writes(%[[CAST]],
func.func @passes_on(%a: tensor<4xf32> {bufferization.writable = false}, %v: f32) -> tensor<4xf32> {
  %r = call @callee_writes(%a, %v) : (tensor<4xf32>, f32) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @loop(
// CHECK-SAME: %[[A:[^:]*]]: memref<4xf32, strided<[?], offset: ?>>
// CHECK: %[[COPY:.*]] = memref.alloc()
// CHECK: memref.copy %[[A]], %[[COPY]]
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[COPY]])
func.func @loop(%a: tensor<4xf32> {bufferization.writable = false}, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> tensor<4xf32> {
    %x = tensor.extract %t[%c0] : tensor<4xf32>
    %y = arith.addf %x, %x : f32
    %u = tensor.insert %y into %t[%i] : tensor<4xf32>
    scf.yield %u : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @slice(
// CHECK-SAME: %[[A:[^:]*]]: memref<4xf32, strided<[?], offset: ?>>
// CHECK: %[[COPY:.*]] = memref.alloc()
// CHECK: memref.copy %[[A]], %[[COPY]]
// CHECK: memref.subview %[[COPY]][1] [2] [1]
// OUT: "data":[1.0,7.0,8.0,4.0]
func.func @slice(%a: tensor<4xf32> {bufferization.writable = false}, %s: tensor<2xf32>) -> tensor<4xf32> {
  %r = tensor.insert_slice %s into %a[1] [2] [1] : tensor<2xf32> into tensor<4xf32>
  return %r : tensor<4xf32>
}

// Only `false` protects: writable = true is the default, and the bufferized
// signature drops it as upstream does.
// CHECK-LABEL: func.func @writable_true(
// CHECK-SAME: %[[A:[^:]*]]: memref<4xf32, strided<[?], offset: ?>>) ->
// CHECK-NOT: memref.alloc
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] :
func.func @writable_true(%a: tensor<4xf32> {bufferization.writable = true}) -> tensor<4xf32> {
  %c = arith.constant 2.0 : f32
  %r = linalg.fill ins(%c : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
