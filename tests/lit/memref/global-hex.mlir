// memref.global takes its initializer in every form mlir-opt prints: a list,
// a splat, and the hex blob upstream uses for large constants (the custom
// form leaves out the literal's type either way). We print what mlir-opt 22
// prints, and run the hex-initialized global.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=OUT
// RUN: not buffer-opt %S/Inputs/global-hex-bad.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: memref.global "private" constant @list : memref<2xi32> = dense<[1, 2]>
// CHECK: memref.global "private" constant @hex : memref<2x2xf32> = dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]>
// CHECK: memref.global "private" constant @splat : memref<3xi8> = dense<7>
memref.global "private" constant @list : memref<2xi32> = dense<"0x0100000002000000">
memref.global "private" constant @hex : memref<2x2xf32> = dense<"0x0000803F000000400000404000008040">
memref.global "private" constant @splat : memref<3xi8> = dense<7>

func.func private @printMemrefF32(memref<*xf32>)

// OUT: {{\[}}[1,   2],
// OUT-NEXT: [3,   4]]
func.func @main() {
  %g = memref.get_global @hex : memref<2x2xf32>
  %u = memref.cast %g : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
// BAD: global-hex-bad.mlir:1:59: error: elements hex data size is invalid for provided type: 'tensor<4xi32>'
