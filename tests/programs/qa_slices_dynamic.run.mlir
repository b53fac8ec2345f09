// purpose: tensor.extract_slice / insert_slice with dynamic offsets, sizes and strides, rank-reducing extracts (row, column, scalar-like 1x1) and rank-expanding inserts, slices of slices
// expect: output equals qa_slices_dynamic.expected

func.func @dyn_window(%t: tensor<6x8xf32>, %o0: index, %o1: index, %s0: index, %s1: index, %st: index) -> tensor<?x?xf32> {
  // dynamic offsets, sizes and a dynamic stride in dim 1
  %w = tensor.extract_slice %t[%o0, %o1] [%s0, %s1] [1, %st] : tensor<6x8xf32> to tensor<?x?xf32>
  return %w : tensor<?x?xf32>
}

func.func @row_and_col(%t: tensor<6x8xf32>, %r: index) -> (tensor<8xf32>, tensor<6xf32>) {
  %row = tensor.extract_slice %t[%r, 0] [1, 8] [1, 1] : tensor<6x8xf32> to tensor<8xf32>
  %c3 = arith.constant 3 : index
  %col = tensor.extract_slice %t[0, %c3] [6, 1] [1, 1] : tensor<6x8xf32> to tensor<6xf32>
  return %row, %col : tensor<8xf32>, tensor<6xf32>
}

func.func @scatter_rows(%dst: tensor<6x8xf32>, %v: tensor<8xf32>) -> tensor<6x8xf32> {
  // insert the same 1-D row at rows 0, 2, 4 (rank-expanding insert)
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %r = scf.for %i = %c0 to %c6 step %c2 iter_args(%acc = %dst) -> (tensor<6x8xf32>) {
    %n = tensor.insert_slice %v into %acc[%i, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<6x8xf32>
    scf.yield %n : tensor<6x8xf32>
  }
  return %r : tensor<6x8xf32>
}

func.func @strided_insert(%dst: tensor<6x8xf32>, %src: tensor<?x?xf32>, %off: index, %stride: index) -> tensor<6x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %src, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %src, %c1 : tensor<?x?xf32>
  %r = tensor.insert_slice %src into %dst[%off, 1] [%d0, %d1] [%stride, 2] : tensor<?x?xf32> into tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}

func.func @slice_of_slice(%t: tensor<6x8xf32>) -> tensor<2x2xf32> {
  %a = tensor.extract_slice %t[1, 1] [4, 6] [1, 1] : tensor<6x8xf32> to tensor<4x6xf32>
  %b = tensor.extract_slice %a[1, 2] [2, 2] [2, 2] : tensor<4x6xf32> to tensor<2x2xf32>
  return %b : tensor<2x2xf32>
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)

func.func @print2(%t: tensor<?x?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %t = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c10 : index
    %v = arith.addi %a, %j : index
    %vi = arith.index_cast %v : index to i64
    %f = arith.sitofp %vi : i64 to f32
    tensor.yield %f : f32
  } : tensor<6x8xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %w = call @dyn_window(%t, %c1, %c1, %c3, %c3, %c2) : (tensor<6x8xf32>, index, index, index, index, index) -> tensor<?x?xf32>
  call @print2(%w) : (tensor<?x?xf32>) -> ()
  %row, %col = call @row_and_col(%t, %c2) : (tensor<6x8xf32>, index) -> (tensor<8xf32>, tensor<6xf32>)
  %rm = bufferization.to_buffer %row : tensor<8xf32> to memref<8xf32>
  %ru = memref.cast %rm : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  %cm = bufferization.to_buffer %col : tensor<6xf32> to memref<6xf32>
  %cu = memref.cast %cm : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<6x8xf32>) -> tensor<6x8xf32>
  %s = call @scatter_rows(%z, %row) : (tensor<6x8xf32>, tensor<8xf32>) -> tensor<6x8xf32>
  %sd = tensor.cast %s : tensor<6x8xf32> to tensor<?x?xf32>
  call @print2(%sd) : (tensor<?x?xf32>) -> ()
  %k = call @strided_insert(%t, %w, %c0, %c2) : (tensor<6x8xf32>, tensor<?x?xf32>, index, index) -> tensor<6x8xf32>
  %kd = tensor.cast %k : tensor<6x8xf32> to tensor<?x?xf32>
  call @print2(%kd) : (tensor<?x?xf32>) -> ()
  %ss = call @slice_of_slice(%t) : (tensor<6x8xf32>) -> tensor<2x2xf32>
  %ssd = tensor.cast %ss : tensor<2x2xf32> to tensor<?x?xf32>
  call @print2(%ssd) : (tensor<?x?xf32>) -> ()
  return
}
