// cf.switch forwards tensors to its default and case successors like
// cf.br: each case writes its own element of the argument in place.
// (No deallocation here: the deallocation pipeline takes memrefs through
// cf.br and cf.cond_br only.)
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize %s --run=main | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %s --run=main | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %s | mlir-opt > /dev/null
// RUN: buffer-opt --one-shot-bufferize %s | mlir-opt > /dev/null
// REQUIRES: mlir-opt

// OUT: 9234
// OUT-NEXT: 1934
// OUT-NEXT: 1294

// CHECK-LABEL: func.func @pick(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<4xf32>
// CHECK-NOT: memref.alloc
// CHECK: cf.switch %{{.*}} : i32, [
// CHECK-NEXT: default: ^bb1(%[[T]] : memref<4xf32>),
// CHECK-NEXT: 1: ^bb4(%[[T]] : memref<4xf32>)
func.func @pick(%t: tensor<4xf32>, %k: i32) -> tensor<4xf32> {
  %v = arith.constant 9.0 : f32
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  cf.switch %k : i32, [
    default: ^other(%t : tensor<4xf32>),
    1: ^one(%t : tensor<4xf32>)
  ]
^other(%a: tensor<4xf32>):
  %c0 = arith.constant 0 : i32
  %is0 = arith.cmpi eq, %k, %c0 : i32
  cf.cond_br %is0, ^zero, ^two
^zero:
  %z = tensor.insert %v into %a[%i0] : tensor<4xf32>
  cf.br ^join(%z : tensor<4xf32>)
^two:
  %w = tensor.insert %v into %a[%i2] : tensor<4xf32>
  cf.br ^join(%w : tensor<4xf32>)
^one(%b: tensor<4xf32>):
  %o = tensor.insert %v into %b[%i1] : tensor<4xf32>
  cf.br ^join(%o : tensor<4xf32>)
^join(%r: tensor<4xf32>):
  return %r : tensor<4xf32>
}

func.func private @printF32(f32)
func.func private @printNewline()

func.func @show(%t: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = tensor.extract %t[%c0] : tensor<4xf32>
  %b = tensor.extract %t[%c1] : tensor<4xf32>
  %c = tensor.extract %t[%c2] : tensor<4xf32>
  %d = tensor.extract %t[%c3] : tensor<4xf32>
  call @printF32(%a) : (f32) -> ()
  call @printF32(%b) : (f32) -> ()
  call @printF32(%c) : (f32) -> ()
  call @printF32(%d) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 1 : i32
  %k2 = arith.constant 2 : i32
  %r0 = call @pick(%t, %k0) : (tensor<4xf32>, i32) -> tensor<4xf32>
  call @show(%r0) : (tensor<4xf32>) -> ()
  %r1 = call @pick(%t, %k1) : (tensor<4xf32>, i32) -> tensor<4xf32>
  call @show(%r1) : (tensor<4xf32>) -> ()
  %r2 = call @pick(%t, %k2) : (tensor<4xf32>, i32) -> tensor<4xf32>
  call @show(%r2) : (tensor<4xf32>) -> ()
  return
}
