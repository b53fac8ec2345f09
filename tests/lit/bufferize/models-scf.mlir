// Bufferization models of scf: for (iter_args in place, init read after the
// loop), if (a write in one branch), forall (parallel tiles, untouched
// shared_outs).
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s
// The program prints the same before and after bufferization, with each
// set of options, and leak-free after deallocation.
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize %s --run=main | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// Upstream parses what we print.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %s | mlir-opt > /dev/null
// REQUIRES: mlir-opt

// The loop updates its init in place: the function argument's buffer is
// the iter_arg, no allocation.
// CHECK-LABEL: func.func @for_inplace(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<8xf32>
// CHECK-NOT: memref.alloc
// CHECK: scf.for {{.*}} iter_args(%[[A:.*]] = %[[T]]) -> (memref<8xf32>)
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: scf.yield %[[A]]

func.func @for_inplace(%t: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<8xf32>) {
    %x = tensor.extract %a[%i] : tensor<8xf32>
    %y = arith.addf %x, %one : f32
    %b = tensor.insert %y into %a[%i] : tensor<8xf32>
    scf.yield %b : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// The init is read after the loop: the loop runs on one copy.
// CHECK-LABEL: func.func @for_reads_init_after(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<8xf32>
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK: memref.copy %[[T]], %[[C]]
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[C]])
// CHECK-NOT: memref.copy
// CHECK: memref.load %[[T]]

func.func @for_reads_init_after(%t: tensor<8xf32>, %n: index) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<8xf32>) {
    %b = tensor.insert %two into %a[%i] : tensor<8xf32>
    scf.yield %b : tensor<8xf32>
  }
  %old = tensor.extract %t[%c0] : tensor<8xf32>
  return %r, %old : tensor<8xf32>, f32
}

// A write in one branch of an scf.if whose other branch yields the same
// tensor: the if result is a new definition, so nothing read later sees
// the old contents and the write is in place (as upstream decides).
// CHECK-LABEL: func.func @if_branches(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<8xf32>
// CHECK-NOT: memref.alloc
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %[[T]]
// CHECK: scf.yield %[[T]]
// CHECK: } else {
// CHECK: scf.yield %[[T]]

func.func @if_branches(%t: tensor<8xf32>, %c: i1) -> tensor<8xf32> {
  %c3 = arith.constant 3 : index
  %v = arith.constant 7.0 : f32
  %r = scf.if %c -> (tensor<8xf32>) {
    %b = tensor.insert %v into %t[%c3] : tensor<8xf32>
    scf.yield %b : tensor<8xf32>
  } else {
    scf.yield %t : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// Tiles of a shared_out written in parallel: subviews of its buffer, no copy.
// CHECK-LABEL: func.func @forall_tiles(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<8xf32>
// CHECK-NOT: memref.alloc
// CHECK: scf.forall
// CHECK: %[[S:.*]] = memref.subview %[[T]]
// CHECK: linalg.add ins(%[[S]], %[[S]] : {{.*}}) outs(%[[S]] :
// CHECK-NOT: memref.copy
// CHECK: return %[[T]]

func.func @forall_tiles(%t: tensor<8xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<8xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %s = tensor.extract_slice %o[%off] [2] [1] : tensor<8xf32> to tensor<2xf32>
    %d = linalg.add ins(%s, %s : tensor<2xf32>, tensor<2xf32>) outs(%s : tensor<2xf32>) -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %d into %o[%off] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// A shared_out is read even when no thread touches it (the unwritten
// points keep its contents): the function argument is used in place here,
// and with a non-writable argument (default options) it is copied first.
// CHECK-LABEL: func.func @forall_untouched(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<8xf32>
// CHECK: scf.forall
// CHECK: return %[[T]]

func.func @forall_untouched(%t: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.forall (%i) = (%c0) to (%n) step (%c1) shared_outs(%o = %t) -> (tensor<8xf32>) {
  }
  return %r : tensor<8xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %false = arith.constant false
  %cst = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf32>
  %a = call @for_inplace(%cst, %c3) : (tensor<8xf32>, index) -> tensor<8xf32>
  %b, %old = call @for_reads_init_after(%cst, %c3) : (tensor<8xf32>, index) -> (tensor<8xf32>, f32)
  %c = call @if_branches(%cst, %true) : (tensor<8xf32>, i1) -> tensor<8xf32>
  %d = call @if_branches(%cst, %false) : (tensor<8xf32>, i1) -> tensor<8xf32>
  %e = call @forall_tiles(%cst) : (tensor<8xf32>) -> tensor<8xf32>
  %f = call @forall_untouched(%cst, %c3) : (tensor<8xf32>, index) -> tensor<8xf32>
  call @print(%a) : (tensor<8xf32>) -> ()
  call @print(%b) : (tensor<8xf32>) -> ()
  call @printF32(%old) : (f32) -> ()
  call @printNewline() : () -> ()
  call @print(%c) : (tensor<8xf32>) -> ()
  call @print(%d) : (tensor<8xf32>) -> ()
  call @print(%e) : (tensor<8xf32>) -> ()
  call @print(%f) : (tensor<8xf32>) -> ()
  return
}

func.func @print(%t: tensor<8xf32>) {
  %m = bufferization.to_buffer %t : tensor<8xf32> to memref<8xf32>
  %u = memref.cast %m : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printF32(f32)

func.func private @printNewline()

// OUT: [1,  2,  3,  3,  4,  5,  6,  7]
// OUT: [2,  2,  2,  3,  4,  5,  6,  7]
// OUT-NEXT: 0
// OUT: [0,  1,  2,  7,  4,  5,  6,  7]
// OUT: [0,  1,  2,  3,  4,  5,  6,  7]
// OUT: [0,  2,  4,  6,  8,  10,  12,  14]
// OUT: [0,  1,  2,  3,  4,  5,  6,  7]
