// An object file's large constants are written by bufferd next to the code
// LLVM makes (lower_object_data.c), never through LLVM: one section,
// .rodata.bufferd, holds the constants of 64 KiB or more that the code
// refers to; a private one is a local symbol there (as LLVM would have made
// it), a public one a global; one no code refers to is left out; a small
// one stays in LLVM's .rodata. With one code generator and with three
// (whose parts `ld -r` joins first), to a file or to stdout (the daemon's
// in-memory path), the object computes the only right answer, as the JIT
// and the interpreter do, and links into a shared library.
// REQUIRES: llvm-lowering, gcc
// RUN: %python %S/Inputs/gen_weights_program.py 400 > %t.mlir 2> %t.expected
// RUN: FileCheck %s --check-prefix=EXPECTED --input-file=%t.expected
// RUN: buffer-opt --run=run %t.mlir | FileCheck %s --check-prefix=INTERP
// RUN: buffer-opt --emit=run --run=run %t.mlir | FileCheck %s --check-prefix=INTERP
// RUN: env BUFFERD_CODEGEN_THREADS=1 buffer-opt --emit=obj %t.mlir -o %t.1.o
// RUN: env BUFFERD_CODEGEN_THREADS=3 buffer-opt --emit=obj %t.mlir -o %t.3.o
// RUN: env BUFFERD_CODEGEN_THREADS=2 buffer-opt --emit=obj %t.mlir > %t.2.o
// RUN: readelf -SW %t.1.o | FileCheck %s --check-prefix=SECTION
// RUN: readelf -sW %t.1.o | FileCheck %s --check-prefix=SYMBOLS
// RUN: readelf -sW %t.3.o | FileCheck %s --check-prefix=SYMBOLS
// RUN: readelf -sW %t.3.o | FileCheck %s --check-prefix=SHARED
// RUN: readelf -sW %t.2.o | FileCheck %s --check-prefix=SYMBOLS
// RUN: readelf -sW %t.1.o | FileCheck %s --check-prefix=ABSENT
// RUN: gcc %S/Inputs/run_f32_main.c %t.1.o -o %t.1.exe
// RUN: gcc %S/Inputs/run_f32_main.c %t.3.o -o %t.3.exe
// RUN: gcc %S/Inputs/run_f32_main.c %t.2.o -o %t.2.exe
// RUN: %t.1.exe | FileCheck %s --check-prefix=NATIVE
// RUN: %t.3.exe | FileCheck %s --check-prefix=NATIVE
// RUN: %t.2.exe | FileCheck %s --check-prefix=NATIVE
// RUN: gcc -shared %t.3.o -o %t.so

// EXPECTED: run = 151672.0
// INTERP: "value":151672.0
// NATIVE: {{^}}151672{{$}}

// Read-only, allocated, aligned as the most aligned constant (64).
// SECTION: .rodata.bufferd PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 053880 00 A 0 0 64

// The blob (256 KiB, aligned to 64) and the public global (80,000 bytes)
// are in it; the unused blob is nowhere.
// SYMBOLS-DAG: {{[0-9a-f]*(00|40|80|c0)}} 0x40000 OBJECT LOCAL DEFAULT [[SEC:[0-9]+]] __constant_65536xf32{{$}}
// SYMBOLS-DAG: 80000 OBJECT GLOBAL DEFAULT [[SEC]] w_public{{$}}
// ABSENT-NOT: w_unused

// Three code generators did share the code.
// SHARED: FUNC GLOBAL HIDDEN {{.*}} run_segment0.bufferd.
