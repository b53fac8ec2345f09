// Bufferization models of cf.br / cf.cond_br carrying tensors between
// blocks: block arguments become memrefs, branch operands may alias the
// successor's arguments, and a write in place is refused when a loop made
// of blocks, or a join, lets a read see the write too early.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize %s | FileCheck %s --check-prefix=DEF
// The program prints the same before and after bufferization, with each
// set of options, and leak-free after deallocation.
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize %s --run=main | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize %s --buffer-deallocation-pipeline --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries analysis-heuristic=top-down" %s --run=main | FileCheck %s --check-prefix=OUT
// The partial passes reach the branches too (func-bufferize takes them).
// RUN: buffer-opt --tensor-bufferize --scf-bufferize --func-bufferize --arith-bufferize --finalizing-bufferize %s --run=main | FileCheck %s --check-prefix=OUT
// Upstream parses what we print.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %s | mlir-opt > /dev/null
// RUN: buffer-opt --one-shot-bufferize %s | mlir-opt > /dev/null
// REQUIRES: mlir-opt
//
// Upstream MLIR 22 writes in place in @skip_write, @loop_reads_outer,
// @input_read_after and @join_layouts and prints 7 / 4234 4 / 3 / 6 where
// the program means 1 / 3234 3 / 2 / 5 (it takes a block argument's
// definition as dead once the write leaves the argument's block). It also
// refuses @join_layouts as written (a cond_br to one block with two
// layouts), and copies in both branches of @diamond.

// OUT: 5234
// OUT-NEXT: 1534
// OUT-NEXT: 1294
// OUT-NEXT: 1294
// OUT-NEXT: 7234
// OUT-NEXT: 1
// OUT-NEXT: 3234
// OUT-NEXT: 3
// OUT-NEXT: 2345
// OUT-NEXT: 2
// OUT-NEXT: 510
// OUT-NEXT: 12
// OUT-NEXT: 5
// OUT-NEXT: 5
// OUT-NEXT: 42
// OUT-NEXT: 62

// diamond: each branch writes its own element of the argument in place
// Each branch writes its own element of the argument: only one runs, so
// both write in place.
// CHECK-LABEL: func.func @diamond(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<4xf32>
// CHECK-NOT: memref.alloc
// CHECK: memref.store %{{.*}}, %[[T]][%{{.*}}]
// CHECK: cf.br ^[[J:bb[0-9]+]](%[[T]] : memref<4xf32>)
// CHECK: memref.store %{{.*}}, %[[T]][%{{.*}}]
// CHECK: cf.br ^[[J]](%[[T]] : memref<4xf32>)
// CHECK: ^[[J]](%[[Z:.*]]: memref<4xf32>):
// CHECK-NEXT: return %[[Z]]
func.func @diamond(%t: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %v = arith.constant 5.0 : f32
  cf.cond_br %c, ^a, ^b
^a:
  %x = tensor.insert %v into %t[%i0] : tensor<4xf32>
  cf.br ^join(%x : tensor<4xf32>)
^b:
  %y = tensor.insert %v into %t[%i1] : tensor<4xf32>
  cf.br ^join(%y : tensor<4xf32>)
^join(%z: tensor<4xf32>):
  return %z : tensor<4xf32>
}

// a join fed with the argument and with a constant, then written
// The join takes the argument or a constant and is written: only the
// constant's edge copies. Without function boundaries the argument is
// read-only too, so both edges copy.
// CHECK-LABEL: func.func @join_write(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<4xf32>
// CHECK: %[[K:.*]] = memref.get_global
// CHECK: cf.br ^[[J:bb[0-9]+]](%[[T]] : memref<4xf32>)
// CHECK: %[[C:.*]] = memref.alloc()
// CHECK: memref.copy %[[K]], %[[C]]
// CHECK: cf.br ^[[J]](%[[C]] : memref<4xf32>)
// CHECK: ^[[J]](%[[Z:.*]]: memref<4xf32>):
// CHECK-NEXT: memref.store %{{.*}}, %[[Z]]
// DEF-LABEL: func.func @join_write(
// DEF-COUNT-2: memref.copy
// DEF: ^bb3(%[[Z:.*]]: memref<4xf32>):
// DEF-NEXT: memref.store %{{.*}}, %[[Z]]
func.func @join_write(%t: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %i2 = arith.constant 2 : index
  %v = arith.constant 9.0 : f32
  %k = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  cf.cond_br %c, ^a, ^b
^a:
  cf.br ^join(%t : tensor<4xf32>)
^b:
  cf.br ^join(%k : tensor<4xf32>)
^join(%z: tensor<4xf32>):
  %w = tensor.insert %v into %z[%i2] : tensor<4xf32>
  return %w : tensor<4xf32>
}

// the branch that writes skips the join argument: the read at the join
// must still see the old contents
// The writing branch leaves the argument out, which the join still reads:
// the write goes to a copy.
// CHECK-LABEL: func.func @skip_write(
// CHECK: ^bb1(%[[CUR:.*]]: memref<4xf32>):
// CHECK: %[[C:.*]] = memref.alloc()
// CHECK: memref.copy %[[CUR]], %[[C]]
// CHECK: memref.store %{{.*}}, %[[C]]
// CHECK: memref.load %[[CUR]]
func.func @skip_write(%t: tensor<4xf32>, %c: i1) -> (tensor<4xf32>, f32) {
  %i0 = arith.constant 0 : index
  %v = arith.constant 7.0 : f32
  cf.br ^head(%t : tensor<4xf32>)
^head(%cur: tensor<4xf32>):
  cf.cond_br %c, ^body, ^done(%cur : tensor<4xf32>)
^body:
  %n = tensor.insert %v into %cur[%i0] : tensor<4xf32>
  cf.br ^done(%n : tensor<4xf32>)
^done(%r: tensor<4xf32>):
  %e = tensor.extract %cur[%i0] : tensor<4xf32>
  return %r, %e : tensor<4xf32>, f32
}

// a loop reading and writing a tensor defined before it: every iteration
// must read the original
// A loop of blocks reads and writes a tensor defined before it: every
// iteration must read the original, so the write copies.
// CHECK-LABEL: func.func @loop_reads_outer(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<4xf32>
// CHECK: ^bb2:
// CHECK: memref.load %[[T]]
// CHECK: %[[C:.*]] = memref.alloc()
// CHECK: memref.copy %[[T]], %[[C]]
// CHECK: memref.store %{{.*}}, %[[C]]
func.func @loop_reads_outer(%t: tensor<4xf32>, %n: index) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  cf.br ^head(%c0, %z, %t : index, f32, tensor<4xf32>)
^head(%i: index, %acc: f32, %last: tensor<4xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %e = tensor.extract %t[%c0] : tensor<4xf32>
  %a2 = arith.addf %acc, %e : f32
  %w = tensor.insert %a2 into %t[%c0] : tensor<4xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %a2, %w : index, f32, tensor<4xf32>)
^done:
  return %last, %acc : tensor<4xf32>, f32
}

// the loop input is read after the loop
// The loop updates its input in place, but the input is read after the
// loop: one copy before the loop, none in it.
// CHECK-LABEL: func.func @input_read_after(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<4xf32>
// CHECK: %[[C:.*]] = memref.alloc()
// CHECK: memref.copy %[[T]], %[[C]]
// CHECK: cf.br ^bb1(%{{.*}}, %[[C]] : index, memref<4xf32>)
// CHECK: ^bb1(%{{.*}}: index, %[[CUR:.*]]: memref<4xf32>):
// CHECK-NOT: memref.copy
// CHECK: memref.store %{{.*}}, %[[CUR]]
// CHECK: cf.br ^bb1(%{{.*}}, %[[CUR]] : index, memref<4xf32>)
// CHECK: memref.load %[[T]]
func.func @input_read_after(%t: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  cf.br ^head(%c0, %t : index, tensor<4xf32>)
^head(%i: index, %cur: tensor<4xf32>):
  %more = arith.cmpi slt, %i, %c4 : index
  cf.cond_br %more, ^body, ^done
^body:
  %x = tensor.extract %cur[%i] : tensor<4xf32>
  %y = arith.addf %x, %one : f32
  %n = tensor.insert %y into %cur[%i] : tensor<4xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %n : index, tensor<4xf32>)
^done:
  %old = tensor.extract %t[%c1] : tensor<4xf32>
  return %cur, %old : tensor<4xf32>, f32
}

// two loop-carried tensors that swap every iteration
// Two tensors swap roles every iteration (correct, one copy per
// iteration where upstream has none: the alias sets of the two arguments
// merge through the back edge). The copy is a new buffer of the arguments'
// layout, so the arguments keep the identity layout.
// CHECK-LABEL: func.func @swap(
// CHECK: ^bb1(%{{.*}}: index, %{{.*}}: memref<2xf32>, %{{.*}}: memref<2xf32>):
func.func @swap(%a: tensor<2xf32>, %b: tensor<2xf32>, %n: index) -> (tensor<2xf32>, tensor<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  cf.br ^head(%c0, %a, %b : index, tensor<2xf32>, tensor<2xf32>)
^head(%i: index, %x: tensor<2xf32>, %y: tensor<2xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %e = tensor.extract %x[%c0] : tensor<2xf32>
  %m = arith.mulf %e, %two : f32
  %x2 = tensor.insert %m into %x[%c1] : tensor<2xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %y, %x2 : index, tensor<2xf32>, tensor<2xf32>)
^done:
  return %x, %y : tensor<2xf32>, tensor<2xf32>
}

// a slice of the argument and the argument itself meet at a join
// Two slices of the argument meet at a join that is written while the
// argument is read after: the write must not reach the argument.
// CHECK-LABEL: func.func @join_layouts(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<8xf32>
// CHECK: ^bb3(%[[Z:.*]]: memref<4xf32>):
// CHECK-NEXT: memref.store %{{.*}}, %[[Z]]
// CHECK: memref.load %[[T]]
func.func @join_layouts(%t: tensor<8xf32>, %c: i1) -> f32 {
  %i1 = arith.constant 1 : index
  %v = arith.constant 3.0 : f32
  %s = tensor.extract_slice %t[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %f = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  cf.cond_br %c, ^a, ^b
^a:
  cf.br ^j(%s : tensor<4xf32>)
^b:
  cf.br ^j(%f : tensor<4xf32>)
^j(%z: tensor<4xf32>):
  %w = tensor.insert %v into %z[%i1] : tensor<4xf32>
  %e = tensor.extract %w[%i1] : tensor<4xf32>
  %o = tensor.extract %t[%i1] : tensor<8xf32>
  %r = arith.addf %e, %o : f32
  return %r : f32
}

// two read-only views of different layouts meet at a join
// Read-only views of two layouts meet: the argument gets a fully dynamic
// layout and each edge casts.
// CHECK-LABEL: func.func @join_views(
// CHECK-NOT: memref.alloc
// CHECK: %[[C1:.*]] = memref.cast %{{.*}} : memref<4xf32, strided<[1], offset: 2>> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: cf.br ^[[J:bb[0-9]+]](%[[C1]] : memref<4xf32, strided<[?], offset: ?>>)
// CHECK: memref.cast %{{.*}} : memref<4xf32, strided<[1]>> to memref<4xf32, strided<[?], offset: ?>>
// CHECK: ^[[J]](%{{.*}}: memref<4xf32, strided<[?], offset: ?>>):
func.func @join_views(%t: tensor<8xf32>, %c: i1) -> f32 {
  %i1 = arith.constant 1 : index
  %s = tensor.extract_slice %t[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %f = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  cf.cond_br %c, ^a, ^b
^a:
  cf.br ^j(%s : tensor<4xf32>)
^b:
  cf.br ^j(%f : tensor<4xf32>)
^j(%z: tensor<4xf32>):
  %e = tensor.extract %z[%i1] : tensor<4xf32>
  return %e : f32
}

// The loop carries a slice of another tensor on its back edge: the block
// argument gets a fully dynamic layout, so the slice is cast, not copied.
// CHECK-LABEL: func.func @slide(
// CHECK-NOT: memref.alloc
// CHECK: ^bb1(%{{.*}}: index, %{{.*}}: f32, %{{.*}}: memref<4xf32, strided<[?], offset: ?>>):
// CHECK: %[[S:.*]] = memref.subview
// CHECK: %[[C:.*]] = memref.cast %[[S]]
// CHECK: cf.br ^bb1(%{{.*}}, %{{.*}}, %[[C]] :
func.func @slide(%t: tensor<4xf32>, %big: tensor<12xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  cf.br ^head(%c0, %z, %t : index, f32, tensor<4xf32>)
^head(%i: index, %acc: f32, %cur: tensor<4xf32>):
  %more = arith.cmpi slt, %i, %c4 : index
  cf.cond_br %more, ^body, ^done
^body:
  %x = tensor.extract %cur[%c1] : tensor<4xf32>
  %a = arith.addf %acc, %x : f32
  %s = tensor.extract_slice %big[%i] [4] [1] : tensor<12xf32> to tensor<4xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %a, %s : index, f32, tensor<4xf32>)
^done:
  return %acc : f32
}

func.func @show4(%t: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  cf.br ^h(%c0 : index)
^h(%i: index):
  %more = arith.cmpi slt, %i, %c4 : index
  cf.cond_br %more, ^p, ^e
^p:
  %x = tensor.extract %t[%i] : tensor<4xf32>
  call @printF32(%x) : (f32) -> ()
  %i2 = arith.addi %i, %c1 : index
  cf.br ^h(%i2 : index)
^e:
  call @printNewline() : () -> ()
  return
}
func.func @show2(%t: tensor<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tensor.extract %t[%c0] : tensor<2xf32>
  %y = tensor.extract %t[%c1] : tensor<2xf32>
  call @printF32(%x) : (f32) -> ()
  call @printF32(%y) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %true = arith.constant true
  %false = arith.constant false
  %d1 = call @diamond(%t, %true) : (tensor<4xf32>, i1) -> tensor<4xf32>
  call @show4(%d1) : (tensor<4xf32>) -> ()
  %d2 = call @diamond(%t, %false) : (tensor<4xf32>, i1) -> tensor<4xf32>
  call @show4(%d2) : (tensor<4xf32>) -> ()
  %j1 = call @join_write(%t, %true) : (tensor<4xf32>, i1) -> tensor<4xf32>
  call @show4(%j1) : (tensor<4xf32>) -> ()
  %j2 = call @join_write(%t, %false) : (tensor<4xf32>, i1) -> tensor<4xf32>
  call @show4(%j2) : (tensor<4xf32>) -> ()
  %s1, %s1e = call @skip_write(%t, %true) : (tensor<4xf32>, i1) -> (tensor<4xf32>, f32)
  call @show4(%s1) : (tensor<4xf32>) -> ()
  call @printF32(%s1e) : (f32) -> ()
  call @printNewline() : () -> ()
  %c3 = arith.constant 3 : index
  %l, %le = call @loop_reads_outer(%t, %c3) : (tensor<4xf32>, index) -> (tensor<4xf32>, f32)
  call @show4(%l) : (tensor<4xf32>) -> ()
  call @printF32(%le) : (f32) -> ()
  call @printNewline() : () -> ()
  %r, %re = call @input_read_after(%t) : (tensor<4xf32>) -> (tensor<4xf32>, f32)
  call @show4(%r) : (tensor<4xf32>) -> ()
  call @printF32(%re) : (f32) -> ()
  call @printNewline() : () -> ()
  %a = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[5.0, 6.0]> : tensor<2xf32>
  %x, %y = call @swap(%a, %b, %c3) : (tensor<2xf32>, tensor<2xf32>, index) -> (tensor<2xf32>, tensor<2xf32>)
  call @show2(%x) : (tensor<2xf32>) -> ()
  call @show2(%y) : (tensor<2xf32>) -> ()
  %e8 = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %jl1 = call @join_layouts(%e8, %true) : (tensor<8xf32>, i1) -> f32
  call @printF32(%jl1) : (f32) -> ()
  call @printNewline() : () -> ()
  %jl2 = call @join_layouts(%e8, %false) : (tensor<8xf32>, i1) -> f32
  call @printF32(%jl2) : (f32) -> ()
  call @printNewline() : () -> ()
  %jv1 = call @join_views(%e8, %true) : (tensor<8xf32>, i1) -> f32
  call @printF32(%jv1) : (f32) -> ()
  %jv2 = call @join_views(%e8, %false) : (tensor<8xf32>, i1) -> f32
  call @printF32(%jv2) : (f32) -> ()
  call @printNewline() : () -> ()
  %big = arith.constant dense<[0.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 100.0, 110.0]> : tensor<12xf32>
  %sl = call @slide(%t, %big) : (tensor<4xf32>, tensor<12xf32>) -> f32
  call @printF32(%sl) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
