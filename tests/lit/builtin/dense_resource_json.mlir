// The JSON form carries dense_resource blobs in "resources" (as the text's
// dialect_resources section spells them) and reads them back; a malformed
// blob is an error at its JSON pointer.
// RUN: buffer-opt --emit=json %S/Inputs/dense_resource_split.mlir > %t.json
// RUN: FileCheck %s < %t.json
// RUN: buffer-opt --input-format=json %t.json > %t.back
// RUN: buffer-opt %S/Inputs/dense_resource_split.mlir > %t.text
// RUN: diff %t.text %t.back
// RUN: buffer-opt --input-format=json %t.json --run=second | FileCheck %s --check-prefix=OUT
// RUN: sed -e 's/"0x0400/"0xZZ00/' %t.json > %t.bad.json
// RUN: not buffer-opt --input-format=json %t.bad.json 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: "resources":{"builtin":{"a":"0x040000000100000002000000"}}
// OUT: [{"type":"tensor<2xi32>","shape":[2],"data":[1,2]}]
// BAD: error: expected hex string blob for key 'a' ("0x", the 4-byte alignment, the bytes) (at /resources/builtin/a)
