// vector.mask programs run by the interpreter, after One-Shot (the masks
// lowered first: a tensor written through a mask region cannot be copied)
// and through the LLVM lowering; all print the expected values.
// Inputs/vector-mask-run.expected is what mlir-opt 22 + mlir-runner print
// for Inputs/vector-mask-run.mlir; the passthru cases, which upstream does
// not lower, are derived by hand in their input files.
// RUN: buffer-opt --run=main %S/Inputs/vector-mask-run.mlir | diff %S/Inputs/vector-mask-run.expected -
// RUN: buffer-opt --run=main %S/Inputs/vector-mask-passthru-run.mlir | diff %S/Inputs/vector-mask-passthru-run.expected -
// RUN: buffer-opt --lower-vector-mask --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %S/Inputs/vector-mask-run.mlir | buffer-opt --run=main - | diff %S/Inputs/vector-mask-run.expected -
// RUN: buffer-opt --lower-vector-mask %S/Inputs/vector-mask-passthru-run.mlir | buffer-opt --run=main - | diff %S/Inputs/vector-mask-passthru-run.expected -
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %S/Inputs/vector-mask-run.mlir | diff %S/Inputs/vector-mask-run.expected - %}
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %S/Inputs/vector-mask-passthru-run.mlir | diff %S/Inputs/vector-mask-passthru-run.expected - %}
// RUN: buffer-opt --run=main %S/Inputs/vector-mask-transposed-run.mlir | FileCheck %s --check-prefix=TRANSPOSED
// RUN: not buffer-opt --lower-vector-mask %S/Inputs/vector-mask-transposed-run.mlir 2>&1 | FileCheck %s --check-prefix=NO-LOWER
// Scalable vectors have no element count the interpreter or the emitters
// could use: refused at the op that has one.
// RUN: not buffer-opt --run=scalable %s 2>&1 | FileCheck %s --check-prefix=SCALABLE-INTERP
// RUN: %if llvm %{ not buffer-opt --emit=llvm %s 2>&1 | FileCheck %s --check-prefix=SCALABLE-LLVM %}

// TRANSPOSED: ( ( 1, -9 ), ( -9, 5 ), ( 3, 6 ) )
// NO-LOWER: vector-mask-transposed-run.mlir:{{[0-9]+}}:9: error: 'vector.mask' op cannot lower a passthru: the mask 'vector<2x3xi1>' does not have the shape of the result

// SCALABLE-INTERP: mask-run.mlir:[[@LINE+2]]:1: error: interpreter: cannot run: scalable vector type 'vector<[4]xf32>' has no fixed element count
// SCALABLE-LLVM: mask-run.mlir:[[@LINE+1]]:1: error: 'func.func' op cannot lower: scalable vector type 'vector<[4]xf32>' has no fixed element count (vscale is not supported)
func.func @scalable(%v: vector<[4]xf32>) -> vector<[4]xf32> {
  %r = arith.addf %v, %v : vector<[4]xf32>
  return %r : vector<[4]xf32>
}
