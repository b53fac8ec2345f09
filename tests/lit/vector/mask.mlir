// vector.mask around the transfers, and scalable vector types: the custom
// form, the generic form, the JSON form, One-Shot Bufferize and
// lower-vector-mask. mask-upstream.mlir runs mlir-opt 22 with the same
// check prefixes, all but the lowerings upstream's lower-vector-mask leaves
// undone (a passthru, a masked reduction).
// RUN: buffer-opt %s -split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s -split-input-file | buffer-opt -split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: buffer-opt %s -split-input-file -mlir-print-op-generic | buffer-opt -split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s --emit=json > %t.json
// RUN: buffer-opt %t.json --input-format=json | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s -split-input-file --mlir-print-debuginfo | FileCheck %s --check-prefix=DEBUG
// RUN: buffer-opt %s -split-input-file -lower-vector-mask | FileCheck %s --check-prefixes=LOWER,LOWER-OURS
// RUN: buffer-opt %s -split-input-file -one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=BUF
// RUN: buffer-opt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | FileCheck %s --check-prefix=ANALYSIS

// ROUND-LABEL: func.func @write_tensor(
// ROUND-SAME: %[[T:.*]]: tensor<?xf32>, %[[V:.*]]: vector<8xf32>, %[[I:.*]]: index, %[[K:.*]]: vector<8xi1>)
// ROUND: %[[R:.*]] = vector.mask %[[K]] { vector.transfer_write %[[V]], %[[T]][%[[I]]] : vector<8xf32>, tensor<?xf32> } : vector<8xi1> -> tensor<?xf32>
// ROUND: return %[[R]]
// With debug info the masked op's location is not printed, the mask's is.
// DEBUG-LABEL: func.func @write_tensor(
// DEBUG: vector.mask %{{.*}} { vector.transfer_write %{{.*}} : vector<8xf32>, tensor<?xf32> } : vector<8xi1> -> tensor<?xf32> loc(#loc{{[0-9]+}})
// GENERIC-LABEL: sym_name = "write_tensor"
// GENERIC: ^bb0(%[[T:.*]]: tensor<?xf32>, %[[V:.*]]: vector<8xf32>, %[[I:.*]]: index, %[[K:.*]]: vector<8xi1>):
// GENERIC-NEXT: %[[R:.*]] = "vector.mask"(%[[K]]) ({
// GENERIC-NEXT:   %[[W:.*]] = "vector.transfer_write"(%[[V]], %[[T]], %[[I]]) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = #map}> : (vector<8xf32>, tensor<?xf32>, index) -> tensor<?xf32>
// GENERIC-NEXT:   "vector.yield"(%[[W]]) : (tensor<?xf32>) -> ()
// GENERIC-NEXT: }) : (vector<8xi1>) -> tensor<?xf32>
// LOWER-LABEL: func.func @write_tensor(
// LOWER-SAME: %[[T:.*]]: tensor<?xf32>, %[[V:.*]]: vector<8xf32>, %[[I:.*]]: index, %[[K:.*]]: vector<8xi1>)
// LOWER: %[[R:.*]] = vector.transfer_write %[[V]], %[[T]][%[[I]]], %[[K]] : vector<8xf32>, tensor<?xf32>
// LOWER: return %[[R]]
// The mask's result is its write's destination: in place, no copy, and the
// mask has no result left.
// BUF-LABEL: func.func @write_tensor(
// BUF-SAME: %[[T:.*]]: memref<?xf32, strided<[?], offset: ?>>, %[[V:.*]]: vector<8xf32>, %[[I:.*]]: index, %[[K:.*]]: vector<8xi1>)
// BUF-NOT: alloc
// BUF-NOT: copy
// BUF: vector.mask %[[K]] { vector.transfer_write %[[V]], %[[T]][%[[I]]] : vector<8xf32>, memref<?xf32, strided<[?], offset: ?>> } : vector<8xi1>
// BUF-NEXT: return %[[T]]
// ANALYSIS-LABEL: func.func @write_tensor(
// ANALYSIS-SAME: tensor<?xf32> {bufferization.access = "read-write"}
// ANALYSIS: vector.mask %{{.*}} { vector.transfer_write {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]} : vector<8xf32>, tensor<?xf32> } : vector<8xi1> -> tensor<?xf32>
func.func @write_tensor(%t: tensor<?xf32>, %v: vector<8xf32>, %i: index, %k: vector<8xi1>) -> tensor<?xf32> {
  %0 = vector.mask %k { vector.transfer_write %v, %t[%i] : vector<8xf32>, tensor<?xf32> } : vector<8xi1> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A passthru, an attribute on the mask and one on the masked op.
// ROUND-LABEL: func.func @read_passthru(
// ROUND-SAME: %[[T:.*]]: tensor<?xf32>, %[[I:.*]]: index, %[[K:.*]]: vector<8xi1>, %[[P:.*]]: vector<8xf32>)
// ROUND: %[[PAD:.*]] = arith.constant 0.000000e+00 : f32
// ROUND: %[[R:.*]] = vector.mask %[[K]], %[[P]] { vector.transfer_read %[[T]][%[[I]]], %[[PAD]] {in_bounds = [true]} : tensor<?xf32>, vector<8xf32> } {tag = 1 : i32} : vector<8xi1> -> vector<8xf32>
// GENERIC-LABEL: sym_name = "read_passthru"
// GENERIC: "vector.mask"(%{{.*}}, %{{.*}}) ({
// GENERIC-NEXT:   %[[X:.*]] = "vector.transfer_read"
// GENERIC-NEXT:   "vector.yield"(%[[X]]) : (vector<8xf32>) -> ()
// GENERIC-NEXT: }) {tag = 1 : i32} : (vector<8xi1>, vector<8xf32>) -> vector<8xf32>
// The masked-off lanes take the passthru: a select after the masked read.
// LOWER-OURS-LABEL: func.func @read_passthru(
// LOWER-OURS-SAME: %[[T:.*]]: tensor<?xf32>, %[[I:.*]]: index, %[[K:.*]]: vector<8xi1>, %[[P:.*]]: vector<8xf32>)
// LOWER-OURS: %[[X:.*]] = vector.transfer_read %[[T]][%[[I]]], %{{.*}}, %[[K]] {in_bounds = [true]} : tensor<?xf32>, vector<8xf32>
// LOWER-OURS: %[[S:.*]] = arith.select %[[K]], %[[X]], %[[P]] : vector<8xi1>, vector<8xf32>
// LOWER-OURS: return %[[S]]
// BUF-LABEL: func.func @read_passthru(
// BUF-SAME: %[[T:.*]]: memref<?xf32, strided<[?], offset: ?>>, %[[I:.*]]: index, %[[K:.*]]: vector<8xi1>, %[[P:.*]]: vector<8xf32>)
// BUF: %[[R:.*]] = vector.mask %[[K]], %[[P]] { vector.transfer_read %[[T]][%[[I]]], %{{.*}} {in_bounds = [true]} : memref<?xf32, strided<[?], offset: ?>>, vector<8xf32> } {tag = 1 : i32} : vector<8xi1> -> vector<8xf32>
// BUF: return %[[R]]
// ANALYSIS-LABEL: func.func @read_passthru(
// ANALYSIS-SAME: tensor<?xf32> {bufferization.access = "read"}
func.func @read_passthru(%t: tensor<?xf32>, %i: index, %k: vector<8xi1>, %p: vector<8xf32>) -> vector<8xf32> {
  %pad = arith.constant 0.0 : f32
  %0 = vector.mask %k, %p { vector.transfer_read %t[%i], %pad {in_bounds = [true]} : tensor<?xf32>, vector<8xf32> } {tag = 1 : i32} : vector<8xi1> -> vector<8xf32>
  return %0 : vector<8xf32>
}

// -----

// A transposing write: the mask has the memref's dimension order; a mask
// with nothing to mask prints its yield (and lowers to what it yields).
// ROUND-LABEL: func.func @memref_and_empty(
// ROUND: vector.mask %{{.*}} { vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {permutation_map = #map} : vector<8x4xf32>, memref<?x?xf32> } : vector<4x8xi1>
// ROUND: %[[Y:.*]] = vector.mask %{{.*}} { vector.yield %[[V:.*]] : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
// ROUND: vector.mask %{{.*}} { vector.yield } : vector<8xi1>
// ROUND: return %[[Y]]
// GENERIC-LABEL: sym_name = "memref_and_empty"
// GENERIC: "vector.mask"(%{{.*}}) ({
// GENERIC-NEXT:   "vector.transfer_write"
// GENERIC-NEXT:   "vector.yield"() : () -> ()
// GENERIC-NEXT: }) : (vector<4x8xi1>) -> ()
// GENERIC: "vector.mask"(%{{.*}}) ({
// GENERIC-NEXT:   "vector.yield"(%{{.*}}) : (vector<8xf32>) -> ()
// GENERIC-NEXT: }) : (vector<8xi1>) -> vector<8xf32>
// LOWER-LABEL: func.func @memref_and_empty(
// LOWER-SAME: %[[M:.*]]: memref<?x?xf32>, %[[W:.*]]: vector<8x4xf32>, %[[V:.*]]: vector<8xf32>, %[[I:.*]]: index, %[[K:.*]]: vector<8xi1>, %[[K2:.*]]: vector<4x8xi1>)
// LOWER-NEXT: vector.transfer_write %[[W]], %[[M]][%[[I]], %[[I]]], %[[K2]] {permutation_map = #map} : vector<8x4xf32>, memref<?x?xf32>
// LOWER-NEXT: return %[[V]]
func.func @memref_and_empty(%m: memref<?x?xf32>, %w: vector<8x4xf32>, %v: vector<8xf32>, %i: index, %k: vector<8xi1>, %k2: vector<4x8xi1>) -> vector<8xf32> {
  vector.mask %k2 { vector.transfer_write %w, %m[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<8x4xf32>, memref<?x?xf32> } : vector<4x8xi1>
  %0 = vector.mask %k { vector.yield %v : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  vector.mask %k { } : vector<8xi1>
  return %0 : vector<8xf32>
}

// -----

// Scalable vectors: "[n]" per dimension, kept through every form; the mask
// of a transfer over vector<[16]xf32> is vector<[16]xi1>.
// ROUND-LABEL: func.func @scalable(
// ROUND-SAME: %{{.*}}: tensor<?xf32>, %{{.*}}: vector<[16]xf32>, %{{.*}}: index, %{{.*}}: vector<[16]xi1>, %{{.*}}: vector<4x[8]xi1>, %{{.*}}: vector<[2]x[4]xf32>, %{{.*}}: vector<2x[4]xf32>) -> (tensor<?xf32>, vector<[4]xf32>)
// ROUND: vector.mask %{{.*}} { vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}] : vector<[16]xf32>, tensor<?xf32> } : vector<[16]xi1> -> tensor<?xf32>
// ROUND: vector.extract %{{.*}}[1] : vector<[4]xf32> from vector<2x[4]xf32>
// ROUND: arith.constant dense<2.000000e+00> : vector<[4]xf32>
// ROUND: arith.mulf %{{.*}}, %{{.*}} : vector<[4]xf32>
// GENERIC-LABEL: sym_name = "scalable"
// GENERIC: "vector.mask"(%{{.*}}) ({
// GENERIC-NEXT:   "vector.transfer_write"{{.*}} : (vector<[16]xf32>, tensor<?xf32>, index) -> tensor<?xf32>
// GENERIC: }) : (vector<[16]xi1>) -> tensor<?xf32>
// LOWER-LABEL: func.func @scalable(
// LOWER: vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} : vector<[16]xf32>, tensor<?xf32>
// BUF-LABEL: func.func @scalable(
// BUF-SAME: %[[T:.*]]: memref<?xf32, strided<[?], offset: ?>>
// BUF-NOT: alloc
// BUF: vector.mask %{{.*}} { vector.transfer_write %{{.*}}, %[[T]][%{{.*}}] : vector<[16]xf32>, memref<?xf32, strided<[?], offset: ?>> } : vector<[16]xi1>
// BUF: return %[[T]], %{{.*}} : memref<?xf32, strided<[?], offset: ?>>, vector<[4]xf32>
func.func @scalable(%t: tensor<?xf32>, %v: vector<[16]xf32>, %i: index, %k: vector<[16]xi1>, %k2: vector<4x[8]xi1>, %w: vector<[2]x[4]xf32>, %u: vector<2x[4]xf32>) -> (tensor<?xf32>, vector<[4]xf32>) {
  %0 = vector.mask %k { vector.transfer_write %v, %t[%i] : vector<[16]xf32>, tensor<?xf32> } : vector<[16]xi1> -> tensor<?xf32>
  %1 = vector.extract %u[1] : vector<[4]xf32> from vector<2x[4]xf32>
  %c = arith.constant dense<2.0> : vector<[4]xf32>
  %2 = arith.mulf %1, %c : vector<[4]xf32>
  return %0, %2 : tensor<?xf32>, vector<[4]xf32>
}

// -----

// A masked reduction: the lanes that are off take the kind's neutral value.
// ROUND-LABEL: func.func @reduction(
// ROUND-SAME: %[[V:.*]]: vector<4xi32>, %[[K:.*]]: vector<4xi1>, %[[A:.*]]: i32)
// ROUND: %[[R:.*]] = vector.mask %[[K]] { vector.reduction <minsi>, %[[V]], %[[A]] : vector<4xi32> into i32 } : vector<4xi1> -> i32
// GENERIC-LABEL: sym_name = "reduction"
// GENERIC: "vector.mask"(%{{.*}}) ({
// GENERIC-NEXT:   %[[X:.*]] = "vector.reduction"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<minsi>}> : (vector<4xi32>, i32) -> i32
// GENERIC-NEXT:   "vector.yield"(%[[X]]) : (i32) -> ()
// GENERIC-NEXT: }) : (vector<4xi1>) -> i32
// LOWER-OURS-LABEL: func.func @reduction(
// LOWER-OURS-SAME: %[[V:.*]]: vector<4xi32>, %[[K:.*]]: vector<4xi1>, %[[A:.*]]: i32)
// LOWER-OURS: %[[N:.*]] = arith.constant dense<2147483647> : vector<4xi32>
// LOWER-OURS: %[[S:.*]] = arith.select %[[K]], %[[V]], %[[N]] : vector<4xi1>, vector<4xi32>
// LOWER-OURS: %[[R:.*]] = vector.reduction <minsi>, %[[S]], %[[A]] : vector<4xi32> into i32
// LOWER-OURS: return %[[R]]
func.func @reduction(%v: vector<4xi32>, %k: vector<4xi1>, %a: i32) -> i32 {
  %0 = vector.mask %k { vector.reduction <minsi>, %v, %a : vector<4xi32> into i32 } : vector<4xi1> -> i32
  return %0 : i32
}

// -----

// vector.contract over a scalable dimension: the accumulator keeps it.
// ROUND-LABEL: func.func @scalable_contract(
// ROUND: vector.contract {{.*}} : vector<[4]x8xf32>, vector<8xf32> into vector<[4]xf32>
func.func @scalable_contract(%a: vector<[4]x8xf32>, %b: vector<8xf32>, %c: vector<[4]xf32>) -> vector<[4]xf32> {
  %r = vector.contract {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<[4]x8xf32>, vector<8xf32> into vector<[4]xf32>
  return %r : vector<[4]xf32>
}
