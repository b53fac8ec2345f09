// Elementwise arith/math ops on whole tensors and arith.select on tensors
// (i1 and tensor<i1> conditions), with results printed by printMemrefF32.
func.func private @printMemrefF32(memref<*xf32>)

func.func @pick(%c: i1, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %s = arith.select %c, %a, %b : tensor<4xf32>
  %cst = arith.constant 9.0 : f32
  %i = arith.constant 1 : index
  %w = tensor.insert %cst into %s[%i] : tensor<4xf32>
  return %w : tensor<4xf32>
}

func.func @print(%t: tensor<4xf32>) {
  %m = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[1.0, -2.0, 3.0, 0.5]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %five = arith.constant 5.0 : f32
  %b = linalg.fill ins(%five : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %t = arith.constant true
  %f = arith.constant false
  // select of whole tensors, written afterwards: %a and %b keep their values
  %r1 = func.call @pick(%t, %a, %b) : (i1, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r2 = func.call @pick(%f, %a, %b) : (i1, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.call @print(%r1) : (tensor<4xf32>) -> ()
  func.call @print(%r2) : (tensor<4xf32>) -> ()
  // elementwise ops and an element-by-element select
  %lt = arith.cmpf olt, %a, %r2 : tensor<4xf32>
  %m = arith.select %lt, %a, %r2 : tensor<4xi1>, tensor<4xf32>
  %x = math.exp %m : tensor<4xf32>
  %y = arith.mulf %x, %a fastmath<fast> : tensor<4xf32>
  %z = math.fma %y, %a, %b : tensor<4xf32>
  %n = arith.negf %z : tensor<4xf32>
  %i = arith.fptosi %n : tensor<4xf32> to tensor<4xi32>
  %j = arith.addi %i, %i : tensor<4xi32>
  %k = arith.sitofp %j : tensor<4xi32> to tensor<4xf32>
  func.call @print(%m) : (tensor<4xf32>) -> ()
  func.call @print(%z) : (tensor<4xf32>) -> ()
  func.call @print(%k) : (tensor<4xf32>) -> ()
  func.call @print(%a) : (tensor<4xf32>) -> ()
  func.call @print(%b) : (tensor<4xf32>) -> ()
  return
}
