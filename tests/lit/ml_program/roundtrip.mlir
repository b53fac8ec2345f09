// ml_program globals as torch-mlir and TensorFlow importers emit them:
// every visibility, mutable or not, with and without an initial value,
// nested symbol references, loads named after their global. Our print
// equals mlir-opt's in the custom and the generic form, and each reads the
// other's output.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s | mlir-opt > /dev/null
// RUN: mlir-opt %s --mlir-print-op-generic | buffer-opt > /dev/null
// RUN: buffer-opt %s > %t.ours
// RUN: mlir-opt %s > %t.theirs
// RUN: diff %t.theirs %t.ours
// RUN: buffer-opt %s --mlir-print-op-generic > %t.gours
// RUN: mlir-opt %s --mlir-print-op-generic > %t.gtheirs
// RUN: diff %t.gtheirs %t.gours
// RUN: buffer-opt %s | FileCheck %s

// CHECK: ml_program.global private mutable @global_seed(dense<0> : tensor<i64>) : tensor<i64>
ml_program.global private mutable @global_seed(dense<0> : tensor<i64>) : tensor<i64>
// CHECK: ml_program.global public @weights(dense<{{\[}}[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>) : tensor<1x2xf32> {note = "w"}
ml_program.global public @weights(dense<[[1.0, 2.0]]> : tensor<1x2xf32>) : tensor<1x2xf32> {note = "w"}
// CHECK: ml_program.global nested mutable @undefined : tensor<3xi32>
ml_program.global nested mutable @undefined : tensor<3xi32>
// CHECK: ml_program.global private @splat(dense<2.500000e-01> : tensor<4x4xf16>) : tensor<4x4xf16>
ml_program.global private @splat(dense<0.25> : tensor<4x4xf16>) : tensor<4x4xf16>
ml_program.global private mutable @scalar(4.0 : f32) : f32
// Without sym_visibility a global is public, and its custom form says so.
// CHECK: ml_program.global public mutable @novis : tensor<2xf32>
"ml_program.global"() <{is_mutable, sym_name = "novis", type = tensor<2xf32>}> : () -> ()

module @inner {
  ml_program.global public @g(dense<7> : tensor<2xi8>) : tensor<2xi8>
}

// CHECK-LABEL: func.func @forward
func.func @forward(%x: tensor<i64>) -> (tensor<1x2xf32>, tensor<i64>, tensor<2xi8>, f32) {
  // CHECK: %weights = ml_program.global_load_const @weights : tensor<1x2xf32>
  %0 = ml_program.global_load_const @weights : tensor<1x2xf32>
  // CHECK: %global_seed = ml_program.global_load @global_seed : tensor<i64>
  %1 = ml_program.global_load @global_seed : tensor<i64>
  // CHECK: ml_program.global_store @global_seed = %arg0 : tensor<i64>
  ml_program.global_store @global_seed = %x : tensor<i64>
  // CHECK: %g = ml_program.global_load_const @inner::@g : tensor<2xi8>
  %2 = ml_program.global_load_const @inner::@g : tensor<2xi8>
  // CHECK: %scalar = ml_program.global_load @scalar : f32 {tag}
  %3 = ml_program.global_load @scalar : f32 {tag}
  return %0, %1, %2, %3 : tensor<1x2xf32>, tensor<i64>, tensor<2xi8>, f32
}
