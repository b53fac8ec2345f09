// REQUIRES: llvm, llvm-opt
// memref.view, memref.reshape, memref.rank and memref.assume_alignment
// through the LLVM lowering, as upstream's finalize-memref-to-llvm lowers
// them: a view moves the byte buffer's aligned pointer by its shift and
// takes row-major strides; a reshape keeps the source's pointers and
// offset, reads the sizes its type leaves dynamic from the shape memref
// (i32 or index elements; a ranked or unranked source) and takes row-major
// strides; rank is a constant or the unranked descriptor's rank field;
// assume_alignment is an llvm.assume on the aligned pointer. The IR passes
// LLVM's verifier, and the JIT prints what the interpreter prints.
// RUN: buffer-opt --emit=llvm %s -o %t.ll
// RUN: opt -passes=verify -disable-output %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: buffer-opt --emit=run --run=main %s | sed -E 's/base@ = 0x[0-9a-f]+/base@ = ADDR/' > %t.jit
// RUN: buffer-opt --run=main %s | sed -E 's/base@ = 0x[0-9a-f]+/base@ = ADDR/' > %t.interp
// RUN: diff %t.interp %t.jit
// RUN: FileCheck %s --check-prefix=OUT < %t.jit

// The view's aligned pointer is the buffer's moved by the shift; its
// dynamic size gives the outer stride.
// IR-LABEL: define {{.*}}@view_of(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6)
// IR: getelementptr i8, ptr %1, i64 %5
func.func @view_of(%raw: memref<?xi8>, %shift: index, %n: index) -> memref<?x3xf32> {
  %v = memref.view %raw[%shift][%n] : memref<?xi8> to memref<?x3xf32>
  return %v : memref<?x3xf32>
}

// The sizes come from the shape memref; the strides are row-major.
// IR-LABEL: define {{.*}}@reshape_dyn(
// IR: load i32
// IR: sext i32
func.func @reshape_dyn(%m: memref<12xf32>, %shape: memref<2xi32>) -> memref<?x?xf32> {
  %r = memref.reshape %m(%shape) : (memref<12xf32>, memref<2xi32>) -> memref<?x?xf32>
  return %r : memref<?x?xf32>
}

// IR-LABEL: define {{.*}}@rank_of(
// IR: ret i64 %0
func.func @rank_of(%m: memref<*xf32>) -> index {
  %r = memref.rank %m : memref<*xf32>
  return %r : index
}

// IR-LABEL: define {{.*}}@aligned_first(
// IR: call void @llvm.assume(i1
func.func @aligned_first(%m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.assume_alignment %m, 4 : memref<?xf32>
  %v = memref.load %a[%c0] : memref<?xf32>
  return %v : f32
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @p(%x: index) {
  %i = arith.index_cast %x : index to i64
  call @printI64(%i) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// OUT: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
// OUT-NEXT: {{\[\[}}0,   1,   2],
// OUT-NEXT:  [3,   4,   5]]
// OUT-NEXT: rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data =
// OUT-NEXT: {{\[\[}}0,   1,   2,   3],
// OUT-NEXT:  [4,   5,   6,   7],
// OUT-NEXT:  [8,   9,   10,   11]]
// OUT-NEXT: rank = 3 offset = 0 sizes = [2, 3, 2] strides = [6, 2, 1] data =
// OUT-NEXT: {{\[\[}}[0,    1],
// OUT-NEXT:   [2,    3],
// OUT-NEXT:   [4,    5]],
// OUT-NEXT:  {{\[\[}}6,    7],
// OUT-NEXT:   [8,    9],
// OUT-NEXT:   [10,    11]]]
// OUT-NEXT: 2
// OUT-NEXT: 3
// OUT-NEXT: 1
// OUT-NEXT: 2
// OUT-NEXT: 3
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c12 = arith.constant 12 : index
  // Six f32 written through a view 4 bytes into a 32-byte buffer.
  %raw = memref.alloc() : memref<32xi8>
  %rawd = memref.cast %raw : memref<32xi8> to memref<?xi8>
  %c4 = arith.constant 4 : index
  %v = call @view_of(%rawd, %c4, %c2) : (memref<?xi8>, index, index) -> memref<?x3xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %k = arith.muli %i, %c3 : index
      %l = arith.addi %k, %j : index
      %li = arith.index_cast %l : index to i32
      %f = arith.sitofp %li : i32 to f32
      memref.store %f, %v[%i, %j] : memref<?x3xf32>
    }
  }
  %vu = memref.cast %v : memref<?x3xf32> to memref<*xf32>
  call @printMemrefF32(%vu) : (memref<*xf32>) -> ()
  // 0..11 reshaped to 3x4 by an i32 shape read at run time.
  %m = memref.alloc() : memref<12xf32>
  scf.for %i = %c0 to %c12 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %m[%i] : memref<12xf32>
  }
  %shape = memref.alloc() : memref<2xi32>
  %s3 = arith.constant 3 : i32
  %s4 = arith.constant 4 : i32
  memref.store %s3, %shape[%c0] : memref<2xi32>
  memref.store %s4, %shape[%c1] : memref<2xi32>
  %r = call @reshape_dyn(%m, %shape) : (memref<12xf32>, memref<2xi32>) -> memref<?x?xf32>
  %ru = memref.cast %r : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  // An unranked source and an index shape with one static size.
  %shape3 = memref.alloc() : memref<3xindex>
  memref.store %c2, %shape3[%c0] : memref<3xindex>
  memref.store %c3, %shape3[%c1] : memref<3xindex>
  memref.store %c2, %shape3[%c2] : memref<3xindex>
  %mu = memref.cast %m : memref<12xf32> to memref<*xf32>
  %r3 = memref.reshape %mu(%shape3) : (memref<*xf32>, memref<3xindex>) -> memref<2x?x2xf32>
  %r3u = memref.cast %r3 : memref<2x?x2xf32> to memref<*xf32>
  call @printMemrefF32(%r3u) : (memref<*xf32>) -> ()
  // Ranks: the view's, the 3-d reshape's (both unranked), a ranked one.
  %k1 = call @rank_of(%vu) : (memref<*xf32>) -> index
  call @p(%k1) : (index) -> ()
  %k2 = call @rank_of(%r3u) : (memref<*xf32>) -> index
  call @p(%k2) : (index) -> ()
  %k3 = memref.rank %m : memref<12xf32>
  call @p(%k3) : (index) -> ()
  // Element 2 of a copy, behind an alignment assumption, and element 3
  // through the 3x4 reshape.
  %md = memref.cast %m : memref<12xf32> to memref<?xf32>
  %sub2 = memref.subview %md[2] [3] [1] : memref<?xf32> to memref<3xf32, strided<[1], offset: 2>>
  %m2 = memref.alloc() : memref<3xf32>
  memref.copy %sub2, %m2 : memref<3xf32, strided<[1], offset: 2>> to memref<3xf32>
  %m2d = memref.cast %m2 : memref<3xf32> to memref<?xf32>
  %first = call @aligned_first(%m2d) : (memref<?xf32>) -> f32
  %fi = arith.fptosi %first : f32 to i64
  %fx = arith.index_cast %fi : i64 to index
  call @p(%fx) : (index) -> ()
  %fr = memref.load %r[%c0, %c3] : memref<?x?xf32>
  %fri = arith.fptosi %fr : f32 to i64
  %frx = arith.index_cast %fri : i64 to index
  call @p(%frx) : (index) -> ()
  memref.dealloc %m2 : memref<3xf32>
  memref.dealloc %shape3 : memref<3xindex>
  memref.dealloc %shape : memref<2xi32>
  memref.dealloc %m : memref<12xf32>
  memref.dealloc %raw : memref<32xi8>
  return
}
