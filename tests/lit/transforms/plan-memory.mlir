// plan-memory: static heap buffers whose lifetimes do not overlap share one
// arena (memref.alloc of i8 + memref.view at byte offsets); an element-wise
// op may write its result over its last-used input. Each program prints the
// same before and after, runs leak-free, and the footprint shrinks.
// RUN: buffer-opt --split-input-file --plan-memory %s | FileCheck %s
// RUN: buffer-opt --split-input-file --run=main --run-leak-check %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.ref
// RUN: buffer-opt --split-input-file --plan-memory --run=main --run-leak-check %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.out
// RUN: diff %t.ref %t.out
// RUN: buffer-opt --split-input-file --plan-memory --run=main --run-stats %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

func.func private @printMemrefF32(memref<*xf32>)
#id = affine_map<(d0) -> (d0)>

// A chain of element-wise ops: every result takes its input's bytes, so the
// four 4 KiB buffers need one 4 KiB arena (instead of 8 KiB at the peak
// and four allocations).
// CHECK-LABEL: func.func @main
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4096xi8>
// CHECK: %[[V0:.*]] = memref.view %[[A]][%[[C0:.*]]][] : memref<4096xi8> to memref<1024xf32>
// CHECK: linalg.fill {{.*}} outs(%[[V0]] : memref<1024xf32>)
// CHECK: %[[V1:.*]] = memref.view %[[A]][%c0{{.*}}][] : memref<4096xi8> to memref<1024xf32>
// CHECK: linalg.generic {{.*}} ins(%[[V0]] : memref<1024xf32>) outs(%[[V1]] : memref<1024xf32>)
// CHECK: memref.view %[[A]][%c0
// CHECK: memref.view %[[A]][%c0
// CHECK-NOT: memref.alloc
// CHECK: memref.dealloc %[[A]] : memref<4096xi8>
// CHECK-NOT: memref.dealloc
// CHECK: return
// STATS: run-stats: heap_allocs=1 {{.*}}peak_live_bytes=4096
func.func @main() {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<1024xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<1024xf32>)
  %b = memref.alloc() {alignment = 64 : i64} : memref<1024xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : memref<1024xf32>) outs(%b : memref<1024xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %two : f32
    linalg.yield %y : f32
  }
  memref.dealloc %a : memref<1024xf32>
  %c = memref.alloc() {alignment = 64 : i64} : memref<1024xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%b : memref<1024xf32>) outs(%c : memref<1024xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %two : f32
    linalg.yield %y : f32
  }
  memref.dealloc %b : memref<1024xf32>
  %d = memref.alloc() {alignment = 64 : i64} : memref<1024xf32>
  memref.copy %c, %d : memref<1024xf32> to memref<1024xf32>
  memref.dealloc %c : memref<1024xf32>
  %s = memref.subview %d[0] [4] [1] : memref<1024xf32> to memref<4xf32, strided<[1]>>
  %u = memref.cast %s : memref<4xf32, strided<[1]>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %d : memref<1024xf32>
  return
}

// -----

func.func private @printMemrefF32(memref<*xf32>)
#id = affine_map<(d0) -> (d0)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

// Not element-wise at the same positions (a transpose): the result needs its
// own bytes while the input is read. Buffers used after both died reuse
// offset 0; the i8 and f64 buffers live at the same time pack tightly (the
// f64 one at its natural alignment).
// CHECK-LABEL: func.func @main
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<48xi8>
// CHECK: %[[X:.*]] = memref.view %[[A]][%c0{{.*}}][] : memref<48xi8> to memref<2x3xf32>
// CHECK: %[[Y:.*]] = memref.view %[[A]][%c24][] : memref<48xi8> to memref<3x2xf32>
// CHECK: linalg.generic {{.*}} ins(%[[X]] : memref<2x3xf32>) outs(%[[Y]] : memref<3x2xf32>)
// CHECK: memref.view %[[A]][%c0{{.*}}][] : memref<48xi8> to memref<3xi8>
// CHECK: memref.view %[[A]][%c8][] : memref<48xi8> to memref<2xf64>
// CHECK: memref.view %[[A]][%c0{{.*}}][] : memref<48xi8> to memref<1xf32>
// CHECK: memref.dealloc %[[A]]
// STATS: run-stats: heap_allocs=1 {{.*}}peak_live_bytes=48
func.func @main() {
  %one = arith.constant 1.5 : f32
  %x = memref.alloc() : memref<2x3xf32>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%x : memref<2x3xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.muli %i, %j : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %v = arith.addf %kf, %one : f32
    linalg.yield %v : f32
  }
  %y = memref.alloc() : memref<3x2xf32>
  linalg.generic {indexing_maps = [#tr, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : memref<2x3xf32>) outs(%y : memref<3x2xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  memref.dealloc %x : memref<2x3xf32>
  %uy = memref.cast %y : memref<3x2xf32> to memref<*xf32>
  call @printMemrefF32(%uy) : (memref<*xf32>) -> ()
  memref.dealloc %y : memref<3x2xf32>
  %b = memref.alloc() : memref<3xi8>
  %c7 = arith.constant 7 : i8
  linalg.fill ins(%c7 : i8) outs(%b : memref<3xi8>)
  %f = memref.alloc() : memref<2xf64>
  %c0 = arith.constant 0 : index
  %half = arith.constant 0.5 : f64
  linalg.fill ins(%half : f64) outs(%f : memref<2xf64>)
  %e = memref.load %b[%c0] : memref<3xi8>
  %ef = arith.sitofp %e : i8 to f64
  %g0 = memref.load %f[%c0] : memref<2xf64>
  %g = arith.addf %g0, %ef : f64
  %gt = arith.truncf %g : f64 to f32
  %h = memref.alloc() : memref<1xf32>
  memref.store %gt, %h[%c0] : memref<1xf32>
  memref.dealloc %b : memref<3xi8>
  memref.dealloc %f : memref<2xf64>
  %uh = memref.cast %h : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%uh) : (memref<*xf32>) -> ()
  memref.dealloc %h : memref<1xf32>
  return
}

// -----

func.func private @printMemrefF32(memref<*xf32>)

func.func @make() -> memref<8xf32> {
  %a = memref.alloc() : memref<8xf32>
  %z = arith.constant 3.0 : f32
  linalg.fill ins(%z : f32) outs(%a : memref<8xf32>)
  return %a : memref<8xf32>
}

// A call of a function that allocates splits the function: the buffer live
// across it stays a plain alloc (an arena there would hold more bytes than
// the input while the callee allocates); buffers returned or freed
// conditionally, dynamic shapes and buffers in loops are left alone too.
// The two buffers after the loop share one arena: 7 allocations instead of
// 8, peak 96 bytes instead of 128.
// CHECK-LABEL: func.func @main
// CHECK: %[[P:.*]] = memref.alloc() : memref<16xf32>
// CHECK: call @make
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: scf.for
// CHECK-NEXT: memref.alloc() : memref<4xf32>
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-COUNT-2: memref.view %[[A]]
// CHECK: memref.dealloc %[[A]]
// STATS: run-stats: heap_allocs=7 {{.*}}peak_live_bytes=96
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%p : memref<16xf32>)
  %m = call @make() : () -> memref<8xf32>
  %v = memref.load %p[%c0] : memref<16xf32>
  memref.store %v, %m[%c1] : memref<8xf32>
  memref.dealloc %p : memref<16xf32>
  %um = memref.cast %m : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%um) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<8xf32>
  %dyn = memref.alloc(%c3) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%dyn : memref<?xf32>)
  %ud = memref.cast %dyn : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%ud) : (memref<*xf32>) -> ()
  memref.dealloc %dyn : memref<?xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
    %ut = memref.cast %t : memref<4xf32> to memref<*xf32>
    func.call @printMemrefF32(%ut) : (memref<*xf32>) -> ()
    memref.dealloc %t : memref<4xf32>
  }
  %q = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%q : memref<16xf32>)
  %r = memref.alloc() : memref<16xf32>
  memref.copy %q, %r : memref<16xf32> to memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %ur = memref.cast %r : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%ur) : (memref<*xf32>) -> ()
  memref.dealloc %r : memref<16xf32>
  return
}
