// A dense_resource weight lowers to one raw constant byte array (the blob's
// bytes, not an expression per element), and the JIT reads the values the
// interpreter reads; a blob of the wrong size is MLIR's translation error.
// REQUIRES: llvm, llvm-opt
// RUN: buffer-opt --emit=llvm %s -o %t.ll
// RUN: opt -passes=verify -disable-output %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: buffer-opt --emit=run --run=f %s > %t.jit
// RUN: buffer-opt --run=f %s > %t.interp
// RUN: diff %t.interp %t.jit
// RUN: FileCheck %s --check-prefix=OUT < %t.jit
// RUN: not buffer-opt --emit=llvm %S/../interp/Inputs/dense-resource-bad.mlir 2>&1 | FileCheck %s --check-prefix=BAD

memref.global "private" constant @bias : memref<2x2xi16> = dense_resource<v>

func.func @f() -> (tensor<4xf32>, memref<2x2xi16>, tensor<3xf64>, f32) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %w = arith.constant dense_resource<w> : tensor<4xf32>
  %d = arith.constant dense_resource<d> : tensor<3xf64>
  %g = memref.get_global @bias : memref<2x2xi16>
  %x = tensor.extract %w[%c1] : tensor<4xf32>
  %y = tensor.extract %w[%c3] : tensor<4xf32>
  %s = arith.addf %x, %y : f32
  return %w, %g, %d, %s : tensor<4xf32>, memref<2x2xi16>, tensor<3xf64>, f32
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F00002040000040C000008040",
      v: "0x020000000100FEFF2C0170FE",
      d: "0x08000000000000000000E03F000000000000F4BF0000000000009040"
    }
  }
#-}

// The blob's bytes as one byte array, which LLVM prints, assembles and
// writes as one block (an array of floats goes element by element): 0.5,
// -1.25, 1024.0 and 1.0, 2.5, -3.0, 4.0.
// IR-DAG: @__constant_3xf64 = internal {{.*}}constant [24 x i8] c"\00\00\00\00\00\00\E0?\00\00\00\00\00\00\F4\BF\00\00\00\00\00\00\90@", align 64
// IR-DAG: @__constant_4xf32 = internal {{.*}}constant [16 x i8] c"\00\00\80?\00\00 @\00\00@\C0\00\00\80@", align 64

// OUT: [{"type":"tensor<4xf32>","shape":[4],"data":[1.0,2.5,-3.0,4.0]},
// OUT-SAME: {"type":"memref<2x2xi16>","shape":[2,2],"data":[1,-2,300,-400]},
// OUT-SAME: {"type":"tensor<3xf64>","shape":[3],"data":[0.5,-1.25,1024.0]},
// OUT-SAME: {"type":"f32","value":6.5}]

// BAD: dense-resource-bad.mlir:6:8: error: 'memref.global' op cannot lower to LLVM: raw data size does not match element type size
