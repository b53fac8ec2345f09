// Bufferization models of linalg (outs read only when the payload reads
// it), bufferization (alloc_tensor copy, materialize_in_destination), dense
// constants (memref.global, copied when written) and func (calls to a callee
// that writes its argument).
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s
// The program prints the same before and after bufferization, with each
// set of options, and leak-free after deallocation.
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=OUT
// Without function boundaries an argument is read-only, so @materialize
// cannot put its data where it promises: refused, as upstream.
// RUN: not buffer-opt --one-shot-bufferize %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: error: 'bufferization.materialize_in_destination' op not bufferizable under the given constraints: would write to read-only buffer
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// Upstream parses what we print.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %s | mlir-opt > /dev/null
// REQUIRES: mlir-opt

#id = affine_map<(d0) -> (d0)>

// Two fills of one tensor.empty: the second write would clobber the first
// result, which is still returned, so each fill gets its own buffer.
// CHECK-LABEL: func.func @two_fills(
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NOT: memref.copy
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[B]] : memref<4xf32>)
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<4xf32>)
// CHECK: return %[[B]], %[[A]]

func.func @two_fills(%v: f32, %w: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %b = linalg.fill ins(%w : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// A linalg outs operand the payload does not read: the old value is still
// returned, so the op writes a fresh buffer, and nothing is copied into it.
// CHECK-LABEL: func.func @outs_not_read(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<4xf32>, %[[O:[a-z0-9]+]]: memref<4xf32>
// CHECK: %[[N:.*]] = memref.alloc()
// CHECK-NOT: memref.copy
// CHECK: linalg.generic {{.*}} ins(%[[X]] : memref<4xf32>) outs(%[[N]] : memref<4xf32>)
// CHECK: return %[[N]], %[[O]]

func.func @outs_not_read(%x: tensor<4xf32>, %o: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r, %o : tensor<4xf32>, tensor<4xf32>
}

// An outs operand the payload reads is updated in place.
// CHECK-LABEL: func.func @outs_read(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<4xf32>, %[[O:[a-z0-9]+]]: memref<4xf32>
// CHECK-NOT: memref.alloc
// CHECK: linalg.generic {{.*}} ins(%[[X]] : memref<4xf32>) outs(%[[O]] : memref<4xf32>)

func.func @outs_read(%x: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// A dense constant becomes a memref.global; writing it needs a copy.
// CHECK-LABEL: func.func @written_constant(
// CHECK: %[[G:.*]] = memref.get_global @[[NAME:.*]] : memref<4xf32>
// CHECK: %[[C:.*]] = memref.alloc()
// CHECK: memref.copy %[[G]], %[[C]]
// CHECK: memref.store %{{.*}}, %[[C]]
// CHECK: return %[[C]]

func.func @written_constant() -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %v = arith.constant 9.0 : f32
  %k = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = tensor.insert %v into %k[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}

// alloc_tensor copy(%x): a new buffer holding %x, written in place.
// CHECK-LABEL: func.func @alloc_tensor_copy(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<4xf32>
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: memref.copy %[[X]], %[[A]]
// CHECK-NOT: memref.copy
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: return %[[A]], %[[X]]

func.func @alloc_tensor_copy(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c1 = arith.constant 1 : index
  %v = arith.constant 5.0 : f32
  %a = bufferization.alloc_tensor() copy(%x) : tensor<4xf32>
  %b = tensor.insert %v into %a[%c1] : tensor<4xf32>
  return %b, %x : tensor<4xf32>, tensor<4xf32>
}

// materialize_in_destination is a copy into the destination's buffer.
// CHECK-LABEL: func.func @materialize(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<4xf32>, %[[D:[a-z0-9]+]]: memref<4xf32>
// CHECK-NOT: memref.alloc
// CHECK: memref.copy %[[X]], %[[D]]
// CHECK: return %[[D]]

func.func @materialize(%x: tensor<4xf32>, %d: tensor<4xf32>) -> tensor<4xf32> {
  %r = bufferization.materialize_in_destination %x in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// The callee writes its argument in place...
// CHECK-LABEL: func.func @callee_writes(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<4xf32>
// CHECK-NOT: memref.alloc
// CHECK: memref.store %{{.*}}, %[[T]]
// CHECK: return %[[T]]

func.func @callee_writes(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c2 = arith.constant 2 : index
  %v = arith.constant 6.0 : f32
  %r = tensor.insert %v into %t[%c2] : tensor<4xf32>
  return %r : tensor<4xf32>
}

// ...so a caller that reads the argument after the call passes a copy.
// CHECK-LABEL: func.func @caller_reads_after(
// CHECK-SAME: %[[T:[a-z0-9]+]]: memref<4xf32>
// CHECK: %[[C:.*]] = memref.alloc()
// CHECK: memref.copy %[[T]], %[[C]]
// CHECK: call @callee_writes(%[[C]])
// CHECK: memref.load %[[T]]

func.func @caller_reads_after(%t: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %c2 = arith.constant 2 : index
  %r = call @callee_writes(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %old = tensor.extract %t[%c2] : tensor<4xf32>
  return %r, %old : tensor<4xf32>, f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %y = arith.constant dense<[10.0, 20.0, 30.0, 40.0]> : tensor<4xf32>
  %a, %b = call @two_fills(%one, %two) : (f32, f32) -> (tensor<4xf32>, tensor<4xf32>)
  call @print(%a) : (tensor<4xf32>) -> ()
  call @print(%b) : (tensor<4xf32>) -> ()
  %c, %d = call @outs_not_read(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  call @print(%c) : (tensor<4xf32>) -> ()
  call @print(%d) : (tensor<4xf32>) -> ()
  %e = call @outs_read(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  call @print(%e) : (tensor<4xf32>) -> ()
  %f = call @written_constant() : () -> tensor<4xf32>
  call @print(%f) : (tensor<4xf32>) -> ()
  %g, %h = call @alloc_tensor_copy(%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  call @print(%g) : (tensor<4xf32>) -> ()
  call @print(%h) : (tensor<4xf32>) -> ()
  %i = call @materialize(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  call @print(%i) : (tensor<4xf32>) -> ()
  %j, %old = call @caller_reads_after(%x) : (tensor<4xf32>) -> (tensor<4xf32>, f32)
  call @print(%j) : (tensor<4xf32>) -> ()
  call @printF32(%old) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @print(%t: tensor<4xf32>) {
  %m = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printF32(f32)

func.func private @printNewline()

// OUT: [1,  1,  1,  1]
// OUT: [2,  2,  2,  2]
// OUT: [1,  4,  9,  16]
// OUT: [10,  20,  30,  40]
// OUT: [11,  22,  33,  44]
// OUT: [9,  2,  3,  4]
// OUT: [1,  5,  3,  4]
// OUT: [1,  2,  3,  4]
// OUT: [1,  2,  3,  4]
// OUT: [1,  2,  6,  4]
// OUT-NEXT: 3
