// Non-UTF-8 bytes, NUL bytes and truncated input get located errors.
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'func.func @f() {\n  \x25c = arith.constant \xff\xfe : i32\n  return\n}\n')" > %t.bytes.mlir
// RUN: not buffer-opt %t.bytes.mlir 2>&1 | FileCheck %s --check-prefix=BYTES
// BYTES: bytes.mlir:2:23: error: unexpected character
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'func.func @f() {\n  return\x00\n}\n')" > %t.nul.mlir
// RUN: not buffer-opt %t.nul.mlir 2>&1 | FileCheck %s --check-prefix=NUL
// NUL: nul.mlir:2:{{[0-9]+}}: error:
// RUN: %python -c "import sys; sys.stdout.write('func.func @f(\x25a: tensor<4xf32>) -> tensor<4xf32> {\n  \x25e = tensor.empty() : tensor<4x')" > %t.trunc.mlir
// RUN: not buffer-opt %t.trunc.mlir 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: trunc.mlir:2:{{[0-9]+}}: error:
// RUN: %python -c "import sys; sys.stdout.write('\"t.op\"() ({\n^bb0(\x25x: i32):\n')" > %t.trunc2.mlir
// RUN: not buffer-opt --allow-unregistered-dialect %t.trunc2.mlir 2>&1 | FileCheck %s --check-prefix=TRUNC2
// TRUNC2: trunc2.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
// Every prefix of a real program fails cleanly (or parses when complete).
// RUN: rm -rf %t.prefixes && mkdir %t.prefixes
// RUN: %python -c "import sys; t=open(sys.argv[1]).read(); [open(sys.argv[2]+'/p%%d.mlir' %% i,'w').write(t[:i]) for i in range(0, len(t), 7)]" %corpus/basic/matmul.mlir %t.prefixes
// RUN: %python %S/Inputs/each_fails_cleanly.py %buffer_opt_path %t.prefixes
