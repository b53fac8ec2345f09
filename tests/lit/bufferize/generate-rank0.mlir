// A rank-0 tensor.generate fills its allocation with a linalg.map without
// linalg.index ops, as upstream: the body (tensors it reads bufferized
// there) yields the one element.
// REQUIRES: mlir-opt
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | mlir-opt > /dev/null
// RUN: buffer-opt --one-shot-bufferize %s | mlir-opt > /dev/null
// RUN: buffer-opt --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.ref
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.fb
// RUN: diff %t.ref %t.fb
// RUN: buffer-opt --one-shot-bufferize --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.def
// RUN: diff %t.ref %t.def

// CHECK-LABEL: func.func @scalar_of(
// CHECK-SAME: %[[T:[a-z0-9_]+]]: memref<3xi64>
// CHECK: %[[M:[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<i64>
// CHECK-NOT: scf.for
// CHECK: linalg.map outs(%[[M]] : memref<i64>)
// CHECK-NOT: linalg.index
// CHECK: %[[X:[a-z0-9_]+]] = memref.load %[[T]][
// CHECK: %[[Y:[a-z0-9_]+]] = arith.muli %[[X]], %[[X]] : i64
// CHECK: linalg.yield %[[Y]] : i64
// CHECK: return %[[M]]
func.func @scalar_of(%t: tensor<3xi64>) -> tensor<i64> {
  %g = tensor.generate {
  ^bb0():
    %c2 = arith.constant 2 : index
    %x = tensor.extract %t[%c2] : tensor<3xi64>
    %y = arith.muli %x, %x : i64
    tensor.yield %y : i64
  } : tensor<i64>
  return %g : tensor<i64>
}

func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %t = arith.constant dense<[4, 5, -6]> : tensor<3xi64>
  %g = call @scalar_of(%t) : (tensor<3xi64>) -> tensor<i64>
  %m = bufferization.to_buffer %g : tensor<i64> to memref<i64>
  %u = memref.cast %m : memref<i64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}
