// purpose: executable form of qa_tiled_matmul_dyn.mlir: @main multiplies a generated 5x7 by a 7x4 matrix (5 = 2+2+1, 4 = 3+1 tiles, k tail 1) into a C of ones
// expect: output equals qa_tiled_matmul_dyn.expected

#tail = affine_map<(d0)[s0, s1] -> (s1, s0 - d0)>

func.func @tiled_matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %k = tensor.dim %a, %c1 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %r = scf.for %i = %c0 to %m step %c2 iter_args(%ci = %c) -> (tensor<?x?xf32>) {
    %ti = affine.min #tail(%i)[%m, %c2]
    %rj = scf.for %j = %c0 to %n step %c3 iter_args(%cj = %ci) -> (tensor<?x?xf32>) {
      %tj = affine.min #tail(%j)[%n, %c3]
      %ctile = tensor.extract_slice %cj[%i, %j] [%ti, %tj] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
      %acc = scf.for %kk = %c0 to %k step %c2 iter_args(%t = %ctile) -> (tensor<?x?xf32>) {
        %tk = affine.min #tail(%kk)[%k, %c2]
        %at = tensor.extract_slice %a[%i, %kk] [%ti, %tk] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
        %bt = tensor.extract_slice %b[%kk, %j] [%tk, %tj] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
        %p = linalg.matmul ins(%at, %bt : tensor<?x?xf32>, tensor<?x?xf32>) outs(%t : tensor<?x?xf32>) -> tensor<?x?xf32>
        scf.yield %p : tensor<?x?xf32>
      }
      %ins = tensor.insert_slice %acc into %cj[%i, %j] [%ti, %tj] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
      scf.yield %ins : tensor<?x?xf32>
    }
    scf.yield %rj : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// ---- driver (the functions above are qa_tiled_matmul_dyn.mlir, verbatim) ----
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c4 = arith.constant 4 : index
  %a = tensor.generate %c5, %c7 {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %c3 = arith.constant 3 : index
    %m = arith.remui %s, %c3 : index
    %mi = arith.index_cast %m : index to i32
    %f = arith.sitofp %mi : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x?xf32>
  %b = tensor.generate %c7, %c4 {
  ^bb0(%i: index, %j: index):
    %d = arith.subi %i, %j : index
    %di = arith.index_cast %d : index to i32
    %f = arith.sitofp %di : i32 to f32
    %h = arith.constant 0.5 : f32
    %g = arith.mulf %f, %h : f32
    tensor.yield %g : f32
  } : tensor<?x?xf32>
  %one = arith.constant 1.0 : f32
  %e = tensor.empty(%c5, %c4) : tensor<?x?xf32>
  %c = linalg.fill ins(%one : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = call @tiled_matmul(%a, %b, %c) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %m = bufferization.to_buffer %r : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %z = arith.constant 0.0 : f32
  %e2 = tensor.empty(%c5, %c4) : tensor<?x?xf32>
  %z2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %ref = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%z2 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %rm = bufferization.to_buffer %ref : tensor<?x?xf32> to memref<?x?xf32>
  %ru = memref.cast %rm : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  return
}
