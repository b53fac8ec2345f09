// Dense initial values become one raw little-endian byte array (a splat
// written once and doubled), a +0 splat a zeroinitializer: AlexNet's 61 M
// splat weights took 60 s to build one LLVM constant per element. The JIT
// reads back what the interpreter reads, for each element type with a raw
// layout and for those that still go element by element (f16, i1).
// REQUIRES: llvm-lowering
// RUN: buffer-opt --emit=llvm -O0 %s | FileCheck %s --check-prefix=IR
// RUN: buffer-opt --emit=run --run=main %s | FileCheck %s --check-prefix=VALUES
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=VALUES
// IR-DAG: @splat_f32 = internal constant [20 x i8] c"\00\00\C0?\00\00\C0?\00\00\C0?\00\00\C0?\00\00\C0?"
// IR-DAG: @zeros_f64 = internal constant [3 x double] zeroinitializer
// IR-DAG: @negzero = internal constant [8 x i8] c"\00\00\00\80\00\00\00\80"
// IR-DAG: @ints_i16 = internal constant [6 x i8] c"\FF\FF\02\00\00\80"
// IR-DAG: @ints_i64 = internal constant [16 x i8] c"\FE\FF\FF\FF\FF\FF\FF\FF\05\00\00\00\00\00\00\00"
// IR-DAG: @halves = internal constant [2 x half]
// IR-DAG: @flags = internal constant [3 x i1]
// VALUES: [{"type":"f32","value":7.5},{"type":"f64","value":0.0},{"type":"i16","value":32767},{"type":"i64","value":3},{"type":"f16","value":2.75},{"type":"i32","value":2}]

memref.global "private" constant @splat_f32 : memref<5xf32> = dense<1.5>
memref.global "private" constant @zeros_f64 : memref<3xf64> = dense<0.0>
memref.global "private" constant @negzero : memref<2xf32> = dense<-0.0>
memref.global "private" constant @ints_i16 : memref<3xi16> = dense<[-1, 2, -32768]>
memref.global "private" constant @ints_i64 : memref<2xi64> = dense<[-2, 5]>
memref.global "private" constant @halves : memref<2xf16> = dense<[1.25, 1.5]>
memref.global "private" constant @flags : memref<3xi1> = dense<[true, false, true]>

func.func @main() -> (f32, f64, i16, i64, f16, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %a = memref.get_global @splat_f32 : memref<5xf32>
  %zf = arith.constant 0.0 : f32
  %sa = scf.for %i = %c0 to %c5 step %c1 iter_args(%s = %zf) -> (f32) {
    %e = memref.load %a[%i] : memref<5xf32>
    %t = arith.addf %s, %e : f32
    scf.yield %t : f32
  }
  %b = memref.get_global @zeros_f64 : memref<3xf64>
  %b2 = memref.load %b[%c2] : memref<3xf64>
  %n = memref.get_global @negzero : memref<2xf32>
  %n1 = memref.load %n[%c1] : memref<2xf32>
  %sa2 = arith.addf %sa, %n1 : f32
  %c = memref.get_global @ints_i16 : memref<3xi16>
  %c0v = memref.load %c[%c0] : memref<3xi16>
  %c2v = memref.load %c[%c2] : memref<3xi16>
  %csum = arith.addi %c0v, %c2v : i16
  %d = memref.get_global @ints_i64 : memref<2xi64>
  %d0 = memref.load %d[%c0] : memref<2xi64>
  %d1 = memref.load %d[%c1] : memref<2xi64>
  %dsum = arith.addi %d0, %d1 : i64
  %h = memref.get_global @halves : memref<2xf16>
  %h0 = memref.load %h[%c0] : memref<2xf16>
  %h1 = memref.load %h[%c1] : memref<2xf16>
  %hsum = arith.addf %h0, %h1 : f16
  %f = memref.get_global @flags : memref<3xi1>
  %zi = arith.constant 0 : i32
  %fs = scf.for %i = %c0 to %c3 step %c1 iter_args(%s = %zi) -> (i32) {
    %e = memref.load %f[%i] : memref<3xi1>
    %x = arith.extui %e : i1 to i32
    %t = arith.addi %s, %x : i32
    scf.yield %t : i32
  }
  return %sa2, %b2, %csum, %dsum, %hsum, %fs : f32, f64, i16, i64, f16, i32
}
