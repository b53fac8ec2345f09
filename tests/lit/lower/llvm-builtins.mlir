// REQUIRES: llvm
// Every compiler-runtime helper LLVM's x86-64 back end calls for these
// operations (f16 conversions from and to f32, f64, i64 and i128, f64 -> f16
// which has no instruction even with F16C, 128-bit division and remainder,
// 128-bit <-> float conversions, powi) is bound by the JIT from its own table
// (core/lower/llvm/jit_builtins.c). The JIT never takes a `__` name from the
// process, so this runs the same whether or not something loaded libgcc_s
// globally: on a fresh Debian 12, where nothing had, f64 -> f16 failed with
// "Symbols not found: [ __truncdfhf2 ]". The JIT's results equal the
// interpreter's on each input set: ties and rounding, the f16 overflow
// boundary, subnormals, negative 128-bit quotients and remainders.
// RUN: echo '[{"type":"f64","value":-12345.678},{"type":"i64","value":-1234},{"type":"i32","value":3}]' > %t.in1
// RUN: echo '[{"type":"f64","value":0.333251953125},{"type":"i64","value":77},{"type":"i32","value":-2}]' > %t.in2
// RUN: echo '[{"type":"f64","value":65519.99},{"type":"i64","value":65504},{"type":"i32","value":1}]' > %t.in3
// RUN: echo '[{"type":"f64","value":1e-7},{"type":"i64","value":-1},{"type":"i32","value":2}]' > %t.in4
// RUN: echo '[{"type":"f64","value":2.5},{"type":"i64","value":-3},{"type":"i32","value":4}]' > %t.in5
// RUN: buffer-opt --run=conv --inputs=%t.in1 %s > %t.interp1
// RUN: buffer-opt --emit=run --run=conv --inputs=%t.in1 %s > %t.jit1
// RUN: diff %t.interp1 %t.jit1
// RUN: buffer-opt --run=conv --inputs=%t.in2 %s > %t.interp2
// RUN: buffer-opt --emit=run --run=conv --inputs=%t.in2 %s > %t.jit2
// RUN: diff %t.interp2 %t.jit2
// RUN: buffer-opt --run=conv --inputs=%t.in3 %s > %t.interp3
// RUN: buffer-opt --emit=run --run=conv --inputs=%t.in3 %s > %t.jit3
// RUN: diff %t.interp3 %t.jit3
// RUN: buffer-opt --run=conv --inputs=%t.in4 %s > %t.interp4
// RUN: buffer-opt --emit=run --run=conv --inputs=%t.in4 %s > %t.jit4
// RUN: diff %t.interp4 %t.jit4
// RUN: buffer-opt --run=conv --inputs=%t.in5 %s > %t.interp5
// RUN: buffer-opt --emit=run --run=conv --inputs=%t.in5 %s > %t.jit5
// RUN: diff %t.interp5 %t.jit5
// RUN: FileCheck %s < %t.jit1
// The first set: -12345.678 rounds to the f16 -12344; -1234 / 3 is -411
// remainder -1 in 128 bits; unsigned, the sign-extended -1234 divides as
// 2^128 - 1234.
// CHECK: [{"type":"f16","value":-12344.0},{"type":"f64","value":-12344.0},{"type":"f16","value":-1234.0},{"type":"f16","value":1234.0},{"type":"i64","value":-12344},{"type":"i64","value":1234},
// CHECK-SAME: {"type":"i64","value":-411},{"type":"i64","value":-1},{"type":"i64","value":6148914691236516794},{"type":"i64","value":0},

func.func @conv(%x: f64, %i: i64, %p: i32) -> (f16, f64, f16, f16, i64, i64, f32, f16, i64, i64, i64, i64, f32, f64, i64, f32, f64, i64, f16, f16, i64, i64) {
  %h = arith.truncf %x : f64 to f16
  %d = arith.extf %h : f16 to f64
  %hs = arith.sitofp %i : i64 to f16
  %ia = math.absi %i : i64
  %hu = arith.uitofp %ia : i64 to f16
  %si = arith.fptosi %h : f16 to i64
  %ui = arith.fptoui %hu : f16 to i64
  %xf = arith.truncf %x : f64 to f32
  %pw = math.fpowi %xf, %p : f32, i32
  %hp = math.fpowi %h, %p : f16, i32
  %w = arith.extsi %i : i64 to i128
  %c3 = arith.constant 3 : i128
  %q = arith.divsi %w, %c3 : i128
  %r = arith.remsi %w, %c3 : i128
  %uq = arith.divui %w, %c3 : i128
  %ur = arith.remui %w, %c3 : i128
  %wf = arith.sitofp %w : i128 to f32
  %wa = arith.extui %ia : i64 to i128
  %wd = arith.uitofp %wa : i128 to f64
  %fw = arith.fptosi %x : f64 to i128
  %ff = arith.fptosi %xf : f32 to i128
  %fuf = arith.uitofp %ur : i128 to f32
  %fud = arith.sitofp %q : i128 to f64
  %hw = arith.sitofp %w : i128 to f16
  %huw = arith.uitofp %wa : i128 to f16
  %hsw = arith.fptosi %h : f16 to i128
  %hsu = arith.fptoui %hu : f16 to i128
  %q64 = arith.trunci %q : i128 to i64
  %r64 = arith.trunci %r : i128 to i64
  %uq64 = arith.trunci %uq : i128 to i64
  %ur64 = arith.trunci %ur : i128 to i64
  %fw64 = arith.trunci %fw : i128 to i64
  %ff64 = arith.trunci %ff : i128 to i64
  %hsw64 = arith.trunci %hsw : i128 to i64
  %hsu64 = arith.trunci %hsu : i128 to i64
  return %h, %d, %hs, %hu, %si, %ui, %pw, %hp, %q64, %r64, %uq64, %ur64, %wf, %wd, %fw64, %fuf, %fud, %ff64, %hw, %huw, %hsw64, %hsu64 : f16, f64, f16, f16, i64, i64, f32, f16, i64, i64, i64, i64, f32, f64, i64, f32, f64, i64, f16, f16, i64, i64
}
