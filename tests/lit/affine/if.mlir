// affine.if: integer sets (affine_set<...>, #set aliases) parse and print
// as mlir-opt prints them, the op runs the region its condition picks, and
// ownership-based deallocation treats it as a region branch: a buffer one
// branch allocates and yields comes out with an ownership flag.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s | mlir-opt | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s -mlir-print-op-generic | buffer-opt | FileCheck %s --check-prefix=ROUND
// RUN: mlir-opt %s -mlir-print-op-generic | buffer-opt | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s --run=main | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt %s -ownership-based-buffer-deallocation -buffer-deallocation-simplification | FileCheck %s --check-prefix=OWN
// RUN: buffer-opt %s -buffer-deallocation-pipeline -o %t.mlir
// RUN: mlir-opt %t.mlir > /dev/null
// RUN: buffer-opt %t.mlir --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt %s -lower-affine | FileCheck %s --check-prefix=LOWER
// RUN: buffer-opt %s -lower-affine | buffer-opt --run=main | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt %s -lower-affine | mlir-opt > /dev/null
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %t.mlir | FileCheck %s --check-prefix=OUT %}

// Constraints print as "e >= 0" / "e == 0"; sets and maps are numbered
// apart, maps first.
// ROUND: #map = affine_map<(d0) -> (d0 + 1)>
// ROUND: #set = affine_set<(d0)[s0] : (d0 - 2 >= 0, -d0 + s0 - 1 >= 0)>
// ROUND: #set1 = affine_set<(d0) : (d0 mod 2 == 0)>
// ROUND-LABEL: func.func @pick(
//       ROUND:   affine.if #set(%{{.*}})[%{{.*}}] -> memref<4xf32> {
//       ROUND:     affine.yield %{{.*}} : memref<4xf32>
//       ROUND:   } else {
//       ROUND:     affine.yield %{{.*}} : memref<4xf32>
//       ROUND:   }
//       ROUND:   affine.if #set1(%{{.*}}) {
//       ROUND:     memref.store
//  ROUND-NEXT:   }
//       ROUND:   affine.apply #map

// lower-affine: scf.if on the conjunction of the constraints, each
// compared with 0 (sge, or eq for an equality).
// LOWER-LABEL: func.func @pick(
//       LOWER:   %[[C0:.*]] = arith.cmpi sge, %{{.*}}, %[[Z:.*]] : index
//       LOWER:   %[[C1:.*]] = arith.cmpi sge, %{{.*}}, %[[Z]] : index
//       LOWER:   %[[C:.*]] = arith.andi %[[C0]], %[[C1]] : i1
//       LOWER:   scf.if %[[C]] -> (memref<4xf32>) {
//       LOWER:     scf.yield %{{.*}} : memref<4xf32>
//       LOWER:   } else {
//       LOWER:     scf.yield %arg0 : memref<4xf32>
//       LOWER:   arith.cmpi eq
//       LOWER:   scf.if
//   LOWER-NOT:   affine.if

// OWN-LABEL: func.func @pick(
//       OWN:   %[[R:.*]]:2 = affine.if #set(%{{.*}})[%{{.*}}] -> (memref<4xf32>, i1) {
//       OWN:     %[[A:.*]] = memref.alloc() : memref<4xf32>
//       OWN:     affine.yield %[[A]], %true : memref<4xf32>, i1
//       OWN:   } else {
//       OWN:     affine.yield %arg0, %false : memref<4xf32>, i1
//       OWN:   }

#in_range = affine_set<(d0)[s0] : (d0 >= 2, d0 <= s0 - 1)>
#even = affine_set<(d0) : (d0 mod 2 == 0)>
func.func @pick(%m: memref<4xf32>, %i: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %r = affine.if #in_range(%i)[%n] -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    memref.store %one, %a[%c0] : memref<4xf32>
    memref.store %one, %a[%c1] : memref<4xf32>
    affine.yield %a : memref<4xf32>
  } else {
    affine.yield %m : memref<4xf32>
  }
  affine.if #even(%i) {
    %f = arith.index_cast %i : index to i32
    %g = arith.sitofp %f : i32 to f32
    memref.store %g, %r[%c0] : memref<4xf32>
  }
  %k = affine.apply affine_map<(d0) -> (d0 + 1)>(%c0)
  %v = memref.load %r[%c0] : memref<4xf32>
  %w = memref.load %r[%k] : memref<4xf32>
  %s = arith.addf %v, %w : f32
  return %s : f32
}

// i = 1: out of range, odd: m[0] + m[1] = 5 + 7; i = 2: in range, a fresh
// buffer of ones, even: 2 + 1; i = 4 (n = 4): out of range, even: m[0]
// becomes 4, so 4 + 7.
// OUT: [{"type":"f32","value":12.0},{"type":"f32","value":3.0},{"type":"f32","value":11.0}]
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %five = arith.constant 5.0 : f32
  %seven = arith.constant 7.0 : f32
  %m = memref.alloca() : memref<4xf32>
  memref.store %five, %m[%c0] : memref<4xf32>
  memref.store %seven, %m[%c1] : memref<4xf32>
  %a = func.call @pick(%m, %c1, %c4) : (memref<4xf32>, index, index) -> f32
  %b = func.call @pick(%m, %c2, %c4) : (memref<4xf32>, index, index) -> f32
  %c = func.call @pick(%m, %c4, %c4) : (memref<4xf32>, index, index) -> f32
  return %a, %b, %c : f32, f32, f32
}
