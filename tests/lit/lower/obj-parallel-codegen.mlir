// Object code made by several threads (lower_parallel.c): a function of
// 400 chained linalg ops (about 2,800 ops once bufferized) is cut into
// segments (outline-function-segments{ops=1000}), each thread generates the
// code of a share of the functions, and `ld -r` joins the parts. The
// segments, private to the module, become hidden globals with a
// .bufferd.<hash> suffix (as ThinLTO promotes locals), @run stays as it
// was, and the object computes what one code generator's object, the JIT
// and the interpreter compute.
// REQUIRES: llvm-lowering, gcc
// RUN: %python %S/Inputs/gen_chain_function.py 400 > %t.mlir
// RUN: buffer-opt --run=run %t.mlir | FileCheck %s --check-prefix=INTERP
// RUN: buffer-opt --emit=run --run=run %t.mlir | FileCheck %s --check-prefix=INTERP
// RUN: env BUFFERD_CODEGEN_THREADS=1 buffer-opt --emit=obj %t.mlir -o %t.1.o
// RUN: env BUFFERD_CODEGEN_THREADS=3 buffer-opt --emit=obj %t.mlir -o %t.3.o
// RUN: nm %t.1.o | FileCheck %s --check-prefix=ONE
// RUN: readelf -sW %t.3.o | FileCheck %s --check-prefix=SHARED
// RUN: gcc %S/Inputs/run_f32_main.c %t.1.o -o %t.1.exe
// RUN: gcc %S/Inputs/run_f32_main.c %t.3.o -o %t.3.exe
// RUN: %t.1.exe | FileCheck %s --check-prefix=NATIVE
// RUN: %t.3.exe | FileCheck %s --check-prefix=NATIVE
// The daemon's path (no output file: the object comes back in memory).
// RUN: env BUFFERD_CODEGEN_THREADS=2 buffer-opt --emit=obj %t.mlir > %t.2.o
// RUN: gcc %S/Inputs/run_f32_main.c %t.2.o -o %t.2.exe
// RUN: %t.2.exe | FileCheck %s --check-prefix=NATIVE

// INTERP: "value":3252.98461914
// NATIVE: 3252.98462

// One code generator: the function stays whole.
// ONE-NOT: segment
// ONE: {{ T }}run
// ONE-NOT: segment

// Three: the segments are hidden, @run is not.
// SHARED-DAG: FUNC GLOBAL HIDDEN {{.*}} run_segment0.bufferd.{{[0-9a-f]+$}}
// SHARED-DAG: FUNC GLOBAL HIDDEN {{.*}} run_segment1.bufferd.{{[0-9a-f]+$}}
// SHARED-DAG: FUNC GLOBAL DEFAULT {{.*}} run{{$}}
