// An out-of-place write whose old contents are never needed gets a fresh
// buffer without a copy (an alloc_tensor that stands in for the operand).
// That buffer lives in the memory space of the operand's buffer, as
// upstream places it, and not in the default space.
// REQUIRES: mlir-opt
// RUN: buffer-opt --one-shot-bufferize %s | FileCheck %s
// RUN: mlir-opt --one-shot-bufferize %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize %s | mlir-opt > /dev/null
// The bufferized program returns what the tensor program returns.
// RUN: buffer-opt --run=main %s > %t.ref
// RUN: buffer-opt --one-shot-bufferize --run=main %s > %t.out
// RUN: diff %t.ref %t.out

// CHECK-LABEL: func.func @refill(
// CHECK: %[[A:.*]] = memref.alloc() {{.*}} : memref<8xf32, 1>
// CHECK: linalg.fill {{.*}} outs(%[[A]] : memref<8xf32, 1>)
// CHECK: %[[B:.*]] = memref.alloc() {{.*}} : memref<8xf32, 1>
// CHECK-NOT: memref.copy
// CHECK: linalg.fill {{.*}} outs(%[[B]] : memref<8xf32, 1>)
// CHECK: linalg.fill {{.*}} outs(%[[A]] : memref<8xf32, 1>)
func.func @refill(%a: f32, %b: f32, %i: index) -> (f32, f32) {
  %t = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<8xf32>
  %f = linalg.fill ins(%a : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
  %g = linalg.fill ins(%b : f32) outs(%f : tensor<8xf32>) -> tensor<8xf32>
  %h = linalg.fill ins(%a : f32) outs(%f : tensor<8xf32>) -> tensor<8xf32>
  %x = tensor.extract %g[%i] : tensor<8xf32>
  %y = tensor.extract %h[%i] : tensor<8xf32>
  return %x, %y : f32, f32
}

// The same with a dynamic size, read from the operand.
// CHECK-LABEL: func.func @refill_dynamic(
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xf32, 2>
// CHECK: %[[B:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xf32, 2>
// CHECK-NOT: memref.copy
// CHECK: linalg.fill {{.*}} outs(%[[B]] : memref<?xf32, 2>)
func.func @refill_dynamic(%n: index, %a: f32, %b: f32, %i: index) -> (f32, f32) {
  %t = bufferization.alloc_tensor(%n) {memory_space = 2 : i64} : tensor<?xf32>
  %f = linalg.fill ins(%a : f32) outs(%t : tensor<?xf32>) -> tensor<?xf32>
  %g = linalg.fill ins(%b : f32) outs(%f : tensor<?xf32>) -> tensor<?xf32>
  %h = linalg.fill ins(%a : f32) outs(%f : tensor<?xf32>) -> tensor<?xf32>
  %x = tensor.extract %g[%i] : tensor<?xf32>
  %y = tensor.extract %h[%i] : tensor<?xf32>
  return %x, %y : f32, f32
}

func.func @main() -> (f32, f32, f32, f32) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.5 : f32
  %i = arith.constant 3 : index
  %n = arith.constant 5 : index
  %x, %y = call @refill(%a, %b, %i) : (f32, f32, index) -> (f32, f32)
  %u, %v = call @refill_dynamic(%n, %a, %b, %i) : (index, f32, f32, index) -> (f32, f32)
  return %x, %y, %u, %v : f32, f32, f32, f32
}
