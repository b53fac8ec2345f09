// Bufferization models of tensor ops: extract_slice / insert_slice (in
// place and not), extract / insert, from_elements, generate, pad,
// collapse_shape / expand_shape, cast and dim.
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

// extract_slice is a subview; the fill writes it in place and insert_slice
// of the same slice into the source is a no-op. The later read of element 5
// is outside the written slice [0, 4), so no copy (upstream copies %t).
// CHECK-LABEL: func.func @slices(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<8xf32>
// CHECK-NOT: memref.alloc
// CHECK: %[[S:.*]] = memref.subview %[[T]][0] [4] [1]
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[S]] :
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.subview
// CHECK: memref.load %[[T]]
// CHECK: return %[[T]]

func.func @slices(%t: tensor<8xf32>, %v: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %s = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %f into %t[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %old = tensor.extract %t[%c5] : tensor<8xf32>
  return %r, %old : tensor<8xf32>, f32
}

// insert_slice writes [0, 2) of %t and element 1 of the old %t is read
// afterwards: the destination is copied, the source copied into a subview.
// CHECK-LABEL: func.func @insert_conflict(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<8xf32>, %[[U:[a-z0-9]+]]: memref<2xf32>
// CHECK: %[[C:.*]] = memref.alloc()
// CHECK: memref.copy %[[T]], %[[C]]
// CHECK: %[[S:.*]] = memref.subview %[[C]][0] [2] [1]
// CHECK: memref.copy %[[U]], %[[S]]
// CHECK: memref.load %[[T]]
// CHECK: return %[[C]]

func.func @insert_conflict(%t: tensor<8xf32>, %u: tensor<2xf32>) -> (tensor<8xf32>, f32) {
  %c1 = arith.constant 1 : index
  %r = tensor.insert_slice %u into %t[0] [2] [1] : tensor<2xf32> into tensor<8xf32>
  %old = tensor.extract %t[%c1] : tensor<8xf32>
  return %r, %old : tensor<8xf32>, f32
}

// from_elements stores each element into a new buffer, generate fills one
// with a linalg.map of its body, pad fills a new buffer and copies the source into
// its interior.
// CHECK-LABEL: func.func @builders(
// CHECK: %[[FE:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK: memref.store %{{.*}}, %[[FE]]
// CHECK: memref.store %{{.*}}, %[[FE]]
// CHECK: %[[G:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK: linalg.map outs(%[[G]] : memref<?xf32>)
// CHECK: linalg.index 0
// CHECK: arith.sitofp
// CHECK: linalg.yield
// CHECK: %[[P:.*]] = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
// CHECK: linalg.map outs(%[[P]] : memref<6xf32>)
// CHECK: linalg.yield
// CHECK: %[[IN:.*]] = memref.subview %[[P]][1] [2] [1]
// CHECK: memref.copy %[[FE]], %[[IN]]
// CHECK: return %[[FE]], %[[G]], %[[P]]

func.func @builders(%a: f32, %n: index) -> (tensor<2xf32>, tensor<?xf32>, tensor<6xf32>) {
  %fe = tensor.from_elements %a, %a : tensor<2xf32>
  %g = tensor.generate %n {
  ^bb0(%i: index):
    %x = arith.index_cast %i : index to i32
    %y = arith.sitofp %x : i32 to f32
    tensor.yield %y : f32
  } : tensor<?xf32>
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %fe low[1] high[3] {
  ^bb0(%i: index):
    tensor.yield %zero : f32
  } : tensor<2xf32> to tensor<6xf32>
  return %fe, %g, %p : tensor<2xf32>, tensor<?xf32>, tensor<6xf32>
}

// Reshapes and casts are views of the argument's buffer; dim reads its size.
// CHECK-LABEL: func.func @reshapes(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<2x3xf32>
// CHECK-NOT: memref.alloc
// CHECK: %[[F:.*]] = memref.collapse_shape %[[T]] {{\[\[}}0, 1]] : memref<2x3xf32> into memref<6xf32>
// CHECK: %[[E:.*]] = memref.expand_shape %[[F]] {{\[\[}}0, 1]] output_shape [3, 2]
// CHECK: %[[C:.*]] = memref.cast %[[T]] : memref<2x3xf32> to memref<?x3xf32>
// CHECK: memref.dim %[[C]]
// CHECK: return %[[F]], %[[E]], %[[C]]

func.func @reshapes(%t: tensor<2x3xf32>) -> (tensor<6xf32>, tensor<3x2xf32>, tensor<?x3xf32>, index) {
  %c0 = arith.constant 0 : index
  %flat = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %e = tensor.expand_shape %flat [[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
  %d = tensor.cast %t : tensor<2x3xf32> to tensor<?x3xf32>
  %n = tensor.dim %d, %c0 : tensor<?x3xf32>
  return %flat, %e, %d, %n : tensor<6xf32>, tensor<3x2xf32>, tensor<?x3xf32>, index
}

func.func @main() {
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.5 : f32
  %cst = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf32>
  %u = arith.constant dense<[9.0, 8.0]> : tensor<2xf32>
  %r, %old = call @slices(%cst, %one) : (tensor<8xf32>, f32) -> (tensor<8xf32>, f32)
  %r2, %old2 = call @insert_conflict(%cst, %u) : (tensor<8xf32>, tensor<2xf32>) -> (tensor<8xf32>, f32)
  %fe, %g, %p = call @builders(%one, %c4) : (f32, index) -> (tensor<2xf32>, tensor<?xf32>, tensor<6xf32>)
  %m = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %flat, %e, %d, %n = call @reshapes(%m) : (tensor<2x3xf32>) -> (tensor<6xf32>, tensor<3x2xf32>, tensor<?x3xf32>, index)
  %mur = bufferization.to_buffer %r : tensor<8xf32> to memref<8xf32>
  %ur = memref.cast %mur : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%ur) : (memref<*xf32>) -> ()
  call @printF32(%old) : (f32) -> ()
  call @printNewline() : () -> ()
  %mur2 = bufferization.to_buffer %r2 : tensor<8xf32> to memref<8xf32>
  %ur2 = memref.cast %mur2 : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%ur2) : (memref<*xf32>) -> ()
  call @printF32(%old2) : (f32) -> ()
  call @printNewline() : () -> ()
  %mufe = bufferization.to_buffer %fe : tensor<2xf32> to memref<2xf32>
  %ufe = memref.cast %mufe : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%ufe) : (memref<*xf32>) -> ()
  %mug = bufferization.to_buffer %g : tensor<?xf32> to memref<?xf32>
  %ug = memref.cast %mug : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%ug) : (memref<*xf32>) -> ()
  %mup = bufferization.to_buffer %p : tensor<6xf32> to memref<6xf32>
  %up = memref.cast %mup : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%up) : (memref<*xf32>) -> ()
  %mue = bufferization.to_buffer %e : tensor<3x2xf32> to memref<3x2xf32>
  %ue = memref.cast %mue : memref<3x2xf32> to memref<*xf32>
  call @printMemrefF32(%ue) : (memref<*xf32>) -> ()
  %ni = arith.index_cast %n : index to i64
  call @printI64(%ni) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printF32(f32)

func.func private @printI64(i64)

func.func private @printNewline()

// OUT: [1.5,  1.5,  1.5,  1.5,  4,  5,  6,  7]
// OUT-NEXT: 5
// OUT: [9,  8,  2,  3,  4,  5,  6,  7]
// OUT-NEXT: 1
// OUT: [1.5,  1.5]
// OUT: [0,  1,  2,  3]
// OUT: [0,  1.5,  1.5,  0,  0,  0]
// OUT: {{\[\[}}1,   2],
// OUT-NEXT: [3,   4],
// OUT-NEXT: [5,   6]]
// OUT-NEXT: 2
