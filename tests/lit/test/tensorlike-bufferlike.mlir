// --test-tensorlike-bufferlike names, on each function, the signature
// types bufferization treats as tensors or buffers: builtin tensors
// (ranked or not) and memrefs, and the test dialect's own tensor-like and
// buffer-like types; scalars are not named, and a function without any
// gets no attribute. Same output as mlir-opt's test pass.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s -allow-unregistered-dialect -test-tensorlike-bufferlike -split-input-file | FileCheck %s
// RUN: mlir-opt %s -allow-unregistered-dialect -test-tensorlike-bufferlike -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @several(
// CHECK-SAME: attributes {found = {operand_0 = "is_tensor_like", operand_2 = "is_buffer_like", result_0 = "is_buffer_like", result_1 = "is_tensor_like"}}
func.func @several(%a: tensor<*xf32>, %b: i32, %c: !test.test_memref<[2], f32>)
    -> (memref<3xf32>, !test.test_tensor<[42], f32>, f32) {
  %0 = "test.make"() : () -> memref<3xf32>
  %1 = "test.make"() : () -> !test.test_tensor<[42], f32>
  %2 = "test.make"() : () -> f32
  return %0, %1, %2 : memref<3xf32>, !test.test_tensor<[42], f32>, f32
}

// -----

// CHECK-LABEL: func.func @scalars_only(
// CHECK-NOT: found
// CHECK: return
func.func @scalars_only(%x: index) -> f64 {
  %0 = "test.make"() : () -> f64
  return %0 : f64
}

// -----

// Eleven arguments: the names sort as strings (operand_10 before operand_2).
// CHECK-LABEL: func.func @many(
// CHECK-SAME: {found = {operand_0 = "is_buffer_like", operand_10 = "is_tensor_like", operand_2 = "is_tensor_like"}}
func.func @many(%a0: memref<1xi8>, %a1: i1, %a2: tensor<2x?xf16>, %a3: i1, %a4: i1,
                %a5: i1, %a6: i1, %a7: i1, %a8: i1, %a9: i1,
                %a10: !test.test_tensor<[1, 1], i8>) {
  return
}
