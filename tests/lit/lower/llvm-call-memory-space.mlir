// REQUIRES: llvm, llvm-opt
// A heap buffer of a memref in memory space 2 holds malloc's pointers
// (address space 0) in its descriptor; a function taking memref<..., 2>
// has addrspace(2) parameters. The call casts the pointers (LLVM's
// verifier rejected the call before), and the JIT prints what the
// interpreter prints.
// RUN: buffer-opt --emit=llvm %s -o %t.ll
// RUN: opt -passes=verify -disable-output %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: buffer-opt --emit=run --run=main %s > %t.jit
// RUN: buffer-opt --run=main %s > %t.interp
// RUN: diff %t.interp %t.jit
// RUN: FileCheck %s --check-prefix=OUT < %t.jit

// IR-LABEL: define void @scale(ptr addrspace(2) {{.*}}%0, ptr addrspace(2) {{.*}}%1,
func.func @scale(%m: memref<4xf32, 2>, %k: f32) attributes {no_inline} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %m[%i] : memref<4xf32, 2>
    %y = arith.mulf %x, %k : f32
    memref.store %y, %m[%i] : memref<4xf32, 2>
  }
  return
}

// IR-LABEL: define void @main(
// OUT: 3
// OUT-NEXT: 6
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %three = arith.constant 3.0 : f32
  %two = arith.constant 2.0 : f32
  %m = memref.alloc() : memref<4xf32, 2>
  linalg.fill ins(%one : f32) outs(%m : memref<4xf32, 2>)
  call @scale(%m, %three) : (memref<4xf32, 2>, f32) -> ()
  %a = memref.load %m[%c0] : memref<4xf32, 2>
  vector.print %a : f32
  call @scale(%m, %two) : (memref<4xf32, 2>, f32) -> ()
  %b = memref.load %m[%c1] : memref<4xf32, 2>
  vector.print %b : f32
  memref.dealloc %m : memref<4xf32, 2>
  return
}
