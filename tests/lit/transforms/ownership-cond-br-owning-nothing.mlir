// RUN: buffer-opt -ownership-based-buffer-deallocation -buffer-deallocation-simplification -split-input-file %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -ownership-based-buffer-deallocation -buffer-deallocation-simplification -split-input-file %s | FileCheck %s %}
// RUN: buffer-opt --buffer-deallocation-pipeline --run=main --run-leak-check %s | FileCheck %s --check-prefix=VALUE

// A cf.cond_br in a block that owns no buffer passes each memref on with
// an ownership of false, on the edge itself: no block is added for the
// edges (there is nothing to free on either).

// CHECK-LABEL: func @pick
//  CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: memref<4xf32>, %[[N:.*]]: index)
//       CHECK: %[[FALSE:.*]] = arith.constant false
//  CHECK-NEXT: cf.cond_br %[[C]], ^bb2(%[[A]], %[[FALSE]] : memref<4xf32>, i1), ^bb1(%[[N]] : index)
//  CHECK-NEXT: ^bb1(%[[I:.*]]: index):
//       CHECK: %[[ALLOC:.*]] = memref.alloc() : memref<4xf32>
//       CHECK: cf.br ^bb2(%[[ALLOC]], %true{{.*}} : memref<4xf32>, i1)
//  CHECK-NEXT: ^bb2(%[[M:.*]]: memref<4xf32>, %[[OWN:.*]]: i1):
//       CHECK: bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[OWN]])
func.func @pick(%c: i1, %a: memref<4xf32>, %n: index) -> f32 {
  cf.cond_br %c, ^bb2(%a : memref<4xf32>), ^bb1(%n : index)
^bb1(%i: index):
  %m = memref.alloc() : memref<4xf32>
  %f = arith.constant 7.0 : f32
  linalg.fill ins(%f : f32) outs(%m : memref<4xf32>)
  %g = arith.constant 2.0 : f32
  memref.store %g, %m[%i] : memref<4xf32>
  cf.br ^bb2(%m : memref<4xf32>)
^bb2(%b: memref<4xf32>):
  %c0 = arith.constant 0 : index
  %v = memref.load %b[%c0] : memref<4xf32>
  return %v : f32
}

func.func @main() -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  %t = arith.constant true
  %f = arith.constant false
  %n = arith.constant 3 : index
  %x = func.call @pick(%t, %a, %n) : (i1, memref<4xf32>, index) -> f32
  %y = func.call @pick(%f, %a, %n) : (i1, memref<4xf32>, index) -> f32
  %s = arith.addf %x, %y : f32
  return %s : f32
}
// VALUE: "value":8.0
