// buffer-hoisting / buffer-loop-hoisting: allocs leave scf.if (when the
// if's results hand them on) and loops (when they stay in one iteration)
// when their sizes are available; never a forall body.
// RUN: buffer-opt --buffer-hoisting %s | FileCheck %s --check-prefix=HOIST
// RUN: %if mlir-opt %{ mlir-opt --buffer-hoisting %s | FileCheck %s --check-prefix=HOIST %}
// RUN: buffer-opt --buffer-loop-hoisting %s | FileCheck %s --check-prefix=LOOP
// RUN: buffer-opt --buffer-loop-hoisting --buffer-deallocation-pipeline --run=main --run-leak-check %s | FileCheck %s --check-prefix=EXEC

func.func private @printMemrefF32(memref<*xf32>)

// A buffer used only inside the scf.if is allocated only when it runs.
// HOIST-LABEL: func.func @in_if
// HOIST-NEXT: scf.if
// HOIST-NEXT: memref.alloc(%arg1)
// LOOP-LABEL: func.func @in_if
// LOOP-NEXT: scf.if
func.func @in_if(%c: i1, %n: index) {
  scf.if %c {
    %a = memref.alloc(%n) : memref<?xf32>
    %f = arith.constant 1.0 : f32
    linalg.fill ins(%f : f32) outs(%a : memref<?xf32>)
  }
  return
}

// LOOP-LABEL: func.func @loops
// LOOP: %[[A:.*]] = memref.alloc() : memref<4xf32>
// LOOP: scf.for
// LOOP-NEXT: linalg.fill {{.*}} outs(%[[A]]
// LOOP: scf.for
// LOOP-NEXT: memref.alloc(%{{.*}}) : memref<?xf32>
// LOOP: scf.forall
// LOOP-NEXT: memref.alloc() : memref<2xf32>
// LOOP: scf.for {{.*}} iter_args
// LOOP-NEXT: memref.alloc() : memref<4xf32>
// LOOP: scf.yield
// HOIST-LABEL: func.func @loops
// HOIST: scf.for
// HOIST-NEXT: memref.alloc() : memref<4xf32>
func.func @loops(%n: index, %out: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<4xf32>)
    memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  }
  scf.for %i = %c1 to %c4 step %c1 {
    %d = memref.alloc(%i) : memref<?xf32>
    linalg.fill ins(%f : f32) outs(%d : memref<?xf32>)
  }
  scf.forall (%i) in (2) {
    %p = memref.alloc() : memref<2xf32>
    linalg.fill ins(%f : f32) outs(%p : memref<2xf32>)
  }
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %out) -> memref<4xf32> {
    %y = memref.alloc() : memref<4xf32>
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                    iterator_types = ["parallel"]}
        ins(%acc : memref<4xf32>) outs(%y : memref<4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %z = arith.addf %x, %f : f32
      linalg.yield %z : f32
    }
    scf.yield %y : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %o = memref.alloc() : memref<4xf32>
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%o : memref<4xf32>)
  call @in_if(%true, %c3) : (i1, index) -> ()
  %r = call @loops(%c3, %o) : (index, memref<4xf32>) -> memref<4xf32>
  %u = memref.cast %r : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
// EXEC: [4,  4,  4,  4]
