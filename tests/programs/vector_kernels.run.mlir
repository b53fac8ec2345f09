// purpose: vectorized tensor kernels as a vectorizer leaves them next to bufferization: transfer_read/transfer_write on tensors in an scf.for with a padded tail, fma, a loop-carried vector.reduction with accumulator, broadcast, vector-typed arith/math, vector.print
// expect: output equals vector_kernels.expected

// y[i] = a * x[i] + y[i] over 10 elements, 4 lanes at a time: the last
// chunk reads past the end (padding 0) and writes only what is inside.
func.func @saxpy(%a: f32, %x: tensor<10xf32>, %y: tensor<10xf32>) -> tensor<10xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %pad = arith.constant 0.0 : f32
  %va = vector.broadcast %a : f32 to vector<4xf32>
  %r = scf.for %i = %c0 to %c10 step %c4 iter_args(%acc = %y) -> (tensor<10xf32>) {
    %vx = vector.transfer_read %x[%i], %pad : tensor<10xf32>, vector<4xf32>
    %vy = vector.transfer_read %acc[%i], %pad : tensor<10xf32>, vector<4xf32>
    %s = vector.fma %va, %vx, %vy : vector<4xf32>
    %w = vector.transfer_write %s, %acc[%i] : vector<4xf32>, tensor<10xf32>
    scf.yield %w : tensor<10xf32>
  }
  return %r : tensor<10xf32>
}

// sum of x[i] * y[i], the partial sums carried as a scalar accumulator.
func.func @dot(%x: tensor<10xf32>, %y: tensor<10xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c10 step %c4 iter_args(%acc = %pad) -> (f32) {
    %vx = vector.transfer_read %x[%i], %pad : tensor<10xf32>, vector<4xf32>
    %vy = vector.transfer_read %y[%i], %pad : tensor<10xf32>, vector<4xf32>
    %p = arith.mulf %vx, %vy : vector<4xf32>
    %s = vector.reduction <add>, %p, %acc : vector<4xf32> into f32
    scf.yield %s : f32
  }
  return %r : f32
}

// Row-wise softplus-like transform of a 3x4 tensor, one row per vector,
// and the max of each row.
func.func @rows(%t: tensor<3x4xf32>) -> (tensor<3x4xf32>, vector<3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant 0.0 : f32
  %one = arith.constant dense<1.0> : vector<4xf32>
  %init = arith.constant dense<0.0> : vector<3xf32>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %t, %mx = %init) -> (tensor<3x4xf32>, vector<3xf32>) {
    %v = vector.transfer_read %acc[%i, %c0], %pad {in_bounds = [true]} : tensor<3x4xf32>, vector<4xf32>
    %e = math.exp %v : vector<4xf32>
    %s = arith.addf %e, %one : vector<4xf32>
    %l = math.log %s : vector<4xf32>
    %w = vector.transfer_write %l, %acc[%i, %c0] {in_bounds = [true]} : vector<4xf32>, tensor<3x4xf32>
    %m = vector.reduction <maximumf>, %l : vector<4xf32> into f32
    %mx2 = vector.insert %m, %mx [%i] : f32 into vector<3xf32>
    scf.yield %w, %mx2 : tensor<3x4xf32>, vector<3xf32>
  }
  return %r#0, %r#1 : tensor<3x4xf32>, vector<3xf32>
}

func.func @main() {
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]> : tensor<10xf32>
  %y = arith.constant dense<[0.5, 0.5, 0.5, 0.5, 0.5, -1.0, -1.0, -1.0, -1.0, -1.0]> : tensor<10xf32>
  %a = arith.constant 2.0 : f32
  %s = call @saxpy(%a, %x, %y) : (f32, tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant -7.0 : f32
  %vs = vector.transfer_read %s[%c0], %pad : tensor<10xf32>, vector<12xf32>
  vector.print %vs : vector<12xf32>
  %d = call @dot(%x, %s) : (tensor<10xf32>, tensor<10xf32>) -> f32
  vector.print %d : f32
  %t = arith.constant dense<[[0.0, 1.0, -1.0, 2.0], [3.0, -3.0, 0.5, -0.5], [10.0, -10.0, 4.0, 0.25]]> : tensor<3x4xf32>
  %r:2 = call @rows(%t) : (tensor<3x4xf32>) -> (tensor<3x4xf32>, vector<3xf32>)
  %vr = vector.transfer_read %r#0[%c0, %c0], %pad : tensor<3x4xf32>, vector<3x4xf32>
  vector.print %vr : vector<3x4xf32>
  vector.print %r#1 : vector<3xf32>
  return
}
