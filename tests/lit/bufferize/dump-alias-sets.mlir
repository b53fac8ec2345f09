// dump-alias-sets spells alias sets as mlir-opt does: each op with tensor
// results gets __opresult_alias_set_attr__ (per result, the printed names
// of the values in its alias set, the latest definition first) and each op
// with tensor block arguments __bbarg_alias_set_attr__ (per region, per
// block, per tensor argument).
// RUN: buffer-opt %s -one-shot-bufferize="test-analysis-only dump-alias-sets" | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt %s -one-shot-bufferize="test-analysis-only dump-alias-sets" | FileCheck %s %}

// CHECK-LABEL: func @chain(
//  CHECK-SAME:   attributes {__bbarg_alias_set_attr__ = [{{\[}}[{{\[}}"%[[ARG:arg[0-9]+]]"]]]]}
//       CHECK:   %[[E:.*]] = tensor.empty() {__opresult_alias_set_attr__ = [{{\[}}"%[[B:[a-z0-9_]+]]", "%[[A:[a-z0-9_]+]]", "%[[E]]"]]}
//       CHECK:   %[[A]] = tensor.insert {{.*}}__opresult_alias_set_attr__ = [{{\[}}"%[[B]]", "%[[A]]", "%[[E]]"]]
//       CHECK:   %[[B]] = tensor.insert {{.*}}__opresult_alias_set_attr__ = [{{\[}}"%[[B]]", "%[[A]]", "%[[E]]"]]
//       CHECK:   scf.for {{.*}} iter_args(%[[IT:.*]] = %[[ARG]])
//       CHECK:     tensor.insert {{.*}}__opresult_alias_set_attr__ = [{{\[}}"%[[W:[a-z0-9_]+]]", "%[[IT]]"]]
//       CHECK:   } {__bbarg_alias_set_attr__ = [{{\[}}[{{\[}}"%[[W]]", "%[[IT]]"]]]]
func.func @chain(%v: f32, %i: index, %n: index, %t: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %a = tensor.insert %v into %e[%i] : tensor<4xf32>
  %b = tensor.insert %v into %a[%n] : tensor<4xf32>
  %r = scf.for %k = %i to %n step %i iter_args(%it = %t) -> tensor<4xf32> {
    %w = tensor.insert %v into %it[%k] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  return %b, %r : tensor<4xf32>, tensor<4xf32>
}
