// An unknown combining kind: upstream reports it twice (the kind, then the
// attribute parameter); we report the first, at the same place.
// RUN: not buffer-opt %s 2>&1 | FileCheck %s
// CHECK: invalid-kind.mlir:6:26: error: custom op 'vector.reduction' expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, minnumf, maxui, maxsi, maxnumf, and, or, xor, maximumf, minimumf
func.func @b13(%a: vector<4xf32>) {
  %0 = vector.reduction <bogus>, %a : vector<4xf32> into f32
  return
}
