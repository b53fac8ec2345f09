// purpose: unstructured control flow and calls: acyclic cf.br/cf.cond_br with block arguments (duplicate successor operands, both successors the same block) (upstream deallocation rejects cf loops and cf.switch, so those are in qa_cf_unstructured.mlir), multiple returns from different blocks, recursion (fibonacci, ackermann-like) and mutual recursion, calls returning several results of mixed types, a call whose results are ignored
// expect: output equals qa_cf_calls.expected

func.func private @printI64(i64)
func.func private @printF64(f64)
func.func private @printNewline()
func.func private @printMemrefF32(memref<*xf32>)

func.func @p(%x: i64) {
  call @printI64(%x) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// builds a prefix-sum tensor; the loop is structured (upstream's deallocation
// pipeline rejects cf loops), the branches below are acyclic
func.func @prefix(%t: tensor<6xf32>) -> tensor<6xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %z = arith.constant 0.0 : f32
  %r:2 = scf.for %i = %c0 to %c6 step %c1 iter_args(%acc = %z, %cur = %t) -> (f32, tensor<6xf32>) {
    %v = tensor.extract %cur[%i] : tensor<6xf32>
    %a2 = arith.addf %acc, %v : f32
    %n = tensor.insert %a2 into %cur[%i] : tensor<6xf32>
    scf.yield %a2, %n : f32, tensor<6xf32>
  }
  return %r#1 : tensor<6xf32>
}

// sign classification with chained cf.cond_br and an early return per block
func.func @classify(%x: i32) -> i64 {
  %c0 = arith.constant 0 : i32
  %neg = arith.cmpi slt, %x, %c0 : i32
  cf.cond_br %neg, ^negative, ^nonneg
^nonneg:
  %pos = arith.cmpi sgt, %x, %c0 : i32
  cf.cond_br %pos, ^positive(%x : i32), ^zero
^zero:
  %r0 = arith.constant 0 : i64
  return %r0 : i64
^negative:
  %r1 = arith.extsi %x : i32 to i64
  %m = arith.constant -100 : i64
  %r1b = arith.addi %r1, %m : i64
  return %r1b : i64
^positive(%v: i32):
  %r2 = arith.extsi %v : i32 to i64
  %h = arith.constant 100 : i64
  %r2b = arith.addi %r2, %h : i64
  return %r2b : i64
}

// the same value passed twice to one successor; both branches to the same block
func.func @same_succ(%c: i1, %a: i64) -> i64 {
  cf.cond_br %c, ^join(%a, %a : i64, i64), ^join(%a, %a : i64, i64)
^join(%x: i64, %y: i64):
  %s = arith.addi %x, %y : i64
  return %s : i64
}

func.func @fib(%n: i64) -> i64 {
  %c2 = arith.constant 2 : i64
  %small = arith.cmpi slt, %n, %c2 : i64
  %r = scf.if %small -> (i64) {
    scf.yield %n : i64
  } else {
    %c1 = arith.constant 1 : i64
    %a = arith.subi %n, %c1 : i64
    %b = arith.subi %n, %c2 : i64
    %fa = func.call @fib(%a) : (i64) -> i64
    %fb = func.call @fib(%b) : (i64) -> i64
    %s = arith.addi %fa, %fb : i64
    scf.yield %s : i64
  }
  return %r : i64
}

func.func @is_even(%n: i64) -> i1 {
  %c0 = arith.constant 0 : i64
  %z = arith.cmpi eq, %n, %c0 : i64
  cf.cond_br %z, ^yes, ^no
^yes:
  %t = arith.constant true
  return %t : i1
^no:
  %c1 = arith.constant 1 : i64
  %m = arith.subi %n, %c1 : i64
  %r = call @is_odd(%m) : (i64) -> i1
  return %r : i1
}

func.func @is_odd(%n: i64) -> i1 {
  %c0 = arith.constant 0 : i64
  %z = arith.cmpi eq, %n, %c0 : i64
  cf.cond_br %z, ^yes, ^no
^yes:
  %f = arith.constant false
  return %f : i1
^no:
  %c1 = arith.constant 1 : i64
  %m = arith.subi %n, %c1 : i64
  %r = call @is_even(%m) : (i64) -> i1
  return %r : i1
}

func.func @stats(%t: tensor<6xf32>) -> (f32, f32, i64, tensor<6xf32>) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %a = tensor.extract %t[%c0] : tensor<6xf32>
  %b = tensor.extract %t[%c5] : tensor<6xf32>
  %n = arith.constant 6 : i64
  %p = call @prefix(%t) : (tensor<6xf32>) -> tensor<6xf32>
  return %a, %b, %n, %p : f32, f32, i64, tensor<6xf32>
}

// ---- driver ----
func.func @main() {
  %b = arith.constant 462 : i64
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.5]> : tensor<6xf32>
  %s0, %s1, %n, %pre = call @stats(%t) : (tensor<6xf32>) -> (f32, f32, i64, tensor<6xf32>)
  %s0d = arith.extf %s0 : f32 to f64
  call @printF64(%s0d) : (f64) -> ()
  call @printNewline() : () -> ()
  %s1d = arith.extf %s1 : f32 to f64
  call @printF64(%s1d) : (f64) -> ()
  call @printNewline() : () -> ()
  call @p(%n) : (i64) -> ()
  %pm = bufferization.to_buffer %pre : tensor<6xf32> to memref<6xf32>
  %pu = memref.cast %pm : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%pu) : (memref<*xf32>) -> ()
  %tm = bufferization.to_buffer %t : tensor<6xf32> to memref<6xf32>
  %tu = memref.cast %tm : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%tu) : (memref<*xf32>) -> ()
  %x1 = arith.constant -7 : i32
  %x2 = arith.constant 0 : i32
  %x3 = arith.constant 9 : i32
  %k1 = call @classify(%x1) : (i32) -> i64
  call @p(%k1) : (i64) -> ()
  %k2 = call @classify(%x2) : (i32) -> i64
  call @p(%k2) : (i64) -> ()
  %k3 = call @classify(%x3) : (i32) -> i64
  call @p(%k3) : (i64) -> ()
  %tt = arith.constant true
  %ss = call @same_succ(%tt, %b) : (i1, i64) -> i64
  call @p(%ss) : (i64) -> ()
  %c20 = arith.constant 20 : i64
  %f = call @fib(%c20) : (i64) -> i64
  call @p(%f) : (i64) -> ()
  %c11 = arith.constant 11 : i64
  %e = call @is_even(%c11) : (i64) -> i1
  %ew = arith.extui %e : i1 to i64
  call @p(%ew) : (i64) -> ()
  %o = call @is_odd(%c11) : (i64) -> i1
  %ow = arith.extui %o : i1 to i64
  call @p(%ow) : (i64) -> ()
  %unused:4 = call @stats(%t) : (tensor<6xf32>) -> (f32, f32, i64, tensor<6xf32>)
  return
}
