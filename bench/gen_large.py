#!/usr/bin/python3
"""Writes a large, valid tensor program (default ~10 MB) for the parse
benchmark: many functions in the style of the corpus (linalg.generic with
affine-map aliases, named linalg ops, tensor slices, scf loops, constants).
usage: gen_large.py OUT.mlir [MEGABYTES]"""
import sys

out, megabytes = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
header = """#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
"""
template = """func.func @layer_{i}(%a: tensor<16x8xf32>, %b: tensor<8x4xf32>, %bias: tensor<16xf32>) -> tensor<16x4xf32> {{
  %zero = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = tensor.empty() : tensor<16x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<16x4xf32>) -> tensor<16x4xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x4xf32>) outs(%acc : tensor<16x4xf32>) -> tensor<16x4xf32>
  %out = tensor.empty() : tensor<16x4xf32>
  %r = linalg.generic {{indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}} ins(%mm, %bias : tensor<16x4xf32>, tensor<16xf32>) outs(%out : tensor<16x4xf32>) {{
  ^bb0(%x: f32, %y: f32, %unused: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  }} -> tensor<16x4xf32>
  %loop = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %r) -> (tensor<16x4xf32>) {{
    %slice = tensor.extract_slice %t[0, %i] [16, 1] [1, 1] : tensor<16x4xf32> to tensor<16xf32>
    %v = tensor.extract %slice[%i] : tensor<16xf32>
    %w = arith.mulf %v, %v : f32
    %u = tensor.insert %w into %t[%i, %i] : tensor<16x4xf32>
    scf.yield %u : tensor<16x4xf32>
  }}
  return %loop : tensor<16x4xf32>
}}
"""
target = int(megabytes * 1e6)
with open(out, "w") as f:
    f.write(header)
    size, i = len(header), 0
    while size < target:
        text = template.format(i=i)
        f.write(text)
        size += len(text)
        i += 1
print("%s: %d functions, %.1f MB" % (out, i, size / 1e6))
