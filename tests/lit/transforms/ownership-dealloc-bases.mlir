// ownership-based-buffer-deallocation frees what is not a fresh allocation
// through its base buffer, as upstream's pass does: a call result (which
// may be a view of its allocation) through memref.extract_strided_metadata,
// an unranked memref after a memref.reinterpret_cast to a 0-d memref.
// RUN: buffer-opt -ownership-based-buffer-deallocation -buffer-deallocation-simplification -split-input-file %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -ownership-based-buffer-deallocation -buffer-deallocation-simplification -split-input-file %s | FileCheck %s %}
// buffer-deallocation-pipeline frees an identity-layout call result as it
// is (it starts at its allocation's base), right after its last use.
// RUN: buffer-opt -buffer-deallocation-pipeline -split-input-file %s | FileCheck %s --check-prefix=PIPE
// RUN: buffer-opt -buffer-deallocation-pipeline %s -split-input-file | FileCheck %s --check-prefix=PIPE-UNRANKED

// CHECK-LABEL: func.func @call_result(
//       CHECK:   %[[R:.*]] = call @make()
//  CHECK-NEXT:   test.copy(%[[R]], %arg0)
//  CHECK-NEXT:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]
//  CHECK-NEXT:   bufferization.dealloc (%[[BASE]] : memref<f32>) if (%true)
// PIPE-LABEL: func.func @call_result(
//       PIPE:   %[[R:.*]] = call @make()
//  PIPE-NEXT:   test.copy(%[[R]], %arg0)
//  PIPE-NEXT:   memref.dealloc %[[R]] : memref<2xf32>
//  PIPE-NEXT:   return
func.func private @make() -> memref<2xf32>
func.func @call_result(%out: memref<2xf32>) {
  %r = call @make() : () -> memref<2xf32>
  test.copy(%r, %out) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @unranked(
//       CHECK:   ^bb{{[0-9]+}}(%[[U:.*]]: memref<*xf32>, %[[OWN:.*]]: i1):
//       CHECK:   test.copy(%[[U]], %arg2)
//  CHECK-NEXT:   %[[C:.*]] = memref.reinterpret_cast %[[U]] to offset: [0], sizes: [], strides: [] : memref<*xf32> to memref<f32, strided<[]>>
//  CHECK-NEXT:   %[[BASE:.*]], %{{.*}} = memref.extract_strided_metadata %[[C]] : memref<f32, strided<[]>> -> memref<f32>, index
//  CHECK-NEXT:   bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[OWN]])
// PIPE-UNRANKED-LABEL: func.func @unranked(
//       PIPE-UNRANKED:   memref.reinterpret_cast
//       PIPE-UNRANKED:   scf.if
//  PIPE-UNRANKED-NEXT:     memref.dealloc
func.func @unranked(%c: i1, %in: memref<*xf32>, %out: memref<*xf32>) {
  cf.cond_br %c, ^bb2(%in : memref<*xf32>), ^bb1
^bb1:
  %a = memref.alloc() : memref<4xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  cf.br ^bb2(%u : memref<*xf32>)
^bb2(%m: memref<*xf32>):
  test.copy(%m, %out) : (memref<*xf32>, memref<*xf32>)
  return
}
