// tensor.bitcast (f32 <-> i32, dynamic sizes) and tensor.splat with
// dynamic sizes, results printed by printMemref.
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)

func.func @bits(%a: tensor<?xf32>) -> tensor<?xi32> {
  %b = tensor.bitcast %a : tensor<?xf32> to tensor<?xi32>
  return %b : tensor<?xi32>
}

func.func @splat(%v: f32, %n: index, %m: index) -> tensor<?x3x?xf32> {
  %s = tensor.splat %v[%n, %m] : tensor<?x3x?xf32>
  return %s : tensor<?x3x?xf32>
}

func.func @main() {
  %a = arith.constant dense<[1.0, -2.0, 0.5, 0.0, 3.25]> : tensor<5xf32>
  %ad = tensor.cast %a : tensor<5xf32> to tensor<?xf32>
  %b = func.call @bits(%ad) : (tensor<?xf32>) -> tensor<?xi32>
  %one = arith.constant dense<1> : tensor<5xi32>
  %bs = tensor.cast %b : tensor<?xi32> to tensor<5xi32>
  %c = arith.addi %bs, %one : tensor<5xi32>
  %back = tensor.bitcast %c : tensor<5xi32> to tensor<5xf32>
  %bm = bufferization.to_buffer %b : tensor<?xi32> to memref<?xi32>
  %bu = memref.cast %bm : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  %cm = bufferization.to_buffer %back : tensor<5xf32> to memref<5xf32>
  %cu = memref.cast %cm : memref<5xf32> to memref<*xf32>
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  %v = arith.constant 1.5 : f32
  %n = arith.constant 2 : index
  %m = arith.constant 1 : index
  %s = func.call @splat(%v, %n, %m) : (f32, index, index) -> tensor<?x3x?xf32>
  %sm = bufferization.to_buffer %s : tensor<?x3x?xf32> to memref<?x3x?xf32>
  %su = memref.cast %sm : memref<?x3x?xf32> to memref<*xf32>
  call @printMemrefF32(%su) : (memref<*xf32>) -> ()
  return
}
