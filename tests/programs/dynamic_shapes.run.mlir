// purpose: dynamic shapes end to end: tensor.empty/generate with dynamic sizes, dynamic expand/collapse, dynamic extract/insert_slice, scf.while computing a window, alloc_tensor copy, materialize_in_destination
// expect: output equals dynamic_shapes.expected

func.func @ramp(%n: index) -> tensor<?xf32> {
  %t = tensor.generate %n {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    tensor.yield %f : f32
  } : tensor<?xf32>
  return %t : tensor<?xf32>
}

func.func @fold_rows(%t: tensor<?xf32>, %rows: index) -> tensor<?x2xf32> {
  %e = tensor.expand_shape %t [[0, 1]] output_shape [%rows, 2] : tensor<?xf32> into tensor<?x2xf32>
  return %e : tensor<?x2xf32>
}

func.func @halve_until_small(%t: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n0 = tensor.dim %t, %c0 : tensor<?xf32>
  %r:2 = scf.while (%off = %c0, %len = %n0) : (index, index) -> (index, index) {
    %big = arith.cmpi ugt, %len, %c3 : index
    scf.condition(%big) %off, %len : index, index
  } do {
  ^bb0(%o: index, %n: index):
    %h = arith.divui %n, %c2 : index
    %o2 = arith.addi %o, %h : index
    %n2 = arith.subi %n, %h : index
    scf.yield %o2, %n2 : index, index
  }
  %s = tensor.extract_slice %t[%r#0] [%r#1] [1] : tensor<?xf32> to tensor<?xf32>
  return %s : tensor<?xf32>
}

func.func @copy_into(%src: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %dst = bufferization.alloc_tensor(%n) : tensor<?xf32>
  %c = bufferization.alloc_tensor() copy(%src) : tensor<?xf32>
  %r = bufferization.materialize_in_destination %c in %dst : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func private @printMemrefF32(memref<*xf32>)
func.func @print1(%t: tensor<?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?xf32> to memref<?xf32>
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func @main() {
  %c10 = arith.constant 10 : index
  %c5 = arith.constant 5 : index
  %r = call @ramp(%c10) : (index) -> tensor<?xf32>
  call @print1(%r) : (tensor<?xf32>) -> ()
  %f = call @fold_rows(%r, %c5) : (tensor<?xf32>, index) -> tensor<?x2xf32>
  %mf = bufferization.to_buffer %f : tensor<?x2xf32> to memref<?x2xf32>
  %uf = memref.cast %mf : memref<?x2xf32> to memref<*xf32>
  call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
  %h = call @halve_until_small(%r) : (tensor<?xf32>) -> tensor<?xf32>
  call @print1(%h) : (tensor<?xf32>) -> ()
  %c0 = arith.constant 0 : index
  %n = tensor.dim %h, %c0 : tensor<?xf32>
  %cp = call @copy_into(%h, %n) : (tensor<?xf32>, index) -> tensor<?xf32>
  call @print1(%cp) : (tensor<?xf32>) -> ()
  return
}
