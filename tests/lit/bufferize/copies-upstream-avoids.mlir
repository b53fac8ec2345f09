// Copies and allocations upstream's One-Shot avoids, found where the
// generator's programs allocated more than upstream (seeds 98, 149, 517):
//   - an insert_slice that overwrites all of its destination does not read
//     it, so an out-of-place destination (here a slice of a constant) is
//     allocated without copying the old contents;
//   - a linalg.copy of a value into itself stores the same data back: it
//     writes in place and disappears from the output;
//   - a tensor.cast keeps the layout of its source buffer, so a later
//     identity-layout use of a unit-stride slice needs no copy;
//   - an elementwise op whose input and output are two extract_slices of
//     the same part of one tensor reads each element before writing it in
//     the same place: both slices stay views (seeds 1287, 1301).
// REQUIRES: mlir-opt
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | mlir-opt > /dev/null
// RUN: buffer-opt --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.ref
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.fb
// RUN: diff %t.ref %t.fb
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --run=main --run-leak-check %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.dealloc
// RUN: diff %t.ref %t.dealloc

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func @overwrite_constant_slice(
// CHECK: %[[A:.*]] = memref.alloc() {{.*}} : memref<2x2xf32>
// CHECK-NOT: memref.copy {{.*}}, %[[A]]
// CHECK: linalg.fill {{.*}} outs(%[[A]]
// CHECK: return
func.func @overwrite_constant_slice(%v: f32) -> tensor<2x2xf32> {
  %c = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %s = tensor.extract_slice %c[0, 1] [2, 2] [1, 1] : tensor<2x3xf32> to tensor<2x2xf32>
  %f = linalg.fill ins(%v : f32) outs(%s : tensor<2x2xf32>) -> tensor<2x2xf32>
  %w = tensor.insert_slice %f into %s[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<2x2xf32>
  return %w : tensor<2x2xf32>
}

// CHECK-LABEL: func.func @self_copy(
// CHECK-NOT: memref.alloc
// CHECK-NOT: linalg.copy
// CHECK: return
func.func @self_copy(%t: tensor<3xf32>) -> (tensor<3xf32>, f32) {
  %c0 = arith.constant 0 : index
  %k = linalg.copy ins(%t : tensor<3xf32>) outs(%t : tensor<3xf32>) -> tensor<3xf32>
  // %t is still read after the copy wrote its buffer
  %x = tensor.extract %t[%c0] : tensor<3xf32>
  return %k, %x : tensor<3xf32>, f32
}

// CHECK-LABEL: func.func @cast_keeps_layout(
// CHECK: memref.cast {{.*}} : memref<?xf32, strided<[1]>> to memref<4xf32, strided<[1]>>
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @cast_keeps_layout(%t: tensor<8xf32>, %n: index) -> f32 {
  %c1 = arith.constant 1 : index
  %s = tensor.extract_slice %t[0] [%n] [1] : tensor<8xf32> to tensor<?xf32>
  %c = tensor.cast %s : tensor<?xf32> to tensor<4xf32>
  %b = bufferization.to_buffer %c read_only : tensor<4xf32> to memref<4xf32>
  %x = memref.load %b[%c1] : memref<4xf32>
  return %x : f32
}

// CHECK-LABEL: func.func @same_slice_elementwise(
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: linalg.max ins(%[[A:.*]], %[[A]] : {{.*}}) outs(%[[B:[a-z_0-9]+]] :
// CHECK: return
func.func @same_slice_elementwise(%t: tensor<4x1xi64>) -> tensor<4x1xi64> {
  %a = tensor.extract_slice %t[1, 0] [3, 1] [1, 1] : tensor<4x1xi64> to tensor<3x1xi64>
  %b = tensor.extract_slice %t[1, 0] [3, 1] [1, 1] : tensor<4x1xi64> to tensor<3x1xi64>
  %m = linalg.max ins(%a, %a : tensor<3x1xi64>, tensor<3x1xi64>) outs(%b : tensor<3x1xi64>) -> tensor<3x1xi64>
  %r = tensor.insert_slice %m into %t[1, 0] [3, 1] [1, 1] : tensor<3x1xi64> into tensor<4x1xi64>
  return %r : tensor<4x1xi64>
}

func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %nine = arith.constant 9.0 : f32
  %c4 = arith.constant 4 : index
  %w = call @overwrite_constant_slice(%nine) : (f32) -> tensor<2x2xf32>
  %mw = bufferization.to_buffer %w : tensor<2x2xf32> to memref<2x2xf32>
  %uw = memref.cast %mw : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%uw) : (memref<*xf32>) -> ()
  %t = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<3xf32>
  %tt = linalg.copy ins(%t : tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %k, %x = call @self_copy(%tt) : (tensor<3xf32>) -> (tensor<3xf32>, f32)
  %mk = bufferization.to_buffer %k : tensor<3xf32> to memref<3xf32>
  %uk = memref.cast %mk : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%uk) : (memref<*xf32>) -> ()
  %ex = tensor.from_elements %x : tensor<1xf32>
  %mx = bufferization.to_buffer %ex : tensor<1xf32> to memref<1xf32>
  %ux = memref.cast %mx : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%ux) : (memref<*xf32>) -> ()
  %big = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf32>
  %y = call @cast_keeps_layout(%big, %c4) : (tensor<8xf32>, index) -> f32
  %ey = tensor.from_elements %y : tensor<1xf32>
  %my = bufferization.to_buffer %ey : tensor<1xf32> to memref<1xf32>
  %uy = memref.cast %my : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%uy) : (memref<*xf32>) -> ()
  %ti = arith.constant dense<[[4], [-3], [7], [0]]> : tensor<4x1xi64>
  %ei = tensor.empty() : tensor<4x1xi64>
  %tt2 = linalg.copy ins(%ti : tensor<4x1xi64>) outs(%ei : tensor<4x1xi64>) -> tensor<4x1xi64>
  %s = call @same_slice_elementwise(%tt2) : (tensor<4x1xi64>) -> tensor<4x1xi64>
  %ms = bufferization.to_buffer %s : tensor<4x1xi64> to memref<4x1xi64>
  %us = memref.cast %ms : memref<4x1xi64> to memref<*xi64>
  call @printMemrefI64(%us) : (memref<*xi64>) -> ()
  return
}
