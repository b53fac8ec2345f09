// A stricter rule than upstream: affine.for's bound operands must number
// exactly the inputs of their map. mlir-opt 22 accepts the mismatch and then
// prints the loop without the extra operand (so the text no longer says what
// the op holds); we reject it because our printer and interpreter read the
// operands through the map.
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

func.func @upper_extra(%n: index) {
  // expected-error @+1 {{'affine.for' op upper bound operand count does not equal affine map input count}}
  "affine.for"(%n) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 1, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @lower_missing(%n: index) {
  // expected-error @+1 {{'affine.for' op lower bound operand count does not equal affine map input count}}
  "affine.for"() <{lowerBoundMap = affine_map<(d0) -> (d0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}
