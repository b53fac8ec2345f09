// linalg.index of a loop that runs once folds to 0: its extent, the size of
// the first operand dimension the loop walks, is a static 1 (when that size
// is dynamic the index stays, though another operand says 1, as upstream).
// Other loops keep their index. The same RUN line with mlir-opt prints the
// same.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s --canonicalize --cse | FileCheck %s
// RUN: mlir-opt %s --canonicalize --cse | FileCheck %s
// RUN: buffer-opt %s --run=main | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @unit_middle(
//       CHECK:   linalg.map outs(
//  CHECK-NEXT:     (%{{.*}}: f32) {
//  CHECK-NEXT:       %[[I:.*]] = linalg.index 0 : index
//  CHECK-NEXT:       %[[K:.*]] = linalg.index 2 : index
//  CHECK-NEXT:       %[[M:.*]] = arith.muli %[[I]], %{{.*}} : index
//  CHECK-NEXT:       %[[S:.*]] = arith.addi %[[M]], %[[K]] : index
//   CHECK-NOT:       linalg.index
//       CHECK:       linalg.yield
func.func @unit_middle(%m: memref<2x1x3xf32>) {
  %c10 = arith.constant 10 : index
  linalg.map outs(%m : memref<2x1x3xf32>)
    (%o: f32) {
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %k = linalg.index 2 : index
      %a = arith.muli %i, %c10 : index
      %b = arith.addi %a, %k : index
      %c = arith.addi %b, %j : index
      %n = arith.index_cast %c : index to i64
      %v = arith.sitofp %n : i64 to f32
      linalg.yield %v : f32
    }
  return
}

// CHECK-LABEL: func.func @unit_in_one_operand(
//       CHECK:   linalg.generic
//       CHECK:     linalg.index 0
//       CHECK:     linalg.yield
// CHECK-LABEL: func.func @unit_in_first_operand(
//       CHECK:   linalg.generic
//   CHECK-NOT:     linalg.index
//       CHECK:     linalg.yield
func.func @unit_in_one_operand(%a: memref<?xf32>, %b: memref<1xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%a : memref<?xf32>) outs(%b : memref<1xf32>) {
    ^bb0(%x: f32, %y: f32):
      %i = linalg.index 0 : index
      %n = arith.index_cast %i : index to i64
      %f = arith.sitofp %n : i64 to f32
      %s = arith.addf %x, %f : f32
      linalg.yield %s : f32
  }
  return
}

func.func @unit_in_first_operand(%a: memref<1xf32>, %b: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%a : memref<1xf32>) outs(%b : memref<?xf32>) {
    ^bb0(%x: f32, %y: f32):
      %i = linalg.index 0 : index
      %n = arith.index_cast %i : index to i64
      %f = arith.sitofp %n : i64 to f32
      %s = arith.addf %x, %f : f32
      linalg.yield %s : f32
  }
  return
}

func.func private @printMemrefF32(memref<*xf32>)

// The value each element gets: 10 * i + k + j, j always 0.
// EXEC: sizes = [2, 1, 3]
// EXEC-NEXT: {{\[\[\[}}0, 1, 2{{\]\]}},
// EXEC-NEXT: {{\[\[}}10, 11, 12{{\]\]\]}}
func.func @main() {
  %m = memref.alloc() : memref<2x1x3xf32>
  call @unit_middle(%m) : (memref<2x1x3xf32>) -> ()
  %u = memref.cast %m : memref<2x1x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<2x1x3xf32>
  return
}
