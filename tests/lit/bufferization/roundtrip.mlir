// Round trip of every bufferization op's custom form: optional operand
// groups of alloc_tensor and dealloc, unit keywords, memory spaces and
// strided layouts on the buffer side, unranked conversions.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s

// CHECK-LABEL: func.func @alloc_tensor(%arg0: tensor<4xf32>, %arg1: index) -> (tensor<?xf32>, tensor<4xf32>, tensor<4xf32>, tensor<?xf32>, tensor<4xf32>, tensor<?x4xf32>) {
// CHECK-NEXT: %0 = bufferization.alloc_tensor(%arg1) : tensor<?xf32>
// CHECK-NEXT: %1 = bufferization.alloc_tensor() copy(%arg0) : tensor<4xf32>
// CHECK-NEXT: %2 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
// CHECK-NEXT: %3 = bufferization.alloc_tensor(%arg1) size_hint=%arg1 : tensor<?xf32>
// CHECK-NEXT: %4 = bufferization.alloc_tensor() copy(%arg0) {memory_space = 1 : i64, tag} : tensor<4xf32>
// CHECK-NEXT: %5 = bufferization.alloc_tensor(%arg1) {memory_space = #gpu.address_space<global>} : tensor<?x4xf32>
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5 : tensor<?xf32>, tensor<4xf32>, tensor<4xf32>, tensor<?xf32>, tensor<4xf32>, tensor<?x4xf32>
func.func @alloc_tensor(%t: tensor<4xf32>, %d: index) -> (tensor<?xf32>, tensor<4xf32>, tensor<4xf32>, tensor<?xf32>, tensor<4xf32>, tensor<?x4xf32>) {
  %a = bufferization.alloc_tensor(%d) : tensor<?xf32>
  %a2 = bufferization.alloc_tensor() copy(%t) : tensor<4xf32>
  %a3 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %a4 = bufferization.alloc_tensor(%d) size_hint=%d : tensor<?xf32>
  %a5 = bufferization.alloc_tensor() copy(%t) {memory_space = 1 : i64, tag} : tensor<4xf32>
  %a6 = bufferization.alloc_tensor(%d) {memory_space = #gpu.address_space<global>} : tensor<?x4xf32>
  return %a, %a2, %a3, %a4, %a5, %a6 : tensor<?xf32>, tensor<4xf32>, tensor<4xf32>, tensor<?xf32>, tensor<4xf32>, tensor<?x4xf32>
}

// CHECK-LABEL: func.func @conversions(%arg0: tensor<4xf32>, %arg1: memref<4xf32>, %arg2: memref<4xf32, strided<[?], offset: ?>, 1>, %arg3: memref<*xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, memref<4xf32>, memref<4xf32, strided<[?], offset: ?>, 1>, tensor<*xf32>, memref<*xf32>) {
// CHECK-NEXT: %0 = bufferization.to_tensor %arg1 restrict writable : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT: %1 = bufferization.to_tensor %arg1 : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT: %2 = bufferization.to_tensor %arg2 {tag} : memref<4xf32, strided<[?], offset: ?>, 1> to tensor<4xf32>
// CHECK-NEXT: %3 = bufferization.to_buffer %arg0 read_only : tensor<4xf32> to memref<4xf32>
// CHECK-NEXT: %4 = bufferization.to_buffer %0 : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>, 1>
// CHECK-NEXT: %5 = bufferization.to_tensor %arg3 : memref<*xf32> to tensor<*xf32>
// CHECK-NEXT: %6 = bufferization.to_buffer %5 : tensor<*xf32> to memref<*xf32>
// CHECK-NEXT: return %1, %2, %0, %3, %4, %5, %6 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, memref<4xf32>, memref<4xf32, strided<[?], offset: ?>, 1>, tensor<*xf32>, memref<*xf32>
func.func @conversions(%t: tensor<4xf32>, %m: memref<4xf32>, %ms: memref<4xf32, strided<[?], offset: ?>, 1>, %u: memref<*xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, memref<4xf32>, memref<4xf32, strided<[?], offset: ?>, 1>, tensor<*xf32>, memref<*xf32>) {
  %tt = bufferization.to_tensor %m restrict writable : memref<4xf32> to tensor<4xf32>
  %tt2 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %tt3 = bufferization.to_tensor %ms {tag} : memref<4xf32, strided<[?], offset: ?>, 1> to tensor<4xf32>
  %bb = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>
  %bb2 = bufferization.to_buffer %tt : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>, 1>
  %tu = bufferization.to_tensor %u : memref<*xf32> to tensor<*xf32>
  %bu = bufferization.to_buffer %tu : tensor<*xf32> to memref<*xf32>
  return %tt2, %tt3, %tt, %bb, %bb2, %tu, %bu : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, memref<4xf32>, memref<4xf32, strided<[?], offset: ?>, 1>, tensor<*xf32>, memref<*xf32>
}

// CHECK-LABEL: func.func @memory(%arg0: tensor<4xf32>, %arg1: memref<4xf32>, %arg2: memref<2xf32>, %arg3: i1, %arg4: i1, %arg5: tensor<?xf32>) -> (memref<4xf32>, tensor<4xf32>, i1, i1, i1) {
// CHECK-NEXT: %0 = bufferization.clone %arg1 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: %1 = bufferization.materialize_in_destination %arg0 in %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: bufferization.materialize_in_destination %arg0 in restrict writable %arg1 : (tensor<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: bufferization.materialize_in_destination %arg0 in writable %arg1 {tag} : (tensor<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: bufferization.dealloc_tensor %arg5 : tensor<?xf32>
// CHECK-NEXT: %2:2 = bufferization.dealloc (%arg2, %arg1 : memref<2xf32>, memref<4xf32>) if (%arg3, %arg4) retain (%arg2, %arg1 : memref<2xf32>, memref<4xf32>)
// CHECK-NEXT: bufferization.dealloc (%arg2 : memref<2xf32>) if (%arg3)
// CHECK-NEXT: %3 = bufferization.dealloc retain (%arg2 : memref<2xf32>)
// CHECK-NEXT: bufferization.dealloc
// CHECK-NEXT: return %0, %1, %2#0, %2#1, %3 : memref<4xf32>, tensor<4xf32>, i1, i1, i1
func.func @memory(%t: tensor<4xf32>, %m: memref<4xf32>, %m2: memref<2xf32>, %c0: i1, %c1: i1, %dt: tensor<?xf32>) -> (memref<4xf32>, tensor<4xf32>, i1, i1, i1) {
  %cl = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  %mi = bufferization.materialize_in_destination %t in %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  bufferization.materialize_in_destination %t in restrict writable %m : (tensor<4xf32>, memref<4xf32>) -> ()
  bufferization.materialize_in_destination %t in writable %m {tag} : (tensor<4xf32>, memref<4xf32>) -> ()
  bufferization.dealloc_tensor %dt : tensor<?xf32>
  %r:2 = bufferization.dealloc (%m2, %m : memref<2xf32>, memref<4xf32>) if (%c0, %c1) retain (%m2, %m : memref<2xf32>, memref<4xf32>)
  bufferization.dealloc (%m2 : memref<2xf32>) if (%c0)
  %r2 = bufferization.dealloc retain (%m2 : memref<2xf32>)
  bufferization.dealloc
  return %cl, %mi, %r#0, %r#1, %r2 : memref<4xf32>, tensor<4xf32>, i1, i1, i1
}
