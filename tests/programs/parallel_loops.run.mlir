// purpose: parallel loops: scf.forall writing row tiles through parallel_insert_slice, scf.parallel with a reduction over a memref, and scf.for carrying a tensor
// expect: output equals parallel_loops.expected

func.func @scale_rows(%t: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %init = tensor.empty() : tensor<4x3xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %init) -> (tensor<4x3xf32>) {
    %row = tensor.extract_slice %t[%i, 0] [1, 3] [1, 1] : tensor<4x3xf32> to tensor<1x3xf32>
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %e = tensor.empty() : tensor<1x3xf32>
    %scaled = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%row : tensor<1x3xf32>) outs(%e : tensor<1x3xf32>) {
    ^bb0(%x: f32, %unused: f32):
      %m = arith.mulf %x, %fi : f32
      linalg.yield %m : f32
    } -> tensor<1x3xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %scaled into %o[%i, 0] [1, 3] [1, 1] : tensor<1x3xf32> into tensor<4x3xf32>
    }
  }
  return %r : tensor<4x3xf32>
}

func.func @sum_memref(%m: memref<4x3xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c3) step (%c1, %c1) init (%zero) -> f32 {
    %v = memref.load %m[%i, %j] : memref<4x3xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %a = arith.addf %l, %r : f32
      scf.reduce.return %a : f32
    }
  }
  return %s : f32
}

func.func @prefix(%t: tensor<5xf32>) -> tensor<5xf32> {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %r = scf.for %i = %c1 to %c5 step %c1 iter_args(%acc = %t) -> (tensor<5xf32>) {
    %im1 = arith.subi %i, %c1 : index
    %prev = tensor.extract %acc[%im1] : tensor<5xf32>
    %cur = tensor.extract %acc[%i] : tensor<5xf32>
    %s = arith.addf %prev, %cur : f32
    %next = tensor.insert %s into %acc[%i] : tensor<5xf32>
    scf.yield %next : tensor<5xf32>
  }
  return %r : tensor<5xf32>
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %t = arith.constant dense<[[1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [0.5, 0.25, 0.125], [-1.0, 0.0, 1.0]]> : tensor<4x3xf32>
  %r = call @scale_rows(%t) : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %m = bufferization.to_buffer %r : tensor<4x3xf32> to memref<4x3xf32>
  %u = memref.cast %m : memref<4x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %s = call @sum_memref(%m) : (memref<4x3xf32>) -> f32
  call @printF32(%s) : (f32) -> ()
  call @printNewline() : () -> ()
  %p = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %pr = call @prefix(%p) : (tensor<5xf32>) -> tensor<5xf32>
  %mp = bufferization.to_buffer %pr : tensor<5xf32> to memref<5xf32>
  %up = memref.cast %mp : memref<5xf32> to memref<*xf32>
  call @printMemrefF32(%up) : (memref<*xf32>) -> ()
  return
}
