module {
  ml_program.global private mutable @state(dense<[1.0, 2.0]> : tensor<2xf32>) : tensor<2xf32>
  func.func @main(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
    %old = ml_program.global_load @state : tensor<2xf32>
    ml_program.global_store @state = %x : tensor<2xf32>
    %new = ml_program.global_load @state : tensor<2xf32>
    return %old, %new : tensor<2xf32>, tensor<2xf32>
  }
}
