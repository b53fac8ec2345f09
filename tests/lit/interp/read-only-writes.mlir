// The interpreter reports a write into a read-only buffer like a use after
// free: a located error naming where the buffer became read-only. A buffer
// is read-only when it is a constant memref.global, or, while a call runs,
// when it was passed as a function argument marked
// {bufferization.writable = false} (through every view taken of it, and
// what the callee passes on); reads stay fine, and the caller's own view
// stays writable.
// RUN: buffer-opt --split-input-file --verify-diagnostics --run=main %s -o /dev/null
// RUN: buffer-opt --run=main %S/Inputs/read-only-reads.mlir | FileCheck %s --check-prefix=READS
// READS: [7,  8,  9,  4]
// READS: [1,  2]

// A store into the entry function's own read-only argument (--inputs).
// RUN: not buffer-opt --run=entry --inputs=%S/Inputs/read-only-entry.json %S/Inputs/read-only-entry.mlir 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: read-only-entry.mlir:7:3: error: interpreter: write into a read-only buffer: {{.*}} argument #1 of '@entry', marked {bufferization.writable = false}
// ENTRY: read-only-entry.mlir:4:18: note: read-only argument declared here

func.func @callee(%m: memref<4xi32> {bufferization.writable = false}) {
  // expected-note @-1 {{read-only argument declared here}}
  %c0 = arith.constant 0 : index
  %v = arith.constant 5 : i32
  // expected-error @+1 {{write into a read-only buffer: buffer #0 of 4 elements was passed as argument #0 of '@callee', marked {bufferization.writable = false}}}
  memref.store %v, %m[%c0] : memref<4xi32>
  return
}

func.func @main() {
  %m = memref.alloc() : memref<4xi32>
  call @callee(%m) : (memref<4xi32>) -> ()
  return
}

// -----

// Views inherit read-only-ness: a subview, a cast, a collapse_shape.
func.func @callee(%m: memref<2x3xf32> {bufferization.writable = false}) {
  // expected-note @-1 {{read-only argument declared here}}
  %s = memref.subview %m[0, 1] [2, 2] [1, 1] : memref<2x3xf32> to memref<2x2xf32, strided<[3, 1], offset: 1>>
  %c = memref.cast %s : memref<2x2xf32, strided<[3, 1], offset: 1>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %f = arith.constant 1.0 : f32
  // expected-error @+1 {{write into a read-only buffer: buffer #0 of 6 elements was passed as argument #0 of '@callee'}}
  linalg.fill ins(%f : f32) outs(%c : memref<?x?xf32, strided<[?, ?], offset: ?>>)
  return
}

func.func @main() {
  %m = memref.alloc() : memref<2x3xf32>
  call @callee(%m) : (memref<2x3xf32>) -> ()
  return
}

// -----

// A callee with a writable argument, called with a read-only view: the
// view stays read-only there (the copy is the caller's job).
func.func @writer(%m: memref<6xf32>) {
  %z = arith.constant 0.0 : f32
  // expected-error @+1 {{write into a read-only buffer: buffer #0 of 6 elements was passed as argument #0 of '@reader'}}
  linalg.fill ins(%z : f32) outs(%m : memref<6xf32>)
  return
}

func.func @reader(%m: memref<2x3xf32> {bufferization.writable = false}) {
  // expected-note @-1 {{read-only argument declared here}}
  %c = memref.collapse_shape %m [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  call @writer(%c) : (memref<6xf32>) -> ()
  return
}

func.func @main() {
  %m = memref.alloc() : memref<2x3xf32>
  call @reader(%m) : (memref<2x3xf32>) -> ()
  return
}

// -----

// memref.copy and bufferization.materialize_in_destination into a
// read-only argument.
func.func @callee(%m: memref<2xi64> {bufferization.writable = false}, %t: tensor<2xi64>) {
  // expected-note @-1 {{read-only argument declared here}}
  %src = memref.alloc() : memref<2xi64>
  %k = arith.constant 3 : i64
  linalg.fill ins(%k : i64) outs(%src : memref<2xi64>)
  // expected-error @+1 {{write into a read-only buffer}}
  memref.copy %src, %m : memref<2xi64> to memref<2xi64>
  return
}

func.func @main() {
  %m = memref.alloc() : memref<2xi64>
  %t = arith.constant dense<1> : tensor<2xi64>
  call @callee(%m, %t) : (memref<2xi64>, tensor<2xi64>) -> ()
  return
}

// -----

func.func @callee(%m: memref<2xi64> {bufferization.writable = false}, %t: tensor<2xi64>) {
  // expected-note @-1 {{read-only argument declared here}}
  // expected-error @+1 {{write into a read-only buffer}}
  bufferization.materialize_in_destination %t in restrict writable %m : (tensor<2xi64>, memref<2xi64>) -> ()
  return
}

func.func @main() {
  %m = memref.alloc() : memref<2xi64>
  %t = arith.constant dense<1> : tensor<2xi64>
  call @callee(%m, %t) : (memref<2xi64>, tensor<2xi64>) -> ()
  return
}

// -----

// A constant global, written through a reinterpret_cast / expand_shape view.
memref.global "private" constant @c : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
// expected-note @-1 {{constant global defined here}}

func.func @main() {
  %g = memref.get_global @c : memref<4xf32>
  %r = memref.reinterpret_cast %g to offset: [1], sizes: [2], strides: [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %c0 = arith.constant 0 : index
  %v = arith.constant 9.0 : f32
  // expected-error @+1 {{write into a read-only buffer: buffer #0 of 4 elements is a constant memref.global}}
  memref.store %v, %r[%c0] : memref<2xf32, strided<[1], offset: 1>>
  return
}

// -----

memref.global "private" constant @c : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
// expected-note @-1 {{constant global defined here}}

func.func @main() {
  %g = memref.get_global @c : memref<4xf32>
  %e = memref.expand_shape %g [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
  %c0 = arith.constant 0 : index
  %v = arith.constant 9.0 : f32
  // expected-error @+1 {{write into a read-only buffer}}
  affine.store %v, %e[%c0, %c0] : memref<2x2xf32>
  return
}
