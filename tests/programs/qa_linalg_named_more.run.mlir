// purpose: linalg named ops beyond the basics: elementwise named ops (sub, mul, div, max, min, abs, negf, sqrt, floor, ceil, square, reciprocal, select), linalg.elementwise with kinds, matmul with transposing indexing_maps, mixed-precision i8 x i8 -> i32 matmul, vecmat, 3-D transpose, broadcast of two dims, map with three inputs, reduce with two inputs and two outputs
// expect: output equals qa_linalg_named_more.expected

#mA = affine_map<(m, n, k) -> (k, m)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>

func.func @elementwise(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<12x2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %sub = linalg.sub ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %mul = linalg.mul ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %div = linalg.div ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %max = linalg.max ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %min = linalg.min ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %abs = linalg.abs ins(%sub : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %neg = linalg.negf ins(%a : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %sqrt = linalg.sqrt ins(%abs : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %floor = linalg.floor ins(%div : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %ceil = linalg.ceil ins(%div : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %sq = linalg.square ins(%b : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %rcp = linalg.reciprocal ins(%b : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %all = tensor.empty() : tensor<12x2x3xf32>
  %r0 = tensor.insert_slice %sub into %all[0, 0, 0] [1, 2, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<12x2x3xf32>
  %r1 = tensor.insert_slice %mul into %r0[1, 0, 0] [1, 2, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<12x2x3xf32>
  %r2 = tensor.insert_slice %div into %r1[2, 0, 0] [1, 2, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<12x2x3xf32>
  %r3 = tensor.insert_slice %max into %r2[3, 0, 0] [1, 2, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<12x2x3xf32>
  %r4 = tensor.insert_slice %min into %r3[4, 0, 0] [1, 2, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<12x2x3xf32>
  %r5 = tensor.insert_slice %abs into %r4[5, 0, 0] [1, 2, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<12x2x3xf32>
  %r6 = tensor.insert_slice %neg into %r5[6, 0, 0] [1, 2, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<12x2x3xf32>
  %r7 = tensor.insert_slice %sqrt into %r6[7, 0, 0] [1, 2, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<12x2x3xf32>
  %r8 = tensor.insert_slice %floor into %r7[8, 0, 0] [1, 2, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<12x2x3xf32>
  %r9 = tensor.insert_slice %ceil into %r8[9, 0, 0] [1, 2, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<12x2x3xf32>
  %r10 = tensor.insert_slice %sq into %r9[10, 0, 0] [1, 2, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<12x2x3xf32>
  %r11 = tensor.insert_slice %rcp into %r10[11, 0, 0] [1, 2, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<12x2x3xf32>
  return %r11 : tensor<12x2x3xf32>
}

func.func @select_and_kinds(%c: tensor<2x3xi1>, %a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %e = tensor.empty() : tensor<2x3xf32>
  %s = linalg.select ins(%c, %a, %b : tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %k1 = linalg.elementwise kind=#linalg.elementwise_kind<sub> ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %k2 = linalg.elementwise kind=#linalg.elementwise_kind<negf> ins(%b : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %s, %k1, %k2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

func.func @matmul_ta(%a: tensor<4x3xf32>, %b: tensor<4x2xf32>) -> tensor<3x2xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  %r = linalg.matmul indexing_maps = [#mA, #mB, #mC] ins(%a, %b : tensor<4x3xf32>, tensor<4x2xf32>) outs(%f : tensor<3x2xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

func.func @matmul_i8(%a: tensor<2x3xi8>, %b: tensor<3x2xi8>) -> tensor<2x2xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x2xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>
  %r = linalg.matmul ins(%a, %b : tensor<2x3xi8>, tensor<3x2xi8>) outs(%f : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}

func.func @vecmat(%v: tensor<4xf32>, %m: tensor<4x3xf32>) -> tensor<3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = linalg.vecmat ins(%v, %m : tensor<4xf32>, tensor<4x3xf32>) outs(%f : tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

func.func @shapes(%x: tensor<2x3x4xf32>, %v: tensor<3xf32>) -> (tensor<4x2x3xf32>, tensor<2x3x2xf32>) {
  %e = tensor.empty() : tensor<4x2x3xf32>
  %t = linalg.transpose ins(%x : tensor<2x3x4xf32>) outs(%e : tensor<4x2x3xf32>) permutation = [2, 0, 1]
  %e2 = tensor.empty() : tensor<2x3x2xf32>
  %b = linalg.broadcast ins(%v : tensor<3xf32>) outs(%e2 : tensor<2x3x2xf32>) dimensions = [0, 2]
  return %t, %b : tensor<4x2x3xf32>, tensor<2x3x2xf32>
}

func.func @map3_reduce2(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %c: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %e = tensor.empty() : tensor<2x3xf32>
  %m = linalg.map ins(%a, %b, %c : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>)
    (%x: f32, %y: f32, %z: f32, %unused: f32) {
      %p = arith.mulf %x, %y : f32
      %q = arith.subf %p, %z : f32
      linalg.yield %q : f32
    }
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e1 = tensor.empty() : tensor<3xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<3xf32>) -> tensor<3xf32>
  %p0 = linalg.fill ins(%one : f32) outs(%e1 : tensor<3xf32>) -> tensor<3xf32>
  %s, %p = linalg.reduce ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%s0, %p0 : tensor<3xf32>, tensor<3xf32>) dimensions = [0]
    (%x: f32, %y: f32, %as: f32, %ap: f32) {
      %t = arith.addf %x, %as : f32
      %u = arith.mulf %y, %ap : f32
      linalg.yield %t, %u : f32, f32
    }
  return %m, %s, %p : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// ---- driver ----
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @pf(%t: tensor<*xf32>) {
  %m = bufferization.to_buffer %t : tensor<*xf32> to memref<*xf32>
  call @printMemrefF32(%m) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[[1.5, -2.0, 3.0], [4.0, -5.5, 6.25]]> : tensor<2x3xf32>
  %b = arith.constant dense<[[2.0, 4.0, -1.0], [0.5, 2.0, 8.0]]> : tensor<2x3xf32>
  %ew = call @elementwise(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<12x2x3xf32>
  %ewu = tensor.cast %ew : tensor<12x2x3xf32> to tensor<*xf32>
  call @pf(%ewu) : (tensor<*xf32>) -> ()
  %c = arith.constant dense<[[true, false, true], [false, false, true]]> : tensor<2x3xi1>
  %s, %k1, %k2 = call @select_and_kinds(%c, %a, %b) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
  %su = tensor.cast %s : tensor<2x3xf32> to tensor<*xf32>
  call @pf(%su) : (tensor<*xf32>) -> ()
  %k1u = tensor.cast %k1 : tensor<2x3xf32> to tensor<*xf32>
  call @pf(%k1u) : (tensor<*xf32>) -> ()
  %k2u = tensor.cast %k2 : tensor<2x3xf32> to tensor<*xf32>
  call @pf(%k2u) : (tensor<*xf32>) -> ()
  %ma = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]> : tensor<4x3xf32>
  %mb = arith.constant dense<[[1.0, -1.0], [0.5, 2.0], [0.0, 1.0], [-1.0, 0.25]]> : tensor<4x2xf32>
  %mt = call @matmul_ta(%ma, %mb) : (tensor<4x3xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  %mtu = tensor.cast %mt : tensor<3x2xf32> to tensor<*xf32>
  call @pf(%mtu) : (tensor<*xf32>) -> ()
  %ia = arith.constant dense<[[100, -100, 7], [127, -128, 1]]> : tensor<2x3xi8>
  %ib = arith.constant dense<[[2, 3], [4, -5], [-6, 7]]> : tensor<3x2xi8>
  %im = call @matmul_i8(%ia, %ib) : (tensor<2x3xi8>, tensor<3x2xi8>) -> tensor<2x2xi32>
  %imm = bufferization.to_buffer %im : tensor<2x2xi32> to memref<2x2xi32>
  %imu = memref.cast %imm : memref<2x2xi32> to memref<*xi32>
  call @printMemrefI32(%imu) : (memref<*xi32>) -> ()
  %v4 = arith.constant dense<[1.0, 0.0, -1.0, 2.0]> : tensor<4xf32>
  %vm = call @vecmat(%v4, %ma) : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<3xf32>
  %vmu = tensor.cast %vm : tensor<3xf32> to tensor<*xf32>
  call @pf(%vmu) : (tensor<*xf32>) -> ()
  %x = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %c12 = arith.constant 12 : index
    %c4 = arith.constant 4 : index
    %p = arith.muli %i, %c12 : index
    %q = arith.muli %j, %c4 : index
    %r = arith.addi %p, %q : index
    %s2 = arith.addi %r, %k : index
    %si = arith.index_cast %s2 : index to i32
    %f = arith.sitofp %si : i32 to f32
    tensor.yield %f : f32
  } : tensor<2x3x4xf32>
  %v3 = arith.constant dense<[7.0, 8.0, 9.0]> : tensor<3xf32>
  %t, %bc = call @shapes(%x, %v3) : (tensor<2x3x4xf32>, tensor<3xf32>) -> (tensor<4x2x3xf32>, tensor<2x3x2xf32>)
  %tu = tensor.cast %t : tensor<4x2x3xf32> to tensor<*xf32>
  call @pf(%tu) : (tensor<*xf32>) -> ()
  %bcu = tensor.cast %bc : tensor<2x3x2xf32> to tensor<*xf32>
  call @pf(%bcu) : (tensor<*xf32>) -> ()
  %m, %rs, %rp = call @map3_reduce2(%a, %b, %a) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  %mu = tensor.cast %m : tensor<2x3xf32> to tensor<*xf32>
  call @pf(%mu) : (tensor<*xf32>) -> ()
  %rsu = tensor.cast %rs : tensor<3xf32> to tensor<*xf32>
  call @pf(%rsu) : (tensor<*xf32>) -> ()
  %rpu = tensor.cast %rp : tensor<3xf32> to tensor<*xf32>
  call @pf(%rpu) : (tensor<*xf32>) -> ()
  return
}
