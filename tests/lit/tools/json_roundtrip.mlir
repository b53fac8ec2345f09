// The JSON form round-trips: MLIR -> JSON -> MLIR prints the same program.
// RUN: buffer-opt %s > %t.direct.mlir
// RUN: buffer-opt --emit=json %s > %t.json
// RUN: buffer-opt --input-format=json %t.json > %t.via-json.mlir
// RUN: diff %t.direct.mlir %t.via-json.mlir
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// JSON: {"format":"bufferd.program","version":1,"module":{"name":"builtin.module"
// RUN: not buffer-opt --input-format=json %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error:

func.func @scale(%t: tensor<4xf32>, %s: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.map ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>)
    (%x: f32, %unused: f32) {
      %m = arith.mulf %x, %s : f32
      linalg.yield %m : f32
    }
  return %r : tensor<4xf32>
}
