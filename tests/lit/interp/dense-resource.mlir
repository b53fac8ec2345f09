// Weights as dense_resource blobs: the interpreter reads the bytes before
// and after One-Shot Bufferize (the constant becomes a memref.global over
// the blob) and the JIT gives the same values; a missing blob and one of the
// wrong size are located errors with MLIR's words.
// RUN: buffer-opt --run=f %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s --check-prefix=BUF
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --run=f %s | FileCheck %s --check-prefix=MEM
// RUN: not buffer-opt --run=missing %S/Inputs/dense-resource-bad.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not buffer-opt --run=short %S/Inputs/dense-resource-bad.mlir 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not buffer-opt --one-shot-bufferize=bufferize-function-boundaries --run=short %S/Inputs/dense-resource-bad.mlir 2>&1 | FileCheck %s --check-prefix=SHORT

func.func @f() -> (tensor<4xf32>, tensor<2x2xi16>, tensor<3xf64>, tensor<2xf16>, tensor<3xi64>, tensor<3xi1>, f32) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %w = arith.constant dense_resource<w> : tensor<4xf32>
  %v = arith.constant dense_resource<v> : tensor<2x2xi16>
  %d = arith.constant dense_resource<d> : tensor<3xf64>
  %h = arith.constant dense_resource<h> : tensor<2xf16>
  %q = arith.constant dense_resource<q> : tensor<3xi64>
  %b = arith.constant dense_resource<b> : tensor<3xi1>
  %x = tensor.extract %w[%c1] : tensor<4xf32>
  %y = tensor.extract %w[%c3] : tensor<4xf32>
  %s = arith.addf %x, %y : f32
  return %w, %v, %d, %h, %q, %b, %s : tensor<4xf32>, tensor<2x2xi16>, tensor<3xf64>, tensor<2xf16>, tensor<3xi64>, tensor<3xi1>, f32
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F00002040000040C000008040",
      v: "0x020000000100FEFF2C0170FE",
      d: "0x08000000000000000000E03F000000000000F4BF0000000000009040",
      h: "0x02000000003E00B4",
      q: "0x08000000FFFFFFFFFFFFFFFF00000000000100000700000000000000",
      b: "0x01000000010001"
    }
  }
#-}

// CHECK: [{"type":"tensor<4xf32>","shape":[4],"data":[1.0,2.5,-3.0,4.0]},
// CHECK-SAME: {"type":"tensor<2x2xi16>","shape":[2,2],"data":[1,-2,300,-400]},
// CHECK-SAME: {"type":"tensor<3xf64>","shape":[3],"data":[0.5,-1.25,1024.0]},
// CHECK-SAME: {"type":"tensor<2xf16>","shape":[2],"data":[1.5,-0.25]},
// CHECK-SAME: {"type":"tensor<3xi64>","shape":[3],"data":[-1,1099511627776,7]},
// CHECK-SAME: {"type":"tensor<3xi1>","shape":[3],"data":[true,false,true]},
// CHECK-SAME: {"type":"f32","value":6.5}]

// BUF: memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense_resource<w> {alignment = 64 : i64}
// BUF: memref.get_global @__constant_4xf32 : memref<4xf32>
// BUF: {-#
// BUF: w: "0x040000000000803F00002040000040C000008040"

// MEM: [{"type":"memref<4xf32>","shape":[4],"data":[1.0,2.5,-3.0,4.0]},
// MEM-SAME: "data":[1,-2,300,-400]
// MEM-SAME: "data":[0.5,-1.25,1024.0]
// MEM-SAME: "data":[1.5,-0.25]
// MEM-SAME: "data":[-1,1099511627776,7]
// MEM-SAME: "data":[true,false,true]
// MEM-SAME: {"type":"f32","value":6.5}]

// MISSING: dense-resource-bad.mlir:2:8: error: {{.*}}resource does not exist
// SHORT: dense-resource-bad.mlir:6:8: error: {{.*}}raw data size does not match element type size
