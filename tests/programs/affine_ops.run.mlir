// purpose: affine.apply/min/max (dims, symbols, floordiv, ceildiv, mod, negative values), affine.for with constant, SSA and min/max map bounds, steps and iter_args, affine.load/store with subscript expressions, delinearize_index/linearize_index with static and dynamic bases
// expect: output equals affine_ops.expected

#shift = affine_map<(d0)[s0] -> (d0 * 3 - s0)>
#divs = affine_map<(d0) -> (d0 floordiv 4)>
#tail = affine_map<(d0)[s0] -> (8, s0 - d0)>
#lows = affine_map<(d0)[s0] -> (d0 - 2, s0)>

func.func private @printMemrefI64(memref<*xi64>)
func.func private @printMemrefF32(memref<*xf32>)

// Scalars from apply/min/max written into a vector.
func.func @scalars(%n: index, %out: memref<12xi64>) {
  %c5 = arith.constant 5 : index
  %cm7 = arith.constant -7 : index
  %a = affine.apply #shift(%c5)[%n]
  %b = affine.apply #divs(%cm7)
  %c = affine.apply affine_map<(d0) -> (d0 ceildiv 4)>(%cm7)
  %d = affine.apply affine_map<(d0) -> (d0 mod 4)>(%cm7)
  %e = affine.apply affine_map<()[s0] -> (s0 * -2 + 1)>()[%n]
  %f = affine.min #tail(%c5)[%n]
  %g = affine.max #lows(%c5)[%n]
  %h = affine.min affine_map<(d0, d1) -> (d0, d1, 100)>(%cm7, %n)
  %k = affine.max affine_map<(d0)[s0] -> (d0 floordiv 2, s0 mod 3, -1)>(%cm7)[%n]
  %l = affine.apply affine_map<(d0, d1)[s0] -> ((d0 + d1) * s0 - (d0 mod s0))>(%c5, %cm7)[%n]
  %m = affine.apply affine_map<() -> (42)>()
  %p = affine.apply affine_map<(d0) -> (d0 ceildiv 3)>(%c5)
  %vals = memref.alloca() : memref<12xindex>
  affine.store %a, %vals[0] : memref<12xindex>
  affine.store %b, %vals[1] : memref<12xindex>
  affine.store %c, %vals[2] : memref<12xindex>
  affine.store %d, %vals[3] : memref<12xindex>
  affine.store %e, %vals[4] : memref<12xindex>
  affine.store %f, %vals[5] : memref<12xindex>
  affine.store %g, %vals[6] : memref<12xindex>
  affine.store %h, %vals[7] : memref<12xindex>
  affine.store %k, %vals[8] : memref<12xindex>
  affine.store %l, %vals[9] : memref<12xindex>
  affine.store %m, %vals[10] : memref<12xindex>
  affine.store %p, %vals[11] : memref<12xindex>
  affine.for %i = 0 to 12 {
    %v = affine.load %vals[%i] : memref<12xindex>
    %w = arith.index_cast %v : index to i64
    affine.store %w, %out[%i] : memref<12xi64>
  }
  return
}

// Loops: sums with iter_args over constant, SSA and map bounds; a strided
// fill; a 2-D transpose through subscript expressions.
func.func @loops(%n: index, %out: memref<6xi64>, %grid: memref<3x4xf32>, %tr: memref<4x3xf32>) {
  %z = arith.constant 0 : i64
  %s1 = affine.for %i = 0 to 10 step 3 iter_args(%acc = %z) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %a = arith.addi %acc, %ii : i64
    affine.yield %a : i64
  }
  %s2 = affine.for %i = %n to 20 iter_args(%acc = %z) -> (i64) {
    %one = arith.constant 1 : i64
    %a = arith.addi %acc, %one : i64
    affine.yield %a : i64
  }
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %s3:2 = affine.for %i = max #lows(%n)[%c1] to min #tail(%n)[%c20] step 2 iter_args(%cnt = %z, %last = %z) -> (i64, i64) {
    %one = arith.constant 1 : i64
    %c = arith.addi %cnt, %one : i64
    %ii = arith.index_cast %i : index to i64
    affine.yield %c, %ii : i64, i64
  }
  %s4 = affine.for %i = 5 to 2 iter_args(%acc = %z) -> (i64) {
    %one = arith.constant 1 : i64
    %a = arith.addi %acc, %one : i64
    affine.yield %a : i64
  }
  affine.store %s1, %out[0] : memref<6xi64>
  affine.store %s2, %out[1] : memref<6xi64>
  affine.store %s3#0, %out[2] : memref<6xi64>
  affine.store %s3#1, %out[3] : memref<6xi64>
  affine.store %s4, %out[4] : memref<6xi64>
  %t = arith.constant 0 : i64
  affine.store %t, %out[5] : memref<6xi64>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 4 {
      %x = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1)>(%i, %j)
      %xi = arith.index_cast %x : index to i32
      %xf = arith.sitofp %xi : i32 to f32
      affine.store %xf, %grid[%i, %j] : memref<3x4xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 3 {
      %v = affine.load %grid[2 - %j, (%i + 1) mod 4] : memref<3x4xf32>
      affine.store %v, %tr[%i, %j] : memref<4x3xf32>
    }
  }
  return
}

// Mixed-radix digits and back: static and dynamic basis elements, with and
// without the outermost bound, a negative index.
func.func @indices(%x: index, %b: index, %out: memref<11xi64>) {
  %neg = arith.constant -7 : index
  %d:3 = affine.delinearize_index %x into (2, %b, 4) : index, index, index
  %e:3 = affine.delinearize_index %x into (%b, 4) : index, index, index
  %f:2 = affine.delinearize_index %neg into (4) : index, index
  %g = affine.linearize_index [%d#0, %d#1, %d#2] by (2, %b, 4) : index
  %h = affine.linearize_index disjoint [%f#0, %f#1] by (4) : index
  %k = affine.linearize_index [%b, %b] by (5, 7) : index
  %vals = memref.alloca() : memref<11xindex>
  affine.store %d#0, %vals[0] : memref<11xindex>
  affine.store %d#1, %vals[1] : memref<11xindex>
  affine.store %d#2, %vals[2] : memref<11xindex>
  affine.store %e#0, %vals[3] : memref<11xindex>
  affine.store %e#1, %vals[4] : memref<11xindex>
  affine.store %e#2, %vals[5] : memref<11xindex>
  affine.store %f#0, %vals[6] : memref<11xindex>
  affine.store %f#1, %vals[7] : memref<11xindex>
  affine.store %g, %vals[8] : memref<11xindex>
  affine.store %h, %vals[9] : memref<11xindex>
  affine.store %k, %vals[10] : memref<11xindex>
  affine.for %i = 0 to 11 {
    %v = affine.load %vals[%i] : memref<11xindex>
    %w = arith.index_cast %v : index to i64
    affine.store %w, %out[%i] : memref<11xi64>
  }
  return
}

func.func @main() {
  %n = arith.constant 11 : index
  %out = memref.alloca() : memref<12xi64>
  call @scalars(%n, %out) : (index, memref<12xi64>) -> ()
  %u = memref.cast %out : memref<12xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  %c3 = arith.constant 3 : index
  %out2 = memref.alloca() : memref<6xi64>
  %grid = memref.alloca() : memref<3x4xf32>
  %tr = memref.alloca() : memref<4x3xf32>
  call @loops(%c3, %out2, %grid, %tr) : (index, memref<6xi64>, memref<3x4xf32>, memref<4x3xf32>) -> ()
  %u2 = memref.cast %out2 : memref<6xi64> to memref<*xi64>
  call @printMemrefI64(%u2) : (memref<*xi64>) -> ()
  %u3 = memref.cast %tr : memref<4x3xf32> to memref<*xf32>
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  %c45 = arith.constant 45 : index
  %out3 = memref.alloca() : memref<11xi64>
  call @indices(%c45, %c3, %out3) : (index, index, memref<11xi64>) -> ()
  %u4 = memref.cast %out3 : memref<11xi64> to memref<*xi64>
  call @printMemrefI64(%u4) : (memref<*xi64>) -> ()
  return
}
