// Round trip of the affine dialect's custom forms: apply/min/max with map
// aliases and inline maps, for with constant, SSA and map bounds (max/min
// prefixes, step, iter_args, elided and explicit yields), load/store with
// subscript expressions (dims, symbol(...), repeated values, floordiv,
// ceildiv, mod, negation, rank 0), delinearize_index / linearize_index
// (static and dynamic basis, disjoint), and discardable attributes.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK: #map1 = affine_map<(d0) -> (d0 * 4 - 1)>
// CHECK: #map2 = affine_map<()[s0] -> (s0 floordiv 8)>
// CHECK: #map3 = affine_map<() -> (7)>
// CHECK: #map4 = affine_map<(d0)[s0] -> (d0, s0)>
// CHECK: #map5 = affine_map<(d0, d1) -> (d0 ceildiv 2, d1 mod 3, 64)>
// CHECK: #map6 = affine_map<(d0) -> (d0 + 16, 100)>

#shift = affine_map<(d0)[s0] -> (d0 + s0)>
#pair = affine_map<(d0)[s0] -> (d0, s0)>
#tile = affine_map<(d0) -> (d0 + 16, 100)>

// CHECK-LABEL: func.func @apply(%arg0: index, %arg1: index) -> (index, index, index, index) {
// CHECK-NEXT:   %0 = affine.apply #map(%arg0)[%arg1]
// CHECK-NEXT:   %1 = affine.apply #map1(%arg0)
// CHECK-NEXT:   %2 = affine.apply #map2()[%arg1]
// CHECK-NEXT:   %3 = affine.apply #map3() {tag = "k"}
// CHECK-NEXT:   return %0, %1, %2, %3 : index, index, index, index
// CHECK-NEXT: }
func.func @apply(%i: index, %n: index) -> (index, index, index, index) {
  %a = affine.apply #shift(%i)[%n]
  %b = affine.apply affine_map<(d0) -> (d0 * 4 - 1)>(%i)
  %c = affine.apply affine_map<()[s0] -> (s0 floordiv 8)>()[%n]
  %d = affine.apply affine_map<() -> (7)>() {tag = "k"}
  return %a, %b, %c, %d : index, index, index, index
}

// CHECK-LABEL: func.func @min_max(%arg0: index, %arg1: index) -> (index, index) {
// CHECK-NEXT:   %0 = affine.max #map4(%arg0)[%arg1]
// CHECK-NEXT:   %1 = affine.min #map5(%arg0, %arg1)
// CHECK-NEXT:   return %0, %1 : index, index
// CHECK-NEXT: }
func.func @min_max(%i: index, %n: index) -> (index, index) {
  %lo = affine.max #pair(%i)[%n]
  %hi = affine.min affine_map<(d0, d1) -> (d0 ceildiv 2, d1 mod 3, 64)>(%i, %n)
  return %lo, %hi : index, index
}

// CHECK-LABEL: func.func @loops(%arg0: index, %arg1: memref<100xf32>, %arg2: f32) -> f32 {
// CHECK-NEXT:   affine.for %arg3 = 0 to 10 {
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.for %arg3 = 2 to %arg0 step 3 {
// CHECK-NEXT:     affine.store %arg2, %arg1[%arg3] : memref<100xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.for %arg3 = %arg0 to 100 {
// CHECK-NEXT:     affine.for %arg4 = #map(%arg3)[%arg0] to min #map6(%arg3) {
// CHECK-NEXT:       %2 = affine.load %arg1[%arg4] : memref<100xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   %0 = affine.for %arg3 = max #map4(%arg0)[%arg0] to 100 step 4 iter_args(%arg4 = %arg2) -> (f32) {
// CHECK-NEXT:     %2 = affine.load %arg1[%arg3] : memref<100xf32>
// CHECK-NEXT:     %3 = arith.addf %arg4, %2 : f32
// CHECK-NEXT:     affine.yield %3 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = affine.for %arg3 = -4 to 4 iter_args(%arg4 = %arg2, %arg5 = %arg0) -> (f32, index) {
// CHECK-NEXT:     affine.yield %arg4, %arg5 : f32, index
// CHECK-NEXT:   } {tag}
// CHECK-NEXT:   return %0 : f32
// CHECK-NEXT: }
func.func @loops(%n: index, %m: memref<100xf32>, %x: f32) -> f32 {
  affine.for %i = 0 to 10 {
  }
  affine.for %i = 2 to %n step 3 {
    affine.store %x, %m[%i] : memref<100xf32>
  }
  affine.for %i = %n to 100 {
    affine.for %j = #shift(%i)[%n] to min #tile(%i) {
      %v = affine.load %m[%j] : memref<100xf32>
    }
  }
  %r = affine.for %i = max #pair(%n)[%n] to 100 step 4 iter_args(%acc = %x) -> (f32) {
    %v = affine.load %m[%i] : memref<100xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  %p:2 = affine.for %i = -4 to 4 iter_args(%a = %x, %b = %n) -> (f32, index) {
    affine.yield %a, %b : f32, index
  } {tag}
  return %r : f32
}

// CHECK-LABEL: func.func @subscripts(%arg0: memref<8x16xf32>, %arg1: memref<f32>, %arg2: index) {
// CHECK-NEXT:   affine.for %arg3 = 0 to 4 {
// CHECK-NEXT:     affine.for %arg4 = 0 to 8 {
// CHECK-NEXT:       %0 = affine.load %arg0[%arg3 * 2 - 1, %arg4 floordiv 3 + symbol(%arg2)] : memref<8x16xf32>
// CHECK-NEXT:       %1 = affine.load %arg0[-%arg3 + 3, (%arg4 + 1) mod 4] : memref<8x16xf32>
// CHECK-NEXT:       %2 = affine.load %arg0[%arg3 - %arg4, %arg4 ceildiv 2] : memref<8x16xf32>
// CHECK-NEXT:       %3 = affine.load %arg0[%arg4, %arg3] {nontemporal} : memref<8x16xf32>
// CHECK-NEXT:       %4 = affine.load %arg1[] : memref<f32>
// CHECK-NEXT:       %5 = affine.load %arg0[%arg3 * 2, symbol(%arg2) * 2] : memref<8x16xf32>
// CHECK-NEXT:       %6 = affine.load %arg0[3, %arg2] : memref<8x16xf32>
// CHECK-NEXT:       %7 = affine.load %arg0[symbol(%arg2), %arg3 * -2 + %arg4 * 3] : memref<8x16xf32>
// CHECK-NEXT:       %8 = affine.load %arg0[%arg3 * 2 - (%arg4 + 3), -(%arg3 + 2)] : memref<8x16xf32>
// CHECK-NEXT:       affine.store %4, %arg1[] : memref<f32>
// CHECK-NEXT:       affine.store %0, %arg0[%arg3, %arg4 - 4] : memref<8x16xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @subscripts(%m: memref<8x16xf32>, %z: memref<f32>, %n: index) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %a = affine.load %m[%i * 2 - 1, %j floordiv 3 + symbol(%n)] : memref<8x16xf32>
      %b = affine.load %m[-%i + 3, (%j + 1) mod 4] : memref<8x16xf32>
      %c = affine.load %m[%i - %j, %j ceildiv 2] : memref<8x16xf32>
      %d = affine.load %m[%j, %i] {nontemporal} : memref<8x16xf32>
      %e = affine.load %z[] : memref<f32>
      %f = affine.load %m[%i + %i, symbol(%n) * 2] : memref<8x16xf32>
      %g = affine.load %m[3, %n] : memref<8x16xf32>
      %h = affine.load %m[symbol(%n), %i * -2 + %j * 3] : memref<8x16xf32>
      %k = affine.load %m[2 * %i - (3 + %j), -(%i + 2)] : memref<8x16xf32>
      affine.store %e, %z[] : memref<f32>
      affine.store %a, %m[%i, %j - 4] : memref<8x16xf32>
    }
  }
  return
}

// CHECK-LABEL: func.func @indices(%arg0: index, %arg1: index) -> (index, index) {
// CHECK-NEXT:   %0:3 = affine.delinearize_index %arg0 into (2, %arg1, 4) : index, index, index
// CHECK-NEXT:   %1:2 = affine.delinearize_index %arg0 into (8) : index, index
// CHECK-NEXT:   %2 = affine.delinearize_index %arg0 into () : index
// CHECK-NEXT:   %3 = affine.linearize_index [%0#0, %0#1, %0#2] by (2, %arg1, 4) : index
// CHECK-NEXT:   %4 = affine.linearize_index disjoint [%1#0, %1#1] by (8) {tag} : index
// CHECK-NEXT:   return %3, %4 : index, index
// CHECK-NEXT: }
func.func @indices(%x: index, %b: index) -> (index, index) {
  %d:3 = affine.delinearize_index %x into (2, %b, 4) : index, index, index
  %e:2 = affine.delinearize_index %x into (8) : index, index
  %f = affine.delinearize_index %x into () : index
  %g = affine.linearize_index [%d#0, %d#1, %d#2] by (2, %b, 4) : index
  %h = affine.linearize_index disjoint [%e#0, %e#1] by (8) {tag} : index
  return %g, %h : index, index
}
