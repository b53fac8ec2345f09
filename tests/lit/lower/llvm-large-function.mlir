// A function of more than 2,000 blocks is optimized at -O1/-O2 without
// LLVM's loop canonicalization (lower_llvm.c, LARGE_FUNCTION_BLOCKS: it cost
// 14 s on BERT's forward function). The code it makes computes what -O0,
// -O3 and the interpreter compute: 800 loops, each adding 1 + 2 + 3 to an
// element, sum 4800.
// REQUIRES: llvm-lowering
// RUN: %python %S/Inputs/gen_large_function.py 800 > %t.mlir
// RUN: buffer-opt --emit=llvm -O0 %t.mlir | grep -c '^[0-9][0-9]*:' | FileCheck %s --check-prefix=BLOCKS
// RUN: buffer-opt --emit=run --run=main %t.mlir | FileCheck %s --check-prefix=JIT
// RUN: buffer-opt --emit=run --run=main -O1 %t.mlir | FileCheck %s --check-prefix=JIT
// RUN: buffer-opt --emit=run --run=main -O0 %t.mlir | FileCheck %s --check-prefix=JIT
// RUN: buffer-opt --emit=run --run=main -O3 %t.mlir | FileCheck %s --check-prefix=JIT
// RUN: buffer-opt --run=main %t.mlir | FileCheck %s --check-prefix=INTERP
// RUN: buffer-opt --emit=llvm %t.mlir | grep -c '^[0-9][0-9]*:' | FileCheck %s --check-prefix=KEPT
// RUN: buffer-opt --emit=llvm -O3 %t.mlir | FileCheck %s --check-prefix=UNROLLED
// The function has 2,406 blocks. At -O2 its loops stay loops (1,605
// blocks: nothing unrolls them, as loop canonicalization would first); at
// -O3 default<O3> runs, unrolls every 3-iteration loop and folds the sum.
// BLOCKS: {{^[2-9][0-9][0-9][0-9]$}}
// KEPT: {{^1[0-9][0-9][0-9]$}}
// UNROLLED: ret float 4.800000e+03
// JIT: "value":4800.0
// INTERP: 4800
