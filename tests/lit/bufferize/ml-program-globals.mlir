// One-Shot on ml_program globals. A global becomes a memref.global of the
// same name and visibility (constant unless mutable); loads read it with
// memref.get_global. A load of a global that some global_store writes is a
// snapshot (a new buffer and a copy), because the tensor holds the value
// the global had at the load: upstream hands out the global's own buffer,
// so the store shows through the earlier load (its output, run here, gives
// the stored value for %old). A load nothing stores to, and a
// global_load_const, are read-only buffers: writes to them go to copies.
//
// RUN: buffer-opt %S/Inputs/ml-program-store.mlir --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=STORE
// STORE: memref.global "private" @state : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
// STORE-LABEL: func.func @main
// STORE: %[[G0:.*]] = memref.get_global @state : memref<2xf32>
// STORE: %[[OLD:.*]] = memref.alloc()
// STORE: memref.copy %[[G0]], %[[OLD]]
// STORE: %[[G1:.*]] = memref.get_global @state : memref<2xf32>
// STORE: memref.copy %arg0, %[[G1]]
// STORE: return %[[OLD]],
//
// The tensor program, our bufferized program and our JIT agree: %old is the
// initial value, %new the stored one.
// RUN: buffer-opt %S/Inputs/ml-program-store.mlir --run=main --inputs=%S/Inputs/ml-program-store.json | FileCheck %s --check-prefix=AGREE
// RUN: buffer-opt %S/Inputs/ml-program-store.mlir --one-shot-bufferize=bufferize-function-boundaries | buffer-opt --run=main --inputs=%S/Inputs/ml-program-store.json | FileCheck %s --check-prefix=AGREE
// RUN: %if llvm %{ buffer-opt %S/Inputs/ml-program-store.mlir --emit=run --run=main --inputs=%S/Inputs/ml-program-store.json | FileCheck %s --check-prefix=AGREE %}
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/ml-program-store.mlir --one-shot-bufferize=bufferize-function-boundaries | buffer-opt --run=main --inputs=%S/Inputs/ml-program-store.json | FileCheck %s --check-prefix=UPSTREAM %}
// AGREE: "data":[1.0,2.0]},{{.*}}"data":[0.5,0.25]}]
// UPSTREAM: "data":[0.5,0.25]},{{.*}}"data":[0.5,0.25]}]
//
// RUN: buffer-opt %S/Inputs/ml-program-unstored.mlir --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=READONLY
// READONLY: memref.global "private" @seed : memref<i64> = dense<7>
// READONLY: memref.global "private" constant @w : memref<2xf32>
// READONLY-LABEL: func.func @fill_loaded
// READONLY: %[[A:.*]] = memref.alloc() {{.*}} : memref<i64>
// READONLY: linalg.fill ins(%{{.*}} : i64) outs(%[[A]] : memref<i64>)
// READONLY: %[[B:.*]] = memref.alloc() {{.*}} : memref<2xf32>
// READONLY: linalg.fill ins(%{{.*}} : f32) outs(%[[B]] : memref<2xf32>)
// READONLY-LABEL: func.func @main
// READONLY: memref.get_global @seed
// RUN: buffer-opt %S/Inputs/ml-program-unstored.mlir --run=main | FileCheck %s --check-prefix=UNSTORED
// RUN: buffer-opt %S/Inputs/ml-program-unstored.mlir --one-shot-bufferize=bufferize-function-boundaries | buffer-opt --run=main | FileCheck %s --check-prefix=UNSTORED
// RUN: %if llvm %{ buffer-opt %S/Inputs/ml-program-unstored.mlir --emit=run --run=main | FileCheck %s --check-prefix=UNSTORED %}
// UNSTORED: "data":[5]},{{.*}}"data":[7]},{{.*}}"data":[0.0,0.0]},{{.*}}"data":[1.5,2.5]}]
