// --canonicalize folds of tensor ops (tensor_fold.c, tensor_slice_fold.c)
// and of casts into their consumers (tensor.insert, linalg, to_buffer):
// the same rewrites upstream's canonicalizer makes, checked against both.
// Where we fold more (extract of insert at a dynamic index), OURS checks.
// RUN: buffer-opt -split-input-file -canonicalize %s | FileCheck %s --check-prefixes=CHECK,OURS
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -canonicalize %s | FileCheck %s %}
// RUN: %if mlir-opt %{ buffer-opt -split-input-file -canonicalize %s | mlir-opt -split-input-file > /dev/null %}

// CHECK-LABEL: func.func @extract_of_insert(
// CHECK-SAME: %[[T:.*]]: tensor<4xf32>, %[[I:.*]]: index, %[[X:.*]]: f32)
// CHECK-NEXT: return %[[X]] : f32
func.func @extract_of_insert(%t: tensor<4xf32>, %i: index, %x: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %u = tensor.insert %x into %t[%c1] : tensor<4xf32>
  %e = tensor.extract %u[%c1] : tensor<4xf32>
  return %e : f32
}

// -----

// Upstream folds only at constant indices; the same index value is enough.
// OURS-LABEL: func.func @extract_of_insert_dynamic(
// OURS-SAME: %[[X:[^:]*]]: f32)
// OURS-NEXT: return %[[X]] : f32
func.func @extract_of_insert_dynamic(%t: tensor<4xf32>, %i: index, %x: f32) -> f32 {
  %v = tensor.insert %x into %t[%i] : tensor<4xf32>
  %f = tensor.extract %v[%i] : tensor<4xf32>
  return %f : f32
}

// -----

// Another index: the extract reads the old element.
// CHECK-LABEL: func.func @extract_of_insert_elsewhere(
// CHECK: tensor.insert
// CHECK: tensor.extract
func.func @extract_of_insert_elsewhere(%t: tensor<4xf32>, %i: index, %j: index, %x: f32) -> f32 {
  %u = tensor.insert %x into %t[%i] : tensor<4xf32>
  %e = tensor.extract %u[%j] : tensor<4xf32>
  return %e : f32
}

// -----

// CHECK-LABEL: func.func @rank(
// CHECK-NEXT: %[[C:.*]] = arith.constant 2 : index
// CHECK-NEXT: return %[[C]] : index
func.func @rank(%t: tensor<?x4xf32>) -> index {
  %r = tensor.rank %t : tensor<?x4xf32>
  return %r : index
}

// -----

// CHECK-LABEL: func.func @reshape_constant(
// CHECK-NEXT: arith.constant dense<{{\[}}[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
// CHECK-NEXT: arith.constant dense<7> : tensor<6xi32>
// CHECK-NEXT: return
func.func @reshape_constant() -> (tensor<2x3xi32>, tensor<6xi32>) {
  %c = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [2, 3] : tensor<6xi32> into tensor<2x3xi32>
  %s = arith.constant dense<7> : tensor<2x3xi32>
  %f = tensor.collapse_shape %s [[0, 1]] : tensor<2x3xi32> into tensor<6xi32>
  return %e, %f : tensor<2x3xi32>, tensor<6xi32>
}

// -----

// A reshape undone by the inverse reshape is its source.
// CHECK-LABEL: func.func @reshape_undone(
// CHECK-SAME: %[[T:.*]]: tensor<2x3xf32>
// CHECK-NEXT: return %[[T]] : tensor<2x3xf32>
func.func @reshape_undone(%t: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %f = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %e = tensor.expand_shape %f [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  return %e : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @slice_folds(
// CHECK-SAME: %[[T:[^:]*]]: tensor<8xf32>, %[[S:[^:]*]]: tensor<?xf32>, %[[O:[^:]*]]: index, %[[N:[^:]*]]: index
// CHECK-NEXT: %[[A:.*]] = tensor.insert_slice %[[S]] into %[[T]][%[[O]]] [%[[N]]] [1]
// CHECK-NEXT: return %[[T]], %[[S]], %[[T]], %[[A]], %[[T]] :
func.func @slice_folds(%t: tensor<8xf32>, %s: tensor<?xf32>, %o: index, %n: index)
    -> (tensor<8xf32>, tensor<?xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  // the whole tensor
  %whole = tensor.extract_slice %t[0] [8] [1] : tensor<8xf32> to tensor<8xf32>
  // extract_slice of what was just inserted there
  %ins = tensor.insert_slice %s into %t[%o] [%n] [1] : tensor<?xf32> into tensor<8xf32>
  %back = tensor.extract_slice %ins[%o] [%n] [1] : tensor<8xf32> to tensor<?xf32>
  // insert_slice of an extract_slice of the destination at the same place
  %ex = tensor.extract_slice %t[%o] [%n] [1] : tensor<8xf32> to tensor<?xf32>
  %same = tensor.insert_slice %ex into %t[%o] [%n] [1] : tensor<?xf32> into tensor<8xf32>
  // inserting twice at the same place: the first is overwritten
  %twice = tensor.insert_slice %s into %ins[%o] [%n] [1] : tensor<?xf32> into tensor<8xf32>
  // a zero-size insert
  %none = tensor.insert_slice %s into %t[%o] [%c0] [1] : tensor<?xf32> into tensor<8xf32>
  return %whole, %back, %same, %twice, %none : tensor<8xf32>, tensor<?xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// Constant offsets, sizes and strides become static; the slice's new type
// is cast back to the old one.
// CHECK-LABEL: func.func @constant_slice_operands(
// CHECK-SAME: %[[T:[^:]*]]: tensor<6x8xf32>, %[[D:[^:]*]]: tensor<?x8xf32>
// CHECK: %[[E:.*]] = tensor.extract_slice %[[T]][1, 1] [3, 4] [1, 2] : tensor<6x8xf32> to tensor<3x4xf32>
// CHECK: %[[EC:.*]] = tensor.cast %[[E]] : tensor<3x4xf32> to tensor<?x?xf32>
// CHECK: %[[R:.*]] = tensor.extract_slice %[[T]][0, 3] [6, 1] [1, 1] : tensor<6x8xf32> to tensor<6xf32>
// CHECK: %[[I:.*]] = tensor.insert_slice %[[E]] into %[[D]][0, 0] [3, 4] [1, 1] : tensor<3x4xf32> into tensor<?x8xf32>
// CHECK: return %[[EC]], %[[R]], %[[I]] :
func.func @constant_slice_operands(%t: tensor<6x8xf32>, %d: tensor<?x8xf32>)
    -> (tensor<?x?xf32>, tensor<6xf32>, tensor<?x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %e = tensor.extract_slice %t[%c1, %c1] [%c3, %c4] [%c1, %c2] : tensor<6x8xf32> to tensor<?x?xf32>
  %r = tensor.extract_slice %t[0, %c3] [6, 1] [1, 1] : tensor<6x8xf32> to tensor<6xf32>
  %i = tensor.insert_slice %e into %d[%c0, 0] [%c3, %c4] [1, 1] : tensor<?x?xf32> into tensor<?x8xf32>
  return %e, %r, %i : tensor<?x?xf32>, tensor<6xf32>, tensor<?x8xf32>
}

// -----

// A cast that only forgets sizes folds into its consumers: extract_slice
// reads the cast's source, tensor.insert and linalg ops take it and cast
// their results back, to_buffer buffers it and casts the buffer.
// CHECK-LABEL: func.func @cast_into_consumers(
// CHECK-SAME: %[[T:[^:]*]]: tensor<8xf32>, %[[O:[^:]*]]: index, %[[N:[^:]*]]: index, %[[X:[^:]*]]: f32
// CHECK: %[[S:.*]] = tensor.extract_slice %[[T]][%[[O]]] [%[[N]]] [1] : tensor<8xf32> to tensor<?xf32>
// CHECK: %[[I:.*]] = tensor.insert %[[X]] into %[[T]][%[[O]]] : tensor<8xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[X]] : f32) outs(%[[I]] : tensor<8xf32>) -> tensor<8xf32>
// CHECK: %[[FC:.*]] = tensor.cast %[[F]] : tensor<8xf32> to tensor<?xf32>
// CHECK: %[[B:.*]] = bufferization.to_buffer %[[T]] : tensor<8xf32> to memref<8xf32>
// CHECK: %[[BC:.*]] = memref.cast %[[B]] : memref<8xf32> to memref<?xf32>
// CHECK: return %[[S]], %[[FC]], %[[BC]] :
func.func @cast_into_consumers(%t: tensor<8xf32>, %o: index, %n: index, %x: f32)
    -> (tensor<?xf32>, tensor<?xf32>, memref<?xf32>) {
  %d = tensor.cast %t : tensor<8xf32> to tensor<?xf32>
  %s = tensor.extract_slice %d[%o] [%n] [1] : tensor<?xf32> to tensor<?xf32>
  %i = tensor.insert %x into %d[%o] : tensor<?xf32>
  %f = linalg.fill ins(%x : f32) outs(%i : tensor<?xf32>) -> tensor<?xf32>
  %b = bufferization.to_buffer %d : tensor<?xf32> to memref<?xf32>
  return %s, %f, %b : tensor<?xf32>, tensor<?xf32>, memref<?xf32>
}

// -----

// A size that becomes 1 ahead of the unit dim the slice drops: the slice
// keeps the dims it kept (1x2). Upstream drops the first unit dim instead
// and makes the slice 2x1, which transposes what it holds.
// OURS-LABEL: func.func @rank_reduced_size_one(
// OURS: %[[S:.*]] = tensor.extract_slice %{{.*}}[0, 3, 1] [1, 2, 1] [1, 1, 1] : tensor<1x5x2xi32> to tensor<1x2xi32>
// OURS: tensor.cast %[[S]] : tensor<1x2xi32> to tensor<?x?xi32>
func.func @rank_reduced_size_one(%t: tensor<1x5x2xi32>) -> tensor<?x?xi32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = tensor.extract_slice %t[0, 3, 1] [%c1, %c2, 1] [1, 1, 1] : tensor<1x5x2xi32> to tensor<?x?xi32>
  return %s : tensor<?x?xi32>
}
