// A load of a stored global needs its snapshot (alloc + copy) only while a
// store might run before the loaded tensor's last read: when every read,
// through aliases too, is over first (@step: load, increment, store), the
// load is the global's buffer itself, as upstream makes every load, and
// costs no copy. A store before a later read (@read_after_store), a call
// that might store (@call_between), a read through a slice
// (@alias_after_store) or a to_buffer (@buffer_after_store) after the store
// and a returned load (@main) keep the snapshot.
//
// RUN: buffer-opt %S/Inputs/ml-program-load-uses.mlir --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s
// CHECK-LABEL: func.func @step()
// CHECK-NEXT: %[[G:.*]] = memref.get_global @count : memref<2xi64>
// CHECK-NOT: memref.copy %[[G]]
// CHECK: ins(%[[G]] : memref<2xi64>) outs(%[[NEW:.*]] : memref<2xi64>)
// CHECK: %[[G2:.*]] = memref.get_global @count
// CHECK-NEXT: memref.copy %[[NEW]], %[[G2]]
// CHECK-LABEL: func.func @read_after_store(
// CHECK-NEXT: %[[G:.*]] = memref.get_global @count
// CHECK-NEXT: %[[S:.*]] = memref.alloc()
// CHECK-NEXT: memref.copy %[[G]], %[[S]]
// CHECK: memref.load %[[S]]
// CHECK-LABEL: func.func @call_between()
// CHECK-NEXT: %[[G:.*]] = memref.get_global @count
// CHECK-NEXT: %[[S:.*]] = memref.alloc()
// CHECK-NEXT: memref.copy %[[G]], %[[S]]
// CHECK: call @step()
// CHECK: memref.load %[[S]]
// CHECK-LABEL: func.func @alias_after_store(
// CHECK-NEXT: %[[G:.*]] = memref.get_global @count
// CHECK-NEXT: %[[S:.*]] = memref.alloc()
// CHECK-NEXT: memref.copy %[[G]], %[[S]]
// CHECK-NEXT: memref.subview %[[S]]
// CHECK-LABEL: func.func @buffer_after_store(
// CHECK-NEXT: %[[G:.*]] = memref.get_global @count
// CHECK-NEXT: %[[S:.*]] = memref.alloc()
// CHECK-NEXT: memref.copy %[[G]], %[[S]]
// CHECK-LABEL: func.func @main(
// CHECK: %[[G:.*]] = memref.get_global @count
// CHECK-NEXT: %[[S:.*]] = memref.alloc()
// CHECK-NEXT: memref.copy %[[G]], %[[S]]
// CHECK-NEXT: return {{.*}}, %[[S]] :
//
// The tensor program, our bufferized program and our JIT agree: @step
// makes the global [2, 11]; each later function reads the value the global
// had at its load (2, then 200 before @step's increment, then 201, and 201
// again after one more @step).
// Upstream's bufferized program reads the stored values instead.
// RUN: buffer-opt %S/Inputs/ml-program-load-uses.mlir --run=main --inputs=%S/Inputs/ml-program-load-uses.json | FileCheck %s --check-prefix=AGREE
// RUN: buffer-opt %S/Inputs/ml-program-load-uses.mlir --one-shot-bufferize=bufferize-function-boundaries | buffer-opt --run=main --inputs=%S/Inputs/ml-program-load-uses.json | FileCheck %s --check-prefix=AGREE
// RUN: %if llvm %{ buffer-opt %S/Inputs/ml-program-load-uses.mlir --emit=run --run=main --inputs=%S/Inputs/ml-program-load-uses.json | FileCheck %s --check-prefix=AGREE %}
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/ml-program-load-uses.mlir --one-shot-bufferize=bufferize-function-boundaries | buffer-opt --run=main --inputs=%S/Inputs/ml-program-load-uses.json | FileCheck %s --check-prefix=UPSTREAM %}
// AGREE: [{"type":"i64","value":2},{"type":"i64","value":200},{"type":"i64","value":201},{"type":"i64","value":201},{{.*}}"data":[100,200]}]
// UPSTREAM: [{"type":"i64","value":100},{"type":"i64","value":201},{"type":"i64","value":200},{"type":"i64","value":200},{{.*}}"data":[100,200]}]
