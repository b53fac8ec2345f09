module {
  ml_program.global private mutable @state(dense<[1.0, 2.0]> : tensor<2xf32>) : tensor<2xf32>
  ml_program.global private @w(dense<[10.0, 20.0]> : tensor<2xf32>) : tensor<2xf32>
  func.func @main(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
    %old = ml_program.global_load @state : tensor<2xf32>
    %w = ml_program.global_load_const @w : tensor<2xf32>
    %sum = arith.addf %x, %w : tensor<2xf32>
    ml_program.global_store @state = %sum : tensor<2xf32>
    %new = ml_program.global_load @state : tensor<2xf32>
    return %old, %new, %w : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
  }
}
