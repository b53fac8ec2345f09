// peak_live_bytes: the most heap bytes live at once in each function of the
// final program, callees included, found statically; checked against the
// interpreter's measured heap peak where a function runs on its own.
// RUN: buffer-opt %s --bufferization-report=%t.json -o /dev/null
// RUN: FileCheck %s < %t.json
// RUN: buffer-opt %s --run=main --run-leak-check --run-stats 2>&1 >/dev/null | FileCheck %s --check-prefix=MEASURED

// A then B live (16 + 32), A freed, C (8) comes, B and C freed.
// CHECK: {"name": "straight", {{.*}} "peak_live_bytes": 48}
func.func @straight() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf64>
  memref.dealloc %a : memref<4xf32>
  %c = memref.alloc() : memref<2xi32>
  %s = memref.alloca() : memref<1024xf32>
  memref.dealloc %b : memref<4xf64>
  memref.dealloc %c : memref<2xi32>
  return
}

// 64 bytes returned, 32 of scratch freed before: the callee's peak is 96.
// CHECK: {"name": "make", {{.*}} "peak_live_bytes": 96}
func.func @make() -> memref<16xf32> {
  %t = memref.alloc() : memref<8xf32>
  %r = memref.alloc() : memref<16xf32>
  memref.dealloc %t : memref<8xf32>
  return %r : memref<16xf32>
}

// 16 + the callee's 96; then the returned 64 is freed through a cast of it,
// so the later 100 bytes come on top of 16 only.
// CHECK: {"name": "calls", {{.*}} "peak_live_bytes": 116}
func.func @calls() {
  %a = memref.alloc() : memref<16xi8>
  %r = call @make() : () -> memref<16xf32>
  %v = memref.cast %r : memref<16xf32> to memref<?xf32>
  memref.dealloc %v : memref<?xf32>
  %b = memref.alloc() : memref<100xi8>
  memref.dealloc %b : memref<100xi8>
  memref.dealloc %a : memref<16xi8>
  return
}

// The guard lowered deallocation writes: two live allocations never share
// a pointer, so %a is freed before %c comes (8 + 8, not 8 + 8 + 8).
// CHECK: {"name": "guarded", {{.*}} "peak_live_bytes": 16}
func.func @guarded() {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  %true = arith.constant true
  %ne = arith.cmpi ne, %pa, %pb : index
  %free_a = arith.andi %true, %ne : i1
  scf.if %free_a {
    memref.dealloc %a : memref<2xf32>
  }
  %c = memref.alloc() : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  memref.dealloc %c : memref<2xf32>
  return
}

// A condition known only at run time: either branch may run, and what
// either leaves live stays live (both 8-byte results, then 8 more: 24),
// below the then branch's 40.
// CHECK: {"name": "branches", {{.*}} "peak_live_bytes": 40}
func.func @branches(%cond: i1) {
  %k = scf.if %cond -> (memref<2xf32>) {
    %t = memref.alloc() : memref<10xf32>
    memref.dealloc %t : memref<10xf32>
    %e = memref.alloc() : memref<2xf32>
    scf.yield %e : memref<2xf32>
  } else {
    %e = memref.alloc() : memref<2xf32>
    scf.yield %e : memref<2xf32>
  }
  %after = memref.alloc() : memref<2xf32>
  memref.dealloc %after : memref<2xf32>
  return
}

// Four iterations that each keep 8 bytes: 32; a loop that frees what it
// allocates costs one iteration whatever its trip count: 32 + 12.
// CHECK: {"name": "loops", {{.*}} "peak_live_bytes": 44}
func.func @loops(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %kept = memref.alloc() : memref<2xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<3xf32>
    memref.dealloc %t : memref<3xf32>
  }
  return
}

// An unknown number of iterations that each keep bytes: unknown.
// CHECK: {"name": "unbounded", {{.*}} "peak_live_bytes": null}
func.func @unbounded(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %kept = memref.alloc() : memref<2xf32>
  }
  return
}

// scf.forall iterations may all be live at once: 3 x 16.
// CHECK: {"name": "parallel", {{.*}} "peak_live_bytes": 48}
func.func @parallel() {
  scf.forall (%i) in (3) {
    %t = memref.alloc() : memref<4xf32>
    memref.dealloc %t : memref<4xf32>
  }
  return
}

// A size computed from constants is known; one from an argument is not,
// unless a caller passes a known one (see @main).
// CHECK: {"name": "sized", {{.*}} "peak_live_bytes": null}
func.func @sized(%n: index) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m = arith.muli %c2, %c3 : index
  %a = memref.alloc(%m) : memref<?xf64>
  %b = memref.alloc(%n) : memref<?xf64>
  memref.dealloc %b : memref<?xf64>
  memref.dealloc %a : memref<?xf64>
  return
}

// Recursion that allocates cannot be bounded statically.
// CHECK: {"name": "recurse", {{.*}} "peak_live_bytes": null}
func.func @recurse(%n: index) {
  %a = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %more = arith.cmpi ne, %n, %c0 : index
  scf.if %more {
    %m = arith.subi %n, %c1 : index
    func.call @recurse(%m) : (index) -> ()
  }
  memref.dealloc %a : memref<2xf32>
  return
}

func.func private @printI64(i64)

// Straight-line calls: the static peak is the measured one. @sized gets
// n = 20 from here: 48 + 160 bytes, more than any other callee.
// CHECK: {"name": "main", {{.*}} "peak_live_bytes": 208}
// MEASURED: peak_heap_bytes=208 copied_bytes=0{{$}}
func.func @main() {
  func.call @straight() : () -> ()
  func.call @calls() : () -> ()
  func.call @guarded() : () -> ()
  %c20 = arith.constant 20 : index
  func.call @sized(%c20) : (index) -> ()
  func.call @parallel() : () -> ()
  return
}
