#!/usr/bin/python3
"""Writes an in-place chain of N linalg ops where every op also reads the
function's first input: t(i+1) = t(i) + x, written into t(i). Every write
must be checked against every later read of x and of the chain, the case on
which upstream One-Shot Bufferize (MLIR 22) is roughly cubic.
usage: gen_chain.py N OUT.mlir"""
import sys

n, out = int(sys.argv[1]), sys.argv[2]
with open(out, "w") as f:
    f.write("func.func @chain(%x: tensor<64xf32>) -> tensor<64xf32> {\n")
    prev = "%x"
    for i in range(n):
        f.write("  %%t%d = linalg.add ins(%s, %%x : tensor<64xf32>, tensor<64xf32>) "
                "outs(%s : tensor<64xf32>) -> tensor<64xf32>\n" % (i, prev, prev))
        prev = "%%t%d" % i
    f.write("  return %s : tensor<64xf32>\n}\n" % prev)
