// REQUIRES: llvm, llvm-opt, gcc
// bf16 and f16 through the LLVM lowering on the host. x86-64 has no bf16
// arithmetic, and LLVM's back end would round to bf16 by calling
// compiler-rt's __truncsfbf2, which the system's libgcc 12 lacks: the
// lowering computes in float and rounds with integer operations on the
// float's bits (to nearest even, a NaN made quiet), and widens bf16 by a
// shift, so the IR holds no bfloat arithmetic or conversion. f16 keeps
// LLVM's conversions, whose helpers (__truncsfhf2, __truncdfhf2,
// __extendhfsf2) libgcc 12 has. Every value goes in and out as its bits:
// ties both ways, subnormals, the largest finite values, infinities and
// NaNs. The JIT prints what the interpreter prints, and so does the
// --emit=obj object linked by gcc with a C driver (Inputs/half_main.c).
// RUN: buffer-opt --emit=llvm %s -o %t.ll
// RUN: opt -passes=verify -disable-output %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: not grep -E '(fptrunc|fpext|sitofp|uitofp) [^,]*bfloat|(fadd|fsub|fmul|fdiv|frem) bfloat|\.bf16\(' %t.ll
// RUN: buffer-opt --emit=run --run=run %s > %t.jit
// RUN: buffer-opt --run=run %s > %t.interp
// RUN: diff %t.interp %t.jit
// RUN: FileCheck %s --check-prefix=OUT < %t.jit
// RUN: buffer-opt --emit=obj %s -o %t.o
// RUN: gcc %S/Inputs/half_main.c %t.o -o %t.exe -lm
// RUN: %t.exe > %t.native
// RUN: diff %t.interp %t.native

// f32 -> bf16: the carry of 0x7fff plus the lowest kept bit, a quiet NaN
// from the top half otherwise.
// IR-LABEL: define {{.*}}i16 @bf16_of_f32(i32 {{.*}}%0)
// IR-DAG: lshr i32 %0, 16
// IR-DAG: add i32 {{.*}}32767
// IR-DAG: or {{.*}}64
// IR-DAG: fcmp uno float
// IR: ret i16
func.func @bf16_of_f32(%x: i32) -> i16 {
  %f = arith.bitcast %x : i32 to f32
  %b = arith.truncf %f : f32 to bf16
  %r = arith.bitcast %b : bf16 to i16
  return %r : i16
}

// bf16 -> f32: the bits shifted into the top half.
// IR-LABEL: define {{.*}}i32 @f32_of_bf16(i16 {{.*}}%0)
// IR: zext i16 %0 to i32
// IR-NEXT: shl nuw i32 %{{.*}}, 16
func.func @f32_of_bf16(%x: i16) -> i32 {
  %b = arith.bitcast %x : i16 to bf16
  %f = arith.extf %b : bf16 to f32
  %r = arith.bitcast %f : f32 to i32
  return %r : i32
}

// f64 -> bf16 rounds to float first, as the interpreter does.
// IR-LABEL: define {{.*}}i16 @bf16_of_f64(
// IR: fptrunc double %{{.*}} to float
func.func @bf16_of_f64(%x: i64) -> i16 {
  %f = arith.bitcast %x : i64 to f64
  %b = arith.truncf %f : f64 to bf16
  %r = arith.bitcast %b : bf16 to i16
  return %r : i16
}

func.func @f16_of_f32(%x: i32) -> i16 {
  %f = arith.bitcast %x : i32 to f32
  %h = arith.truncf %f : f32 to f16
  %r = arith.bitcast %h : f16 to i16
  return %r : i16
}

func.func @f16_of_f64(%x: i64) -> i16 {
  %f = arith.bitcast %x : i64 to f64
  %h = arith.truncf %f : f64 to f16
  %r = arith.bitcast %h : f16 to i16
  return %r : i16
}

// bf16 arithmetic computes in float and rounds once.
// IR-LABEL: define {{.*}}i16 @bf16_add(
// IR: fadd {{.*}}float
func.func @bf16_add(%x: i16, %y: i16) -> i16 {
  %a = arith.bitcast %x : i16 to bf16
  %b = arith.bitcast %y : i16 to bf16
  %s = arith.addf %a, %b : bf16
  %r = arith.bitcast %s : bf16 to i16
  return %r : i16
}

func.func @bf16_mul(%x: i16, %y: i16) -> i16 {
  %a = arith.bitcast %x : i16 to bf16
  %b = arith.bitcast %y : i16 to bf16
  %s = arith.mulf %a, %b : bf16
  %r = arith.bitcast %s : bf16 to i16
  return %r : i16
}

func.func @bf16_div(%x: i16, %y: i16) -> i16 {
  %a = arith.bitcast %x : i16 to bf16
  %b = arith.bitcast %y : i16 to bf16
  %s = arith.divf %a, %b : bf16
  %r = arith.bitcast %s : bf16 to i16
  return %r : i16
}

// Intrinsics and libm calls on bf16 take and give float.
// IR-LABEL: define {{.*}}i16 @bf16_unary(
// IR-DAG: call float @llvm.sqrt.f32(
// IR-DAG: call float @llvm.exp.f32(
// IR-DAG: call float @llvm.maximum.f32(
func.func @bf16_unary(%x: i16) -> i16 {
  %a = arith.bitcast %x : i16 to bf16
  %s = math.sqrt %a : bf16
  %e = math.exp %s : bf16
  %q = math.rsqrt %e : bf16
  %m = arith.maximumf %q, %a : bf16
  %r = arith.bitcast %m : bf16 to i16
  return %r : i16
}

// An integer to bf16 rounds once from float, as the interpreter does.
// IR-LABEL: define {{.*}}i16 @bf16_of_i32(
// IR: sitofp i32 %0 to float
func.func @bf16_of_i32(%x: i32) -> i16 {
  %b = arith.sitofp %x : i32 to bf16
  %r = arith.bitcast %b : bf16 to i16
  return %r : i16
}

func.func @f16_add(%x: i16, %y: i16) -> i16 {
  %a = arith.bitcast %x : i16 to f16
  %b = arith.bitcast %y : i16 to f16
  %s = arith.addf %a, %b : f16
  %r = arith.bitcast %s : f16 to i16
  return %r : i16
}

// f32 bit patterns, each rounded to bf16 and to f16.
memref.global "private" constant @f32_bits : memref<18xi32> = dense<[
  0x3F800000,  // 1
  0x3F808000,  // 1 + half a bf16 ulp: a tie, the even side is down
  0x3F818000,  // a tie with an odd kept part: up
  0x3F808001,  // just above a tie: up
  0x3F807FFF,  // just below a tie: down
  0xBF818000,  // a negative tie with an odd kept part
  0x7F7FFFFF,  // f32's largest: beyond bf16's largest + half an ulp: inf
  0x7F7F7FFF,  // just below the tie at the top: bf16's largest
  0x7F7F8000,  // the tie at the top: the even side is infinity
  0x7F800000,  // +inf
  0xFF800000,  // -inf
  0x7FC00000,  // a quiet NaN
  0x7F800001,  // a signaling NaN with only low payload bits: still a NaN
  0xFFA00000,  // a negative signaling NaN: quiet, sign and payload kept
  0x00000001,  // the smallest subnormal: +0
  0x00018000,  // a subnormal tie with an odd kept part: up
  0x007FFFFF,  // the largest subnormal: up to the smallest normal
  0x80000000   // -0
]>

// f64 bit patterns, each rounded to bf16 and to f16.
memref.global "private" constant @f64_bits : memref<12xi64> = dense<[
  0x3FF0000000000000,  // 1
  0x3FF0180000000000,  // 1 + 3/4 of a bf16 ulp: up
  0x47EFFFFFE0000000,  // f32's largest: bf16 inf
  0xC7EFFFFFE0000000,  // its negative: -inf
  0x7FF0000000000000,  // +inf
  0x7FF8000000000000,  // a quiet NaN
  0x36A0000000000000,  // 2^-149, f32's smallest subnormal: +0 in both
  0x3810000000000000,  // 2^-126, f32's smallest normal
  0x40EFFE0000000000,  // 65520: f16's tie at the top goes to inf
  0x3E70000000000000,  // 2^-24: f16's smallest subnormal
  0x3E60000000000000,  // 2^-25: an f16 tie, the even side is 0
  0x3E78000000000000   // 1.5 * 2^-24: an f16 tie, the even side is up
]>

// bf16 pairs for add, mul and div.
memref.global "private" constant @bf16_pairs : memref<7x2xi16> = dense<[
  [0x3F80, 0x3B80],  // 1, 2^-8: 1 + 2^-8 is a tie, down to even
  [0x3F81, 0x3B80],  // 1 + 2^-7, 2^-8: a tie, up to even
  [0x7F7F, 0x4000],  // bf16's largest, 2: the product overflows
  [0x0001, 0x3F00],  // bf16's smallest subnormal, 0.5: the product is a tie to 0
  [0x7FC1, 0x3F80],  // a NaN with payload, 1: the NaN goes through
  [0x3F80, 0x8000],  // 1, -0: the quotient is -inf
  [0x4049, 0x3EAB]   // 3.140625, 0.333984375
]>

memref.global "private" constant @i32_values : memref<6xi32> = dense<[
  257,        // a tie between 256 and 258: 256
  259,        // a tie: up to 260
  -16777217,  // rounds to float first: -2^24, exact in bf16
  2147483647, // 2^31
  -1,
  0
]>

// Each f32 pattern as bf16, f16 bits (decimal), in the table's order.
// OUT: 16256, 15360
// OUT-NEXT: 16256, 15364
// OUT-NEXT: 16258, 15372
// OUT-NEXT: 16257, 15364
// OUT-NEXT: 16256, 15364
// OUT-NEXT: 49026, 48140
// OUT-NEXT: 32640, 31744
// OUT-NEXT: 32639, 31744
// OUT-NEXT: 32640, 31744
// OUT-NEXT: 32640, 31744
// OUT-NEXT: 65408, 64512
// OUT-NEXT: 32704, 32256
// OUT-NEXT: 32704, 32256
// OUT-NEXT: 65504, 65280
// OUT-NEXT: 0, 0
// OUT-NEXT: 2, 0
// OUT-NEXT: 128, 0
// OUT-NEXT: 32768, 32768

// Each f64 pattern as bf16, f16 bits.
// OUT-NEXT: 16256, 15360
// OUT-NEXT: 16257, 15366
// OUT-NEXT: 32640, 31744
// OUT-NEXT: 65408, 64512
// OUT-NEXT: 32640, 31744
// OUT-NEXT: 32704, 32256
// OUT-NEXT: 0, 0
// OUT-NEXT: 128, 0
// OUT-NEXT: 18304, 31744
// OUT-NEXT: 13184, 1
// OUT-NEXT: 13056, 0
// OUT-NEXT: 13248, 2

// Each bf16 pair: add, mul; div, unary(second); the first widened to f32 (high, low 16 bits).
// OUT-NEXT: 16256, 15232
// OUT-NEXT: 17280, 16248
// OUT-NEXT: 16256, 0
// OUT-NEXT: 16258, 15233
// OUT-NEXT: 17281, 16248
// OUT-NEXT: 16257, 0
// OUT-NEXT: 32639, 32640
// OUT-NEXT: 32511, 16384
// OUT-NEXT: 32639, 0
// OUT-NEXT: 16128, 0
// OUT-NEXT: 2, 16180
// OUT-NEXT: 1, 0
// OUT-NEXT: 32705, 32705
// OUT-NEXT: 32705, 16256
// OUT-NEXT: 32705, 0
// OUT-NEXT: 16256, 32768
// OUT-NEXT: 65408, 16256
// OUT-NEXT: 16256, 0
// OUT-NEXT: 16478, 16262
// OUT-NEXT: 16662, 16192
// OUT-NEXT: 16457, 0

// Each integer as bf16; its low 16 bits as f16 added to itself.
// OUT-NEXT: 17280, 514
// OUT-NEXT: 17282, 518
// OUT-NEXT: 52096, 65535
// OUT-NEXT: 20224, 65535
// OUT-NEXT: 49024, 65535
// OUT-NEXT: 0, 0
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @print2(%a: i16, %b: i16) {
  %x = arith.extui %a : i16 to i64
  %y = arith.extui %b : i16 to i64
  call @printI64(%x) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%y) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @run() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f32s = memref.get_global @f32_bits : memref<18xi32>
  %n32 = memref.dim %f32s, %c0 : memref<18xi32>
  scf.for %i = %c0 to %n32 step %c1 {
    %x = memref.load %f32s[%i] : memref<18xi32>
    %b = func.call @bf16_of_f32(%x) : (i32) -> i16
    %h = func.call @f16_of_f32(%x) : (i32) -> i16
    func.call @print2(%b, %h) : (i16, i16) -> ()
  }
  %f64s = memref.get_global @f64_bits : memref<12xi64>
  %n64 = memref.dim %f64s, %c0 : memref<12xi64>
  scf.for %i = %c0 to %n64 step %c1 {
    %x = memref.load %f64s[%i] : memref<12xi64>
    %b = func.call @bf16_of_f64(%x) : (i64) -> i16
    %h = func.call @f16_of_f64(%x) : (i64) -> i16
    func.call @print2(%b, %h) : (i16, i16) -> ()
  }
  %pairs = memref.get_global @bf16_pairs : memref<7x2xi16>
  %np = memref.dim %pairs, %c0 : memref<7x2xi16>
  scf.for %i = %c0 to %np step %c1 {
    %a = memref.load %pairs[%i, %c0] : memref<7x2xi16>
    %b = memref.load %pairs[%i, %c1] : memref<7x2xi16>
    %s = func.call @bf16_add(%a, %b) : (i16, i16) -> i16
    %p = func.call @bf16_mul(%a, %b) : (i16, i16) -> i16
    %q = func.call @bf16_div(%a, %b) : (i16, i16) -> i16
    %u = func.call @bf16_unary(%b) : (i16) -> i16
    %w = func.call @f32_of_bf16(%a) : (i16) -> i32
    %wl = arith.trunci %w : i32 to i16
    %sh = arith.constant 16 : i32
    %wh = arith.shrui %w, %sh : i32
    %wh16 = arith.trunci %wh : i32 to i16
    func.call @print2(%s, %p) : (i16, i16) -> ()
    func.call @print2(%q, %u) : (i16, i16) -> ()
    func.call @print2(%wh16, %wl) : (i16, i16) -> ()
  }
  %ints = memref.get_global @i32_values : memref<6xi32>
  %ni = memref.dim %ints, %c0 : memref<6xi32>
  scf.for %i = %c0 to %ni step %c1 {
    %x = memref.load %ints[%i] : memref<6xi32>
    %b = func.call @bf16_of_i32(%x) : (i32) -> i16
    %t = arith.trunci %x : i32 to i16
    %h = func.call @f16_add(%t, %t) : (i16, i16) -> i16
    func.call @print2(%b, %h) : (i16, i16) -> ()
  }
  return
}
