// Elementwise ops over compatible but different shapes (tensor<4xf32> with
// tensor<?xf32>) verify, as upstream's, but their custom form states one
// type and cannot say so: we print the generic form, which parses back
// (mlir-opt 22 prints the custom form here and then rejects its own
// output). Ops whose operands share a type keep the custom form.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s | buffer-opt | FileCheck %s
// RUN: %if mlir-opt %{ buffer-opt %s | mlir-opt -o /dev/null %}

// CHECK-LABEL: func.func @mixed
// CHECK: %0 = "math.atan2"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
// CHECK: %1 = "arith.addf"(%0, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
// CHECK: %2 = arith.mulf %1, %1 : tensor<4xf32>
func.func @mixed(%a: tensor<4xf32>, %b: tensor<?xf32>) -> tensor<4xf32> {
  %0 = "math.atan2"(%a, %b) : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  %1 = "arith.addf"(%0, %b) : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  %2 = arith.mulf %1, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
