// Recursion with tensor arguments: a call-graph cycle is bufferized with
// conservative summaries where a callee is not analysed yet (every
// argument read and written, results may alias every argument and are
// equivalent to none), so a caller that still needs an argument after
// such a call copies it first.
// REQUIRES: mlir-opt
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | mlir-opt > /dev/null
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s --check-prefix=INFER
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries %s | mlir-opt > /dev/null
// RUN: buffer-opt --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.ref
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.fb
// RUN: diff %t.ref %t.fb
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.infer
// RUN: diff %t.ref %t.infer
// RUN: buffer-opt --one-shot-bufferize --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.def
// RUN: diff %t.ref %t.def

// Prefix sums by self-recursion: the element is updated in place and the
// updated tensor passed on; nothing reads the argument after the call, so
// the conservative summary of the self-call (writes its argument, result
// may alias it) costs no copy.
// CHECK-LABEL: func.func @prefix_rec(
// CHECK-SAME: %[[T:[a-z0-9_]+]]: memref<5xf32>
// CHECK-NOT: memref.copy
// CHECK: memref.store %{{.*}}, %[[T]]
// CHECK: call @prefix_rec(%[[T]], %{{.*}}) : (memref<5xf32>, index) -> memref<5xf32>
// Under infer-layout-map the result layout of a function where a cycle
// closes cannot come from its returns (the call is rewritten first).
// INFER-LABEL: func.func @prefix_rec(
// INFER-SAME: -> memref<5xf32, strided<[?], offset: ?>>
func.func @prefix_rec(%t: tensor<5xf32>, %i: index) -> tensor<5xf32> {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %done = arith.cmpi eq, %i, %c5 : index
  %r = scf.if %done -> tensor<5xf32> {
    scf.yield %t : tensor<5xf32>
  } else {
    %j = arith.subi %i, %c1 : index
    %prev = tensor.extract %t[%j] : tensor<5xf32>
    %cur = tensor.extract %t[%i] : tensor<5xf32>
    %s = arith.addf %prev, %cur : f32
    %u = tensor.insert %s into %t[%i] : tensor<5xf32>
    %i1 = arith.addi %i, %c1 : index
    %n = func.call @prefix_rec(%u, %i1) : (tensor<5xf32>, index) -> tensor<5xf32>
    scf.yield %n : tensor<5xf32>
  }
  return %r : tensor<5xf32>
}

// Mutual recursion: the cycle closes at @ping, so @pong is analysed first
// and sees @ping as writing its argument: @pong still reads its argument
// after the call, so it passes a copy. @ping, calling the analysed @pong,
// writes its own argument in place.
// CHECK-LABEL: func.func @ping(
// CHECK-SAME: %[[A0:[a-z0-9_]+]]: memref<3xi32>
// CHECK-NOT: memref.copy
// CHECK: memref.store %{{.*}}, %[[A0]][
// CHECK: call @pong(%[[A0]], %{{.*}})
// CHECK-LABEL: func.func @pong(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: memref<3xi32>
// CHECK: %[[C:[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<3xi32>
// CHECK: memref.copy %[[A]], %[[C]]
// CHECK: %[[P:[a-z0-9_]+]] = call @ping(%[[C]], %{{.*}})
// CHECK: memref.load %[[A]][
// CHECK: memref.store %{{.*}}, %[[P]][
func.func @ping(%t: tensor<3xi32>, %n: i32) -> tensor<3xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0 : i32
  %stop = arith.cmpi sle, %n, %z : i32
  %r = scf.if %stop -> tensor<3xi32> {
    scf.yield %t : tensor<3xi32>
  } else {
    %m = arith.subi %n, %c1 : i32
    %w = tensor.insert %n into %t[%c0] : tensor<3xi32>
    %p = func.call @pong(%w, %m) : (tensor<3xi32>, i32) -> tensor<3xi32>
    scf.yield %p : tensor<3xi32>
  }
  return %r : tensor<3xi32>
}

func.func @pong(%t: tensor<3xi32>, %n: i32) -> tensor<3xi32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %p = func.call @ping(%t, %n) : (tensor<3xi32>, i32) -> tensor<3xi32>
  %old = tensor.extract %t[%c1] : tensor<3xi32>
  %x = tensor.extract %p[%c2] : tensor<3xi32>
  %y = arith.addi %old, %x : i32
  %q = tensor.insert %y into %p[%c2] : tensor<3xi32>
  %q2 = tensor.insert %n into %q[%c1] : tensor<3xi32>
  return %q2 : tensor<3xi32>
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %v = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %p = call @prefix_rec(%v, %c1) : (tensor<5xf32>, index) -> tensor<5xf32>
  %pm = bufferization.to_buffer %p : tensor<5xf32> to memref<5xf32>
  %pu = memref.cast %pm : memref<5xf32> to memref<*xf32>
  call @printMemrefF32(%pu) : (memref<*xf32>) -> ()
  %t = arith.constant dense<[10, 20, 30]> : tensor<3xi32>
  %n = arith.constant 4 : i32
  %r = call @ping(%t, %n) : (tensor<3xi32>, i32) -> tensor<3xi32>
  %rm = bufferization.to_buffer %r : tensor<3xi32> to memref<3xi32>
  %ru = memref.cast %rm : memref<3xi32> to memref<*xi32>
  call @printMemrefI32(%ru) : (memref<*xi32>) -> ()
  %tm = bufferization.to_buffer %t : tensor<3xi32> to memref<3xi32>
  %tu = memref.cast %tm : memref<3xi32> to memref<*xi32>
  call @printMemrefI32(%tu) : (memref<*xi32>) -> ()
  return
}
