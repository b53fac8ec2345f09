// purpose: a two-layer MLP with a dynamic batch dimension: matmul on tensor<?xK>, bias added through linalg.broadcast + linalg.add, relu via linalg.max against a filled zero tensor, second layer, argmax per row with a generic carrying value and index outputs
// expect: output equals qa_model_mlp_dyn.expected

func.func @dense(%x: tensor<?x4xf32>, %w: tensor<4x3xf32>, %b: tensor<3xf32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<?x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?x3xf32>) -> tensor<?x3xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<?x4xf32>, tensor<4x3xf32>) outs(%z : tensor<?x3xf32>) -> tensor<?x3xf32>
  %eb = tensor.empty(%n) : tensor<?x3xf32>
  %bb = linalg.broadcast ins(%b : tensor<3xf32>) outs(%eb : tensor<?x3xf32>) dimensions = [0]
  %sum = linalg.add ins(%mm, %bb : tensor<?x3xf32>, tensor<?x3xf32>) outs(%eb : tensor<?x3xf32>) -> tensor<?x3xf32>
  %relu = linalg.max ins(%sum, %z : tensor<?x3xf32>, tensor<?x3xf32>) outs(%e : tensor<?x3xf32>) -> tensor<?x3xf32>
  return %relu : tensor<?x3xf32>
}

func.func @head(%h: tensor<?x3xf32>, %w: tensor<3x2xf32>) -> tensor<?x2xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %h, %c0 : tensor<?x3xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<?x2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?x2xf32>) -> tensor<?x2xf32>
  %r = linalg.matmul ins(%h, %w : tensor<?x3xf32>, tensor<3x2xf32>) outs(%z : tensor<?x2xf32>) -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}

func.func @argmax(%x: tensor<?x2xf32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x2xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %m1 = arith.constant -1 : i32
  %ev = tensor.empty(%n) : tensor<?xf32>
  %ei = tensor.empty(%n) : tensor<?xi32>
  %v0 = linalg.fill ins(%ninf : f32) outs(%ev : tensor<?xf32>) -> tensor<?xf32>
  %i0 = linalg.fill ins(%m1 : i32) outs(%ei : tensor<?xi32>) -> tensor<?xi32>
  %v, %i = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>, affine_map<(r, c) -> (r)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x2xf32>) outs(%v0, %i0 : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%a: f32, %best: f32, %bi: i32):
    %c = linalg.index 1 : index
    %ci = arith.index_cast %c : index to i32
    %gt = arith.cmpf ogt, %a, %best : f32
    %nb = arith.select %gt, %a, %best : f32
    %ni = arith.select %gt, %ci, %bi : i32
    linalg.yield %nb, %ni : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  return %v, %i : tensor<?xf32>, tensor<?xi32>
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c5 = arith.constant 5 : index
  %x = tensor.generate %c5 {
  ^bb0(%i: index, %j: index):
    %p = arith.muli %i, %j : index
    %s = arith.subi %p, %i : index
    %si = arith.index_cast %s : index to i32
    %f = arith.sitofp %si : i32 to f32
    %q = arith.constant 0.25 : f32
    %g = arith.mulf %f, %q : f32
    tensor.yield %g : f32
  } : tensor<?x4xf32>
  %w1 = arith.constant dense<[[0.5, -1.0, 0.25], [1.0, 0.5, -0.5], [-0.25, 1.0, 0.75], [0.0, -0.5, 1.0]]> : tensor<4x3xf32>
  %b1 = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %w2 = arith.constant dense<[[1.0, -1.0], [0.5, 2.0], [-1.5, 0.5]]> : tensor<3x2xf32>
  %h = call @dense(%x, %w1, %b1) : (tensor<?x4xf32>, tensor<4x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  %hm = bufferization.to_buffer %h : tensor<?x3xf32> to memref<?x3xf32>
  %hu = memref.cast %hm : memref<?x3xf32> to memref<*xf32>
  call @printMemrefF32(%hu) : (memref<*xf32>) -> ()
  %o = call @head(%h, %w2) : (tensor<?x3xf32>, tensor<3x2xf32>) -> tensor<?x2xf32>
  %om = bufferization.to_buffer %o : tensor<?x2xf32> to memref<?x2xf32>
  %ou = memref.cast %om : memref<?x2xf32> to memref<*xf32>
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  %v, %i = call @argmax(%o) : (tensor<?x2xf32>) -> (tensor<?xf32>, tensor<?xi32>)
  %vm = bufferization.to_buffer %v : tensor<?xf32> to memref<?xf32>
  %vu = memref.cast %vm : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%vu) : (memref<*xf32>) -> ()
  %im = bufferization.to_buffer %i : tensor<?xi32> to memref<?xi32>
  %iu = memref.cast %im : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%iu) : (memref<*xi32>) -> ()
  return
}
