// The buffers a loop's iteration argument may hold are its init and what
// the body yields back. Two iteration arguments that each start as their
// own allocation and are only ever replaced by fresh allocations (or kept)
// never alias each other, so the dealloc in the body and the one after the
// loop split per buffer, each retaining only what it may alias, as
// upstream's simplification does. Swapped each iteration, they may alias,
// and the deallocs stay whole. Running the pipeline: no leak, no double
// free, the same sums.
// RUN: buffer-opt %s -ownership-based-buffer-deallocation -buffer-deallocation-simplification | FileCheck %s
// RUN: buffer-opt %s -buffer-deallocation-pipeline --run=main --run-leak-check 2>&1 | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func @kept_apart(
//       CHECK:   scf.for
//       CHECK:     bufferization.dealloc (%{{[a-z_0-9]+}} : memref<f32>) if (%{{[a-z_0-9]+}}) retain (%{{[0-9]+}}#0 : memref<4xf32>)
//  CHECK-NEXT:     bufferization.dealloc (%{{[a-z_0-9]+}} : memref<f32>) if (%{{[a-z_0-9]+}}) retain (%{{[0-9]+}}#0 : memref<4xf32>)
//       CHECK:     scf.yield
// CHECK-LABEL: func @swapped(
//       CHECK:   scf.for
//       CHECK:     bufferization.dealloc (%{{.*}}, %{{.*}}, %{{.*}} : memref<f32>, memref<f32>, memref<f32>) if

// EXEC: [{"type":"f32","value":12.0},{"type":"f32","value":12.0}]
// EXEC-NOT: leak
// EXEC-NOT: error
func.func @kept_apart(%n: index, %t: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a0 = memref.alloc() : memref<4xf32>
  %b0 = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a0 : memref<4xf32>)
  linalg.fill ins(%two : f32) outs(%b0 : memref<4xf32>)
  %a, %b = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a0, %y = %b0) -> (memref<4xf32>, memref<4xf32>) {
    %p = arith.cmpi ult, %i, %t : index
    %x2 = scf.if %p -> memref<4xf32> {
      %f = memref.alloc() : memref<4xf32>
      memref.copy %x, %f : memref<4xf32> to memref<4xf32>
      scf.yield %f : memref<4xf32>
    } else {
      scf.yield %x : memref<4xf32>
    }
    %y2 = scf.if %p -> memref<4xf32> {
      %f = memref.alloc() : memref<4xf32>
      memref.copy %y, %f : memref<4xf32> to memref<4xf32>
      scf.yield %f : memref<4xf32>
    } else {
      scf.yield %y : memref<4xf32>
    }
    scf.yield %x2, %y2 : memref<4xf32>, memref<4xf32>
  }
  %u = memref.load %a[%c0] : memref<4xf32>
  %v = memref.load %b[%c0] : memref<4xf32>
  %w = arith.addf %u, %v : f32
  %s = arith.mulf %w, %two : f32
  %r = arith.mulf %s, %two : f32
  return %r : f32
}

func.func @swapped(%n: index, %t: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a0 = memref.alloc() : memref<4xf32>
  %b0 = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a0 : memref<4xf32>)
  linalg.fill ins(%two : f32) outs(%b0 : memref<4xf32>)
  %a, %b = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a0, %y = %b0) -> (memref<4xf32>, memref<4xf32>) {
    %p = arith.cmpi ult, %i, %t : index
    %x2 = scf.if %p -> memref<4xf32> {
      %f = memref.alloc() : memref<4xf32>
      memref.copy %x, %f : memref<4xf32> to memref<4xf32>
      scf.yield %f : memref<4xf32>
    } else {
      scf.yield %x : memref<4xf32>
    }
    scf.yield %y, %x2 : memref<4xf32>, memref<4xf32>
  }
  %u = memref.load %a[%c0] : memref<4xf32>
  %v = memref.load %b[%c0] : memref<4xf32>
  %w = arith.addf %u, %v : f32
  %s = arith.mulf %w, %two : f32
  %r = arith.mulf %s, %two : f32
  return %r : f32
}

func.func @main() -> (f32, f32) {
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %r0 = call @kept_apart(%c3, %c1) : (index, index) -> f32
  %r1 = call @swapped(%c3, %c1) : (index, index) -> f32
  return %r0, %r1 : f32, f32
}
