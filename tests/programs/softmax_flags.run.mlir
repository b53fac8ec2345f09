// purpose: softmax-like row normalization with reductions, broadcasting generics, math.exp and division, plus i1/i8 via select
// expect: output equals softmax_flags.expected

#map = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
func.func @softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<2xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<2xf32>) -> tensor<2xf32>
  %max = linalg.generic {indexing_maps = [#map, #red], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2x4xf32>) outs(%m0 : tensor<2xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %mx = arith.maximumf %a, %acc : f32
    linalg.yield %mx : f32
  } -> tensor<2xf32>
  %e1 = tensor.empty() : tensor<2x4xf32>
  %ex = linalg.generic {indexing_maps = [#map, #red, #map], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<2x4xf32>, tensor<2xf32>) outs(%e1 : tensor<2x4xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<2x4xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<2xf32>) -> tensor<2xf32>
  %sum = linalg.reduce ins(%ex : tensor<2x4xf32>) outs(%s0 : tensor<2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %r = linalg.generic {indexing_maps = [#map, #red, #map], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<2x4xf32>, tensor<2xf32>) outs(%e1 : tensor<2x4xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %q = arith.divf %a, %s : f32
    linalg.yield %q : f32
  } -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

func.func @flags(%x: tensor<2x4xf32>) -> tensor<2x4xi32> {
  %half = arith.constant 0.25 : f32
  %e = tensor.empty() : tensor<2x4xi32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x4xf32>) outs(%e : tensor<2x4xi32>) {
  ^bb0(%a: f32, %o: i32):
    %gt = arith.cmpf ogt, %a, %half : f32
    %b = arith.extui %gt : i1 to i8
    %w = arith.extsi %b : i8 to i32
    %c3 = arith.constant 3 : i32
    %t = arith.select %gt, %c3, %w : i32
    linalg.yield %t : i32
  } -> tensor<2x4xi32>
  return %r : tensor<2x4xi32>
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [-1.0, 0.0, 1.0, 0.5]]> : tensor<2x4xf32>
  %r = call @softmax(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %m = bufferization.to_buffer %r : tensor<2x4xf32> to memref<2x4xf32>
  %u = memref.cast %m : memref<2x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %f = call @flags(%r) : (tensor<2x4xf32>) -> tensor<2x4xi32>
  %mf = bufferization.to_buffer %f : tensor<2x4xi32> to memref<2x4xi32>
  %uf = memref.cast %mf : memref<2x4xi32> to memref<*xi32>
  call @printMemrefI32(%uf) : (memref<*xi32>) -> ()
  return
}
