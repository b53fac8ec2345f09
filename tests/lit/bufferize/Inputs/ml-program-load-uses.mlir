// Loads of a stored global whose reads do or do not outlive a store (see
// ../ml-program-load-uses.mlir).
#id = affine_map<(d0) -> (d0)>
module {
  ml_program.global private mutable @count(dense<[1, 10]> : tensor<2xi64>) : tensor<2xi64>

  // Every read of %c is over before the store: no snapshot.
  func.func @step() {
    %c = ml_program.global_load @count : tensor<2xi64>
    %one = arith.constant 1 : i64
    %e = tensor.empty() : tensor<2xi64>
    %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%c : tensor<2xi64>) outs(%e : tensor<2xi64>) {
    ^bb0(%in: i64, %out: i64):
      %s = arith.addi %in, %one : i64
      linalg.yield %s : i64
    } -> tensor<2xi64>
    ml_program.global_store @count = %n : tensor<2xi64>
    return
  }

  // %c is read after the store: a snapshot.
  func.func @read_after_store(%x: tensor<2xi64>) -> i64 {
    %c = ml_program.global_load @count : tensor<2xi64>
    ml_program.global_store @count = %x : tensor<2xi64>
    %i = arith.constant 0 : index
    %v = tensor.extract %c[%i] : tensor<2xi64>
    return %v : i64
  }

  // A call between the load and the read may store: a snapshot.
  func.func @call_between() -> i64 {
    %c = ml_program.global_load @count : tensor<2xi64>
    call @step() : () -> ()
    %i = arith.constant 1 : index
    %v = tensor.extract %c[%i] : tensor<2xi64>
    return %v : i64
  }

  // A slice of %c (an alias) is read after the store: a snapshot.
  func.func @alias_after_store(%x: tensor<2xi64>) -> i64 {
    %c = ml_program.global_load @count : tensor<2xi64>
    %s = tensor.extract_slice %c[1] [1] [1] : tensor<2xi64> to tensor<1xi64>
    ml_program.global_store @count = %x : tensor<2xi64>
    %i = arith.constant 0 : index
    %v = tensor.extract %s[%i] : tensor<1xi64>
    return %v : i64
  }

  // A buffer of %c (to_buffer) is read after the store: a snapshot.
  func.func @buffer_after_store(%x: tensor<2xi64>) -> i64 {
    %c = ml_program.global_load @count : tensor<2xi64>
    %m = bufferization.to_buffer %c read_only : tensor<2xi64> to memref<2xi64>
    ml_program.global_store @count = %x : tensor<2xi64>
    %i = arith.constant 1 : index
    %v = memref.load %m[%i] : memref<2xi64>
    return %v : i64
  }

  func.func @main(%x: tensor<2xi64>) -> (i64, i64, i64, i64, tensor<2xi64>) {
    call @step() : () -> ()
    %a = call @read_after_store(%x) : (tensor<2xi64>) -> i64
    %b = call @call_between() : () -> i64
    %c = call @alias_after_store(%x) : (tensor<2xi64>) -> i64
    call @step() : () -> ()
    %d = call @buffer_after_store(%x) : (tensor<2xi64>) -> i64
    %g = ml_program.global_load @count : tensor<2xi64>
    return %a, %b, %c, %d, %g : i64, i64, i64, i64, tensor<2xi64>
  }
}
