// purpose: tensors carried between cf blocks: a diamond that writes the argument in each branch, a join fed by the argument and a constant then written, read-only views of two layouts meeting at a join, a loop of blocks updating its input in place
// expect: bufferizes with every option set with no more allocations or copies than upstream; each function means the same before and after (random inputs)

func.func @diamond(%t: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %v = arith.constant 5.0 : f32
  cf.cond_br %c, ^a, ^b
^a:
  %x = tensor.insert %v into %t[%i0] : tensor<4xf32>
  cf.br ^join(%x : tensor<4xf32>)
^b:
  %y = tensor.insert %v into %t[%i1] : tensor<4xf32>
  cf.br ^join(%y : tensor<4xf32>)
^join(%z: tensor<4xf32>):
  return %z : tensor<4xf32>
}

func.func @join_write(%t: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %i2 = arith.constant 2 : index
  %v = arith.constant 9.0 : f32
  %k = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  cf.cond_br %c, ^a, ^b
^a:
  cf.br ^join(%t : tensor<4xf32>)
^b:
  cf.br ^join(%k : tensor<4xf32>)
^join(%z: tensor<4xf32>):
  %w = tensor.insert %v into %z[%i2] : tensor<4xf32>
  return %w : tensor<4xf32>
}

func.func @join_views(%t: tensor<8xf32>, %c: i1) -> f32 {
  %i1 = arith.constant 1 : index
  %s = tensor.extract_slice %t[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %f = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  cf.cond_br %c, ^a, ^b
^a:
  cf.br ^j(%s : tensor<4xf32>)
^b:
  cf.br ^j(%f : tensor<4xf32>)
^j(%z: tensor<4xf32>):
  %e = tensor.extract %z[%i1] : tensor<4xf32>
  return %e : f32
}

// in-place prefix maximum over a loop of blocks
func.func @running_max(%t: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  cf.br ^head(%c1, %t : index, tensor<?xf32>)
^head(%i: index, %cur: tensor<?xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %im1 = arith.subi %i, %c1 : index
  %prev = tensor.extract %cur[%im1] : tensor<?xf32>
  %x = tensor.extract %cur[%i] : tensor<?xf32>
  %m = arith.maximumf %prev, %x : f32
  %next = tensor.insert %m into %cur[%i] : tensor<?xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %next : index, tensor<?xf32>)
^done:
  return %cur : tensor<?xf32>
}
