// Vector-typed arith and math whose scalar semantics are delicate: the
// float min/max family on signed zeros and NaN (minnum/maxnum order -0
// below +0 as LLVM computes them), integer remainder and abs at the
// extremes, exp/tanh/roundeven (LLVM intrinsics on vectors), f16 rounding,
// and erf, which has no vector form and is called per element
// (see ../run.mlir).
func.func @main() {
  %a = arith.constant dense<[-0.0, 0.0, 1.0, 0x7FC00000, -0.0]> : vector<5xf32>
  %b = arith.constant dense<[0.0, -0.0, 0x7FC00000, 2.0, -0.0]> : vector<5xf32>
  %1 = arith.minnumf %a, %b : vector<5xf32>
  vector.print %1 : vector<5xf32>
  %2 = arith.maxnumf %a, %b : vector<5xf32>
  vector.print %2 : vector<5xf32>
  %3 = arith.minimumf %a, %b : vector<5xf32>
  vector.print %3 : vector<5xf32>
  %4 = arith.maximumf %a, %b : vector<5xf32>
  vector.print %4 : vector<5xf32>
  %i = arith.constant dense<[7, -7, 2147483647, -2147483647]> : vector<4xi32>
  %j = arith.constant dense<[2, 2, 1, -1]> : vector<4xi32>
  %5 = arith.remsi %i, %j : vector<4xi32>
  vector.print %5 : vector<4xi32>
  %7 = math.absi %i : vector<4xi32>
  vector.print %7 : vector<4xi32>
  %f = arith.constant dense<[0.5, -1.5, 2.5, 100.0]> : vector<4xf32>
  %8 = math.exp %f : vector<4xf32>
  vector.print %8 : vector<4xf32>
  %9 = math.tanh %f : vector<4xf32>
  vector.print %9 : vector<4xf32>
  %10 = math.roundeven %f : vector<4xf32>
  vector.print %10 : vector<4xf32>
  %11 = arith.truncf %f : vector<4xf32> to vector<4xf16>
  %12 = arith.extf %11 : vector<4xf16> to vector<4xf32>
  vector.print %12 : vector<4xf32>
  %13 = math.erf %f : vector<4xf32>
  vector.print %13 : vector<4xf32>
  return
}
