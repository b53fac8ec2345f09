// The interpreter on ml_program globals: a load gives the value the global
// holds at that moment (a later store does not show through it), a store
// replaces it, a constant global gives its initial value.
// RUN: buffer-opt %S/Inputs/state.mlir --run=main --inputs=%S/Inputs/state.json | FileCheck %s
// CHECK: [{"type":"tensor<2xf32>","shape":[2],"data":[1.0,2.0]},{"type":"tensor<2xf32>","shape":[2],"data":[10.5,20.25]},{"type":"tensor<2xf32>","shape":[2],"data":[10.0,20.0]}]
