module {
  ml_program.global private mutable @seed(dense<7> : tensor<i64>) : tensor<i64>
  ml_program.global private @w(dense<[1.5, 2.5]> : tensor<2xf32>) : tensor<2xf32>
  func.func @fill_loaded() -> (tensor<i64>, tensor<2xf32>) {
    %s = ml_program.global_load @seed : tensor<i64>
    %w = ml_program.global_load_const @w : tensor<2xf32>
    %c5 = arith.constant 5 : i64
    %c0 = arith.constant 0.0 : f32
    %f = linalg.fill ins(%c5 : i64) outs(%s : tensor<i64>) -> tensor<i64>
    %g = linalg.fill ins(%c0 : f32) outs(%w : tensor<2xf32>) -> tensor<2xf32>
    return %f, %g : tensor<i64>, tensor<2xf32>
  }
  func.func @main() -> (tensor<i64>, tensor<i64>, tensor<2xf32>, tensor<2xf32>) {
    %f, %g = call @fill_loaded() : () -> (tensor<i64>, tensor<2xf32>)
    %s = ml_program.global_load @seed : tensor<i64>
    %w = ml_program.global_load_const @w : tensor<2xf32>
    return %f, %s, %g, %w : tensor<i64>, tensor<i64>, tensor<2xf32>, tensor<2xf32>
  }
}
