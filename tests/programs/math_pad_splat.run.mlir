// purpose: math functions on f32 and f64 tensors inside one linalg.generic selected by linalg.index and scf.index_switch, tensor.splat, from_elements 2-D, rank-reducing and rank-expanding slices, pad with dynamic high padding
// expect: output equals math_pad_splat.expected

func.func @mathy(%x: tensor<6xf32>) -> tensor<6x8xf32> {
  %e = tensor.empty() : tensor<6x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<6xf32>) outs(%e : tensor<6x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %col = linalg.index 1 : index
    %a = math.absf %v : f32
    %t = math.tanh %v : f32
    %l = math.log1p %a : f32
    %s = math.sqrt %a : f32
    %q = math.rsqrt %a : f32
    %f = math.floor %v : f32
    %c = math.ceil %v : f32
    %p = math.powf %a, %v : f32
    %r = scf.index_switch %col -> f32
    case 0 { scf.yield %t : f32 }
    case 1 { scf.yield %l : f32 }
    case 2 { scf.yield %s : f32 }
    case 3 { scf.yield %q : f32 }
    case 4 { scf.yield %f : f32 }
    case 5 { scf.yield %c : f32 }
    case 6 { scf.yield %p : f32 }
    default { scf.yield %v : f32 }
    linalg.yield %r : f32
  } -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}

func.func @f64math(%v: f64) -> tensor<2x3xf64> {
  %e = math.exp %v : f64
  %l = math.log %v : f64
  %er = math.sin %v : f64
  %at = math.log2 %e : f64
  %fm = math.fma %v, %e, %l : f64
  %cb = math.cos %v : f64
  %t = tensor.from_elements %e, %l, %er, %at, %fm, %cb : tensor<2x3xf64>
  return %t : tensor<2x3xf64>
}

func.func @splat_pad(%v: f32, %n: index, %hi: index) -> tensor<?xf32> {
  %s = tensor.splat %v[%n] : tensor<?xf32>
  %z = arith.constant -1.0 : f32
  %p = tensor.pad %s low[1] high[%hi] {
  ^bb0(%i: index):
    tensor.yield %z : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %p : tensor<?xf32>
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF64(memref<*xf64>)
func.func @main() {
  %x = arith.constant dense<[0.5, -1.25, 2.0, 3.75, -0.1, 1.0]> : tensor<6xf32>
  %m = call @mathy(%x) : (tensor<6xf32>) -> tensor<6x8xf32>
  %mm = bufferization.to_buffer %m : tensor<6x8xf32> to memref<6x8xf32>
  %um = memref.cast %mm : memref<6x8xf32> to memref<*xf32>
  call @printMemrefF32(%um) : (memref<*xf32>) -> ()
  %v = arith.constant 1.7 : f64
  %d = call @f64math(%v) : (f64) -> tensor<2x3xf64>
  %md = bufferization.to_buffer %d : tensor<2x3xf64> to memref<2x3xf64>
  %ud = memref.cast %md : memref<2x3xf64> to memref<*xf64>
  call @printMemrefF64(%ud) : (memref<*xf64>) -> ()
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %val = arith.constant 4.5 : f32
  %sp = call @splat_pad(%val, %c3, %c2) : (f32, index, index) -> tensor<?xf32>
  %ms = bufferization.to_buffer %sp : tensor<?xf32> to memref<?xf32>
  %us = memref.cast %ms : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%us) : (memref<*xf32>) -> ()
  return
}
