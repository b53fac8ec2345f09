// dense_resource attributes and the file's {-# dialect_resources #-} section
// against upstream mlir-opt: custom and generic forms, the section printed
// with only the blobs the IR references (hex upper-cased, in order of first
// reference), external resources kept, values elided past a length, and
// --split-input-file giving each chunk the section written in it.
// REQUIRES: mlir-opt
// RUN: buffer-opt --allow-unregistered-dialect %S/Inputs/dense_resource.mlir > %t.ours
// RUN: mlir-opt --allow-unregistered-dialect %S/Inputs/dense_resource.mlir > %t.theirs
// RUN: diff %t.theirs %t.ours
// RUN: buffer-opt --allow-unregistered-dialect %t.ours | diff %t.theirs -
// RUN: buffer-opt --allow-unregistered-dialect --mlir-print-op-generic %S/Inputs/dense_resource.mlir > %t.gours
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %S/Inputs/dense_resource.mlir > %t.gtheirs
// RUN: diff %t.gtheirs %t.gours
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %S/Inputs/dense_resource.mlir | buffer-opt --allow-unregistered-dialect | diff %t.theirs -
// RUN: buffer-opt --allow-unregistered-dialect --mlir-elide-resource-strings-if-larger=30 %S/Inputs/dense_resource.mlir > %t.eours
// RUN: mlir-opt --allow-unregistered-dialect --mlir-elide-resource-strings-if-larger=30 %S/Inputs/dense_resource.mlir > %t.etheirs
// RUN: diff %t.etheirs %t.eours
// RUN: buffer-opt --allow-unregistered-dialect --mlir-elide-resource-strings-if-larger=0 %S/Inputs/dense_resource.mlir > %t.e0ours
// RUN: mlir-opt --allow-unregistered-dialect --mlir-elide-resource-strings-if-larger=0 %S/Inputs/dense_resource.mlir > %t.e0theirs
// RUN: diff %t.e0theirs %t.e0ours
// RUN: buffer-opt --split-input-file %S/Inputs/dense_resource_split.mlir > %t.sours
// RUN: mlir-opt --split-input-file %S/Inputs/dense_resource_split.mlir > %t.stheirs
// RUN: diff %t.stheirs %t.sours
// RUN: buffer-opt %S/Inputs/dense_resource_split.mlir > %t.wours
// RUN: mlir-opt %S/Inputs/dense_resource_split.mlir > %t.wtheirs
// RUN: diff %t.wtheirs %t.wours
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries %S/Inputs/dense_resource_split.mlir | FileCheck %s

// The bufferized constant is a memref.global over the same blob.
// CHECK: memref.global "private" constant @__constant_2xi32 : memref<2xi32> = dense_resource<a> {alignment = 64 : i64}
// CHECK: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       a: "0x040000000100000002000000"
