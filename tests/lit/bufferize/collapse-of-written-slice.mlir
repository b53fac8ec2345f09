// A non-contiguous tensor.collapse_shape of a slice of an argument, read
// after a write into that slice of the argument (issue 14: once the write
// came before the copy the collapse needs, in a program where the collapsed
// value was dead). With the value live, its read is a read of an alias of
// the slice after the write: the analysis copies the slice out before the
// write, and the collapse reads the copy. The tensor program and every
// bufferization of it give the same values.
// RUN: buffer-opt %S/Inputs/collapse-of-written-slice.mlir --run=main > %t.tensor
// RUN: FileCheck %s --input-file=%t.tensor
// RUN: buffer-opt %S/Inputs/collapse-of-written-slice.mlir --one-shot-bufferize=bufferize-function-boundaries | buffer-opt --run=main | FileCheck %s
// RUN: buffer-opt %S/Inputs/collapse-of-written-slice.mlir --one-shot-bufferize | buffer-opt --run=main | FileCheck %s
// RUN: buffer-opt %S/Inputs/collapse-of-written-slice.mlir "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | buffer-opt --run=main | FileCheck %s
// RUN: %if llvm %{ buffer-opt %S/Inputs/collapse-of-written-slice.mlir --emit=run --run=main | FileCheck %s %}
// CHECK: "data":[1.0,2.0,5.0,6.0,9.0,10.0,13.0,14.0]},{{.*}}"data":[9.0,9.0,3.0,4.0,9.0,9.0,7.0,8.0,9.0,9.0,11.0,12.0,9.0,9.0,15.0,16.0]}]
//
// The copy of the slice comes before the write into the argument.
// RUN: buffer-opt %S/Inputs/collapse-of-written-slice.mlir --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=ORDER
// ORDER-LABEL: func.func @f
// ORDER: %[[S:.*]] = memref.subview %arg0[0, 0] [4, 2] [1, 1]
// ORDER: memref.copy %[[S]], %[[COPY:.*]] :
// ORDER: linalg.fill
// ORDER: memref.copy %{{.*}}, %[[W:.*]] :
// ORDER: memref.collapse_shape %[[COPY]]
