// REQUIRES: llvm, llvm-opt
// Function-typed values through the LLVM lowering, as upstream's
// convert-func-to-llvm lowers them: a function type is a `ptr`,
// func.constant the function's address, func.call_indirect a call through
// the pointer with the function type the callee was declared with (memref
// arguments expanded into descriptor fields, several results in a struct).
// A function-typed argument of a _mlir_ciface_ wrapper is the same plain
// pointer. The IR passes LLVM's verifier, and the JIT prints what the
// interpreter prints.
// RUN: buffer-opt --emit=llvm %s -o %t.ll
// RUN: opt -passes=verify -disable-output %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: buffer-opt --emit=run --run=main %s > %t.jit
// RUN: buffer-opt --run=main %s > %t.interp
// RUN: diff %t.interp %t.jit
// RUN: FileCheck %s --check-prefix=OUT < %t.jit
// An external function with llvm.emit_c_interface exists only as its
// _mlir_ciface_ wrapper, so its address is refused.
// RUN: not buffer-opt --emit=llvm %S/Inputs/func-constant-ciface.mlir 2>&1 | FileCheck %s --check-prefix=CIFACE
// CIFACE: error: 'func.constant' op cannot lower to LLVM: address of an external function with llvm.emit_c_interface

func.func @square(%x: i64) -> i64 {
  %r = arith.muli %x, %x : i64
  return %r : i64
}

func.func @negate(%x: i64) -> i64 {
  %z = arith.constant 0 : i64
  %r = arith.subi %z, %x : i64
  return %r : i64
}

// IR-LABEL: define {{.*}}i64 @apply(ptr {{.*}}%0, i64 %1)
// IR: call i64 %0(i64 %1)
func.func @apply(%f: (i64) -> i64, %x: i64) -> i64 {
  %r = func.call_indirect %f(%x) : (i64) -> i64
  return %r : i64
}

// A memref argument goes through the pointer as its five descriptor fields.
// IR-LABEL: define {{.*}}float @apply_memref(ptr {{.*}}%0, ptr {{.*}}%1, ptr {{.*}}%2, i64 %3, i64 %4, i64 %5, float %6)
// IR: call float %0(ptr %1, ptr %2, i64 %3, i64 %4, i64 %5, float %6)
func.func @apply_memref(%f: (memref<?xf32>, f32) -> f32, %m: memref<?xf32>, %k: f32) -> f32 {
  %r = func.call_indirect %f(%m, %k) : (memref<?xf32>, f32) -> f32
  return %r : f32
}

// Sum of the elements times k.
func.func @scaled_sum(%m: memref<?xf32>, %k: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %n = memref.dim %m, %c0 : memref<?xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  %r = arith.mulf %s, %k : f32
  return %r : f32
}

func.func @divmod(%a: i64, %b: i64) -> (i64, i64) {
  %q = arith.divsi %a, %b : i64
  %r = arith.remsi %a, %b : i64
  return %q, %r : i64, i64
}

// A function value chosen at run time (a phi of pointers), returned and
// passed along; two results through one pointer call.
// IR-LABEL: define {{.*}}ptr @choose(i1 %0)
// IR: select i1 %0, ptr @square, ptr @negate
func.func @choose(%c: i1) -> ((i64) -> i64) {
  %s = func.constant @square : (i64) -> i64
  %n = func.constant @negate : (i64) -> i64
  cf.cond_br %c, ^done(%s : (i64) -> i64), ^done(%n : (i64) -> i64)
^done(%f: (i64) -> i64):
  return %f : (i64) -> i64
}

// IR-LABEL: define {{.*}}{ i64, i64 } @apply2(ptr {{.*}}%0, i64 %1, i64 %2)
// IR: call { i64, i64 } %0(i64 %1, i64 %2)
func.func @apply2(%f: (i64, i64) -> (i64, i64), %a: i64, %b: i64) -> (i64, i64) {
  %q, %r = func.call_indirect %f(%a, %b) : (i64, i64) -> (i64, i64)
  return %q, %r : i64, i64
}

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()

func.func @p(%x: i64) {
  call @printI64(%x) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// OUT: 144
// OUT-NEXT: -144
// OUT-NEXT: 49
// OUT-NEXT: -7
// OUT-NEXT: 25
// OUT-NEXT: -3
// OUT-NEXT: -2
// OUT-NEXT: 40
// OUT-NEXT: 9
func.func @main() {
  %sq = func.constant @square : (i64) -> i64
  %ng = func.constant @negate : (i64) -> i64
  %x = arith.constant 12 : i64
  %r1 = call @apply(%sq, %x) : ((i64) -> i64, i64) -> i64
  call @p(%r1) : (i64) -> ()
  %r2 = call @apply(%ng, %r1) : ((i64) -> i64, i64) -> i64
  call @p(%r2) : (i64) -> ()
  %t = arith.constant true
  %f = arith.constant false
  %seven = arith.constant 7 : i64
  %c1 = call @choose(%t) : (i1) -> ((i64) -> i64)
  %c2 = call @choose(%f) : (i1) -> ((i64) -> i64)
  %r3 = func.call_indirect %c1(%seven) : (i64) -> i64
  call @p(%r3) : (i64) -> ()
  %r4 = func.call_indirect %c2(%seven) : (i64) -> i64
  call @p(%r4) : (i64) -> ()
  // A pointer to a function without results.
  %pr = func.constant @p : (i64) -> ()
  %minus5 = arith.constant -5 : i64
  %r5 = call @apply(%sq, %minus5) : ((i64) -> i64, i64) -> i64
  func.call_indirect %pr(%r5) : (i64) -> ()
  %dm = func.constant @divmod : (i64, i64) -> (i64, i64)
  %a = arith.constant -17 : i64
  %b = arith.constant 5 : i64
  %q, %r = call @apply2(%dm, %a, %b) : ((i64, i64) -> (i64, i64), i64, i64) -> (i64, i64)
  call @p(%q) : (i64) -> ()
  call @p(%r) : (i64) -> ()
  // A memref through an indirect call: (1 + 2 + 3 + 4) * 4.
  %m = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %ci1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %ci1 {
    %i1 = arith.addi %i, %ci1 : index
    %ii = arith.index_cast %i1 : index to i32
    %v = arith.sitofp %ii : i32 to f32
    memref.store %v, %m[%i] : memref<4xf32>
  }
  %md = memref.cast %m : memref<4xf32> to memref<?xf32>
  %ss = func.constant @scaled_sum : (memref<?xf32>, f32) -> f32
  %k = arith.constant 4.0 : f32
  %sum = call @apply_memref(%ss, %md, %k) : ((memref<?xf32>, f32) -> f32, memref<?xf32>, f32) -> f32
  %si = arith.fptosi %sum : f32 to i64
  call @p(%si) : (i64) -> ()
  // The function pointer in a cond_br's block argument.
  %ci = func.call_indirect %c1(%b) : (i64) -> i64
  %nine = arith.constant 9 : i64
  %cmp = arith.cmpi sgt, %ci, %nine : i64
  %c3 = call @choose(%cmp) : (i1) -> ((i64) -> i64)
  %three = arith.constant 3 : i64
  %r6 = func.call_indirect %c3(%three) : (i64) -> i64
  call @p(%r6) : (i64) -> ()
  memref.dealloc %m : memref<4xf32>
  return
}

// The C wrappers take a function pointer as it is (a memref by pointer to
// its descriptor).
// IR-LABEL: define {{.*}}i64 @_mlir_ciface_apply(ptr {{.*}}%0, i64 {{.*}}%1)
// IR: call i64 %0(i64 %1)
// IR-LABEL: define {{.*}}float @_mlir_ciface_apply_memref(ptr {{.*}}%0, ptr {{.*}}%1, float {{.*}}%2)
// IR: call float %0(ptr
