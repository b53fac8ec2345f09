// REQUIRES: llvm, llvm-opt
// memref.realloc through the LLVM lowering, as upstream's expand-realloc
// expands it: growing mallocs the new size (with the op's alignment),
// copies the old elements to its front and frees the old buffer; shrinking
// (or keeping the size) keeps the buffer and shows the new size. Static and
// dynamic sizes on both sides. The IR passes LLVM's verifier, and the JIT
// prints what the interpreter prints: the first min(old, new) elements are
// kept.
// RUN: buffer-opt --emit=llvm %s -o %t.ll
// RUN: opt -passes=verify -disable-output %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: buffer-opt --emit=run --run=main %s > %t.jit
// RUN: buffer-opt --run=main %s > %t.interp
// RUN: diff %t.interp %t.jit
// RUN: FileCheck %s --check-prefix=OUT < %t.jit

// 4 to 8 floats, 64-aligned: 32 bytes and 63 to spare, 16 bytes copied,
// the old buffer (its allocated pointer, argument 0) freed.
// IR-LABEL: define {{.*}} @grow(ptr {{.*}}%0, ptr {{.*}}%1,
// IR: call {{.*}}ptr @malloc(i64 95)
// IR: call void @llvm.memcpy.{{.*}}(ptr {{.*}}, ptr {{.*}}%1, i64 16, i1 false)
// IR: call void @free(ptr %0)
// IR: ret
func.func @grow(%m: memref<4xf32>) -> memref<8xf32> {
  %r = memref.realloc %m {alignment = 64 : i64} : memref<4xf32> to memref<8xf32>
  return %r : memref<8xf32>
}

// 8 to 3: the same buffer, no allocation.
// IR-LABEL: define {{.*}} @shrink(
// IR-NOT: @malloc
// IR-NOT: @free
// IR: ret
func.func @shrink(%m: memref<8xf32>) -> memref<3xf32> {
  %r = memref.realloc %m : memref<8xf32> to memref<3xf32>
  return %r : memref<3xf32>
}

// Both sizes dynamic: grow only when the old size is below the new.
// IR-LABEL: define {{.*}} @resize(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5)
// IR: icmp ult i64 %3, %5
// IR: %[[BYTES:.*]] = shl i64 %5, 3
// IR: call {{.*}}ptr @malloc(i64 %[[BYTES]])
// IR: call void @llvm.memcpy
// IR: call void @free(ptr %0)
// IR: phi ptr
func.func @resize(%m: memref<?xi64>, %n: index) -> memref<?xi64> {
  %r = memref.realloc %m(%n) : memref<?xi64> to memref<?xi64>
  return %r : memref<?xi64>
}

func.func @to_dynamic(%m: memref<4xi32>, %n: index) -> memref<?xi32> {
  %r = memref.realloc %m(%n) : memref<4xi32> to memref<?xi32>
  return %r : memref<?xi32>
}

func.func @to_static(%m: memref<?xi32>) -> memref<6xi32> {
  %r = memref.realloc %m : memref<?xi32> to memref<6xi32>
  return %r : memref<6xi32>
}

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printComma()
func.func private @printNewline()

func.func @show_f32(%m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%i] : memref<?xf32>
    func.call @printF32(%v) : (f32) -> ()
    func.call @printComma() : () -> ()
  }
  call @printNewline() : () -> ()
  return
}

func.func @show_i64(%m: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%i] : memref<?xi64>
    func.call @printI64(%v) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  call @printNewline() : () -> ()
  return
}

// Stores v0 + i into m[i] for i in [from, dim m).
func.func @fill_i64(%m: memref<?xi64>, %from: index, %v0: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi64>
  scf.for %i = %from to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %v = arith.addi %v0, %ii : i64
    memref.store %v, %m[%i] : memref<?xi64>
  }
  return
}

func.func @fill_i32(%m: memref<?xi32>, %from: index, %v0: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi32>
  scf.for %i = %from to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %v = arith.addi %v0, %ii : i64
    %t = arith.trunci %v : i64 to i32
    memref.store %t, %m[%i] : memref<?xi32>
  }
  return
}

func.func @show_i32(%m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%i] : memref<?xi32>
    %w = arith.extsi %v : i32 to i64
    func.call @printI64(%w) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %half = arith.constant 0.5 : f32
  // Static: 4 floats i * 0.5 + 1, grown to 8 (the new four written), then
  // shrunk to 3.
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %v = arith.mulf %f, %half : f32
    %w = arith.addf %v, %half : f32
    memref.store %w, %a[%i] : memref<4xf32>
  }
  %g = call @grow(%a) : (memref<4xf32>) -> memref<8xf32>
  %big = arith.constant 100.0 : f32
  scf.for %i = %c4 to %c8 step %c1 {
    memref.store %big, %g[%i] : memref<8xf32>
  }
  %gd = memref.cast %g : memref<8xf32> to memref<?xf32>
  call @show_f32(%gd) : (memref<?xf32>) -> ()
  %s = call @shrink(%g) : (memref<8xf32>) -> memref<3xf32>
  %sd = memref.cast %s : memref<3xf32> to memref<?xf32>
  call @show_f32(%sd) : (memref<?xf32>) -> ()
  memref.dealloc %s : memref<3xf32>
  // Dynamic: 5 values 10 + i, grown to 9 (the new four 20 + i), shrunk to
  // 2, then resized to 2 again.
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  %c2 = arith.constant 2 : index
  %ten = arith.constant 10 : i64
  %twenty = arith.constant 20 : i64
  %d = memref.alloc(%c5) : memref<?xi64>
  call @fill_i64(%d, %c0, %ten) : (memref<?xi64>, index, i64) -> ()
  %d1 = call @resize(%d, %c9) : (memref<?xi64>, index) -> memref<?xi64>
  call @fill_i64(%d1, %c5, %twenty) : (memref<?xi64>, index, i64) -> ()
  call @show_i64(%d1) : (memref<?xi64>) -> ()
  %d2 = call @resize(%d1, %c2) : (memref<?xi64>, index) -> memref<?xi64>
  call @show_i64(%d2) : (memref<?xi64>) -> ()
  %d3 = call @resize(%d2, %c2) : (memref<?xi64>, index) -> memref<?xi64>
  call @show_i64(%d3) : (memref<?xi64>) -> ()
  memref.dealloc %d3 : memref<?xi64>
  // Static to dynamic (4 to 7) and dynamic to static (7 to 6).
  %c7 = arith.constant 7 : index
  %minus = arith.constant -3 : i64
  %e = memref.alloc() : memref<4xi32>
  %ed = memref.cast %e : memref<4xi32> to memref<?xi32>
  call @fill_i32(%ed, %c0, %minus) : (memref<?xi32>, index, i64) -> ()
  %e1 = call @to_dynamic(%e, %c7) : (memref<4xi32>, index) -> memref<?xi32>
  call @fill_i32(%e1, %c4, %twenty) : (memref<?xi32>, index, i64) -> ()
  call @show_i32(%e1) : (memref<?xi32>) -> ()
  %e2 = call @to_static(%e1) : (memref<?xi32>) -> memref<6xi32>
  %e2d = memref.cast %e2 : memref<6xi32> to memref<?xi32>
  call @show_i32(%e2d) : (memref<?xi32>) -> ()
  memref.dealloc %e2 : memref<6xi32>
  return
}

// OUT:      0.5, 1, 1.5, 2, 100, 100, 100, 100,
// OUT-NEXT: 0.5, 1, 1.5,
// OUT-NEXT: 10, 11, 12, 13, 14, 25, 26, 27, 28,
// OUT-NEXT: 10, 11,
// OUT-NEXT: 10, 11,
// OUT-NEXT: -3, -2, -1, 0, 24, 25, 26,
// OUT-NEXT: -3, -2, -1, 0, 24, 25,
// OUT-EMPTY:
