// --canonicalize: constant folding (arith fold hooks), dead pure ops, the
// folds around bufferization (memref.cast into its users, to_buffer of
// to_tensor, dim of an allocation), scf.if on a constant and scf.for
// without iterations. The same checks hold for upstream's canonicalizer.
// RUN: buffer-opt -split-input-file -canonicalize %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -canonicalize %s | FileCheck %s %}

// CHECK-LABEL: func.func @int_folds(
// CHECK-DAG: %[[A:.*]] = arith.constant 7 : i32
// CHECK-DAG: %[[B:.*]] = arith.constant -1 : i8
// CHECK-DAG: %[[C:.*]] = arith.constant true
// CHECK-DAG: %[[D:.*]] = arith.constant -2 : i64
// CHECK-DAG: %[[E:.*]] = arith.constant 2 : index
// CHECK-NOT: arith.addi
// CHECK-NOT: arith.trunci
// CHECK-NOT: arith.cmpi
// CHECK-NOT: arith.floordivsi
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
func.func @int_folds() -> (i32, i8, i1, i64, index) {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %a = arith.addi %c3, %c4 : i32
  %c255 = arith.constant 255 : i32
  %b = arith.trunci %c255 : i32 to i8
  %m1 = arith.constant -1 : i64
  %one = arith.constant 1 : i64
  %c = arith.cmpi ugt, %m1, %one : i64
  %m7 = arith.constant -7 : i64
  %c4_64 = arith.constant 4 : i64
  %d = arith.floordivsi %m7, %c4_64 : i64
  %c8 = arith.constant 8 : index
  %c3i = arith.constant 3 : index
  %e = arith.remui %c8, %c3i : index
  return %a, %b, %c, %d, %e : i32, i8, i1, i64, index
}

// -----

// Division by zero is left for the program to meet.
// CHECK-LABEL: func.func @no_fold_div_by_zero(
// CHECK: arith.divsi
func.func @no_fold_div_by_zero() -> i32 {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %q = arith.divsi %c1, %c0 : i32
  return %q : i32
}

// -----

// CHECK-LABEL: func.func @identities(
// CHECK-SAME: %[[X:[a-z0-9]+]]: index
// CHECK-NOT: arith.
// CHECK: return %[[X]], %[[X]], %[[X]]
func.func @identities(%x: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.addi %x, %c0 : index
  %b = arith.muli %a, %c1 : index
  %c = arith.andi %b, %b : index
  return %a, %b, %c : index, index, index
}

// -----

// CHECK-LABEL: func.func @float_folds(
// CHECK: %[[F:.*]] = arith.constant 3.500000e+00 : f32
// CHECK-NOT: arith.addf
// CHECK: return %[[F]]
func.func @float_folds() -> f32 {
  %a = arith.constant 1.25 : f32
  %b = arith.constant 2.25 : f32
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// -----

// Dead pure ops go, effects stay.
// CHECK-LABEL: func.func @dead(
// CHECK-NOT: arith.muli
// CHECK-NOT: tensor.empty
// CHECK: memref.store
func.func @dead(%x: index, %m: memref<4xindex>) {
  %y = arith.muli %x, %x : index
  %t = tensor.empty() : tensor<4xf32>
  memref.store %x, %m[%x] : memref<4xindex>
  return
}

// -----

// A cast that only forgets static sizes folds into the copy, the load and
// the dealloc that use it.
// CHECK-LABEL: func.func @cast_into_users(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<4xf32>, %[[B:[a-z0-9]+]]: memref<4xf32>
// CHECK-NOT: memref.cast
// CHECK: memref.copy %[[A]], %[[B]] : memref<4xf32> to memref<4xf32>
// CHECK: memref.load %[[A]]
// CHECK: memref.dealloc %[[A]] : memref<4xf32>
func.func @cast_into_users(%a: memref<4xf32>, %b: memref<4xf32>, %i: index) -> f32 {
  %ca = memref.cast %a : memref<4xf32> to memref<?xf32>
  memref.copy %ca, %b : memref<?xf32> to memref<4xf32>
  %v = memref.load %ca[%i] : memref<?xf32>
  memref.dealloc %ca : memref<?xf32>
  return %v : f32
}

// -----

// A cast that adds a static size is a run-time check: it stays.
// CHECK-LABEL: func.func @cast_adds_facts(
// CHECK: %[[C:.*]] = memref.cast
// CHECK: memref.copy %[[C]]
func.func @cast_adds_facts(%a: memref<?xf32>, %b: memref<4xf32>) {
  %ca = memref.cast %a : memref<?xf32> to memref<4xf32>
  memref.copy %ca, %b : memref<4xf32> to memref<4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @cast_of_cast(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<4x4xf32>
// CHECK: %[[C:.*]] = memref.cast %[[A]] : memref<4x4xf32> to memref<?x?xf32>
// CHECK-NEXT: return %[[C]]
func.func @cast_of_cast(%a: memref<4x4xf32>) -> memref<?x?xf32> {
  %c1 = memref.cast %a : memref<4x4xf32> to memref<?x4xf32>
  %c2 = memref.cast %c1 : memref<?x4xf32> to memref<?x?xf32>
  return %c2 : memref<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @to_buffer_of_to_tensor(
// CHECK-SAME: %[[M:[a-z0-9]+]]: memref<4xf32>
// CHECK-NOT: bufferization.to_tensor
// CHECK-NOT: bufferization.to_buffer
// CHECK: return %[[M]]
func.func @to_buffer_of_to_tensor(%m: memref<4xf32>) -> memref<4xf32> {
  %t = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %b = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  return %b : memref<4xf32>
}

// -----

// CHECK-LABEL: func.func @dims(
// CHECK-SAME: %[[N:[a-z0-9]+]]: index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NOT: memref.dim
// CHECK: return %[[N]], %[[C4]]
func.func @dims(%n: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?x4xf32>
  %d0 = memref.dim %a, %c0 : memref<?x4xf32>
  %d1 = memref.dim %a, %c1 : memref<?x4xf32>
  memref.dealloc %a : memref<?x4xf32>
  return %d0, %d1 : index, index
}

// -----

// CHECK-LABEL: func.func @static_if(
// CHECK-SAME: %[[X:[a-z0-9]+]]: index, %[[Y:[a-z0-9]+]]: index
// CHECK-NOT: scf.if
// CHECK: %[[S:.*]] = arith.addi %[[X]], %[[Y]]
// CHECK: return %[[S]], %[[Y]]
func.func @static_if(%x: index, %y: index) -> (index, index) {
  %true = arith.constant true
  %false = arith.constant false
  %a = scf.if %true -> index {
    %s = arith.addi %x, %y : index
    scf.yield %s : index
  } else {
    scf.yield %x : index
  }
  %b = scf.if %false -> index {
    scf.yield %x : index
  } else {
    scf.yield %y : index
  }
  return %a, %b : index, index
}

// -----

// CHECK-LABEL: func.func @zero_trip_for(
// CHECK-SAME: %[[T:[a-z0-9]+]]: tensor<4xf32>
// CHECK-NOT: scf.for
// CHECK: return %[[T]]
func.func @zero_trip_for(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c1 to %c0 step %c1 iter_args(%acc = %t) -> tensor<4xf32> {
    %u = tensor.insert %v into %acc[%i] : tensor<4xf32>
    scf.yield %u : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @tensor_casts(
// CHECK-SAME: %[[T:[a-z0-9]+]]: tensor<4x?xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[T]] : tensor<4x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %[[T]], %[[C]]
func.func @tensor_casts(%t: tensor<4x?xf32>) -> (tensor<4x?xf32>, tensor<?x?xf32>) {
  %a = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %b = tensor.cast %a : tensor<?x?xf32> to tensor<4x?xf32>
  %c = tensor.cast %t : tensor<4x?xf32> to tensor<4x?xf32>
  %d = tensor.cast %c : tensor<4x?xf32> to tensor<?x?xf32>
  return %b, %d : tensor<4x?xf32>, tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @tensor_dims(
// CHECK-SAME: %[[N:[a-z0-9]+]]: index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NOT: tensor.dim
// CHECK: return %[[N]], %[[C4]]
func.func @tensor_dims(%n: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %d0 = tensor.dim %e, %c0 : tensor<?x4xf32>
  %d1 = tensor.dim %e, %c1 : tensor<?x4xf32>
  return %d0, %d1 : index, index
}

// -----

// CHECK-LABEL: func.func @extract_known(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f32, %[[Y:[a-z0-9]+]]: f32
// CHECK-DAG: %[[C:.*]] = arith.constant 3 : i32
// CHECK-NOT: tensor.
// CHECK: return %[[Y]], %[[C]]
func.func @extract_known(%x: f32, %y: f32) -> (f32, i32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t = tensor.from_elements %x, %y : tensor<2xf32>
  %e = tensor.extract %t[%c1] : tensor<2xf32>
  %k = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %f = tensor.extract %k[%c2] : tensor<3xi32>
  return %e, %f : f32, i32
}

// -----

// CHECK-LABEL: func.func @from_constants(
// CHECK: %[[C:.*]] = arith.constant dense<[1, 2]> : tensor<2xi64>
// CHECK-NOT: tensor.from_elements
// CHECK: return %[[C]]
func.func @from_constants() -> tensor<2xi64> {
  %a = arith.constant 1 : i64
  %b = arith.constant 2 : i64
  %t = tensor.from_elements %a, %b : tensor<2xi64>
  return %t : tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @execute_region(
// CHECK-NOT: scf.execute_region
// CHECK: %[[S:.*]] = arith.muli
// CHECK-NEXT: return %[[S]]
func.func @execute_region(%x: index) -> index {
  %r = scf.execute_region -> index {
    %s = arith.muli %x, %x : index
    scf.yield %s : index
  }
  return %r : index
}

// -----

// A loop that runs once is its body.
// CHECK-LABEL: func.func @one_trip_for(
// CHECK-SAME: %[[T:[a-z0-9]+]]: tensor<4xf32>, %[[V:[a-z0-9]+]]: f32
// CHECK-NOT: scf.for
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[U:.*]] = tensor.insert %[[V]] into %[[T]][%[[C2]]]
// CHECK: return %[[U]]
func.func @one_trip_for(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c2 to %c3 step %c4 iter_args(%acc = %t) -> tensor<4xf32> {
    %u = tensor.insert %v into %acc[%i] : tensor<4xf32>
    scf.yield %u : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A linalg op on buffers takes the source of a cast that only forgot the
// layout. (Casts that forget sizes stay in front of linalg ops here, since
// linalg's verifiers compare static sizes strictly; upstream folds them.)
// CHECK-LABEL: func.func @cast_into_linalg(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<4xf32>
// CHECK-NOT: memref.cast
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<4xf32>)
func.func @cast_into_linalg(%a: memref<4xf32>, %f: f32) {
  %l = memref.cast %a : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
  linalg.fill ins(%f : f32) outs(%l : memref<4xf32, strided<[?], offset: ?>>)
  return
}

// -----

// An iter_arg yielded back unchanged holds its initial value throughout;
// a value both branches of an scf.if yield is the if's result.
// CHECK-LABEL: func.func @forwarding(
// CHECK-SAME: %[[T:[a-z0-9]+]]: tensor<4xf32>, %[[N:[a-z0-9]+]]: index, %[[C:[a-z0-9]+]]: i1, %[[X:[a-z0-9]+]]: index
// CHECK: tensor.extract %[[T]]
// CHECK: return %[[T]], %[[X]]
func.func @forwarding(%t: tensor<4xf32>, %n: index, %c: i1, %x: index) -> (tensor<4xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> tensor<4xf32> {
    %e = tensor.extract %acc[%c0] : tensor<4xf32>
    func.call @use(%e) : (f32) -> ()
    scf.yield %acc : tensor<4xf32>
  }
  %y = scf.if %c -> index {
    func.call @use_index(%x) : (index) -> ()
    scf.yield %x : index
  } else {
    scf.yield %x : index
  }
  return %r, %y : tensor<4xf32>, index
}
func.func private @use(f32)
func.func private @use_index(index)
