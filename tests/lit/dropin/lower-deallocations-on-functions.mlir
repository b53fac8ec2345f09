// bufferization-lower-deallocations anchored on func.func: upstream lowers a
// dealloc of several memrefs through a library function it can only add to
// a module, so on a function it refuses each such dealloc with two errors
// (the second from its conversion); a dealloc of one memref still lowers.
// Both errors sit on the op, given by stacked @below comments (each skips
// the comment lines below it, as upstream's verifier does). On the module
// the same program lowers.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s -verify-diagnostics --pass-pipeline="builtin.module(func.func(bufferization-lower-deallocations))" -split-input-file | FileCheck %s
// RUN: mlir-opt %s -verify-diagnostics --pass-pipeline="builtin.module(func.func(bufferization-lower-deallocations))" -split-input-file | FileCheck %s
// RUN: buffer-opt %s --pass-pipeline="builtin.module(bufferization-lower-deallocations)" | FileCheck %s --check-prefix=MODULE
// RUN: mlir-opt %s --pass-pipeline="builtin.module(bufferization-lower-deallocations)" | FileCheck %s --check-prefix=MODULE

// CHECK-LABEL: func @one_memref(
//       CHECK:   scf.if %{{.*}} {
//  CHECK-NEXT:     memref.dealloc %{{.*}} : memref<4xf32>
// MODULE-LABEL: func @one_memref(
// MODULE-LABEL: func @two_memrefs(
//   MODULE-NOT:   bufferization.dealloc
// MODULE-LABEL: func @two_retained(
//   MODULE-NOT:   bufferization.dealloc
func.func @one_memref(%m: memref<4xf32>, %c: i1) {
  bufferization.dealloc (%m : memref<4xf32>) if (%c)
  return
}

// -----

func.func @two_memrefs(%a: memref<2xf32>, %b: memref<3xf32>, %c: i1, %d: i1) {
  // expected-error @below {{library function required for generic lowering, but cannot be automatically inserted when operating on functions}}
  // expected-error @below {{failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal}}
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<3xf32>) if (%c, %d)
  return
}

// -----

func.func @two_retained(%a: memref<2xf32>, %b: memref<2xf32>, %r: memref<2xf32>, %c: i1) -> i1 {
  // expected-error @+2 {{library function required for generic lowering}}
  // expected-error @+1 {{failed to legalize operation 'bufferization.dealloc'}}
  %0 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c, %c) retain (%r : memref<2xf32>)
  return %0 : i1
}
