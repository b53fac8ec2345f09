// A loaded global whose tensor is only read, and written by an op that
// writes a copy of it (the global's buffer is never written through a
// load), before the global is stored needs no snapshot at the load: the
// copy goes before the write, as upstream places it.
// RUN: buffer-opt %s -one-shot-bufferize | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt %s -one-shot-bufferize | FileCheck %s %}
// RUN: buffer-opt --run=main %s > %t.tensor
// RUN: buffer-opt -one-shot-bufferize -buffer-deallocation-pipeline %s | buffer-opt --run=main --run-leak-check - > %t.buffer
// RUN: diff %t.tensor %t.buffer
// RUN: FileCheck %s --check-prefix=OUT < %t.buffer

ml_program.global private mutable @counter(dense<3> : tensor<i64>) : tensor<i64>

// CHECK-LABEL: func.func @bump
//       CHECK:   %[[G:.*]] = memref.get_global @counter
//       CHECK:   %[[V:.*]] = memref.load %[[G]][]
//       CHECK:   %[[N:.*]] = arith.muli %[[V]]
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   memref.copy %[[G]], %[[A]]
//       CHECK:   memref.store %[[N]], %[[A]][]
//       CHECK:   %[[G2:.*]] = memref.get_global @counter
//       CHECK:   memref.copy %[[A]], %[[G2]]
//       CHECK:   return %[[N]]
func.func @bump() -> i64 {
  %c2 = arith.constant 2 : i64
  %0 = ml_program.global_load @counter : tensor<i64>
  %v = tensor.extract %0[] : tensor<i64>
  %n = arith.muli %v, %c2 : i64
  %1 = tensor.insert %n into %0[] : tensor<i64>
  ml_program.global_store @counter = %1 : tensor<i64>
  return %n : i64
}

// OUT: 6
// OUT: 12
func.func @main() {
  %a = call @bump() : () -> i64
  vector.print %a : i64
  %b = call @bump() : () -> i64
  vector.print %b : i64
  return
}
