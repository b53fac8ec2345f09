// The end of buffer-deallocation-pipeline folds what upstream's
// canonicalizer folds there, so that memory the program never needs is not
// made live: a load of a constant global at constant indices becomes the
// element (the global is then not touched), and a loop with no iteration
// becomes its initial values (the buffers only its body used go away).
// Found where generated programs had more live bytes or allocations than
// upstream's pipeline (seeds 273, 934, 943, 1259, 1790).
// RUN: buffer-opt --buffer-deallocation-pipeline %s | FileCheck %s
// RUN: buffer-opt --run=main --run-stats %s 2>&1 >/dev/null | FileCheck %s --check-prefix=BEFORE
// RUN: buffer-opt --buffer-deallocation-pipeline --run=main --run-leak-check --run-stats %s 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER
// RUN: buffer-opt --run=main %s > %t.ref
// RUN: buffer-opt --buffer-deallocation-pipeline --run=main %s > %t.out
// RUN: diff %t.ref %t.out

memref.global "private" constant @table : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]>
memref.global "private" constant @flags : memref<4xi1> = dense<[true, false, true, true]>
memref.global "private" constant @splat : memref<8xi32> = dense<7>

func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printNewline()

// CHECK-LABEL: func.func @element(
// CHECK-NOT: memref.get_global
// CHECK: %[[E:.*]] = arith.constant 6.000000e+00 : f32
// CHECK: return %[[E]]
func.func @element() -> f32 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %g = memref.get_global @table : memref<2x3xf32>
  %x = memref.load %g[%c1, %c2] : memref<2x3xf32>
  return %x : f32
}

// CHECK-LABEL: func.func @flag_and_splat(
// CHECK-NOT: memref.get_global
// CHECK-DAG: arith.constant false
// CHECK-DAG: arith.constant 7 : i32
func.func @flag_and_splat() -> (i1, i32) {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %f = memref.get_global @flags : memref<4xi1>
  %b = memref.load %f[%c1] : memref<4xi1>
  %s = memref.get_global @splat : memref<8xi32>
  %v = memref.load %s[%c5] : memref<8xi32>
  return %b, %v : i1, i32
}

// A load at a run-time index keeps the global.
// CHECK-LABEL: func.func @dynamic_index(
// CHECK: memref.get_global @table
// CHECK: memref.load
func.func @dynamic_index(%i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %g = memref.get_global @table : memref<2x3xf32>
  %x = memref.load %g[%c0, %i] : memref<2x3xf32>
  return %x : f32
}

// CHECK-LABEL: func.func @no_iteration(
// CHECK-NOT: scf.for
// CHECK-NOT: memref.alloc() : memref<16xf32>
// CHECK: return
func.func @no_iteration(%init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %c1 to %c0 step %c1 iter_args(%acc = %init) -> (f32) {
    memref.store %acc, %buf[%i] : memref<16xf32>
    %x = memref.load %buf[%i] : memref<16xf32>
    scf.yield %x : f32
  }
  return %r : f32
}

// BEFORE: heap_allocs=1 {{.*}}peak_live_bytes=
// AFTER: heap_allocs=0 {{.*}}peak_live_bytes=0
func.func @main() {
  %a = call @element() : () -> f32
  call @printF32(%a) : (f32) -> ()
  call @printNewline() : () -> ()
  %b, %v = call @flag_and_splat() : () -> (i1, i32)
  %bi = arith.extui %b : i1 to i64
  call @printI64(%bi) : (i64) -> ()
  call @printNewline() : () -> ()
  %vi = arith.extsi %v : i32 to i64
  call @printI64(%vi) : (i64) -> ()
  call @printNewline() : () -> ()
  %three = arith.constant 3.0 : f32
  %n = call @no_iteration(%three) : (f32) -> f32
  call @printF32(%n) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
