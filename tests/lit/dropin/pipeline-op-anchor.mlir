// A nested pipeline may be anchored on any op (here the test dialect's
// symbol scope): its passes run on every such op, and nothing outside them
// changes. test-one-shot-module-bufferize bufferizes across the functions
// of each scope (calls resolve inside it) with identity layouts.
// RUN: buffer-opt %s -pass-pipeline="builtin.module(test.symbol_scope_isolated(test-one-shot-module-bufferize,canonicalize))" | FileCheck %s
// RUN: buffer-opt %s -pass-pipeline="builtin.module(test.symbol_scope_isolated(test-one-shot-module-bufferize,canonicalize))" -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: buffer-opt %s -pass-pipeline="builtin.module(test.symbol_scope_isolated(cse),test.symbol_scope_isolated(canonicalize),func.func(cse))" -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=GROUPS
// RUN: not buffer-opt %s -pass-pipeline="builtin.module(test.symbol_scope_isolated(one-shot-bufferize))" 2>&1 | FileCheck %s --check-prefix=MODULE-PASS

// CHECK-LABEL: func.func @at_module_level(
//  CHECK-SAME:     %{{.*}}: tensor<3xf32>) -> tensor<3xf32>
func.func @at_module_level(%t: tensor<3xf32>) -> tensor<3xf32> {
  return %t : tensor<3xf32>
}

// The callee writes its argument; the caller's argument is read-only and
// read again after the call, so the caller copies it first.
// CHECK: "test.symbol_scope_isolated"() ({
// CHECK-LABEL: func.func @set_last(
//  CHECK-SAME:     %[[A:.*]]: memref<3xf32>) -> memref<3xf32>
//       CHECK:   memref.store %{{.*}}, %[[A]][%{{.*}}] : memref<3xf32>
//       CHECK:   return %[[A]] : memref<3xf32>
// CHECK-LABEL: func.func @keeps_input(
//  CHECK-SAME:     %[[IN:.*]]: memref<3xf32>) -> (f32, f32)
//       CHECK:   %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
//       CHECK:   memref.copy %[[IN]], %[[COPY]]
//       CHECK:   %[[R:.*]] = call @set_last(%[[COPY]]) : (memref<3xf32>) -> memref<3xf32>
//       CHECK:   memref.load %[[IN]]
//       CHECK:   memref.load %[[R]]
//       CHECK: "test.finish"() : () -> ()
"test.symbol_scope_isolated"() ({
  func.func @set_last(%t: tensor<3xf32>) -> tensor<3xf32> {
    %c2 = arith.constant 2 : index
    %one = arith.constant 1.0 : f32
    %r = tensor.insert %one into %t[%c2] : tensor<3xf32>
    return %r : tensor<3xf32>
  }
  func.func @keeps_input(%t: tensor<3xf32> {bufferization.writable = false}) -> (f32, f32) {
    %c2 = arith.constant 2 : index
    %r = call @set_last(%t) : (tensor<3xf32>) -> tensor<3xf32>
    %before = tensor.extract %t[%c2] : tensor<3xf32>
    %after = tensor.extract %r[%c2] : tensor<3xf32>
    return %before, %after : f32, f32
  }
  "test.finish"() : () -> ()
}) : () -> ()

// A second scope: its @set_last is its own symbol, not the one above.
// CHECK: "test.symbol_scope_isolated"() ({
// CHECK-LABEL: func.func @set_last(
//  CHECK-SAME:     %[[B:.*]]: memref<5xi32>) -> memref<5xi32>
//       CHECK:   return %[[B]]
"test.symbol_scope_isolated"() ({
  func.func @set_last(%t: tensor<5xi32>) -> tensor<5xi32> {
    return %t : tensor<5xi32>
  }
  "test.finish"() : () -> ()
}) : () -> ()

// DUMP: Pass Manager with 1 passes:
// DUMP-NEXT: builtin.module(
// DUMP-NEXT:   test.symbol_scope_isolated(
// DUMP-NEXT:     test-one-shot-module-bufferize,
// DUMP-NEXT:     canonicalize{
// DUMP-NEXT:   )
// DUMP-NEXT: )

// Each group stays apart, as upstream nests them.
// GROUPS: Pass Manager with 3 passes:
// GROUPS-NEXT: builtin.module(
// GROUPS-NEXT:   test.symbol_scope_isolated(
// GROUPS-NEXT:     cse
// GROUPS-NEXT:   ),
// GROUPS-NEXT:   test.symbol_scope_isolated(
// GROUPS-NEXT:     canonicalize{
// GROUPS-NEXT:   ),
// GROUPS-NEXT:   func.func(
// GROUPS-NEXT:     cse
// GROUPS-NEXT:   )
// GROUPS-NEXT: )

// MODULE-PASS: Can't add pass 'OneShotBufferizePass' restricted to 'builtin.module' on a PassManager intended to run on 'test.symbol_scope_isolated', did you intend to nest?
