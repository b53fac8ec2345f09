// --timing with a lowering artifact reports the lowering's phases: the
// bufferization it runs for a tensor program (without --default-pipeline),
// the loops, then LLVM's build, optimization and emission. With
// --default-pipeline bufferization is the pipeline's passes instead.
// REQUIRES: llvm-lowering
// RUN: buffer-opt --emit=obj --timing %s -o %t.o 2>&1 | FileCheck %s --check-prefix=OBJ
// RUN: buffer-opt --emit=llvm --default-pipeline --timing %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: buffer-opt --emit=ptx --timing %s -o %t.ptx 2>&1 | FileCheck %s --check-prefix=OBJ
// RUN: buffer-opt --timing %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=NOLOWER

// OBJ: Parser
// OBJ-NEXT: Verifier
// OBJ-NEXT: Bufferize (lowering: one-shot-bufferize)
// OBJ-NEXT: Deallocation (lowering: buffer-deallocation-pipeline)
// OBJ-NEXT: Lowering to loops
// OBJ-NEXT: LLVM build
// OBJ-NEXT: LLVM optimize
// OBJ-NEXT: LLVM emit
// OBJ-NEXT: Output
// OBJ-NEXT: Total

// PIPE: Verifier
// PIPE-NEXT: one-shot-bufferize
// PIPE-NEXT: buffer-deallocation-pipeline
// PIPE-NEXT: Lowering to loops
// PIPE-NEXT: LLVM build
// PIPE-NEXT: LLVM optimize
// PIPE-NEXT: LLVM emit
// PIPE-NEXT: Output

// NOLOWER: Verifier
// NOLOWER-NEXT: Output

#map = affine_map<(d0) -> (d0)>
func.func @relu(%a: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %x, %z : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
