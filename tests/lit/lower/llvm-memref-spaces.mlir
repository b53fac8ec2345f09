// REQUIRES: llvm, llvm-opt
// Memref programs as written (no tensors) through the LLVM lowering: views
// (subview, expand_shape, collapse_shape) of memrefs in a memory space keep
// the space's pointers in their descriptors, and bufferization.dealloc ops
// the program was written with are lowered before emission (the LLVM
// pipeline runs bufferization-lower-deallocations). The IR passes LLVM's
// verifier, and the JIT prints what the interpreter prints.
// RUN: buffer-opt --emit=llvm %s -o %t.ll
// RUN: opt -passes=verify -disable-output %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: buffer-opt --emit=run --run=main %s > %t.jit
// RUN: buffer-opt --run=main %s > %t.interp
// RUN: diff %t.interp %t.jit
// RUN: FileCheck %s --check-prefix=OUT < %t.jit

// A row of a space-2 matrix, returned as a space-2 view.
// IR-LABEL: define { ptr addrspace(2), ptr addrspace(2), i64, [1 x i64], [1 x i64] } @row(ptr addrspace(2) %0, ptr addrspace(2) %1,
func.func @row(%b: memref<?x4xf32, strided<[4, 1], offset: ?>, 2>, %s: index)
    -> memref<4xf32, strided<[1], offset: ?>, 2> {
  %r = memref.subview %b[%s, 0] [1, 4] [1, 1]
      : memref<?x4xf32, strided<[4, 1], offset: ?>, 2>
        to memref<4xf32, strided<[1], offset: ?>, 2>
  return %r : memref<4xf32, strided<[1], offset: ?>, 2>
}

// Reshapes of a space-1 buffer, read through the space's pointer.
// IR-LABEL: define float @corner(ptr addrspace(1) {{.*}}%0, ptr addrspace(1) {{.*}}%1,
// IR: load float, ptr addrspace(1)
func.func @corner(%m: memref<2x3xf32, 1>) -> f32 {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %flat = memref.collapse_shape %m [[0, 1]] : memref<2x3xf32, 1> into memref<6xf32, 1>
  %e = memref.expand_shape %flat [[0, 1]] output_shape [3, 2]
      : memref<6xf32, 1> into memref<3x2xf32, 1>
  %a = memref.load %e[%c1, %c1] : memref<3x2xf32, 1>
  %b = memref.load %flat[%c5] : memref<6xf32, 1>
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// Frees %a when %c holds, never %b (retained): the lowering compares base
// pointers and guards each free.
// IR-LABEL: define i1 @release(ptr {{.*}}%0, ptr {{.*}}%1, i64 %2, i64 %3, i64 %4, ptr {{.*}}%5, ptr {{.*}}%6,
// IR: icmp ne ptr %1, %6
// IR: call void @free(ptr %0)
func.func @release(%a: memref<4xf32>, %b: memref<4xf32>, %c: i1) -> i1 {
  %r = bufferization.dealloc (%a, %b : memref<4xf32>, memref<4xf32>)
      if (%c, %c) retain (%b : memref<4xf32>)
  return %r : i1
}

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %m = memref.alloc() : memref<2x3xf32>
  %flat = memref.collapse_shape %m [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  scf.for %i = %c0 to %c6 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %flat[%i] : memref<6xf32>
  }
  %m1 = memref.memory_space_cast %m : memref<2x3xf32> to memref<2x3xf32, 1>
  %v = call @corner(%m1) : (memref<2x3xf32, 1>) -> f32
  call @printF32(%v) : (f32) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %m : memref<2x3xf32>

  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %t = arith.constant true
  %r = call @release(%a, %b, %t) : (memref<4xf32>, memref<4xf32>, i1) -> i1
  %ri = arith.extui %r : i1 to i64
  call @printI64(%ri) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %b : memref<4xf32>
  return
}

// corner: e[1][1] = flat[3] = 3, plus flat[5] = 5.
// OUT:      8
// OUT-NEXT: 1
// OUT-EMPTY:
