// buffer-hoisting in regions of several blocks: an alloc moves to the
// nearest block that dominates every block where it or a block argument it
// is passed as is used, right before that block's terminator; an alloc
// whose size is a block argument, or one that is freed explicitly, stays.
// Out of scf.if it moves when the if's results hand it on.
// RUN: buffer-opt -buffer-hoisting -split-input-file %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -buffer-hoisting -split-input-file %s | FileCheck %s %}
// RUN: sed -n '1,/^\/\/ -----/p' %s | buffer-opt -buffer-hoisting -buffer-deallocation-pipeline --run=main --run-leak-check 2>&1 | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @to_dominator(
//  CHECK-NEXT:   %[[A:.*]] = memref.alloc() : memref<2xf32>
//  CHECK-NEXT:   cf.cond_br
//       CHECK:   ^bb2:
//  CHECK-NEXT:     test.buffer_based in(%arg1 : memref<2xf32>) out(%[[A]] : memref<2xf32>)
// EXEC: data =
// EXEC-NEXT: [7,  7]
// EXEC-NOT: leak
func.func @to_dominator(%c: i1, %in: memref<2xf32>, %out: memref<2xf32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%in : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>
  test.buffer_based in(%in: memref<2xf32>) out(%0: memref<2xf32>)
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  test.copy(%1, %out) : (memref<2xf32>, memref<2xf32>)
  return
}
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %in = memref.alloca() : memref<2xf32>
  %out = memref.alloca() : memref<2xf32>
  %f = arith.constant 7.0 : f32
  linalg.fill ins(%f : f32) outs(%in : memref<2xf32>)
  %true = arith.constant true
  call @to_dominator(%true, %in, %out) : (i1, memref<2xf32>, memref<2xf32>) -> ()
  %u = memref.cast %out : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @sized_by_block_arg(
//  CHECK-NEXT:   cf.cond_br
//       CHECK:   ^bb2(%[[N:.*]]: index):
//  CHECK-NEXT:     memref.alloc(%[[N]])
func.func @sized_by_block_arg(%c: i1, %in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  cf.cond_br %c, ^bb1, ^bb2(%n : index)
^bb1:
  cf.br ^bb3(%in : memref<?xf32>)
^bb2(%m: index):
  %0 = memref.alloc(%m) : memref<?xf32>
  test.buffer_based in(%in: memref<?xf32>) out(%0: memref<?xf32>)
  cf.br ^bb3(%0 : memref<?xf32>)
^bb3(%1: memref<?xf32>):
  test.copy(%1, %out) : (memref<?xf32>, memref<?xf32>)
  return
}

// -----

// Used in its own block only: it stays there.
// CHECK-LABEL: func.func @local(
//       CHECK:   ^bb1:
//  CHECK-NEXT:     memref.alloc()
func.func @local(%c: i1, %out: memref<2xf32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = memref.alloc() : memref<2xf32>
  test.copy(%0, %out) : (memref<2xf32>, memref<2xf32>)
  cf.br ^bb2
^bb2:
  return
}

// -----

// Yielded out of scf.if: it moves right before the if (not above the
// cmpi); one used only inside stays inside.
// CHECK-LABEL: func.func @yielded(
//  CHECK-NEXT:   arith.cmpi
//  CHECK-NEXT:   %[[A:.*]] = memref.alloc(%arg0) : memref<?xf32>
//  CHECK-NEXT:   %[[B:.*]] = memref.alloc(%arg1) : memref<?xf32>
//  CHECK-NEXT:   scf.if
//  CHECK-NEXT:     memref.alloc(%arg1)
//  CHECK-NEXT:     scf.yield %[[A]]
//       CHECK:     scf.yield %[[B]]
func.func @yielded(%n: index, %m: index) -> memref<?xf32> {
  %c = arith.cmpi eq, %n, %m : index
  %r = scf.if %c -> (memref<?xf32>) {
    %unused = memref.alloc(%m) : memref<?xf32>
    %a = memref.alloc(%n) : memref<?xf32>
    scf.yield %a : memref<?xf32>
  } else {
    %b = memref.alloc(%m) : memref<?xf32>
    scf.yield %b : memref<?xf32>
  }
  return %r : memref<?xf32>
}
