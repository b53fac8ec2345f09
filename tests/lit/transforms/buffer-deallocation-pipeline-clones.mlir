// buffer-deallocation-pipeline ends like upstream's (its canonicalizer):
// a clone freed in its own block becomes its source when nothing in between
// frees memory, and pure ops left without uses (constants, get_global of a
// copied constant) go. Runs print the same, leak-free.
// RUN: buffer-opt --split-input-file --buffer-deallocation-pipeline %s | FileCheck %s
// RUN: buffer-opt --split-input-file --run=main --run-leak-check %s > %t.ref 2>&1 || true
// RUN: buffer-opt --split-input-file --buffer-deallocation-pipeline --run=main --run-leak-check --run-stats %s 2> %t.stats | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.out
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// RUN: FileCheck %s --check-prefix=EXEC < %t.out

func.func private @printMemrefF32(memref<*xf32>)
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
memref.global "private" constant @unused : memref<4xf32> = dense<9.0>

// The clone of a constant global is only read: it folds into the global.
// CHECK-LABEL: func.func @main
// CHECK-NOT: get_global @unused
// CHECK-NOT: bufferization.clone
// CHECK-NOT: memref.dealloc
// CHECK: return
// STATS: run-stats: heap_allocs=0
// EXEC: [1,  2,  3,  4]
func.func @main() {
  %g = memref.get_global @table : memref<4xf32>
  %dead = memref.get_global @unused : memref<4xf32>
  %c = bufferization.clone %g : memref<4xf32> to memref<4xf32>
  %u = memref.cast %c : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// -----

func.func private @printMemrefF32(memref<*xf32>)

// The clone's source is freed in the same block as the clone: either could
// be the one that outlives the other there, so the clone stays.
// CHECK-LABEL: func.func @main
// CHECK: %[[C:.*]] = bufferization.clone
// CHECK: memref.dealloc
// CHECK: memref.dealloc %[[C]]
// STATS: run-stats: heap_allocs=2
// EXEC: [5,  5]
func.func @main() {
  %a = memref.alloc() : memref<2xf32>
  %five = arith.constant 5.0 : f32
  linalg.fill ins(%five : f32) outs(%a : memref<2xf32>)
  %c = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  %u = memref.cast %c : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// -----

func.func private @printMemrefF32(memref<*xf32>)

// The clone is returned (the caller frees it): it stays.
// CHECK-LABEL: func.func @copy
// CHECK: %[[C:.*]] = bufferization.clone %arg0
// CHECK: return %[[C]]
func.func @copy(%m: memref<2xf32>) -> memref<2xf32> {
  %c = bufferization.clone %m : memref<2xf32> to memref<2xf32>
  return %c : memref<2xf32>
}

// STATS: run-stats: heap_allocs=2
// EXEC: [6,  6]
func.func @main() {
  %a = memref.alloc() : memref<2xf32>
  %six = arith.constant 6.0 : f32
  linalg.fill ins(%six : f32) outs(%a : memref<2xf32>)
  %c = call @copy(%a) : (memref<2xf32>) -> memref<2xf32>
  %u = memref.cast %c : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
