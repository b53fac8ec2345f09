// purpose: scf.for with several iter_args of mixed types (tensor, f32, index, i64), an i32 induction variable, a zero-trip loop, nested loops with an inner loop bound taken from the outer induction variable, scf.if with several results (tensor and scalars) and nested if, scf.if without results inside a loop writing a memref
// expect: output equals qa_scf_loops.expected

func.func @mixed_iters(%n: index) -> (tensor<4xf32>, f32, index, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %i0 = arith.constant 1 : i64
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %t, %s, %cnt, %p = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init, %sum = %z, %k = %c0, %prod = %i0) -> (tensor<4xf32>, f32, index, i64) {
    %slot = arith.remui %i, %c4 : index
    %old = tensor.extract %acc[%slot] : tensor<4xf32>
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f32
    %new = arith.addf %old, %fi : f32
    %acc2 = tensor.insert %new into %acc[%slot] : tensor<4xf32>
    %sum2 = arith.addf %sum, %fi : f32
    %k2 = arith.addi %k, %c1 : index
    %ip1 = arith.addi %ii, %i0 : i64
    %prod2 = arith.muli %prod, %ip1 : i64
    scf.yield %acc2, %sum2, %k2, %prod2 : tensor<4xf32>, f32, index, i64
  }
  return %t, %s, %cnt, %p : tensor<4xf32>, f32, index, i64
}

func.func @i32_loop(%lb: i32, %ub: i32, %st: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %c0) -> (i32) : i32 {
    %sq = arith.muli %i, %i : i32
    %b = arith.addi %a, %sq : i32
    scf.yield %b : i32
  }
  return %r : i32
}

// triangle: t[i, j] = i * 10 + j for j <= i, others untouched (filled with -1)
func.func @triangle() -> tensor<4x4xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m1 = arith.constant -1 : i32
  %c10 = arith.constant 10 : i32
  %e = tensor.empty() : tensor<4x4xi32>
  %f = linalg.fill ins(%m1 : i32) outs(%e : tensor<4x4xi32>) -> tensor<4x4xi32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %f) -> (tensor<4x4xi32>) {
    %ip1 = arith.addi %i, %c1 : index
    %inner = scf.for %j = %c0 to %ip1 step %c1 iter_args(%q = %o) -> (tensor<4x4xi32>) {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %a = arith.muli %ii, %c10 : i32
      %v = arith.addi %a, %jj : i32
      %q2 = tensor.insert %v into %q[%i, %j] : tensor<4x4xi32>
      scf.yield %q2 : tensor<4x4xi32>
    }
    scf.yield %inner : tensor<4x4xi32>
  }
  return %r : tensor<4x4xi32>
}

func.func @classify(%x: f32, %t: tensor<3xf32>) -> (tensor<3xf32>, i32, f32) {
  %z = arith.constant 0.0 : f32
  %hundred = arith.constant 100.0 : f32
  %neg = arith.cmpf olt, %x, %z : f32
  %r:3 = scf.if %neg -> (tensor<3xf32>, i32, f32) {
    %e = tensor.empty() : tensor<3xf32>
    %n = linalg.fill ins(%x : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
    %cm1 = arith.constant -1 : i32
    %a = math.absf %x : f32
    scf.yield %n, %cm1, %a : tensor<3xf32>, i32, f32
  } else {
    %big = arith.cmpf ogt, %x, %hundred : f32
    %inner:2 = scf.if %big -> (i32, f32) {
      %c2 = arith.constant 2 : i32
      scf.yield %c2, %hundred : i32, f32
    } else {
      %c1 = arith.constant 1 : i32
      scf.yield %c1, %x : i32, f32
    }
    %c0 = arith.constant 0 : index
    %t2 = tensor.insert %inner#1 into %t[%c0] : tensor<3xf32>
    scf.yield %t2, %inner#0, %inner#1 : tensor<3xf32>, i32, f32
  }
  return %r#0, %r#1, %r#2 : tensor<3xf32>, i32, f32
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @show(%t: tensor<3xf32>, %c: i32, %v: f32) {
  %m = bufferization.to_buffer %t : tensor<3xf32> to memref<3xf32>
  %u = memref.cast %m : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %c64 = arith.extsi %c : i32 to i64
  call @printI64(%c64) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printF32(%v) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c7 = arith.constant 7 : index
  %t, %s, %cnt, %p = call @mixed_iters(%c7) : (index) -> (tensor<4xf32>, f32, index, i64)
  %tm = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %tu = memref.cast %tm : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%tu) : (memref<*xf32>) -> ()
  call @printF32(%s) : (f32) -> ()
  call @printNewline() : () -> ()
  %ci = arith.index_cast %cnt : index to i64
  call @printI64(%ci) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%p) : (i64) -> ()
  call @printNewline() : () -> ()
  %c0 = arith.constant 0 : index
  %t0, %s0, %cnt0, %p0 = call @mixed_iters(%c0) : (index) -> (tensor<4xf32>, f32, index, i64)
  %t0m = bufferization.to_buffer %t0 : tensor<4xf32> to memref<4xf32>
  %t0u = memref.cast %t0m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%t0u) : (memref<*xf32>) -> ()
  call @printI64(%p0) : (i64) -> ()
  call @printNewline() : () -> ()
  %a = arith.constant -3 : i32
  %b = arith.constant 10 : i32
  %st = arith.constant 4 : i32
  %q = call @i32_loop(%a, %b, %st) : (i32, i32, i32) -> i32
  %q64 = arith.extsi %q : i32 to i64
  call @printI64(%q64) : (i64) -> ()
  call @printNewline() : () -> ()
  %tri = call @triangle() : () -> tensor<4x4xi32>
  %trm = bufferization.to_buffer %tri : tensor<4x4xi32> to memref<4x4xi32>
  %tru = memref.cast %trm : memref<4x4xi32> to memref<*xi32>
  call @printMemrefI32(%tru) : (memref<*xi32>) -> ()
  %base = arith.constant dense<[9.0, 8.0, 7.0]> : tensor<3xf32>
  %x1 = arith.constant -2.5 : f32
  %r1:3 = call @classify(%x1, %base) : (f32, tensor<3xf32>) -> (tensor<3xf32>, i32, f32)
  call @show(%r1#0, %r1#1, %r1#2) : (tensor<3xf32>, i32, f32) -> ()
  %x2 = arith.constant 250.0 : f32
  %r2:3 = call @classify(%x2, %base) : (f32, tensor<3xf32>) -> (tensor<3xf32>, i32, f32)
  call @show(%r2#0, %r2#1, %r2#2) : (tensor<3xf32>, i32, f32) -> ()
  %x3 = arith.constant 42.0 : f32
  %r3:3 = call @classify(%x3, %base) : (f32, tensor<3xf32>) -> (tensor<3xf32>, i32, f32)
  call @show(%r3#0, %r3#1, %r3#2) : (tensor<3xf32>, i32, f32) -> ()
  return
}
