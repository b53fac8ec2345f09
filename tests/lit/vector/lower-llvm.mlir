// REQUIRES: llvm
// Vectors lower to LLVM vector types: a vector<4xf32> is <4 x float>, an
// in-bounds transfer a vector load/store after optimization, broadcast a
// splat shuffle, fma and reduction LLVM's intrinsics (the float add
// reduction ordered, starting at -0.0 without an accumulator).
// RUN: buffer-opt --emit=llvm %s | FileCheck %s
// RUN: %if llvm-opt %{ buffer-opt --emit=llvm %s | opt -passes=verify -disable-output %}
// CHECK-LABEL: define float @f(
// CHECK: load <4 x float>
// CHECK: shufflevector <1 x float> %{{.*}}, <1 x float> poison, <4 x i32> zeroinitializer
// CHECK: call <4 x float> @llvm.fma.v4f32(
// CHECK: fadd <4 x float>
// CHECK: store <4 x float>
// CHECK: call float @llvm.vector.reduce.fadd.v4f32(float -0.000000e+00, <4 x float>
func.func @f(%m: memref<?xf32>, %i: index, %s: f32) -> f32 {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<?xf32>, vector<4xf32>
  %b = vector.broadcast %s : f32 to vector<4xf32>
  %f = vector.fma %v, %b, %v : vector<4xf32>
  %w = arith.addf %f, %b : vector<4xf32>
  vector.transfer_write %w, %m[%i] {in_bounds = [true]} : vector<4xf32>, memref<?xf32>
  %r = vector.reduction <add>, %w : vector<4xf32> into f32
  return %r : f32
}

// A transfer that may leave the memref loads each element under a bounds
// check and keeps the padding otherwise; 2-D vectors are flat.
// CHECK-LABEL: define <6 x i32> @masked(
// CHECK: icmp ult i64
// CHECK: phi i32
// CHECK: ret <6 x i32>
func.func @masked(%m: memref<?x?xi32>, %i: index) -> vector<2x3xi32> {
  %pad = arith.constant -1 : i32
  %v = vector.transfer_read %m[%i, %i], %pad : memref<?x?xi32>, vector<2x3xi32>
  return %v : vector<2x3xi32>
}
