// REQUIRES: mlir-opt
// Where we and upstream MLIR 22 differ, and why we are right: a shape_cast
// of a broadcast. %b is ((2), (4)) three times, so its row-major elements
// are 2, 4, 2, 4, 2, 4 and the 2x3 shape_cast is ((2, 4, 2), (4, 2, 4)).
// MLIR 22 folds shape_cast(broadcast(x)) into broadcast(x) whenever x
// broadcasts to the cast's type, which here gives ((2, 2, 2), (4, 4, 4)):
// llvm-project issue 190614, fixed by pull request 190230 after the 22
// release. The interpreter and the JIT keep the ops' definitions; the
// second pair of lines records upstream 22's answer, so this test notices
// when the installed MLIR gets the fix.
// RUN: buffer-opt --run=main %s | FileCheck %s
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %s | FileCheck %s %}
// RUN: bash %S/../../scripts/lib/upstream-run.sh %s | FileCheck %s --check-prefix=MLIR22
// CHECK: ( ( ( 2 ), ( 4 ) ), ( ( 2 ), ( 4 ) ), ( ( 2 ), ( 4 ) ) )
// CHECK-NEXT: ( ( 2, 4, 2 ), ( 4, 2, 4 ) )
// MLIR22: ( ( ( 2 ), ( 4 ) ), ( ( 2 ), ( 4 ) ), ( ( 2 ), ( 4 ) ) )
// MLIR22-NEXT: ( ( 2, 2, 2 ), ( 4, 4, 4 ) )
func.func @main() {
  %x = arith.constant dense<[[2.0], [4.0]]> : vector<2x1xf32>
  %b = vector.broadcast %x : vector<2x1xf32> to vector<3x2x1xf32>
  vector.print %b : vector<3x2x1xf32>
  %s = vector.shape_cast %b : vector<3x2x1xf32> to vector<2x3xf32>
  vector.print %s : vector<2x3xf32>
  return
}
