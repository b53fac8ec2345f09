// purpose: loops that carry a tensor whose next value is computed into a fresh buffer each iteration: a tensor.empty destination (decay), a whole-buffer stencil that reads its old iter_arg while overwriting it (smooth), and a partial update through an inner loop that reads the old value (relax); 100, 8 and 0 iterations (an odd count costs one copy after the loop: see tests/lit/bufferize/double-buffered-loops.mlir), with a dynamic size in relax
// expect: output equals loop_carried_buffers.expected

#id = affine_map<(d0) -> (d0)>

func.func @decay(%init: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %init) -> (tensor<8xf32>) {
    %e = tensor.empty() : tensor<8xf32>
    %next = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%t : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%x: f32, %unused: f32):
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %one : f32
      linalg.yield %a : f32
    } -> tensor<8xf32>
    scf.yield %next : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

func.func @smooth(%init: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %quarter = arith.constant 0.25 : f32
  %r = scf.for %s = %c0 to %n step %c1 iter_args(%t = %init) -> (tensor<8xf32>) {
    %next = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
        outs(%t : tensor<8xf32>) {
    ^bb0(%unused: f32):
      %i = linalg.index 0 : index
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = arith.maxsi %im, %c0 : index
      %h = arith.minsi %ip, %c7 : index
      %a = tensor.extract %t[%l] : tensor<8xf32>
      %b = tensor.extract %t[%i] : tensor<8xf32>
      %c = tensor.extract %t[%h] : tensor<8xf32>
      %ab = arith.addf %a, %b : f32
      %bb = arith.addf %ab, %b : f32
      %abc = arith.addf %bb, %c : f32
      %v = arith.mulf %abc, %quarter : f32
      linalg.yield %v : f32
    } -> tensor<8xf32>
    scf.yield %next : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// interior cells only: the ends keep their values, so the new buffer starts
// as a copy of the old one
func.func @relax(%init: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %third = arith.constant 0.333333343 : f32
  %size = tensor.dim %init, %c0 : tensor<?xf32>
  %last = arith.subi %size, %c1 : index
  %r = scf.for %s = %c0 to %n step %c1 iter_args(%t = %init) -> (tensor<?xf32>) {
    %next = scf.for %j = %c1 to %last step %c1 iter_args(%w = %t) -> (tensor<?xf32>) {
      %jm = arith.subi %j, %c1 : index
      %jp = arith.addi %j, %c1 : index
      %a = tensor.extract %t[%jm] : tensor<?xf32>
      %b = tensor.extract %t[%j] : tensor<?xf32>
      %c = tensor.extract %t[%jp] : tensor<?xf32>
      %ab = arith.addf %a, %b : f32
      %abc = arith.addf %ab, %c : f32
      %v = arith.mulf %abc, %third : f32
      %w2 = tensor.insert %v into %w[%j] : tensor<?xf32>
      scf.yield %w2 : tensor<?xf32>
    }
    scf.yield %next : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @print(%t: tensor<8xf32>) {
  %u = tensor.cast %t : tensor<8xf32> to tensor<*xf32>
  %m = bufferization.to_buffer %u read_only : tensor<*xf32> to memref<*xf32>
  call @printMemrefF32(%m) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %c100 = arith.constant 100 : index
  %ones = arith.constant dense<1.0> : tensor<8xf32>
  %spike = arith.constant dense<[0.0, 0.0, 0.0, 8.0, 8.0, 0.0, 0.0, 9.0]> : tensor<8xf32>
  %counts = arith.constant dense<[100, 8, 0]> : tensor<3xindex>
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %k = %c0 to %c3 step %c1 {
    %n = tensor.extract %counts[%k] : tensor<3xindex>
    %a = func.call @decay(%ones, %n) : (tensor<8xf32>, index) -> tensor<8xf32>
    func.call @print(%a) : (tensor<8xf32>) -> ()
    %b = func.call @smooth(%spike, %n) : (tensor<8xf32>, index) -> tensor<8xf32>
    func.call @print(%b) : (tensor<8xf32>) -> ()
    %d = tensor.cast %spike : tensor<8xf32> to tensor<?xf32>
    %e = func.call @relax(%d, %n) : (tensor<?xf32>, index) -> tensor<?xf32>
    %f = tensor.cast %e : tensor<?xf32> to tensor<8xf32>
    func.call @print(%f) : (tensor<8xf32>) -> ()
  }
  return
}
