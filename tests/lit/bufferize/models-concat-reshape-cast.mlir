// Bufferization models of tensor.concat (one buffer, each input copied into
// its subview), tensor.reshape with a shape tensor (a memref.reshape view),
// tensor.rank, and arith.index_cast on a tensor (a new buffer filled by a
// loop nest); other elementwise arith on tensors is refused, as upstream.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s
// The program prints the same before and after bufferization, with each
// set of options, and leak-free after deallocation.
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize %s --run=main | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize %s --buffer-deallocation-pipeline --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// Upstream parses what we print.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %s | mlir-opt > /dev/null
// RUN: buffer-opt --one-shot-bufferize %s | mlir-opt > /dev/null
// RUN: not buffer-opt --one-shot-bufferize %S/Inputs/arith-elementwise-tensor.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// REQUIRES: mlir-opt

// ERR: arith-elementwise-tensor.mlir:4:8: error: 'arith.addi' op cannot bufferize

// (printF32 / printI64 print no separator)
// OUT: {{^}}123456{{$}}
// OUT-NEXT: {{^}}1011123456{{$}}
// OUT-NEXT: {{^}}1234561011{{$}}
// OUT-NEXT: {{^}}22{{$}}
// OUT-NEXT: {{^}}7-240{{$}}

// Static inputs: the offsets are constants.
// CHECK-LABEL: func.func @concat_static(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<2x2xf32>, %[[B:[a-z0-9]+]]: memref<1x2xf32>
// CHECK: %[[R:.*]] = memref.alloc() {{.*}} : memref<3x2xf32>
// CHECK: %[[S0:.*]] = memref.subview %[[R]][0, 0] [2, 2] [1, 1]
// CHECK: memref.copy %[[A]], %[[S0]]
// CHECK: %[[S1:.*]] = memref.subview %[[R]][2, 0] [1, 2] [1, 1]
// CHECK: memref.copy %[[B]], %[[S1]]
// CHECK: return %[[R]]
func.func @concat_static(%a: tensor<2x2xf32>, %b: tensor<1x2xf32>) -> tensor<3x2xf32> {
  %c = tensor.concat dim(0) %a, %b : (tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<3x2xf32>
  return %c : tensor<3x2xf32>
}

// A dynamic input: the size is a sum and the next offset is computed.
// CHECK-LABEL: func.func @concat_dynamic(
// CHECK: %[[R:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xf32>
// CHECK: memref.subview %[[R]][0] [2] [1]
// CHECK: memref.copy
// CHECK: memref.subview %[[R]][2] [%{{.*}}] [1]
// CHECK: memref.copy
// CHECK: memref.subview %[[R]][%{{.*}}] [2] [1]
// CHECK: memref.copy
func.func @concat_dynamic(%a: tensor<2xf32>, %d: tensor<?xf32>) -> tensor<?xf32> {
  %c = tensor.concat dim(0) %a, %d, %a : (tensor<2xf32>, tensor<?xf32>, tensor<2xf32>) -> tensor<?xf32>
  return %c : tensor<?xf32>
}

// CHECK-LABEL: func.func @reshape_rank(
// CHECK: memref.reshape
// CHECK: memref.rank
func.func @reshape_rank(%t: tensor<6xf32>, %shape: tensor<2xi64>) -> (tensor<2x3xf32>, index) {
  %r = tensor.reshape %t(%shape) : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  %k = tensor.rank %r : tensor<2x3xf32>
  return %r, %k : tensor<2x3xf32>, index
}

// CHECK-LABEL: func.func @index_cast(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<3xindex>
// CHECK: %[[R:.*]] = memref.alloc() {{.*}} : memref<3xi64>
// CHECK: scf.for %[[I:.*]] =
// CHECK: %[[X:.*]] = memref.load %[[T]][%[[I]]]
// CHECK: %[[Y:.*]] = arith.index_cast %[[X]] : index to i64
// CHECK: memref.store %[[Y]], %[[R]][%[[I]]]
func.func @index_cast(%t: tensor<3xindex>) -> tensor<3xi64> {
  %r = arith.index_cast %t : tensor<3xindex> to tensor<3xi64>
  return %r : tensor<3xi64>
}

func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @print_all(%t: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = tensor.extract %t[%i] : tensor<?xf32>
    func.call @printF32(%x) : (f32) -> ()
  }
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = arith.constant dense<[[5.0, 6.0]]> : tensor<1x2xf32>
  %c = call @concat_static(%a, %b) : (tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<3x2xf32>
  %cf = tensor.collapse_shape %c [[0, 1]] : tensor<3x2xf32> into tensor<6xf32>
  %cd = tensor.cast %cf : tensor<6xf32> to tensor<?xf32>
  call @print_all(%cd) : (tensor<?xf32>) -> ()
  %two = arith.constant dense<[10.0, 11.0]> : tensor<2xf32>
  %d1 = call @concat_dynamic(%two, %cd) : (tensor<2xf32>, tensor<?xf32>) -> tensor<?xf32>
  %c2 = arith.constant 2 : index
  %head = tensor.extract_slice %d1[0] [8] [1] : tensor<?xf32> to tensor<8xf32>
  %hd = tensor.cast %head : tensor<8xf32> to tensor<?xf32>
  call @print_all(%hd) : (tensor<?xf32>) -> ()
  %tail = tensor.extract_slice %d1[2] [8] [1] : tensor<?xf32> to tensor<8xf32>
  %td = tensor.cast %tail : tensor<8xf32> to tensor<?xf32>
  call @print_all(%td) : (tensor<?xf32>) -> ()
  %shape = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r, %k = call @reshape_rank(%cf, %shape) : (tensor<6xf32>, tensor<2xi64>) -> (tensor<2x3xf32>, index)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.extract %r[%c0, %c1] : tensor<2x3xf32>
  call @printF32(%e) : (f32) -> ()
  %ki = arith.index_cast %k : index to i64
  %kf = arith.sitofp %ki : i64 to f32
  call @printF32(%kf) : (f32) -> ()
  call @printNewline() : () -> ()
  %ix = tensor.from_elements %c0, %c1, %c2 : tensor<3xindex>
  %m = arith.constant -9 : index
  %ix2 = tensor.insert %m into %ix[%c1] : tensor<3xindex>
  %ic = call @index_cast(%ix2) : (tensor<3xindex>) -> tensor<3xi64>
  %v0 = tensor.extract %ic[%c0] : tensor<3xi64>
  %v1 = tensor.extract %ic[%c1] : tensor<3xi64>
  %v2 = tensor.extract %ic[%c2] : tensor<3xi64>
  %s7 = arith.constant 7 : i64
  %s20 = arith.constant 20 : i64
  %p0 = arith.addi %v0, %s7 : i64
  %p1 = arith.addi %v1, %s7 : i64
  %p2 = arith.muli %v2, %s20 : i64
  call @printI64(%p0) : (i64) -> ()
  call @printI64(%p1) : (i64) -> ()
  call @printI64(%p2) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
