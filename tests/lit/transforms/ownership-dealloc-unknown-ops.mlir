// ownership-based-buffer-deallocation and ops without memory effects: a
// result of a pure op whose memref operands the block owns is owned too
// (returned without a clone), and an op no dialect defines is an error, as
// in upstream's pass.
// RUN: buffer-opt -verify-diagnostics -ownership-based-buffer-deallocation -buffer-deallocation-simplification -canonicalize -split-input-file %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -verify-diagnostics -ownership-based-buffer-deallocation -buffer-deallocation-simplification -canonicalize -split-input-file %s | FileCheck %s %}

// CHECK-LABEL: func.func private @forwarded(
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<5xf32>
//       CHECK:   %[[F:.*]] = "test.forward_buffer"(%[[A]])
//       CHECK:   bufferization.dealloc (%[[A]] : memref<5xf32>) if (%true) retain (%[[F]] : memref<5xf32>)
//   CHECK-NOT:   bufferization.clone
//       CHECK:   return %[[F]]
func.func private @forwarded() -> memref<5xf32> {
  %0 = memref.alloc() : memref<5xf32>
  %1 = "test.forward_buffer"(%0) : (memref<5xf32>) -> (memref<5xf32>)
  return %1 : memref<5xf32>
}

// -----

// A function argument is not owned: what forwards it is returned as a copy.
// CHECK-LABEL: func.func private @forwarded_arg(
//       CHECK:   %[[F:.*]] = "test.forward_buffer"(%arg0)
//       CHECK:   bufferization.clone %[[F]]
func.func private @forwarded_arg(%m: memref<5xf32>) -> memref<5xf32> {
  %1 = "test.forward_buffer"(%m) : (memref<5xf32>) -> (memref<5xf32>)
  return %1 : memref<5xf32>
}

// -----

func.func @unknown_op() {
  %0 = memref.alloc() : memref<5xf32>
  // expected-error @below {{ops with unknown memory side effects are not supported}}
  "test.unknown_user"(%0) : (memref<5xf32>) -> ()
  return
}

// -----

// realloc frees its operand: run expand-realloc first (as upstream).
func.func @realloc_free() {
  %0 = memref.alloc() : memref<2xi32>
  // expected-error @below {{memory free side-effect on MemRef value not supported!}}
  %1 = memref.realloc %0 : memref<2xi32> to memref<4xi32>
  return
}
