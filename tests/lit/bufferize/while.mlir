// One-Shot Bufferize of scf.while carrying tensors: a carried slot stays in
// its init's buffer through both regions; values in other buffers are
// copied into the slot (swapped slots go through one temporary); a result
// the condition forwards without a matching init gets a fresh buffer.
// REQUIRES: mlir-opt
// RUN: buffer-opt --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | mlir-opt > /dev/null
// RUN: buffer-opt --one-shot-bufferize=allow-return-allocs-from-loops %s | mlir-opt > /dev/null
// RUN: buffer-opt --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.ref
// RUN: buffer-opt --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.fb
// RUN: diff %t.ref %t.fb
// RUN: buffer-opt --one-shot-bufferize=allow-return-allocs-from-loops --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.def
// RUN: diff %t.ref %t.def

#id = affine_map<(d0) -> (d0)>

// Doubles every element while the first one is below a limit: the slot is
// the argument's buffer in both regions, no allocation, no copy.
// CHECK-LABEL: func.func @double_until(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: memref<4xf32>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: %[[W:[a-z0-9_]+]] = scf.while (%[[B:[a-z0-9_]+]] = %[[A]]) : (memref<4xf32>) -> memref<4xf32>
// CHECK: scf.condition(%{{.*}}) %[[B]] : memref<4xf32>
// CHECK: ^bb0(%[[C:[a-z0-9_]+]]: memref<4xf32>):
// CHECK: linalg.add ins(%[[C]], %[[C]] : {{.*}}) outs(%[[C]] : memref<4xf32>)
// CHECK: scf.yield %[[C]] : memref<4xf32>
// CHECK: return %[[W]]
func.func @double_until(%t: tensor<4xf32>, %lim: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %r = scf.while (%cur = %t) : (tensor<4xf32>) -> tensor<4xf32> {
    %x = tensor.extract %cur[%c0] : tensor<4xf32>
    %go = arith.cmpf olt, %x, %lim : f32
    scf.condition(%go) %cur : tensor<4xf32>
  } do {
  ^bb0(%c: tensor<4xf32>):
    %d = linalg.add ins(%c, %c : tensor<4xf32>, tensor<4xf32>) outs(%c : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %d : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// The condition passes the two slots swapped: one temporary, three copies
// in the before region; the after region yields its arguments unchanged.
// CHECK-LABEL: func.func @swap_in_condition(
// CHECK: scf.while (%[[P:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %[[Q:[a-z0-9_]+]] = %{{[a-z0-9_]+}},
// CHECK: %[[T:[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<3xi32>
// CHECK-NEXT: memref.copy %[[Q]], %[[T]]
// CHECK-NEXT: memref.copy %[[P]], %[[Q]]
// CHECK-NEXT: memref.copy %[[T]], %[[P]]
// CHECK-NEXT: scf.condition(%{{.*}}) %[[P]], %[[Q]], %{{.*}} :
// CHECK: } do {
// CHECK-NOT: memref.copy
// CHECK: scf.yield
func.func @swap_in_condition(%a: tensor<3xi32>, %b: tensor<3xi32>, %n: i32)
    -> (tensor<3xi32>, tensor<3xi32>) {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r:3 = scf.while (%p = %a, %q = %b, %k = %c0) : (tensor<3xi32>, tensor<3xi32>, i32) -> (tensor<3xi32>, tensor<3xi32>, i32) {
    %go = arith.cmpi slt, %k, %n : i32
    scf.condition(%go) %q, %p, %k : tensor<3xi32>, tensor<3xi32>, i32
  } do {
  ^bb0(%x: tensor<3xi32>, %y: tensor<3xi32>, %j: i32):
    %j1 = arith.addi %j, %one : i32
    scf.yield %x, %y, %j1 : tensor<3xi32>, tensor<3xi32>, i32
  }
  return %r#0, %r#1 : tensor<3xi32>, tensor<3xi32>
}

// The after region yields a new tensor, not its argument: it is copied
// into the slot's buffer (the argument itself, reached through the after
// argument), no allocation per iteration beyond the new tensor's.
// CHECK-LABEL: func.func @fresh_each_step(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: memref<2xi64>
// CHECK: scf.while (%{{.*}} = %[[A]])
// CHECK: } do {
// CHECK: ^bb0(%[[C:[a-z0-9_]+]]: memref<2xi64>):
// CHECK: %[[N:[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<2xi64>
// CHECK: memref.copy %[[N]], %[[C]]
// CHECK-NEXT: scf.yield %[[C]]
func.func @fresh_each_step(%t: tensor<2xi64>) -> tensor<2xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lim = arith.constant 100 : i64
  %r = scf.while (%cur = %t) : (tensor<2xi64>) -> tensor<2xi64> {
    %x = tensor.extract %cur[%c0] : tensor<2xi64>
    %go = arith.cmpi slt, %x, %lim : i64
    scf.condition(%go) %cur : tensor<2xi64>
  } do {
  ^bb0(%c: tensor<2xi64>):
    %x = tensor.extract %c[%c0] : tensor<2xi64>
    %y = tensor.extract %c[%c1] : tensor<2xi64>
    %s = arith.addi %x, %y : i64
    %n = tensor.from_elements %s, %x : tensor<2xi64>
    scf.yield %n : tensor<2xi64>
  }
  return %r : tensor<2xi64>
}

// The condition reads the init tensor itself inside the loop while the
// loop writes the carried slot: the init is copied once before the loop.
// CHECK-LABEL: func.func @reads_init_inside(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: memref<4xf32>
// CHECK: %[[K:[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.copy %[[A]], %[[K]]
// CHECK: scf.while (%{{.*}} = %[[K]])
// CHECK: memref.load %[[A]]
func.func @reads_init_inside(%t: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %lim = arith.constant 50.0 : f32
  %r = scf.while (%cur = %t) : (tensor<4xf32>) -> tensor<4xf32> {
    %orig = tensor.extract %t[%c1] : tensor<4xf32>
    %x = tensor.extract %cur[%c3] : tensor<4xf32>
    %s = arith.addf %x, %orig : f32
    %go = arith.cmpf olt, %s, %lim : f32
    scf.condition(%go) %cur : tensor<4xf32>
  } do {
  ^bb0(%c: tensor<4xf32>):
    %x = tensor.extract %c[%c3] : tensor<4xf32>
    %y = arith.addf %x, %x : f32
    %d = tensor.insert %y into %c[%c3] : tensor<4xf32>
    scf.yield %d : tensor<4xf32>
  }
  return %r, %t : tensor<4xf32>, tensor<4xf32>
}

// A dynamic tensor carried, plus a prefix slice forwarded as an extra
// result (no matching init): that result gets a fresh buffer sized from
// the slice at the condition.
// CHECK-LABEL: func.func @forward_slice(
// CHECK: scf.while (%[[B:[a-z0-9_]+]] = %{{.*}}) : (memref<?xf32>) -> (memref<?xf32>, memref<?xf32>)
// CHECK: %[[SV:[a-z0-9_]+]] = memref.subview %[[B]]
// CHECK: %[[F:[a-z0-9_]+]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK: memref.copy %[[SV]], %[[F]]
// CHECK: scf.condition(%{{.*}}) %[[B]], %[[F]] : memref<?xf32>, memref<?xf32>
func.func @forward_slice(%t: tensor<?xf32>, %k: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %lim = arith.constant 10.0 : f32
  %one = arith.constant 1.0 : f32
  %r:2 = scf.while (%cur = %t) : (tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
    %x = tensor.extract %cur[%c0] : tensor<?xf32>
    %go = arith.cmpf olt, %x, %lim : f32
    %s = tensor.extract_slice %cur[0] [%k] [1] : tensor<?xf32> to tensor<?xf32>
    scf.condition(%go) %cur, %s : tensor<?xf32>, tensor<?xf32>
  } do {
  ^bb0(%c: tensor<?xf32>, %s: tensor<?xf32>):
    %x = tensor.extract %c[%c0] : tensor<?xf32>
    %y = arith.addf %x, %one : f32
    %d = tensor.insert %y into %c[%c0] : tensor<?xf32>
    scf.yield %d : tensor<?xf32>
  }
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xf32>
}

// A while nested in an scf.for body carries the for's iter_arg: the inner
// result is the same buffer, the for yields it without a copy.
// CHECK-LABEL: func.func @nested_in_for(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: memref<4xf32>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: return
func.func @nested_in_for(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %lim = arith.constant 30.0 : f32
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %t) -> (tensor<4xf32>) {
    %w = scf.while (%cur = %acc) : (tensor<4xf32>) -> tensor<4xf32> {
      %x = tensor.extract %cur[%i] : tensor<4xf32>
      %go = arith.cmpf olt, %x, %lim : f32
      scf.condition(%go) %cur : tensor<4xf32>
    } do {
    ^bb0(%c: tensor<4xf32>):
      %x = tensor.extract %c[%i] : tensor<4xf32>
      %y = arith.addf %x, %lim : f32
      %d = tensor.insert %y into %c[%i] : tensor<4xf32>
      scf.yield %d : tensor<4xf32>
    }
    scf.yield %w : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// The condition forwards another argument (already a buffer when the
// rewrite reaches the loop): it is copied into the slot.
// CHECK-LABEL: func.func @forward_other_arg(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: memref<2xi32>, %[[B:[a-z0-9_]+]]: memref<2xi32>
// CHECK: scf.while (%[[S:[a-z0-9_]+]] = %[[A]])
// CHECK: memref.copy %[[B]], %[[S]]
// CHECK-NEXT: scf.condition(%{{.*}}) %[[S]] : memref<2xi32>
func.func @forward_other_arg(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %c0 = arith.constant 0 : index
  %lim = arith.constant 5 : i32
  %r = scf.while (%cur = %a) : (tensor<2xi32>) -> tensor<2xi32> {
    %x = tensor.extract %cur[%c0] : tensor<2xi32>
    %go = arith.cmpi slt, %x, %lim : i32
    scf.condition(%go) %b : tensor<2xi32>
  } do {
  ^bb0(%c: tensor<2xi32>):
    %x = tensor.extract %c[%c0] : tensor<2xi32>
    %y = arith.addi %x, %x : i32
    %d = tensor.insert %y into %c[%c0] : tensor<2xi32>
    scf.yield %d : tensor<2xi32>
  }
  return %r : tensor<2xi32>
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)

func.func @show_f32(%t: tensor<?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?xf32> to memref<?xf32>
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %v4 = arith.constant dense<[1.0, 2.5, -3.0, 4.0]> : tensor<4xf32>
  %lim = arith.constant 7.0 : f32
  %d = call @double_until(%v4, %lim) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %dd = tensor.cast %d : tensor<4xf32> to tensor<?xf32>
  call @show_f32(%dd) : (tensor<?xf32>) -> ()

  %a = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = arith.constant dense<[7, 8, 9]> : tensor<3xi32>
  %n3 = arith.constant 2 : i32
  %s:2 = call @swap_in_condition(%a, %b, %n3) : (tensor<3xi32>, tensor<3xi32>, i32) -> (tensor<3xi32>, tensor<3xi32>)
  %s0 = bufferization.to_buffer %s#0 : tensor<3xi32> to memref<3xi32>
  %s0u = memref.cast %s0 : memref<3xi32> to memref<*xi32>
  call @printMemrefI32(%s0u) : (memref<*xi32>) -> ()
  %s1 = bufferization.to_buffer %s#1 : tensor<3xi32> to memref<3xi32>
  %s1u = memref.cast %s1 : memref<3xi32> to memref<*xi32>
  call @printMemrefI32(%s1u) : (memref<*xi32>) -> ()

  %fib = arith.constant dense<[1, 1]> : tensor<2xi64>
  %f = call @fresh_each_step(%fib) : (tensor<2xi64>) -> tensor<2xi64>
  %fm = bufferization.to_buffer %f : tensor<2xi64> to memref<2xi64>
  %fu = memref.cast %fm : memref<2xi64> to memref<*xi64>
  call @printMemrefI64(%fu) : (memref<*xi64>) -> ()

  %w4 = arith.constant dense<[0.5, 10.0, 0.0, 1.5]> : tensor<4xf32>
  %ri:2 = call @reads_init_inside(%w4) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %ri0 = tensor.cast %ri#0 : tensor<4xf32> to tensor<?xf32>
  call @show_f32(%ri0) : (tensor<?xf32>) -> ()
  %ri1 = tensor.cast %ri#1 : tensor<4xf32> to tensor<?xf32>
  call @show_f32(%ri1) : (tensor<?xf32>) -> ()

  %dyn = arith.constant dense<[2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<5xf32>
  %dynq = tensor.cast %dyn : tensor<5xf32> to tensor<?xf32>
  %k2 = arith.constant 2 : index
  %fs:2 = call @forward_slice(%dynq, %k2) : (tensor<?xf32>, index) -> (tensor<?xf32>, tensor<?xf32>)
  call @show_f32(%fs#0) : (tensor<?xf32>) -> ()
  call @show_f32(%fs#1) : (tensor<?xf32>) -> ()

  %fa = arith.constant dense<[1, 2]> : tensor<2xi32>
  %fb = arith.constant dense<[3, 4]> : tensor<2xi32>
  %fo = call @forward_other_arg(%fa, %fb) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %fom = bufferization.to_buffer %fo : tensor<2xi32> to memref<2xi32>
  %fou = memref.cast %fom : memref<2xi32> to memref<*xi32>
  call @printMemrefI32(%fou) : (memref<*xi32>) -> ()

  %nf = call @nested_in_for(%v4) : (tensor<4xf32>) -> tensor<4xf32>
  %nfd = tensor.cast %nf : tensor<4xf32> to tensor<?xf32>
  call @show_f32(%nfd) : (tensor<?xf32>) -> ()
  return
}
