// Better than upstream: a read and a write of provably disjoint parts of one
// tensor (static slices, constant indices, strided interleavings, slices of
// slices) do not conflict, so nothing is copied; overlapping ones still do.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s
// The program prints the same before and after bufferization, with each
// set of options, and leak-free after deallocation.
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize %s --run=main | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// Upstream parses what we print.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %s | mlir-opt > /dev/null
// REQUIRES: mlir-opt

// The fill writes [0, 4) of %t in place; element 5 of the old %t is read
// afterwards and is not in that range: no copy (upstream copies %t).
// CHECK-LABEL: func.func @point_after_slice_write(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<8xf32>
// CHECK-NOT: memref.alloc
// CHECK: %[[S:.*]] = memref.subview %[[T]][0] [4] [1]
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[S]] :
// CHECK-NOT: memref.copy
// CHECK: memref.load %[[T]]
// CHECK: return %[[T]]

func.func @point_after_slice_write(%t: tensor<8xf32>, %v: f32) -> (tensor<8xf32>, f32) {
  %c5 = arith.constant 5 : index
  %s = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %f into %t[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %old = tensor.extract %t[%c5] : tensor<8xf32>
  return %r, %old : tensor<8xf32>, f32
}

// Element 3 is inside the written range: %t is copied.
// CHECK-LABEL: func.func @point_inside_slice_write(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<8xf32>
// CHECK: memref.copy %[[T]], %[[C:.*]] :
// CHECK: memref.load %[[T]]
// CHECK: return %[[C]]

func.func @point_inside_slice_write(%t: tensor<8xf32>, %v: f32) -> (tensor<8xf32>, f32) {
  %c3 = arith.constant 3 : index
  %s = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %f into %t[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %old = tensor.extract %t[%c3] : tensor<8xf32>
  return %r, %old : tensor<8xf32>, f32
}

// Two tiles of a 2-D tensor that share no element: the write of one does
// not conflict with the read of the other.
// CHECK-LABEL: func.func @disjoint_tiles_2d(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<4x8xf32>
// CHECK-NOT: memref.copy
// CHECK: %[[A:.*]] = memref.subview %[[T]][0, 0] [2, 4] [1, 1]
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] :
// CHECK: %[[B:.*]] = memref.subview %[[T]][2, 4] [2, 4] [1, 1]
// CHECK-NOT: memref.copy
// CHECK: return %[[T]]

func.func @disjoint_tiles_2d(%t: tensor<4x8xf32>, %v: f32) -> (tensor<4x8xf32>, tensor<2x4xf32>) {
  %a = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<4x8xf32> to tensor<2x4xf32>
  %fa = linalg.fill ins(%v : f32) outs(%a : tensor<2x4xf32>) -> tensor<2x4xf32>
  %r = tensor.insert_slice %fa into %t[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<4x8xf32>
  %b = tensor.extract_slice %t[2, 4] [2, 4] [1, 1] : tensor<4x8xf32> to tensor<2x4xf32>
  %e = tensor.empty() : tensor<2x4xf32>
  %nb = linalg.add ins(%b, %b : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r, %nb : tensor<4x8xf32>, tensor<2x4xf32>
}

// The even elements are written, an odd one is read: apart.
// CHECK-LABEL: func.func @strided_interleave(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<8xf32>
// CHECK-NOT: memref.alloc
// CHECK: memref.subview %[[T]][0] [4] [2]
// CHECK-NOT: memref.copy
// CHECK: return %[[T]]

func.func @strided_interleave(%t: tensor<8xf32>, %v: f32) -> (tensor<8xf32>, f32) {
  %c1 = arith.constant 1 : index
  %even = tensor.extract_slice %t[0] [4] [2] : tensor<8xf32> to tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%even : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %f into %t[0] [4] [2] : tensor<4xf32> into tensor<8xf32>
  %odd = tensor.extract %t[%c1] : tensor<8xf32>
  return %r, %odd : tensor<8xf32>, f32
}

// An even element is read: it was overwritten, so %t is copied.
// CHECK-LABEL: func.func @strided_overlap(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<8xf32>
// CHECK: memref.copy %[[T]], %[[C:.*]] :
// CHECK: return %[[C]]

func.func @strided_overlap(%t: tensor<8xf32>, %v: f32) -> (tensor<8xf32>, f32) {
  %c2 = arith.constant 2 : index
  %even = tensor.extract_slice %t[0] [4] [2] : tensor<8xf32> to tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%even : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %f into %t[0] [4] [2] : tensor<4xf32> into tensor<8xf32>
  %old = tensor.extract %t[%c2] : tensor<8xf32>
  return %r, %old : tensor<8xf32>, f32
}

// A slice of a slice, written and inserted back through both levels: the
// outer insert keeps only what lies outside [8, 16), which the write does
// not touch, and element 2 is outside too. All in place (upstream copies).
// CHECK-LABEL: func.func @nested_slices(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<16xf32>
// CHECK-NOT: memref.alloc
// CHECK: %[[O:.*]] = memref.subview %[[T]][8] [8] [1]
// CHECK: %[[I:.*]] = memref.subview %[[O]][4] [4] [1]
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[I]] :
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.subview
// CHECK: return %[[T]]

func.func @nested_slices(%t: tensor<16xf32>, %v: f32) -> (tensor<16xf32>, f32) {
  %c2 = arith.constant 2 : index
  %outer = tensor.extract_slice %t[8] [8] [1] : tensor<16xf32> to tensor<8xf32>
  %inner = tensor.extract_slice %outer[4] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%inner : tensor<4xf32>) -> tensor<4xf32>
  %o2 = tensor.insert_slice %f into %outer[4] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %r = tensor.insert_slice %o2 into %t[8] [8] [1] : tensor<8xf32> into tensor<16xf32>
  %old = tensor.extract %t[%c2] : tensor<16xf32>
  return %r, %old : tensor<16xf32>, f32
}

func.func @main() {
  %v = arith.constant -1.0 : f32
  %a = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf32>
  %m = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0], [24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0]]> : tensor<4x8xf32>
  %w = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0]> : tensor<16xf32>
  %r1, %x1 = call @point_after_slice_write(%a, %v) : (tensor<8xf32>, f32) -> (tensor<8xf32>, f32)
  %r2, %x2 = call @point_inside_slice_write(%a, %v) : (tensor<8xf32>, f32) -> (tensor<8xf32>, f32)
  %r3, %t3 = call @disjoint_tiles_2d(%m, %v) : (tensor<4x8xf32>, f32) -> (tensor<4x8xf32>, tensor<2x4xf32>)
  %r4, %x4 = call @strided_interleave(%a, %v) : (tensor<8xf32>, f32) -> (tensor<8xf32>, f32)
  %r6, %x6 = call @strided_overlap(%a, %v) : (tensor<8xf32>, f32) -> (tensor<8xf32>, f32)
  %r5, %x5 = call @nested_slices(%w, %v) : (tensor<16xf32>, f32) -> (tensor<16xf32>, f32)
  %mu1 = bufferization.to_buffer %r1 : tensor<8xf32> to memref<8xf32>
  %u1 = memref.cast %mu1 : memref<8xf32> to memref<*xf32>
  call @print(%u1, %x1) : (memref<*xf32>, f32) -> ()
  %mu2 = bufferization.to_buffer %r2 : tensor<8xf32> to memref<8xf32>
  %u2 = memref.cast %mu2 : memref<8xf32> to memref<*xf32>
  call @print(%u2, %x2) : (memref<*xf32>, f32) -> ()
  %mu3 = bufferization.to_buffer %r3 : tensor<4x8xf32> to memref<4x8xf32>
  %u3 = memref.cast %mu3 : memref<4x8xf32> to memref<*xf32>
  call @print(%u3, %v) : (memref<*xf32>, f32) -> ()
  %mut3 = bufferization.to_buffer %t3 : tensor<2x4xf32> to memref<2x4xf32>
  %ut3 = memref.cast %mut3 : memref<2x4xf32> to memref<*xf32>
  call @print(%ut3, %v) : (memref<*xf32>, f32) -> ()
  %mu4 = bufferization.to_buffer %r4 : tensor<8xf32> to memref<8xf32>
  %u4 = memref.cast %mu4 : memref<8xf32> to memref<*xf32>
  call @print(%u4, %x4) : (memref<*xf32>, f32) -> ()
  %mu5 = bufferization.to_buffer %r5 : tensor<16xf32> to memref<16xf32>
  %u5 = memref.cast %mu5 : memref<16xf32> to memref<*xf32>
  call @print(%u5, %x5) : (memref<*xf32>, f32) -> ()
  %mu6 = bufferization.to_buffer %r6 : tensor<8xf32> to memref<8xf32>
  %u6 = memref.cast %mu6 : memref<8xf32> to memref<*xf32>
  call @print(%u6, %x6) : (memref<*xf32>, f32) -> ()
  return
}

func.func @print(%m: memref<*xf32>, %x: f32) {
  call @printMemrefF32(%m) : (memref<*xf32>) -> ()
  call @printF32(%x) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printF32(f32)

func.func private @printNewline()

// OUT: [-1,  -1,  -1,  -1,  4,  5,  6,  7]
// OUT-NEXT: 5
// OUT: [-1,  -1,  -1,  -1,  4,  5,  6,  7]
// OUT-NEXT: 3
// OUT: {{\[\[}}-1,   -1,   -1,   -1,   4,   5,   6,   7],
// OUT-NEXT: [-1,   -1,   -1,   -1,   12,   13,   14,   15],
// OUT-NEXT: [16,   17,   18,   19,   20,   21,   22,   23],
// OUT-NEXT: [24,   25,   26,   27,   28,   29,   30,   31]]
// OUT-NEXT: -1
// OUT: {{\[\[}}40,   42,   44,   46],
// OUT-NEXT: [56,   58,   60,   62]]
// OUT-NEXT: -1
// OUT: [-1,  1,  -1,  3,  -1,  5,  -1,  7]
// OUT-NEXT: 1
// OUT: [0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  -1,  -1,  -1,  -1]
// OUT-NEXT: 2
// OUT: [-1,  1,  -1,  3,  -1,  5,  -1,  7]
// OUT-NEXT: 2
