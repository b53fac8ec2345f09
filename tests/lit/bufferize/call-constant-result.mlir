// A callee that returns a constant hands out the constant's global, which
// must not be written: the caller copies before writing the result, so a
// second call still returns the constant.
// Found by the generator (seeds 1517, 1815, 3212, 3805, 8190, 8245, 8715).
// REQUIRES: mlir-opt
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries %s | mlir-opt > /dev/null
// RUN: buffer-opt --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.ref
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.fb
// RUN: diff %t.ref %t.fb
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline --run=main --run-leak-check %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.dealloc
// RUN: diff %t.ref %t.dealloc

func.func private @printMemrefF32(memref<*xf32>)

func.func @table() -> tensor<3xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  return %c : tensor<3xf32>
}

// Read-only through a second level: the result of a call to @table.
func.func @table_again() -> tensor<3xf32> {
  %t = call @table() : () -> tensor<3xf32>
  return %t : tensor<3xf32>
}

// Either a fresh tensor or the constant: still possibly read-only.
func.func @table_or_fill(%fresh: i1, %v: f32) -> tensor<3xf32> {
  %r = scf.if %fresh -> tensor<3xf32> {
    %e = tensor.empty() : tensor<3xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
    scf.yield %f : tensor<3xf32>
  } else {
    %t = func.call @table() : () -> tensor<3xf32>
    scf.yield %t : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}

// A fresh buffer the caller may write in place.
func.func @filled(%v: f32) -> tensor<3xf32> {
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  return %f : tensor<3xf32>
}

// Self-recursion whose base case returns the constant: the self-call is
// met before @count is analysed, and a function that makes a constant may
// return it, so the caller's write goes to a copy.
// CHECK-LABEL: func.func @count
// CHECK: %[[T:.*]] = func.call @count
// CHECK: %[[C:.*]] = memref.alloc
// CHECK: memref.copy %[[T]], %[[C]]
// CHECK: memref.store %{{.*}}, %[[C]]
func.func @count(%n: index) -> tensor<3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> tensor<3xf32> {
    %c = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
    scf.yield %c : tensor<3xf32>
  } else {
    %m = arith.subi %n, %c1 : index
    %t = func.call @count(%m) : (index) -> tensor<3xf32>
    %v = tensor.extract %t[%c0] : tensor<3xf32>
    %v1 = arith.addf %v, %one : f32
    %w = tensor.insert %v1 into %t[%c0] : tensor<3xf32>
    scf.yield %w : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}

// CHECK-LABEL: func.func @main
// CHECK: %[[T:.*]] = call @table()
// CHECK: %[[C1:.*]] = memref.alloc
// CHECK: memref.copy %[[T]], %[[C1]]
// CHECK: memref.store %{{.*}}, %[[C1]]
// CHECK: %[[A:.*]] = call @table_again()
// CHECK: %[[C2:.*]] = memref.alloc
// CHECK: memref.copy %[[A]], %[[C2]]
// CHECK: %[[O:.*]] = call @table_or_fill(
// CHECK: %[[C3:.*]] = memref.alloc
// CHECK: memref.copy %[[O]], %[[C3]]
// CHECK: %[[F:.*]] = call @filled(
// CHECK-NOT: memref.copy
// CHECK: memref.store %{{.*}}, %[[F]]
func.func @main() {
  %nine = arith.constant 9.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %false = arith.constant false
  %t = call @table() : () -> tensor<3xf32>
  %w = tensor.insert %nine into %t[%c0] : tensor<3xf32>
  %mw = bufferization.to_buffer %w : tensor<3xf32> to memref<3xf32>
  %uw = memref.cast %mw : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%uw) : (memref<*xf32>) -> ()
  %a = call @table_again() : () -> tensor<3xf32>
  %wa = tensor.insert %nine into %a[%c1] : tensor<3xf32>
  %mwa = bufferization.to_buffer %wa : tensor<3xf32> to memref<3xf32>
  %uwa = memref.cast %mwa : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%uwa) : (memref<*xf32>) -> ()
  %o = call @table_or_fill(%false, %nine) : (i1, f32) -> tensor<3xf32>
  %wo = tensor.insert %nine into %o[%c2] : tensor<3xf32>
  %mwo = bufferization.to_buffer %wo : tensor<3xf32> to memref<3xf32>
  %uwo = memref.cast %mwo : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%uwo) : (memref<*xf32>) -> ()
  %two = arith.constant 2.0 : f32
  %f = call @filled(%two) : (f32) -> tensor<3xf32>
  %wf = tensor.insert %nine into %f[%c0] : tensor<3xf32>
  %mwf = bufferization.to_buffer %wf : tensor<3xf32> to memref<3xf32>
  %uwf = memref.cast %mwf : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%uwf) : (memref<*xf32>) -> ()
  %k1 = call @count(%c2) : (index) -> tensor<3xf32>
  %mk1 = bufferization.to_buffer %k1 : tensor<3xf32> to memref<3xf32>
  %uk1 = memref.cast %mk1 : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%uk1) : (memref<*xf32>) -> ()
  %k2 = call @count(%c2) : (index) -> tensor<3xf32>
  %mk2 = bufferization.to_buffer %k2 : tensor<3xf32> to memref<3xf32>
  %uk2 = memref.cast %mk2 : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%uk2) : (memref<*xf32>) -> ()
  %again = call @table() : () -> tensor<3xf32>
  %ma = bufferization.to_buffer %again : tensor<3xf32> to memref<3xf32>
  %ua = memref.cast %ma : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  return
}
