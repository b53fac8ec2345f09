// memref.reshape: the custom form round-trips (and is what mlir-opt 22
// prints), the verifier gives upstream's messages, and the interpreter
// reshapes contiguous memrefs and rejects strided ones.
// RUN: buffer-opt --split-input-file --verify-diagnostics %s -o /dev/null
// RUN: buffer-opt %S/Inputs/reshape-run.mlir | FileCheck %s --check-prefix=PRINT
// RUN: buffer-opt --run=main --run-leak-check %S/Inputs/reshape-run.mlir | FileCheck %s --check-prefix=OUT
// RUN: not buffer-opt --run=strided %S/Inputs/reshape-run.mlir 2>&1 | FileCheck %s --check-prefix=STRIDED

// PRINT: %reshape = memref.reshape %{{.*}}(%{{.*}}) : (memref<2x3xf32>, memref<2xindex>) -> memref<3x2xf32>
// PRINT: memref.reshape %{{.*}}(%{{.*}}) : (memref<6xf32>, memref<?xi32>) -> memref<*xf32>

// OUT: [1,   2],
// OUT-NEXT: [3,   4],
// OUT-NEXT: [5,   6]]
// OUT: rank = 3 offset = 0 sizes = [1, 2, 3] strides = [6, 3, 1] data =

// STRIDED: reshape-run.mlir:{{[0-9]+}}:{{[0-9]+}}: error: interpreter: reshape of a non-contiguous memref

func.func @element_types(%m: memref<4xf32>, %s: memref<1xindex>) {
  // expected-error @+1 {{'memref.reshape' op element types of source and destination memref types should be the same}}
  %r = memref.reshape %m(%s) : (memref<4xf32>, memref<1xindex>) -> memref<4xi32>
  return
}

// -----

func.func @strided_source(%m: memref<4xf32, strided<[2]>>, %s: memref<1xindex>) {
  // expected-error @+1 {{'memref.reshape' op source memref type should have identity affine map}}
  %r = memref.reshape %m(%s) : (memref<4xf32, strided<[2]>>, memref<1xindex>) -> memref<4xf32>
  return
}

// -----

func.func @dynamic_length(%m: memref<4xf32>, %s: memref<?xindex>) {
  // expected-error @+1 {{'memref.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked memref type}}
  %r = memref.reshape %m(%s) : (memref<4xf32>, memref<?xindex>) -> memref<2x2xf32>
  return
}

// -----

func.func @length_rank(%m: memref<4xf32>, %s: memref<3xindex>) {
  // expected-error @+1 {{'memref.reshape' op length of shape operand differs from the result's memref rank}}
  %r = memref.reshape %m(%s) : (memref<4xf32>, memref<3xindex>) -> memref<2x2xf32>
  return
}

// -----

func.func @shape_type(%m: memref<4xf32>, %s: memref<2xf32>) {
  // expected-error @+1 {{'memref.reshape' op operand #1 must be 1D memref of signless integer or index values, but got 'memref<2xf32>'}}
  %r = memref.reshape %m(%s) : (memref<4xf32>, memref<2xf32>) -> memref<2x2xf32>
  return
}
