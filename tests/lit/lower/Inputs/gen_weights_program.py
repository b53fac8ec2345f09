"""gen_weights_program.py N: a program whose constants are large enough to
be written into the object file apart from LLVM (lower_object_data.c), with
a chain of N elementwise ops so that code generation may be shared among
threads.

  - w_blob: a private dense_resource tensor constant (256 KiB), as
    torch-mlir carries weights;
  - @w_public: a public memref.global (80 KB of dense hex), summed by the
    public function @public_sum;
  - a small constant (below the threshold: LLVM keeps it);
  - @w_unused: a private blob nothing refers to.

@run returns the sum of w_blob, of the chain's result, of @public_sum and
of one element of the small constant. Every value is a multiple of 0.25
and every partial sum is far below 2^22, so f32 computes it exactly, in
any order: the result printed on stderr is the only right answer."""
import struct
import sys

chain = int(sys.argv[1])


def values(n, seed):
    return [((i * 7 + seed) % 8) * 0.5 for i in range(n)]


def hexbytes(vals):
    return "".join(struct.pack("<f", v).hex() for v in vals).upper()


BLOB, PUBLIC, SMALL, UNUSED, WIDTH = 65536, 20000, 16, 30000, 64
blob, public, small, unused = (values(BLOB, 1), values(PUBLIC, 2),
                               values(SMALL, 3), values(UNUSED, 4))
out = []
emit = out.append
emit(f"""#id = affine_map<(d0) -> (d0)>
#to_scalar = affine_map<(d0) -> ()>
module {{
  memref.global constant @w_public : memref<{PUBLIC}xf32> = dense<"0x{hexbytes(public)}">
  memref.global "private" constant @w_unused : memref<{UNUSED}xf32> = dense_resource<w_unused>
  func.func @public_sum() -> f32 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant {PUBLIC} : index
    %zero = arith.constant 0.0 : f32
    %p = memref.get_global @w_public : memref<{PUBLIC}xf32>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {{
      %v = memref.load %p[%i] : memref<{PUBLIC}xf32>
      %a = arith.addf %acc, %v : f32
      scf.yield %a : f32
    }}
    return %s : f32
  }}
  func.func private @sum{BLOB}(%t: tensor<{BLOB}xf32>) -> f32 {{
    %z = arith.constant dense<0.0> : tensor<f32>
    %s = linalg.generic {{indexing_maps = [#id, #to_scalar], iterator_types = ["reduction"]}} ins(%t : tensor<{BLOB}xf32>) outs(%z : tensor<f32>) {{
    ^bb0(%a: f32, %o: f32):
      %v = arith.addf %a, %o : f32
      linalg.yield %v : f32
    }} -> tensor<f32>
    %r = tensor.extract %s[] : tensor<f32>
    return %r : f32
  }}
  func.func @run() -> f32 {{
    %i3 = arith.constant 3 : index
    %w = arith.constant dense_resource<w_blob> : tensor<{BLOB}xf32>
    %sw = func.call @sum{BLOB}(%w) : (tensor<{BLOB}xf32>) -> f32
    %small = arith.constant dense<[{", ".join(repr(v) for v in small)}]> : tensor<{SMALL}xf32>
    %small3 = tensor.extract %small[%i3] : tensor<{SMALL}xf32>
    %sp = func.call @public_sum() : () -> f32
    %e = tensor.empty() : tensor<{WIDTH}xf32>
    %t0 = linalg.generic {{indexing_maps = [#id], iterator_types = ["parallel"]}} outs(%e : tensor<{WIDTH}xf32>) {{
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      linalg.yield %f : f32
    }} -> tensor<{WIDTH}xf32>""")
col = [float(i) for i in range(WIDTH)]
for k in range(1, chain + 1):
    c = ((k * 37) % 11) * 0.25 - 1.25
    col = [x + c for x in col]
    emit(f"""    %c{k} = arith.constant {c!r} : f32
    %e{k} = tensor.empty() : tensor<{WIDTH}xf32>
    %t{k} = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel"]}} ins(%t{k - 1} : tensor<{WIDTH}xf32>) outs(%e{k} : tensor<{WIDTH}xf32>) {{
    ^bb0(%a: f32, %o: f32):
      %v = arith.addf %a, %c{k} : f32
      linalg.yield %v : f32
    }} -> tensor<{WIDTH}xf32>""")
emit(f"""    %z = arith.constant dense<0.0> : tensor<f32>
    %sc = linalg.generic {{indexing_maps = [#id, #to_scalar], iterator_types = ["reduction"]}} ins(%t{chain} : tensor<{WIDTH}xf32>) outs(%z : tensor<f32>) {{
    ^bb0(%a: f32, %o: f32):
      %v = arith.addf %a, %o : f32
      linalg.yield %v : f32
    }} -> tensor<f32>
    %chain = tensor.extract %sc[] : tensor<f32>
    %r0 = arith.addf %sw, %small3 : f32
    %r1 = arith.addf %r0, %sp : f32
    %r2 = arith.addf %r1, %chain : f32
    return %r2 : f32
  }}
}}

{{-# dialect_resources: {{
  builtin: {{
    w_blob: "0x04000000{hexbytes(blob)}",
    w_unused: "0x04000000{hexbytes(unused)}"
  }}
}} #-}}""")
print("\n".join(out))
print(f"run = {sum(blob) + small[3] + sum(public) + sum(col)!r}", file=sys.stderr)
