// A write into a slice of the slice that an insert_slice / parallel_insert_slice
// puts back lies inside the part the insert overwrites, so it does not
// conflict with the insert's read of its destination: each forall iteration
// fills one element of its row in place, without a copy of the row (upstream
// decides the same). Found by the generator (seed 13: one allocation more
// than upstream).
// REQUIRES: mlir-opt
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s --check-prefix=REWRITE
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries %s | mlir-opt > /dev/null
// RUN: buffer-opt --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.ref
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.fb
// RUN: diff %t.ref %t.fb
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline --run=main --run-leak-check %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.dealloc
// RUN: diff %t.ref %t.dealloc

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func @nested_slice
// CHECK-COUNT-2: tensor.extract_slice {{.*}}__inplace_operands_attr__ = ["true"]
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK-COUNT-2: tensor.insert_slice {{.*}}__inplace_operands_attr__ = ["true", "true"]
// REWRITE-LABEL: func.func @nested_slice
// REWRITE-NOT: memref.alloc
// REWRITE: return
func.func @nested_slice(%t: tensor<8xf32>, %v: f32) -> tensor<8xf32> {
  %s = tensor.extract_slice %t[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %ss = tensor.extract_slice %s[1] [2] [1] : tensor<4xf32> to tensor<2xf32>
  %f = linalg.fill ins(%v : f32) outs(%ss : tensor<2xf32>) -> tensor<2xf32>
  %s2 = tensor.insert_slice %f into %s[1] [2] [1] : tensor<2xf32> into tensor<4xf32>
  %t2 = tensor.insert_slice %s2 into %t[2] [4] [1] : tensor<4xf32> into tensor<8xf32>
  return %t2 : tensor<8xf32>
}

// CHECK-LABEL: func.func @forall_rows
// CHECK: tensor.extract_slice {{.*}}__inplace_operands_attr__ = ["true", "none"]
// CHECK: tensor.extract_slice {{.*}}__inplace_operands_attr__ = ["true"]
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK: tensor.insert_slice {{.*}}__inplace_operands_attr__ = ["true", "true"]
// CHECK: tensor.parallel_insert_slice {{.*}}__inplace_operands_attr__ = ["true", "true", "none"]
// CHECK: } {__inplace_operands_attr__ = ["true"]}
// REWRITE-LABEL: func.func @forall_rows
// REWRITE-NOT: memref.alloc
// REWRITE-NOT: memref.copy
// REWRITE: return
func.func @forall_rows(%m: tensor<4x3xf32>, %v: f32) -> tensor<4x3xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %m) -> (tensor<4x3xf32>) {
    %row = tensor.extract_slice %o[%i, 0] [1, 3] [1, 1] : tensor<4x3xf32> to tensor<3xf32>
    %mid = tensor.extract_slice %row[1] [1] [1] : tensor<3xf32> to tensor<1xf32>
    %f = linalg.fill ins(%v : f32) outs(%mid : tensor<1xf32>) -> tensor<1xf32>
    %row2 = tensor.insert_slice %f into %row[1] [1] [1] : tensor<1xf32> into tensor<3xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %row2 into %o[%i, 0] [1, 3] [1, 1] : tensor<3xf32> into tensor<4x3xf32>
    }
  }
  return %r : tensor<4x3xf32>
}

func.func @main() {
  %c = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf32>
  %nine = arith.constant 9.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.copy ins(%c : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = call @nested_slice(%t, %nine) : (tensor<8xf32>, f32) -> tensor<8xf32>
  %mr = bufferization.to_buffer %r : tensor<8xf32> to memref<8xf32>
  %ur = memref.cast %mr : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%ur) : (memref<*xf32>) -> ()
  %m = arith.constant dense<1.0> : tensor<4x3xf32>
  %e2 = tensor.empty() : tensor<4x3xf32>
  %mm = linalg.copy ins(%m : tensor<4x3xf32>) outs(%e2 : tensor<4x3xf32>) -> tensor<4x3xf32>
  %q = call @forall_rows(%mm, %nine) : (tensor<4x3xf32>, f32) -> tensor<4x3xf32>
  %mq = bufferization.to_buffer %q : tensor<4x3xf32> to memref<4x3xf32>
  %uq = memref.cast %mq : memref<4x3xf32> to memref<*xf32>
  call @printMemrefF32(%uq) : (memref<*xf32>) -> ()
  return
}
