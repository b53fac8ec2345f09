// A buffer of one memory space where another is expected is copied into a
// fresh buffer of the expected space: no memref.cast crosses memory spaces
// (they are invalid IR, which our verifier rejected after the pass):
//   - a function result under identity-layout-map is in the default space,
//     so a buffer of space 1 is copied (as upstream);
//   - with infer-layout-map the result keeps the buffer's space; where two
//     returns disagree, the common type is in the default space and the
//     space-1 return is copied;
//   - a call passes a space-1 buffer to an argument in the default space
//     through a copy (the callee only reads it);
//   - to_buffer to a memref type of another space copies;
//   - a loop whose iteration yields a buffer of another space than its
//     iter_arg copies it into the iter_arg's buffer.
// REQUIRES: mlir-opt
// RUN: buffer-opt --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | mlir-opt > /dev/null
// RUN: buffer-opt --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries" %s | FileCheck %s --check-prefix=INFER
// RUN: buffer-opt --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries" %s | mlir-opt > /dev/null
// RUN: buffer-opt --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=fully-dynamic-layout-map" %s | mlir-opt > /dev/null
// RUN: buffer-opt --one-shot-bufferize=allow-return-allocs-from-loops %s | mlir-opt > /dev/null
// The bufferized program prints what the tensor program prints.
// RUN: buffer-opt --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.ref
// RUN: buffer-opt --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.id
// RUN: diff %t.ref %t.id
// RUN: buffer-opt --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries" --buffer-deallocation-pipeline --run=main --run-leak-check %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.infer
// RUN: diff %t.ref %t.infer
// RUN: buffer-opt --one-shot-bufferize=allow-return-allocs-from-loops --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.default
// RUN: diff %t.ref %t.default

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func @return_space1(
// CHECK-SAME: -> memref<4xf32>
// CHECK: %[[A:.*]] = memref.alloc() {{.*}} : memref<4xf32, 1>
// CHECK: %[[B:.*]] = memref.alloc() {{.*}} : memref<4xf32>
// CHECK: memref.copy %[[A]], %[[B]] : memref<4xf32, 1> to memref<4xf32>
// CHECK: return %[[B]]
// INFER-LABEL: func.func @return_space1(
// INFER-SAME: -> memref<4xf32, 1>
func.func @return_space1(%v: f32) -> tensor<4xf32> {
  %a = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return %f : tensor<4xf32>
}

// INFER-LABEL: func.func @returns_disagree(
// INFER-SAME: -> memref<4xf32, strided<[?], offset: ?>>
// INFER: memref.copy {{.*}} : memref<4xf32, 1> to memref<4xf32>
func.func @returns_disagree(%c: i1, %v: f32) -> tensor<4xf32> {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %fa = linalg.fill ins(%v : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return %fa : tensor<4xf32>
^bb2:
  %b = bufferization.alloc_tensor() : tensor<4xf32>
  %w = arith.addf %v, %v : f32
  %fb = linalg.fill ins(%w : f32) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  return %fb : tensor<4xf32>
}

func.func @sum(%t: tensor<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %x = tensor.extract %t[%c0] : tensor<4xf32>
  %y = tensor.extract %t[%c3] : tensor<4xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}

// CHECK-LABEL: func.func @call_space1(
// CHECK: %[[A:.*]] = memref.alloc() {{.*}} : memref<4xf32, 1>
// CHECK: %[[B:.*]] = memref.alloc() {{.*}} : memref<4xf32>
// CHECK: memref.copy %[[A]], %[[B]] : memref<4xf32, 1> to memref<4xf32>
// CHECK: call @sum(%[[B]])
func.func @call_space1(%v: f32) -> f32 {
  %a = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %s = call @sum(%f) : (tensor<4xf32>) -> f32
  return %s : f32
}

// CHECK-LABEL: func.func @to_buffer_space0(
// CHECK: memref.copy {{.*}} : memref<4xf32, 1> to memref<4xf32>
func.func @to_buffer_space0(%v: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %a = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %m = bufferization.to_buffer %f read_only : tensor<4xf32> to memref<4xf32>
  %x = memref.load %m[%c1] : memref<4xf32>
  return %x : f32
}

// The iter_arg is in space 1, each iteration's value in the default space
// (said explicitly: a copying alloc_tensor without memory_space takes the
// copied buffer's space, as upstream infers it).
// CHECK-LABEL: func.func @loop_spaces(
// CHECK: scf.for {{.*}} -> (memref<4xf32, 1>)
// CHECK: memref.copy {{.*}} : memref<4xf32> to memref<4xf32, 1>
// CHECK: scf.yield
func.func @loop_spaces(%v: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %f) -> tensor<4xf32> {
    %b = bufferization.alloc_tensor() copy(%t) {memory_space = 0 : i64} : tensor<4xf32>
    %x = tensor.extract %b[%i] : tensor<4xf32>
    %y = arith.addf %x, %v : f32
    %u = tensor.insert %y into %b[%i] : tensor<4xf32>
    scf.yield %u : tensor<4xf32>
  }
  %s = call @sum(%r) : (tensor<4xf32>) -> f32
  return %s : f32
}

func.func @main() {
  %v = arith.constant 1.5 : f32
  %c2 = arith.constant 2 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = call @return_space1(%v) : (f32) -> tensor<4xf32>
  %b = call @returns_disagree(%true, %v) : (i1, f32) -> tensor<4xf32>
  %c = call @returns_disagree(%false, %v) : (i1, f32) -> tensor<4xf32>
  %x = call @call_space1(%v) : (f32) -> f32
  %y = call @to_buffer_space0(%v) : (f32) -> f32
  %z = call @loop_spaces(%v, %c2) : (f32, index) -> f32
  %s = tensor.from_elements %x, %y, %z, %v : tensor<4xf32>
  %all = tensor.concat dim(0) %a, %b, %c, %s : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<16xf32>
  %m = bufferization.to_buffer %all read_only : tensor<16xf32> to memref<16xf32>
  %u = memref.cast %m : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
