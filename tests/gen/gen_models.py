#!/usr/bin/python3
"""Writes small neural-network programs in the linalg-on-tensors forms that
the torch-mlir and TensorFlow (stablehlo -> linalg) importers emit, with
random weights, and a @main that runs them and prints their results.

  gen_models.py KIND [--seed S] [--weights resource|dense] [--size N] [-o OUT]
  gen_models.py --list

KIND (--list prints them):
  mlp         torch: linear layers (weight transposed by a linalg.generic or
              linalg.transpose, linalg.matmul into a linalg.fill, a bias
              added through a (d1) map), relu as arith.cmpf ugt +
              arith.select, sigmoid as negf/exp/addf/divf
  dyn_mlp     torch, a dynamic batch: tensor.dim, tensor.empty(%dim),
              arith.cmpi + cf.assert on matching sizes, tensor.cast
  llama       torch, a llama decoder block: RMSNorm, rotary embeddings
              (extract_slice halves, negf, tensor.concat, cos/sin tables),
              causal attention, a SwiGLU MLP, the last token by a
              rank-reducing extract_slice
  named_ops   one of each further named op the importers emit (1-d, 3-d,
              grouped, depthwise convolutions, pooling variants,
              batch_reduce_matmul, matvec, vecmat, batch_matvec,
              batch_vecmat, dot, linalg.contract, linalg.elementwise) with
              non-unit strides and dilations, every result returned
  layernorm   torch: LayerNorm decomposed as torch-mlir does (sums into a
              1xSx1 fill, divf by the width, broadcast generics with
              constant-0 maps, an f64 epsilon truncated in the body,
              math.rsqrt, gamma and beta through (d2) maps) and an RMSNorm
              (math.powf, mean, rsqrt)
  attention   torch, GPT-2 block: layernorm, c_attn as collapse_shape +
              linalg.matmul + bias + expand_shape with output_shape, the
              q/k/v split by tensor.extract_slice (contiguous or
              interleaved, i.e. strided), heads by expand_shape and
              transposes, linalg.batch_matmul on collapsed heads, the
              scale as a rank-0 generic (sitofp, math.sqrt), a causal mask
              from linalg.index + arith.cmpi + arith.select, softmax as
              torch-mlir writes it (a two-result max/argmax generic, exp,
              sum, divf), the output projection, a residual add, and an MLP
              with GELU in its tanh form (math.powf, math.tanh)
  convnet     torch, NCHW: tensor.pad, linalg.conv_2d_nchw_fchw (strides,
              dilations), grouped linalg.conv_2d_ngchw_fgchw through
              expand/collapse_shape, linalg.depthwise_conv_2d_nchw_chw,
              batch norm in its inference formula, relu,
              linalg.pooling_nchw_max (padded with -inf),
              linalg.pooling_nchw_sum for the average, a residual add,
              flatten and a classifier
  tf_attention  TensorFlow, BERT self-attention through stablehlo:
              dense layers as collapse_shape + linalg.matmul + expand_shape
              over ml_program globals, the einsums as 5-loop linalg.generic
              contractions, the mask through linalg.broadcast + linalg.map,
              linalg.softmax, linalg.matmul with indexing_maps (a
              transposed kernel), layernorm of linalg.reduce/broadcast/map
  tf_convnet  TensorFlow, NHWC: weights as ml_program.global loaded with
              ml_program.global_load, a mutable call counter
              (global_load / global_store), linalg.conv_2d_nhwc_hwcf,
              linalg.depthwise_conv_2d_nhwc_hwc and _hwcm,
              linalg.pooling_nhwc_max / _sum, linalg.broadcast, linalg.map,
              linalg.reduce, relu6, a softmax of reduce/broadcast/map
  embed_gelu  torch, BERT embeddings: token, type and position embedding
              gathers (linalg.generic with arith.index_cast, linalg.index,
              two cf.assert bounds checks and tensor.extract of the table),
              position ids from an extract_slice of an arange constant,
              layernorm, a dense layer and GELU in its erf form

Every torch-style module carries torch-mlir's unused
`ml_program.global private mutable @global_seed`. Weights are
`arith.constant dense_resource<torch_tensor_..._torch.float32>` (or
ml_program globals over dense_resource blobs for tf_convnet) with their
bytes in the file's `{-# dialect_resources #-}` section (alignment 4, then
little-endian floats); --weights dense writes them inline as dense<"0x...">.
@main builds the inputs from constants, calls the model and prints every
result with printMemrefI32 of its f32 bits (a linalg.generic of
arith.bitcast), so the values compare exactly, not through a 6-digit print.
The bits are read back by compare_bits (tests/scripts/lib/compare_bits.py).

The output depends on KIND, --seed, --weights and --size only. Standard
library only.
"""
import argparse
import math
import random
import struct
import sys


def ty(shape, et="f32"):
    if not shape:
        return "tensor<%s>" % et
    return "tensor<%sx%s>" % ("x".join(str(d) for d in shape), et)


def elem(tensor_type):
    """The element type of a ranked tensor type's text."""
    return tensor_type[len("tensor<"):-1].split("x")[-1]


def prod(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def f32_literal(x):
    """An f32 constant as MLIR reads it exactly: hex bits."""
    return "0x%08X" % struct.unpack("<I", struct.pack("<f", x))[0]


class Module:
    """One module: the function bodies, affine map aliases, weight blobs and
    module-level ops. Values are numbered per function, as the printer
    does; generic bodies reuse names across sibling regions (%in, %out,
    %b0...), which the parser must scope."""

    def __init__(self, seed, weights, size):
        self.rng = random.Random(seed)
        self.weights = weights  # "resource" or "dense"
        self.size = size
        self.maps = {}
        self.blobs = []  # (name, bytes)
        self.blob_names = set()
        self.globals = []  # module-level lines
        self.funcs = []  # finished functions, text
        self.lines = []
        self.consts = []
        self.count = 0
        self.const_cache = {}
        self.arg_casts = {}  # argument number -> the dynamic type @main casts to

    # ---- function scaffolding -------------------------------------------------
    def begin(self):
        self.lines, self.consts, self.count, self.const_cache = [], [], 0, {}

    def end(self, header, result_values, result_types):
        body = ["    " + l for l in self.consts + self.lines]
        if len(result_types) == 1:
            ret = "    return %s : %s" % (result_values[0], result_types[0])
        else:
            ret = "    return %s : %s" % (", ".join(result_values), ", ".join(result_types))
        self.funcs.append("\n".join(["  " + header + " {"] + body + [ret, "  }"]))

    def value(self, prefix=""):
        v = "%%%s%d" % (prefix, self.count)
        self.count += 1
        return v

    def emit(self, line):
        self.lines.append(line)

    def const(self, text, et):
        key = (text, et)
        if key not in self.const_cache:
            v = self.value("cst_")
            self.consts.append("%s = arith.constant %s : %s" % (v, text, et))
            self.const_cache[key] = v
        return self.const_cache[key]

    def fconst(self, x, et="f32"):
        if et == "f64":
            return self.const("%.17e" % x, "f64")
        return self.const(f32_literal(x), et)

    def iconst(self, x, et="index"):
        return self.const(str(x), et)

    def amap(self, dims, results):
        text = "affine_map<(%s) -> (%s)>" % (", ".join("d%d" % i for i in range(dims)),
                                              ", ".join(results))
        if text not in self.maps:
            self.maps[text] = "#map" + (str(len(self.maps)) if self.maps else "")
        return self.maps[text]

    def ident(self, rank):
        return self.amap(rank, ["d%d" % i for i in range(rank)])

    def unit_map(self, shape):
        """torch-mlir's map for an operand of the loop's shape: a constant 0
        where the dimension is 1 (it broadcasts size-1 dimensions)."""
        return self.amap(len(shape), ["0" if d == 1 else "d%d" % i for i, d in enumerate(shape)])

    # ---- weights ------------------------------------------------------------------
    def random_floats(self, n, scale):
        return [self.rng.uniform(-scale, scale) for _ in range(n)]

    def blob_name(self, shape):
        base = "torch_tensor_%s_torch.float32" % "_".join(str(d) for d in shape)
        name, i = base, 0
        while name in self.blob_names:
            i += 1
            name = "%s_%d" % (base, i)
        self.blob_names.add(name)
        return name

    def weight_attr(self, shape, scale, name=None):
        data = struct.pack("<%df" % prod(shape), *self.random_floats(prod(shape), scale))
        if self.weights == "dense":
            return 'dense<"0x%s">' % data.hex().upper()
        name = name or self.blob_name(shape)
        self.blobs.append((name, data))
        return "dense_resource<%s>" % name

    def weight(self, shape, scale=None):
        """A torch-style weight: arith.constant at the top of the function."""
        if scale is None:
            scale = 1.0 / math.sqrt(shape[-1] if len(shape) < 3 else prod(shape[1:]))
        v = self.value("cst_")
        self.consts.append("%s = arith.constant %s : %s" % (v, self.weight_attr(shape, scale), ty(shape)))
        return v

    # ---- ops ------------------------------------------------------------------
    def empty(self, shape, et="f32"):
        v = self.value()
        self.emit("%s = tensor.empty() : %s" % (v, ty(shape, et)))
        return v

    def fill(self, scalar, shape, et="f32"):
        e = self.empty(shape, et)
        v = self.value()
        self.emit("%s = linalg.fill ins(%s : %s) outs(%s : %s) -> %s" % (v, scalar, et, e, ty(shape, et), ty(shape, et)))
        return v

    def generic(self, ins, outs, iters, body, results=None):
        """ins/outs: (value, type, map); body: lines over %in, %in_0, ...,
        %out, %out_0, ... ending with linalg.yield. Returns the results."""
        res = self.value()
        nres = len(outs)
        names = ["%in"] + ["%%in_%d" % i for i in range(len(ins) - 1)]
        onames = ["%out"] + ["%%out_%d" % i for i in range(nres - 1)]
        args = ["%s: %s" % (n, elem(t)) for n, (_, t, _) in zip(names + onames, ins + outs)]
        maps = ", ".join(m for _, _, m in ins + outs)
        its = ", ".join('"%s"' % i for i in iters)
        head = "%s = " % (res if nres == 1 else "%s:%d" % (res, nres))
        ins_text = ""
        if ins:
            ins_text = " ins(%s : %s)" % (", ".join(v for v, _, _ in ins), ", ".join(t for _, t, _ in ins))
        self.emit('%slinalg.generic {indexing_maps = [%s], iterator_types = [%s]}%s outs(%s : %s) {' % (
            head, maps, its, ins_text, ", ".join(v for v, _, _ in outs), ", ".join(t for _, t, _ in outs)))
        self.emit("^bb0(%s):" % ", ".join(args))
        for line in body:
            self.emit("  " + line)
        if nres == 1:
            self.emit("} -> %s" % outs[0][1])
            return [res]
        self.emit("} -> (%s)" % ", ".join(t for _, t, _ in outs))
        return ["%s#%d" % (res, i) for i in range(nres)]

    def eltwise(self, ins, shape, body, et="f32", maps=None):
        """A parallel generic over `shape` with torch-mlir's unit-dim maps
        (or the given ones) into a fresh tensor.empty."""
        rank = len(shape)
        e = self.empty(shape, et)
        maps = maps or [self.unit_map(s) for s in [shape] * len(ins)]
        ins3 = [(v, t, m) for (v, t), m in zip(ins, maps)]
        return self.generic(ins3, [(e, ty(shape, et), self.ident(rank))], ["parallel"] * rank, body)[0]

    def transpose2(self, w, shape):
        """A 2-d transpose, in either of torch-mlir's forms."""
        out = [shape[1], shape[0]]
        e = self.empty(out)
        if self.rng.random() < 0.5:
            v = self.value()
            self.emit("%s = linalg.transpose ins(%s : %s) outs(%s : %s) permutation = [1, 0]"
                      % (v, w, ty(shape), e, ty(out)))
            return v
        return self.generic([(w, ty(shape), self.amap(2, ["d0", "d1"]))],
                            [(e, ty(out), self.amap(2, ["d1", "d0"]))], ["parallel"] * 2,
                            ["linalg.yield %in : f32"])[0]

    def permute(self, x, shape, perm):
        out = [shape[p] for p in perm]
        e = self.empty(out)
        if self.rng.random() < 0.5:
            v = self.value()
            self.emit("%s = linalg.transpose ins(%s : %s) outs(%s : %s) permutation = [%s]"
                      % (v, x, ty(shape), e, ty(out), ", ".join(str(p) for p in perm)))
            return v, out
        rank = len(shape)
        inv = [0] * rank
        for i, p in enumerate(perm):
            inv[p] = i
        # out[i] = in[perm[i]]: iterate over the input, write at the permuted place.
        return self.generic([(x, ty(shape), self.ident(rank))],
                            [(e, ty(out), self.amap(rank, ["d%d" % p for p in perm]))],
                            ["parallel"] * rank, ["linalg.yield %in : f32"])[0], out

    def matmul(self, a, b, m, k, n):
        acc = self.fill(self.fconst(0.0), [m, n])
        v = self.value()
        self.emit("%s = linalg.matmul ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                  % (v, a, b, ty([m, k]), ty([k, n]), acc, ty([m, n]), ty([m, n])))
        return v

    def batch_matmul(self, a, b, bsz, m, k, n):
        acc = self.fill(self.fconst(0.0), [bsz, m, n])
        v = self.value()
        self.emit("%s = linalg.batch_matmul ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                  % (v, a, b, ty([bsz, m, k]), ty([bsz, k, n]), acc, ty([bsz, m, n]), ty([bsz, m, n])))
        return v

    def bias_add(self, x, shape, bias):
        rank = len(shape)
        return self.eltwise([(x, ty(shape)), (bias, ty([shape[-1]]))], shape,
                            ["%b0 = arith.addf %in, %in_0 : f32", "linalg.yield %b0 : f32"],
                            maps=[self.unit_map(shape), self.amap(rank, ["d%d" % (rank - 1)])])

    def linear(self, x, m, k, n):
        """torch's Linear on [m, k]: weight [n, k] transposed, matmul, bias."""
        w = self.weight([n, k])
        b = self.weight([n])
        wt = self.transpose2(w, [n, k])
        return self.bias_add(self.matmul(x, wt, m, k, n), [m, n], b)

    def expand(self, x, src, dst, groups):
        v = self.value("expanded")
        self.emit("%s = tensor.expand_shape %s %s output_shape [%s] : %s into %s"
                  % (v, x, groups, ", ".join(str(d) for d in dst), ty(src), ty(dst)))
        return v

    def collapse(self, x, src, dst, groups):
        v = self.value("collapsed")
        self.emit("%s = tensor.collapse_shape %s %s : %s into %s" % (v, x, groups, ty(src), ty(dst)))
        return v

    def relu(self, x, shape):
        zero = self.fconst(0.0)
        return self.eltwise([(x, ty(shape))], shape,
                            ["%%b0 = arith.cmpf ugt, %%in, %s : f32" % zero,
                             "%%b1 = arith.select %%b0, %%in, %s : f32" % zero,
                             "linalg.yield %b1 : f32"])

    def sigmoid(self, x, shape):
        one = self.fconst(1.0)
        return self.eltwise([(x, ty(shape))], shape,
                            ["%b0 = arith.negf %in : f32", "%b1 = math.exp %b0 : f32",
                             "%%b2 = arith.addf %%b1, %s : f32" % one,
                             "%%b3 = arith.divf %s, %%b2 : f32" % one, "linalg.yield %b3 : f32"])

    def row_reduce(self, x, shape, combine, init):
        """Reduce the last dimension into a [..., 1] tensor, as torch-mlir
        does with keepdim."""
        rank = len(shape)
        out = shape[:-1] + [1]
        acc = self.fill(self.fconst(init), out)
        return self.generic([(x, ty(shape), self.ident(rank))],
                            [(acc, ty(out), self.amap(rank, ["d%d" % i for i in range(rank - 1)] + ["0"]))],
                            ["parallel"] * (rank - 1) + ["reduction"],
                            ["%%b0 = %s %%in, %%out : f32" % combine, "linalg.yield %b0 : f32"])[0], out

    def scalar_map(self, x, shape, lines):
        return self.eltwise([(x, ty(shape))], shape, lines + ["linalg.yield %%b%d : f32" % (len(lines) - 1)])

    def broadcast_last(self, x, small, shape):
        """[..., 1] to [..., n] with a copying generic."""
        rank = len(shape)
        return self.eltwise([(x, ty(small))], shape, ["linalg.yield %in : f32"],
                            maps=[self.amap(rank, ["d%d" % i for i in range(rank - 1)] + ["0"])])

    def binary(self, op, a, b, shape):
        return self.eltwise([(a, ty(shape)), (b, ty(shape))], shape,
                            ["%%b0 = %s %%in, %%in_0 : f32" % op, "linalg.yield %b0 : f32"])

    def layernorm(self, x, shape, eps=1e-5):
        n = shape[-1]
        s, small = self.row_reduce(x, shape, "arith.addf", 0.0)
        width = self.fconst(float(n))
        mean = self.scalar_map(s, small, ["%%b0 = arith.divf %%in, %s : f32" % width])
        centered = self.binary("arith.subf", x, self.broadcast_last(mean, small, shape), shape)
        sq = self.binary("arith.mulf", centered, centered, shape)
        ss, _ = self.row_reduce(sq, shape, "arith.addf", 0.0)
        var = self.scalar_map(ss, small, ["%%b0 = arith.divf %%in, %s : f32" % width])
        epsv = self.fconst(eps, "f64")
        rstd = self.scalar_map(var, small, ["%%b0 = arith.truncf %s : f64 to f32" % epsv,
                                            "%b1 = arith.addf %in, %b0 : f32",
                                            "%b2 = math.rsqrt %b1 : f32"])
        normed = self.binary("arith.mulf", centered, self.broadcast_last(rstd, small, shape), shape)
        gamma = self.weight([n], 1.0)
        beta = self.weight([n], 0.5)
        rank = len(shape)
        last = self.amap(rank, ["d%d" % (rank - 1)])
        y = self.eltwise([(normed, ty(shape)), (gamma, ty([n]))], shape,
                         ["%b0 = arith.mulf %in, %in_0 : f32", "linalg.yield %b0 : f32"],
                         maps=[self.unit_map(shape), last])
        return self.eltwise([(y, ty(shape)), (beta, ty([n]))], shape,
                            ["%b0 = arith.addf %in, %in_0 : f32", "linalg.yield %b0 : f32"],
                            maps=[self.unit_map(shape), last])

    def rmsnorm(self, x, shape, eps=1e-6):
        n = shape[-1]
        two = self.fconst(2.0)
        sq = self.scalar_map(x, shape, ["%%b0 = math.powf %%in, %s : f32" % two])
        s, small = self.row_reduce(sq, shape, "arith.addf", 0.0)
        rstd = self.scalar_map(s, small, ["%%b0 = arith.divf %%in, %s : f32" % self.fconst(float(n)),
                                          "%%b1 = arith.addf %%b0, %s : f32" % self.fconst(eps),
                                          "%b2 = math.rsqrt %b1 : f32"])
        y = self.binary("arith.mulf", x, self.broadcast_last(rstd, small, shape), shape)
        g = self.weight([n], 1.0)
        rank = len(shape)
        return self.eltwise([(y, ty(shape)), (g, ty([n]))], shape,
                            ["%b0 = arith.mulf %in, %in_0 : f32", "linalg.yield %b0 : f32"],
                            maps=[self.unit_map(shape), self.amap(rank, ["d%d" % (rank - 1)])])

    def softmax_torch(self, x, shape):
        """torch-mlir's softmax: a max+argmax generic, subf, exp, a sum
        into [..., 1], divf."""
        rank = len(shape)
        red = shape[:-1]
        mx = self.fill(self.const("0xFF800000", "f32"), red)
        idx = self.fill(self.iconst(0, "i64"), red, "i64")
        outmap = self.amap(rank, ["d%d" % i for i in range(rank - 1)])
        res = self.generic([(x, ty(shape), self.ident(rank))],
                           [(mx, ty(red), outmap), (idx, ty(red, "i64"), outmap)],
                           ["parallel"] * (rank - 1) + ["reduction"],
                           ["%%b0 = linalg.index %d : index" % (rank - 1),
                            "%b1 = arith.index_cast %b0 : index to i64",
                            "%b2 = arith.maximumf %in, %out : f32",
                            "%b3 = arith.cmpf ogt, %in, %out : f32",
                            "%b4 = arith.select %b3, %b1, %out_0 : i64",
                            "linalg.yield %b2, %b4 : f32, i64"])
        groups = "[%s]" % ", ".join(["[%d]" % i for i in range(rank - 2)] + ["[%d, %d]" % (rank - 2, rank - 1)])
        m1 = self.expand(res[0], red, red + [1], groups)
        sub = self.eltwise([(x, ty(shape)), (m1, ty(red + [1]))], shape,
                           ["%b0 = arith.subf %in, %in_0 : f32", "linalg.yield %b0 : f32"],
                           maps=[self.unit_map(shape), self.amap(rank, ["d%d" % i for i in range(rank - 1)] + ["0"])])
        ex = self.scalar_map(sub, shape, ["%b0 = math.exp %in : f32"])
        s, small = self.row_reduce(ex, shape, "arith.addf", 0.0)
        return self.eltwise([(ex, ty(shape)), (s, ty(small))], shape,
                            ["%b0 = arith.divf %in, %in_0 : f32", "linalg.yield %b0 : f32"],
                            maps=[self.unit_map(shape), self.amap(rank, ["d%d" % i for i in range(rank - 1)] + ["0"])])

    # ---- the module ---------------------------------------------------------------
    def text(self):
        out = []
        for t, name in sorted(self.maps.items(), key=lambda kv: int(kv[1][4:] or 0)):
            out.append("%s = %s" % (name, t))
        out.append("module {")
        out.extend("  " + g for g in self.globals)
        out.extend(self.funcs)
        out.append("}")
        if self.blobs:
            out.append("")
            out.append("{-#\n  dialect_resources: {\n    builtin: {")
            for i, (name, data) in enumerate(self.blobs):
                out.append('      %s: "0x04000000%s"%s' % (name, data.hex().upper(),
                                                          "," if i + 1 < len(self.blobs) else ""))
            out.append("    }\n  }\n#-}")
        return "\n".join(out) + "\n"


# ---- @main: constant inputs, a call, the results printed as bits ------------------
def input_const(mod, shape, et="f32", high=None):
    if et == "mask":
        n = prod(shape)
        vals = [1.0] * (n - 1) + [0.0]
        data = struct.pack("<%df" % n, *vals)
        return 'dense<"0x%s">' % data.hex().upper()
    if et == "f32":
        data = struct.pack("<%df" % prod(shape), *mod.random_floats(prod(shape), 1.0))
        return 'dense<"0x%s">' % data.hex().upper()
    vals = [mod.rng.randrange(high) for _ in range(prod(shape))]

    def nest(v, dims):
        if not dims:
            return str(v[0])
        step = prod(dims[1:])
        return "[" + ", ".join(nest(v[i * step:(i + 1) * step], dims[1:]) for i in range(dims[0])) + "]"
    return "dense<%s>" % nest(vals, shape)


def add_main(mod, func, args, results, extra_prints=()):
    """args: (shape, et, high); results: shapes (f32). extra_prints: (global,
    shape, et) loaded and printed after the calls (state a model keeps)."""
    mod.begin()
    vals = []
    for shape, et, high in args:
        v = mod.value("cst_")
        t = ty(shape, "f32" if et == "mask" else et)
        mod.consts.append("%s = arith.constant %s : %s" % (v, input_const(mod, shape, et, high), t))
        vals.append(v)
    atypes = [ty(s, "f32" if et == "mask" else et) for s, et, _ in args]
    for i, dyn in sorted(mod.arg_casts.items()):
        c = mod.value("cast")
        mod.emit("%s = tensor.cast %s : %s to %s" % (c, vals[i], atypes[i], dyn))
        vals[i], atypes[i] = c, dyn
    rtypes = [ty(s) for s in results]
    r = mod.value()
    call = "%s = call @%s(%s) : (%s) -> %s" % (
        r if len(results) == 1 else "%s:%d" % (r, len(results)), func, ", ".join(vals), ", ".join(atypes),
        rtypes[0] if len(rtypes) == 1 else "(%s)" % ", ".join(rtypes))
    mod.emit(call)
    outs = [r] if len(results) == 1 else ["%s#%d" % (r, i) for i in range(len(results))]
    for v, shape in zip(outs, results):
        rank = len(shape)
        bits = mod.eltwise([(v, ty(shape))], shape, ["%b0 = arith.bitcast %in : f32 to i32", "linalg.yield %b0 : i32"],
                           et="i32", maps=[mod.ident(rank)])
        print_tensor(mod, bits, shape, "i32")
    for g, shape, et in extra_prints:
        v = mod.value()
        mod.emit("%s = ml_program.global_load @%s : %s" % (v, g, ty(shape, et)))
        print_tensor(mod, v, shape, et)
    mod.lines.append("return")
    body = ["    " + l for l in mod.consts + mod.lines]
    mod.funcs.append("\n".join(["  func.func @main() {"] + body + ["  }"]))


def print_tensor(mod, v, shape, et):
    m = mod.value("buf")
    mtype = "memref<%s>" % ("x".join(str(d) for d in shape) + "x" + et if shape else et)
    mod.emit("%s = bufferization.to_buffer %s : %s to %s" % (m, v, ty(shape, et), mtype))
    u = mod.value("cast")
    mod.emit("%s = memref.cast %s : %s to memref<*x%s>" % (u, m, mtype, et))
    fn = {"i32": "printMemrefI32", "i64": "printMemrefI64"}[et]
    mod.emit("call @%s(%s) : (memref<*x%s>) -> ()" % (fn, u, et))


def add_print_decls(mod):
    mod.funcs.append("  func.func private @printMemrefI32(memref<*xi32>)")
    mod.funcs.append("  func.func private @printMemrefI64(memref<*xi64>)")


def torch_prelude(mod):
    mod.globals.append("ml_program.global private mutable @global_seed(dense<0> : tensor<i64>) : tensor<i64>")


# ---- the models ----------------------------------------------------------------------
def model_mlp(mod):
    s = mod.size
    b, i, h, o = 2, 3 * s, 4 * s, s
    torch_prelude(mod)
    mod.begin()
    x = mod.linear("%arg0", b, i, h)
    x = mod.relu(x, [b, h])
    x = mod.linear(x, b, h, h)
    x = mod.sigmoid(x, [b, h])
    x = mod.linear(x, b, h, o)
    mod.end("func.func @forward(%%arg0: %s) -> %s" % (ty([b, i]), ty([b, o])), [x], [ty([b, o])])
    return "forward", [([b, i], "f32", None)], [[b, o]], []


def model_layernorm(mod):
    s = mod.size
    shape = [1, 2 * s, 4 * s]
    torch_prelude(mod)
    mod.begin()
    y = mod.layernorm("%arg0", shape)
    z = mod.rmsnorm("%arg0", shape)
    mod.end("func.func @forward(%%arg0: %s) -> (%s, %s)" % (ty(shape), ty(shape), ty(shape)),
            [y, z], [ty(shape), ty(shape)])
    return "forward", [(shape, "f32", None)], [shape, shape], []


def model_attention(mod):
    s = mod.size
    heads, hd = 2, 2 * s
    e, seq = heads * hd, 2 * s
    torch_prelude(mod)
    mod.begin()
    shape = [1, seq, e]
    x = mod.layernorm("%arg0", shape)
    # c_attn: GPT-2's Conv1D, x @ W[e, 3e] + b, on the collapsed batch.
    flat = mod.collapse(x, shape, [seq, e], "[[0, 1], [2]]")
    w = mod.weight([e, 3 * e], 1.0 / math.sqrt(e))
    bqkv = mod.weight([3 * e], 0.1)
    qkv = mod.bias_add(mod.matmul(flat, w, seq, e, 3 * e), [seq, 3 * e], bqkv)
    qkv3 = mod.expand(qkv, [seq, 3 * e], [1, seq, 3 * e], "[[0, 1], [2]]")
    interleaved = mod.rng.random() < 0.5
    parts = []
    for j in range(3):
        v = mod.value("extracted_slice")
        if interleaved:
            offs, strides = "[0, 0, %d]" % j, "[1, 1, 3]"
        else:
            offs, strides = "[0, 0, %d]" % (j * e), "[1, 1, 1]"
        mod.emit("%s = tensor.extract_slice %s%s [1, %d, %d] %s : %s to %s"
                 % (v, qkv3, offs, seq, e, strides, ty([1, seq, 3 * e]), ty(shape)))
        parts.append(v)
    heads_of = []
    for p in parts:
        h4 = mod.expand(p, shape, [1, seq, heads, hd], "[[0], [1], [2, 3]]")
        t, tshape = mod.permute(h4, [1, seq, heads, hd], [0, 2, 1, 3])
        heads_of.append((t, tshape))
    (q, qs), (k, ks), (v, vs) = heads_of
    kt, kts = mod.permute(k, ks, [0, 1, 3, 2])
    qc = mod.collapse(q, qs, [heads, seq, hd], "[[0, 1], [2], [3]]")
    ktc = mod.collapse(kt, kts, [heads, hd, seq], "[[0, 1], [2], [3]]")
    sc = mod.batch_matmul(qc, ktc, heads, seq, hd, seq)
    sc4 = mod.expand(sc, [heads, seq, seq], [1, heads, seq, seq], "[[0, 1], [2], [3]]")
    # The scale, as torch-mlir computes it: sqrt(float(hd)) on rank-0 tensors.
    hdt = mod.const("dense<%d>" % hd, "tensor<i64>")
    e0 = mod.empty([])
    r0 = mod.amap(0, [])
    hdf = mod.generic([(hdt, "tensor<i64>", r0)], [(e0, "tensor<f32>", r0)], [],
                      ["%b0 = arith.sitofp %in : i64 to f32", "linalg.yield %b0 : f32"])[0]
    sq = mod.generic([(hdf, "tensor<f32>", r0)], [(e0, "tensor<f32>", r0)], [],
                     ["%b0 = math.sqrt %in : f32", "linalg.yield %b0 : f32"])[0]
    s4 = [1, heads, seq, seq]
    scaled = mod.eltwise([(sc4, ty(s4)), (sq, "tensor<f32>")], s4,
                         ["%b0 = arith.divf %in, %in_0 : f32", "linalg.yield %b0 : f32"],
                         maps=[mod.unit_map(s4), mod.amap(4, [])])
    # Causal mask: positions j > i get the lowest f32.
    lowest = mod.fconst(-3.4028234663852886e38)
    masked = mod.eltwise([(scaled, ty(s4))], s4,
                         ["%b0 = linalg.index 2 : index", "%b1 = linalg.index 3 : index",
                          "%b2 = arith.cmpi sle, %b1, %b0 : index",
                          "%%b3 = arith.select %%b2, %%in, %s : f32" % lowest, "linalg.yield %b3 : f32"])
    probs = mod.softmax_torch(masked, s4)
    pc = mod.collapse(probs, s4, [heads, seq, seq], "[[0, 1], [2], [3]]")
    vc = mod.collapse(v, vs, [heads, seq, hd], "[[0, 1], [2], [3]]")
    ctx = mod.batch_matmul(pc, vc, heads, seq, seq, hd)
    ctx4 = mod.expand(ctx, [heads, seq, hd], [1, heads, seq, hd], "[[0, 1], [2], [3]]")
    ctxt, cts = mod.permute(ctx4, [1, heads, seq, hd], [0, 2, 1, 3])
    merged = mod.collapse(ctxt, cts, [seq, e], "[[0, 1], [2, 3]]")
    wo = mod.weight([e, e], 1.0 / math.sqrt(e))
    bo = mod.weight([e], 0.1)
    proj = mod.bias_add(mod.matmul(merged, wo, seq, e, e), [seq, e], bo)
    proj3 = mod.expand(proj, [seq, e], shape, "[[0, 1], [2]]")
    h = mod.binary("arith.addf", proj3, "%arg0", shape)
    # MLP with GELU (tanh form, HF's gelu_new).
    x2 = mod.layernorm(h, shape)
    f2 = mod.collapse(x2, shape, [seq, e], "[[0, 1], [2]]")
    w1 = mod.weight([e, 2 * e], 1.0 / math.sqrt(e))
    b1 = mod.weight([2 * e], 0.1)
    u = mod.bias_add(mod.matmul(f2, w1, seq, e, 2 * e), [seq, 2 * e], b1)
    g = mod.scalar_map(u, [seq, 2 * e], [
        "%%b0 = math.powf %%in, %s : f32" % mod.fconst(3.0),
        "%%b1 = arith.mulf %%b0, %s : f32" % mod.fconst(0.044715),
        "%b2 = arith.addf %in, %b1 : f32",
        "%%b3 = arith.mulf %%b2, %s : f32" % mod.fconst(math.sqrt(2.0 / math.pi)),
        "%b4 = math.tanh %b3 : f32",
        "%%b5 = arith.addf %%b4, %s : f32" % mod.fconst(1.0),
        "%%b6 = arith.mulf %%in, %s : f32" % mod.fconst(0.5),
        "%b7 = arith.mulf %b6, %b5 : f32"])
    w2 = mod.weight([2 * e, e], 1.0 / math.sqrt(2 * e))
    b2 = mod.weight([e], 0.1)
    d = mod.bias_add(mod.matmul(g, w2, seq, 2 * e, e), [seq, e], b2)
    d3 = mod.expand(d, [seq, e], shape, "[[0, 1], [2]]")
    out = mod.binary("arith.addf", d3, h, shape)
    mod.end("func.func @forward(%%arg0: %s) -> %s" % (ty(shape), ty(shape)), [out], [ty(shape)])
    return "forward", [(shape, "f32", None)], [shape], []


def model_convnet(mod):
    s = mod.size
    n, c, hw = 1, 4, 4 + 2 * s
    torch_prelude(mod)
    mod.begin()
    zero = mod.fconst(0.0)
    ninf = mod.const("0xFF800000", "f32")

    def pad(x, shape, p, value):
        out = [shape[0], shape[1], shape[2] + 2 * p, shape[3] + 2 * p]
        v = mod.value("padded")
        mod.emit("%s = tensor.pad %s low[0, 0, %d, %d] high[0, 0, %d, %d] {" % (v, x, p, p, p, p))
        mod.emit("^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):")
        mod.emit("  tensor.yield %s : f32" % value)
        mod.emit("} : %s to %s" % (ty(shape), ty(out)))
        return v, out

    def bias4(x, shape, b):
        return mod.eltwise([(x, ty(shape)), (b, ty([shape[1]]))], shape,
                           ["%b0 = arith.addf %in, %in_0 : f32", "linalg.yield %b0 : f32"],
                           maps=[mod.unit_map(shape), mod.amap(4, ["d1"])])

    def conv(x, shape, cout, k, stride, p, dil=1):
        w = mod.weight([cout, shape[1], k, k])
        b = mod.weight([cout], 0.1)
        xp, ps = pad(x, shape, p, zero) if p else (x, shape)
        ext = dil * (k - 1) + 1
        out = [shape[0], cout, (ps[2] - ext) // stride + 1, (ps[3] - ext) // stride + 1]
        acc = mod.fill(zero, out)
        v = mod.value()
        mod.emit("%s = linalg.conv_2d_nchw_fchw {dilations = dense<%d> : vector<2xi64>, strides = dense<%d> : vector<2xi64>} "
                 "ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                 % (v, dil, stride, xp, w, ty(ps), ty([cout, shape[1], k, k]), acc, ty(out), ty(out)))
        return bias4(v, out, b), out

    def grouped_conv(x, shape, groups, k):
        cin = shape[1]
        w = mod.weight([cin, cin // groups, k, k])
        xp, ps = pad(x, shape, k // 2, zero)
        gi = [ps[0], groups, cin // groups, ps[2], ps[3]]
        xg = mod.expand(xp, ps, gi, "[[0], [1, 2], [3], [4]]")
        wg_shape = [groups, cin // groups, cin // groups, k, k]
        wg = mod.expand(w, [cin, cin // groups, k, k], wg_shape, "[[0, 1], [2], [3], [4]]")
        out = [ps[0], groups, cin // groups, ps[2] - k + 1, ps[3] - k + 1]
        acc = mod.fill(zero, out)
        v = mod.value()
        mod.emit("%s = linalg.conv_2d_ngchw_fgchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} "
                 "ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                 % (v, xg, wg, ty(gi), ty(wg_shape), acc, ty(out), ty(out)))
        res = [out[0], cin, out[3], out[4]]
        return mod.collapse(v, out, res, "[[0], [1, 2], [3], [4]]"), res

    def depthwise(x, shape, k):
        w = mod.weight([shape[1], k, k])
        xp, ps = pad(x, shape, k // 2, zero)
        out = [shape[0], shape[1], ps[2] - k + 1, ps[3] - k + 1]
        acc = mod.fill(zero, out)
        v = mod.value()
        mod.emit("%s = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} "
                 "ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                 % (v, xp, w, ty(ps), ty([shape[1], k, k]), acc, ty(out), ty(out)))
        return v, out

    def batch_norm(x, shape):
        cdim = shape[1]
        mean = mod.weight([cdim], 0.2)
        var = mod.weight([cdim], 0.5)
        gamma = mod.weight([cdim], 1.0)
        beta = mod.weight([cdim], 0.5)
        ch = mod.amap(4, ["d1"])
        eps = mod.fconst(1e-5, "f64")
        return mod.eltwise([(x, ty(shape)), (mean, ty([cdim])), (var, ty([cdim])), (gamma, ty([cdim])), (beta, ty([cdim]))],
                           shape,
                           ["%%b0 = arith.truncf %s : f64 to f32" % eps,
                            "%b1 = math.absf %in_1 : f32",
                            "%b2 = arith.addf %b1, %b0 : f32",
                            "%b3 = math.rsqrt %b2 : f32",
                            "%b4 = arith.subf %in, %in_0 : f32",
                            "%b5 = arith.mulf %b4, %b3 : f32",
                            "%b6 = arith.mulf %b5, %in_2 : f32",
                            "%b7 = arith.addf %b6, %in_3 : f32",
                            "linalg.yield %b7 : f32"],
                           maps=[mod.unit_map(shape), ch, ch, ch, ch])

    def max_pool(x, shape, k, stride, p):
        xp, ps = pad(x, shape, p, ninf)
        out = [shape[0], shape[1], (ps[2] - k) // stride + 1, (ps[3] - k) // stride + 1]
        acc = mod.fill(ninf, out)
        win = mod.empty([k, k])
        v = mod.value()
        mod.emit("%s = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<%d> : vector<2xi64>} "
                 "ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                 % (v, stride, xp, win, ty(ps), ty([k, k]), acc, ty(out), ty(out)))
        return v, out

    shape = [n, 3, hw, hw]
    x, shape = conv("%arg0", shape, c, 3, 1, 1)
    x = mod.relu(batch_norm(x, shape), shape)
    x, shape = max_pool(x, shape, 3, 2, 1)
    skip = x
    y, ys = grouped_conv(x, shape, 2, 3)
    y = mod.relu(batch_norm(y, ys), ys)
    y, ys = depthwise(y, ys, 3)
    y = batch_norm(y, ys)
    x = mod.relu(mod.binary("arith.addf", y, skip, shape), shape)
    x, shape = conv(x, shape, 2 * c, 3, 2, 1, dil=1)
    x = mod.relu(x, shape)
    x, shape = conv(x, shape, 2 * c, 3, 1, 2, dil=2)
    # Adaptive average pooling to 1x1: a sum window over H and W, then divf.
    pooled = [shape[0], shape[1], 1, 1]
    acc = mod.fill(zero, pooled)
    win = mod.empty([shape[2], shape[3]])
    ps = mod.value()
    mod.emit("%s = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} "
             "ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
             % (ps, x, win, ty(shape), ty([shape[2], shape[3]]), acc, ty(pooled), ty(pooled)))
    avg = mod.scalar_map(ps, pooled, ["%%b0 = arith.divf %%in, %s : f32" % mod.fconst(float(shape[2] * shape[3]))])
    flat = mod.collapse(avg, pooled, [1, shape[1]], "[[0], [1, 2, 3]]")
    logits = mod.linear(flat, 1, shape[1], 5)
    mod.end("func.func @forward(%%arg0: %s) -> %s" % (ty([n, 3, hw, hw]), ty([1, 5])), [logits], [ty([1, 5])])
    return "forward", [([n, 3, hw, hw], "f32", None)], [[1, 5]], []


def model_tf_convnet(mod):
    s = mod.size
    hw, c = 4 + 2 * s, 4

    def gweight(name, shape, scale=None):
        if scale is None:
            scale = 1.0 / math.sqrt(prod(shape[:-1]) if len(shape) > 1 else shape[0])
        attr = mod.weight_attr(shape, scale, name=name)
        mod.globals.append("ml_program.global private @%s(%s : %s) : %s" % (name, attr, ty(shape), ty(shape)))
        v = mod.value()
        mod.emit("%s = ml_program.global_load @%s : %s" % (v, name, ty(shape)))
        return v

    mod.globals.append("ml_program.global private mutable @vars.step(dense<0> : tensor<i64>) : tensor<i64>")
    mod.begin()
    zero = mod.fconst(0.0)

    def bias_relu6(x, shape, name):
        b = gweight(name, [shape[-1]], 0.2)
        e = mod.empty(shape)
        bb = mod.value("broadcasted")
        mod.emit("%s = linalg.broadcast ins(%s : %s) outs(%s : %s) dimensions = [0, 1, 2]"
                 % (bb, b, ty([shape[-1]]), e, ty(shape)))
        e2 = mod.empty(shape)
        added = mod.value("mapped")
        mod.emit("%s = linalg.map { arith.addf } ins(%s, %s : %s, %s) outs(%s : %s)"
                 % (added, x, bb, ty(shape), ty(shape), e2, ty(shape)))
        e3 = mod.empty(shape)
        r = mod.value("mapped")
        mod.emit("%s = linalg.map ins(%s : %s) outs(%s : %s)" % (r, added, ty(shape), e3, ty(shape)))
        mod.emit("  (%in: f32, %init: f32) {")
        mod.emit("    %%b0 = arith.maximumf %%in, %s : f32" % zero)
        mod.emit("    %%b1 = arith.minimumf %%b0, %s : f32" % mod.fconst(6.0))
        mod.emit("    linalg.yield %b1 : f32")
        mod.emit("  }")
        return r

    def pad_nhwc(x, shape, p):
        out = [shape[0], shape[1] + 2 * p, shape[2] + 2 * p, shape[3]]
        v = mod.value("padded")
        mod.emit("%s = tensor.pad %s low[0, %d, %d, 0] high[0, %d, %d, 0] {" % (v, x, p, p, p, p))
        mod.emit("^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):")
        mod.emit("  tensor.yield %s : f32" % zero)
        mod.emit("} : %s to %s" % (ty(shape), ty(out)))
        return v, out

    shape = [1, hw, hw, 3]
    # conv 3x3 stride 2, "SAME" padding.
    w = gweight("vars.conv1.kernel", [3, 3, 3, c])
    xp, ps = pad_nhwc("%arg0", shape, 1)
    out = [1, (ps[1] - 3) // 2 + 1, (ps[2] - 3) // 2 + 1, c]
    acc = mod.fill(zero, out)
    v = mod.value()
    mod.emit("%s = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} "
             "ins(%s, %s : %s, %s) outs(%s : %s) -> %s" % (v, xp, w, ty(ps), ty([3, 3, 3, c]), acc, ty(out), ty(out)))
    x, shape = bias_relu6(v, out, "vars.conv1.bias"), out
    # depthwise 3x3, multiplier 1.
    dw = gweight("vars.dw1.depthwise_kernel", [3, 3, c])
    xp, ps = pad_nhwc(x, shape, 1)
    acc = mod.fill(zero, shape)
    v = mod.value()
    mod.emit("%s = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} "
             "ins(%s, %s : %s, %s) outs(%s : %s) -> %s" % (v, xp, dw, ty(ps), ty([3, 3, c]), acc, ty(shape), ty(shape)))
    x = bias_relu6(v, shape, "vars.dw1.bias")
    # depthwise 3x3, multiplier 2, then the channel dims collapsed.
    dw2 = gweight("vars.dw2.depthwise_kernel", [3, 3, c, 2])
    xp, ps = pad_nhwc(x, shape, 1)
    o5 = shape + [2]
    acc = mod.fill(zero, o5)
    v = mod.value()
    mod.emit("%s = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} "
             "ins(%s, %s : %s, %s) outs(%s : %s) -> %s" % (v, xp, dw2, ty(ps), ty([3, 3, c, 2]), acc, ty(o5), ty(o5)))
    shape = shape[:3] + [2 * c]
    x = mod.collapse(v, o5, shape, "[[0], [1], [2], [3, 4]]")
    # max pool 2x2 stride 1 and average pool 2x2 stride 1, summed.
    ninf = mod.const("0xFF800000", "f32")
    pout = [1, shape[1] - 1, shape[2] - 1, shape[3]]
    win = mod.empty([2, 2])
    acc = mod.fill(ninf, pout)
    mp = mod.value()
    mod.emit("%s = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} "
             "ins(%s, %s : %s, %s) outs(%s : %s) -> %s" % (mp, x, win, ty(shape), ty([2, 2]), acc, ty(pout), ty(pout)))
    acc2 = mod.fill(zero, pout)
    sp = mod.value()
    mod.emit("%s = linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} "
             "ins(%s, %s : %s, %s) outs(%s : %s) -> %s" % (sp, x, win, ty(shape), ty([2, 2]), acc2, ty(pout), ty(pout)))
    e = mod.empty(pout)
    mixed = mod.value("mapped")
    mod.emit("%s = linalg.map ins(%s, %s : %s, %s) outs(%s : %s)" % (mixed, mp, sp, ty(pout), ty(pout), e, ty(pout)))
    mod.emit("  (%in: f32, %in_0: f32, %init: f32) {")
    mod.emit("    %%b0 = arith.mulf %%in_0, %s : f32" % mod.fconst(0.25))
    mod.emit("    %b1 = arith.addf %in, %b0 : f32")
    mod.emit("    linalg.yield %b1 : f32")
    mod.emit("  }")
    shape = pout
    # global mean over H and W with linalg.reduce.
    red = [1, shape[3]]
    acc = mod.fill(zero, red)
    r = mod.value("reduced")
    mod.emit("%s = linalg.reduce { arith.addf } ins(%s : %s) outs(%s : %s) dimensions = [1, 2]"
             % (r, mixed, ty(shape), acc, ty(red)))
    e = mod.empty(red)
    mean = mod.value("mapped")
    mod.emit("%s = linalg.map ins(%s : %s) outs(%s : %s)" % (mean, r, ty(red), e, ty(red)))
    mod.emit("  (%in: f32, %init: f32) {")
    mod.emit("    %%b0 = arith.divf %%in, %s : f32" % mod.fconst(float(shape[1] * shape[2])))
    mod.emit("    linalg.yield %b0 : f32")
    mod.emit("  }")
    # dense layer (kernel [in, out], TF's layout) and a softmax.
    k = gweight("vars.dense.kernel", [shape[3], 6])
    logits = mod.matmul(mean, k, 1, shape[3], 6)
    lb = gweight("vars.dense.bias", [6], 0.2)
    e = mod.empty([1, 6])
    bb = mod.value("broadcasted")
    mod.emit("%s = linalg.broadcast ins(%s : %s) outs(%s : %s) dimensions = [0]" % (bb, lb, ty([6]), e, ty([1, 6])))
    e = mod.empty([1, 6])
    z = mod.value("mapped")
    mod.emit("%s = linalg.map { arith.addf } ins(%s, %s : %s, %s) outs(%s : %s)" % (z, logits, bb, ty([1, 6]), ty([1, 6]), e, ty([1, 6])))
    mx = mod.fill(ninf, [1])
    m = mod.value("reduced")
    mod.emit("%s = linalg.reduce { arith.maximumf } ins(%s : %s) outs(%s : %s) dimensions = [1]" % (m, z, ty([1, 6]), mx, ty([1])))
    e = mod.empty([1, 6])
    mb = mod.value("broadcasted")
    mod.emit("%s = linalg.broadcast ins(%s : %s) outs(%s : %s) dimensions = [1]" % (mb, m, ty([1]), e, ty([1, 6])))
    e = mod.empty([1, 6])
    ex = mod.value("mapped")
    mod.emit("%s = linalg.map ins(%s, %s : %s, %s) outs(%s : %s)" % (ex, z, mb, ty([1, 6]), ty([1, 6]), e, ty([1, 6])))
    mod.emit("  (%in: f32, %in_0: f32, %init: f32) {")
    mod.emit("    %b0 = arith.subf %in, %in_0 : f32")
    mod.emit("    %b1 = math.exp %b0 : f32")
    mod.emit("    linalg.yield %b1 : f32")
    mod.emit("  }")
    sacc = mod.fill(zero, [1])
    sm = mod.value("reduced")
    mod.emit("%s = linalg.reduce { arith.addf } ins(%s : %s) outs(%s : %s) dimensions = [1]" % (sm, ex, ty([1, 6]), sacc, ty([1])))
    e = mod.empty([1, 6])
    sb = mod.value("broadcasted")
    mod.emit("%s = linalg.broadcast ins(%s : %s) outs(%s : %s) dimensions = [1]" % (sb, sm, ty([1]), e, ty([1, 6])))
    e = mod.empty([1, 6])
    probs = mod.value("mapped")
    mod.emit("%s = linalg.map { arith.divf } ins(%s, %s : %s, %s) outs(%s : %s)" % (probs, ex, sb, ty([1, 6]), ty([1, 6]), e, ty([1, 6])))
    # The step counter a stateful TF model keeps.
    st = mod.value()
    mod.emit("%s = ml_program.global_load @vars.step : tensor<i64>" % st)
    e = mod.empty([], "i64")
    one = mod.iconst(1, "i64")
    r0 = mod.amap(0, [])
    nxt = mod.generic([(st, "tensor<i64>", r0)], [(e, "tensor<i64>", r0)], [],
                      ["%%b0 = arith.addi %%in, %s : i64" % one, "linalg.yield %b0 : i64"])[0]
    mod.emit("ml_program.global_store @vars.step = %s : tensor<i64>" % nxt)
    mod.end('func.func @serving_default(%%arg0: %s {tf._user_specified_name = "input_1"}) -> (%s, %s)'
            % (ty([1, hw, hw, 3]), ty([1, 6]), ty([1, 6])), [probs, z], [ty([1, 6]), ty([1, 6])])
    return "serving_default", [([1, hw, hw, 3], "f32", None)], [[1, 6], [1, 6]], [("vars.step", [], "i64")]


def model_embed_gelu(mod):
    s = mod.size
    seq, e, vocab, maxpos = 2 * s, 4 * s, 10 + 3 * s, 4 * s
    torch_prelude(mod)
    mod.begin()
    c0 = mod.iconst(0, "i64")

    def gather(ids, table, rows):
        out = [1, seq, e]
        ids_map = mod.amap(3, ["d0", "d1"])
        bound = mod.iconst(rows)
        return mod.eltwise([(ids, ty([1, seq], "i64"))], out,
                           ["%b0 = arith.index_cast %in : i64 to index",
                            "%b1 = linalg.index 2 : index",
                            "%%b2 = arith.cmpi slt, %%b0, %s : index" % bound,
                            'cf.assert %b2, "index must be smaller than dim size"',
                            "%%b3 = arith.cmpi sge, %%in, %s : i64" % c0,
                            'cf.assert %b3, "index must be larger or equal to 0"',
                            "%%extracted = tensor.extract %s[%%b0, %%b1] : %s" % (table, ty([rows, e])),
                            "linalg.yield %extracted : f32"],
                           maps=[ids_map])

    tok = mod.weight([vocab, e], 1.0)
    typ = mod.weight([2, e], 1.0)
    pos = mod.weight([maxpos, e], 1.0)
    arange = mod.const("dense<[[%s]]>" % ", ".join(str(i) for i in range(maxpos)),
                       "tensor<1x%dxi64>" % maxpos)
    types0 = mod.const("dense<0>", "tensor<1x%dxi64>" % seq)
    pid = mod.value("extracted_slice")
    mod.emit("%s = tensor.extract_slice %s[0, 0] [1, %d] [1, 1] : tensor<1x%dxi64> to tensor<1x%dxi64>"
             % (pid, arange, seq, maxpos, seq))
    shape = [1, seq, e]
    x = mod.binary("arith.addf", gather("%arg0", tok, vocab), gather(types0, typ, 2), shape)
    x = mod.binary("arith.addf", x, gather(pid, pos, maxpos), shape)
    x = mod.layernorm(x, shape, eps=1e-12)
    flat = mod.collapse(x, shape, [seq, e], "[[0, 1], [2]]")
    y = mod.linear(flat, seq, e, 2 * e)
    g = mod.scalar_map(y, [seq, 2 * e], [
        "%%b0 = arith.divf %%in, %s : f32" % mod.fconst(1.41421354),
        "%b1 = math.erf %b0 : f32",
        "%%b2 = arith.addf %%b1, %s : f32" % mod.fconst(1.0),
        "%%b3 = arith.mulf %%b2, %s : f32" % mod.fconst(0.5),
        "%b4 = arith.mulf %in, %b3 : f32"])
    out = mod.expand(g, [seq, 2 * e], [1, seq, 2 * e], "[[0, 1], [2]]")
    mod.end("func.func @forward(%%arg0: %s) -> %s" % (ty([1, seq], "i64"), ty([1, seq, 2 * e])),
            [out], [ty([1, seq, 2 * e])])
    return "forward", [([1, seq], "i64", vocab)], [[1, seq, 2 * e]], []


def model_tf_attention(mod):
    """BERT self-attention as TF's einsum layers become linalg through
    stablehlo: dense layers on collapsed tokens, heads by expand_shape,
    the score and context einsums as linalg.generic contractions, the
    attention mask through linalg.broadcast + linalg.map, linalg.softmax,
    an output projection with linalg.matmul's indexing_maps (MLIR 21+),
    and a layernorm of linalg.reduce / linalg.broadcast / linalg.map."""
    s = mod.size
    heads, hd = 2, 2 * s
    e, seq = heads * hd, 2 + s

    def gweight(name, shape, scale):
        attr = mod.weight_attr(shape, scale, name=name)
        mod.globals.append("ml_program.global private @%s(%s : %s) : %s" % (name, attr, ty(shape), ty(shape)))
        v = mod.value()
        mod.emit("%s = ml_program.global_load @%s : %s" % (v, name, ty(shape)))
        return v

    def bcast(x, src, dst, dims):
        e0 = mod.empty(dst)
        v = mod.value("broadcasted")
        mod.emit("%s = linalg.broadcast ins(%s : %s) outs(%s : %s) dimensions = [%s]"
                 % (v, x, ty(src), e0, ty(dst), ", ".join(str(d) for d in dims)))
        return v

    def binmap(op, a, b, shape):
        e0 = mod.empty(shape)
        v = mod.value("mapped")
        mod.emit("%s = linalg.map { %s } ins(%s, %s : %s, %s) outs(%s : %s)"
                 % (v, op, a, b, ty(shape), ty(shape), e0, ty(shape)))
        return v

    def dense_heads(x2, name):
        k = gweight(name + ".kernel", [e, heads, hd], 1.0 / math.sqrt(e))
        b = gweight(name + ".bias", [heads, hd], 0.1)
        kc = mod.collapse(k, [e, heads, hd], [e, e], "[[0], [1, 2]]")
        y = mod.matmul(x2, kc, seq, e, e)
        y4 = mod.expand(y, [seq, e], [1, seq, heads, hd], "[[0, 1], [2, 3]]")
        return binmap("arith.addf", y4, bcast(b, [heads, hd], [1, seq, heads, hd], [0, 1]), [1, seq, heads, hd])

    mod.begin()
    shape = [1, seq, e]
    x2 = mod.collapse("%arg0", shape, [seq, e], "[[0, 1], [2]]")
    q = dense_heads(x2, "vars.attention.query")
    k = dense_heads(x2, "vars.attention.key")
    v = dense_heads(x2, "vars.attention.value")
    s4 = [1, heads, seq, seq]
    zero = mod.fconst(0.0)
    acc = mod.fill(zero, s4)
    qk = mod.generic([(q, ty([1, seq, heads, hd]), mod.amap(5, ["d0", "d2", "d1", "d4"])),
                      (k, ty([1, seq, heads, hd]), mod.amap(5, ["d0", "d3", "d1", "d4"]))],
                     [(acc, ty(s4), mod.amap(5, ["d0", "d1", "d2", "d3"]))],
                     ["parallel"] * 4 + ["reduction"],
                     ["%b0 = arith.mulf %in, %in_0 : f32", "%b1 = arith.addf %out, %b0 : f32",
                      "linalg.yield %b1 : f32"])[0]
    scale = mod.fconst(1.0 / math.sqrt(hd))
    e0 = mod.empty(s4)
    scaled = mod.value("mapped")
    mod.emit("%s = linalg.map ins(%s : %s) outs(%s : %s)" % (scaled, qk, ty(s4), e0, ty(s4)))
    mod.emit("  (%in: f32, %init: f32) {")
    mod.emit("    %%b0 = arith.mulf %%in, %s : f32" % scale)
    mod.emit("    linalg.yield %b0 : f32")
    mod.emit("  }")
    # mask [1, seq] of 1/0: (1 - m) * -10000 added to every head and query.
    e1 = mod.empty([1, seq])
    adder = mod.value("mapped")
    mod.emit("%s = linalg.map ins(%%arg1 : %s) outs(%s : %s)" % (adder, ty([1, seq]), e1, ty([1, seq])))
    mod.emit("  (%in: f32, %init: f32) {")
    mod.emit("    %%b0 = arith.subf %s, %%in : f32" % mod.fconst(1.0))
    mod.emit("    %%b1 = arith.mulf %%b0, %s : f32" % mod.fconst(-10000.0))
    mod.emit("    linalg.yield %b1 : f32")
    mod.emit("  }")
    masked = binmap("arith.addf", scaled, bcast(adder, [1, seq], s4, [1, 2]), s4)
    e2 = mod.empty(s4)
    probs = mod.value()
    mod.emit("%s = linalg.softmax dimension(3) ins(%s : %s) outs(%s : %s) -> %s"
             % (probs, masked, ty(s4), e2, ty(s4), ty(s4)))
    c4 = [1, seq, heads, hd]
    acc = mod.fill(zero, c4)
    ctx = mod.generic([(probs, ty(s4), mod.amap(5, ["d0", "d2", "d1", "d4"])),
                       (v, ty(c4), mod.amap(5, ["d0", "d4", "d2", "d3"]))],
                      [(acc, ty(c4), mod.amap(5, ["d0", "d1", "d2", "d3"]))],
                      ["parallel"] * 4 + ["reduction"],
                      ["%b0 = arith.mulf %in, %in_0 : f32", "%b1 = arith.addf %out, %b0 : f32",
                       "linalg.yield %b1 : f32"])[0]
    cf = mod.collapse(ctx, c4, [seq, e], "[[0, 1], [2, 3]]")
    wo = gweight("vars.attention.output.kernel_t", [e, e], 1.0 / math.sqrt(e))
    oacc = mod.fill(zero, [seq, e])
    o = mod.value()
    mod.emit("%s = linalg.matmul indexing_maps = [%s, %s, %s] ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
             % (o, mod.amap(3, ["d0", "d2"]), mod.amap(3, ["d1", "d2"]), mod.amap(3, ["d0", "d1"]),
                cf, wo, ty([seq, e]), ty([e, e]), oacc, ty([seq, e]), ty([seq, e])))
    h = binmap("arith.addf", o, x2, [seq, e])
    # layernorm over the features, stablehlo style.
    racc = mod.fill(zero, [seq])
    total = mod.value("reduced")
    mod.emit("%s = linalg.reduce { arith.addf } ins(%s : %s) outs(%s : %s) dimensions = [1]"
             % (total, h, ty([seq, e]), racc, ty([seq])))
    mean = bcast(total, [seq], [seq, e], [1])
    e3 = mod.empty([seq, e])
    cen = mod.value("mapped")
    mod.emit("%s = linalg.map ins(%s, %s : %s, %s) outs(%s : %s)" % (cen, h, mean, ty([seq, e]), ty([seq, e]), e3, ty([seq, e])))
    mod.emit("  (%in: f32, %in_0: f32, %init: f32) {")
    mod.emit("    %%b0 = arith.divf %%in_0, %s : f32" % mod.fconst(float(e)))
    mod.emit("    %b1 = arith.subf %in, %b0 : f32")
    mod.emit("    linalg.yield %b1 : f32")
    mod.emit("  }")
    sq = binmap("arith.mulf", cen, cen, [seq, e])
    vacc = mod.fill(zero, [seq])
    var = mod.value("reduced")
    mod.emit("%s = linalg.reduce { arith.addf } ins(%s : %s) outs(%s : %s) dimensions = [1]"
             % (var, sq, ty([seq, e]), vacc, ty([seq])))
    e4 = mod.empty([seq])
    rstd = mod.value("mapped")
    mod.emit("%s = linalg.map ins(%s : %s) outs(%s : %s)" % (rstd, var, ty([seq]), e4, ty([seq])))
    mod.emit("  (%in: f32, %init: f32) {")
    mod.emit("    %%b0 = arith.divf %%in, %s : f32" % mod.fconst(float(e)))
    mod.emit("    %%b1 = arith.addf %%b0, %s : f32" % mod.fconst(1e-12))
    mod.emit("    %b2 = math.rsqrt %b1 : f32")
    mod.emit("    linalg.yield %b2 : f32")
    mod.emit("  }")
    normed = binmap("arith.mulf", cen, bcast(rstd, [seq], [seq, e], [1]), [seq, e])
    gamma = gweight("vars.attention.output.LayerNorm.gamma", [e], 1.0)
    beta = gweight("vars.attention.output.LayerNorm.beta", [e], 0.5)
    y = binmap("arith.mulf", normed, bcast(gamma, [e], [seq, e], [0]), [seq, e])
    y = binmap("arith.addf", y, bcast(beta, [e], [seq, e], [0]), [seq, e])
    out = mod.expand(y, [seq, e], shape, "[[0, 1], [2]]")
    mod.end("func.func @serving_default(%%arg0: %s, %%arg1: %s) -> %s" % (ty(shape), ty([1, seq]), ty(shape)),
            [out], [ty(shape)])
    return "serving_default", [(shape, "f32", None), ([1, seq], "mask", None)], [shape], []


def model_llama(mod):
    """A llama decoder block as torch-mlir lowers it: RMSNorm, bias-free
    projections, rotary embeddings (cos/sin tables as dense_resource,
    rotate_half as two extract_slices, negf and tensor.concat), causal
    attention, a SwiGLU MLP (silu as x / (1 + exp(-x))), and the last
    token's hidden state as a rank-reducing extract_slice."""
    s = mod.size
    heads, hd = 2, 2 * s
    e, seq = heads * hd, 2 + s
    torch_prelude(mod)
    mod.begin()
    shape = [1, seq, e]
    x = mod.rmsnorm("%arg0", shape)
    flat = mod.collapse(x, shape, [seq, e], "[[0, 1], [2]]")

    def proj(inp, k, n):
        w = mod.weight([n, k])
        return mod.matmul(inp, mod.transpose2(w, [n, k]), seq, k, n)

    cos = mod.weight([seq, hd], 1.0)
    sin = mod.weight([seq, hd], 1.0)
    h4 = [1, heads, seq, hd]
    half = hd // 2

    def rope(t):
        parts = []
        for off in (half, 0):
            v = mod.value("extracted_slice")
            mod.emit("%s = tensor.extract_slice %s[0, 0, 0, %d] [1, %d, %d, %d] [1, 1, 1, 1] : %s to %s"
                     % (v, t, off, heads, seq, half, ty(h4), ty([1, heads, seq, half])))
            parts.append(v)
        neg = mod.eltwise([(parts[0], ty([1, heads, seq, half]))], [1, heads, seq, half],
                          ["%b0 = arith.negf %in : f32", "linalg.yield %b0 : f32"])
        rot = mod.value("concat")
        mod.emit("%s = tensor.concat dim(3) %s, %s : (%s, %s) -> %s"
                 % (rot, neg, parts[1], ty([1, heads, seq, half]), ty([1, heads, seq, half]), ty(h4)))
        tab = mod.amap(4, ["d2", "d3"])
        return mod.eltwise([(t, ty(h4)), (cos, ty([seq, hd])), (rot, ty(h4)), (sin, ty([seq, hd]))], h4,
                           ["%b0 = arith.mulf %in, %in_0 : f32", "%b1 = arith.mulf %in_1, %in_2 : f32",
                            "%b2 = arith.addf %b0, %b1 : f32", "linalg.yield %b2 : f32"],
                           maps=[mod.unit_map(h4), tab, mod.unit_map(h4), tab])

    heads_of = []
    for j in range(3):
        p2 = proj(flat, e, e)
        p4 = mod.expand(p2, [seq, e], [1, seq, heads, hd], "[[0, 1], [2, 3]]")
        t, _ = mod.permute(p4, [1, seq, heads, hd], [0, 2, 1, 3])
        heads_of.append(rope(t) if j < 2 else t)
    q, k, v = heads_of
    kt, kts = mod.permute(k, h4, [0, 1, 3, 2])
    qc = mod.collapse(q, h4, [heads, seq, hd], "[[0, 1], [2], [3]]")
    ktc = mod.collapse(kt, kts, [heads, hd, seq], "[[0, 1], [2], [3]]")
    sc = mod.batch_matmul(qc, ktc, heads, seq, hd, seq)
    s4 = [1, heads, seq, seq]
    sc4 = mod.expand(sc, [heads, seq, seq], s4, "[[0, 1], [2], [3]]")
    ninf = mod.const("0xFF800000", "f32")
    scale = mod.fconst(1.0 / math.sqrt(hd))
    masked = mod.eltwise([(sc4, ty(s4))], s4,
                         ["%b0 = linalg.index 2 : index", "%b1 = linalg.index 3 : index",
                          "%b2 = arith.cmpi sgt, %b1, %b0 : index",
                          "%%b3 = arith.mulf %%in, %s : f32" % scale,
                          "%%b4 = arith.select %%b2, %s, %%b3 : f32" % ninf, "linalg.yield %b4 : f32"])
    probs = mod.softmax_torch(masked, s4)
    pc = mod.collapse(probs, s4, [heads, seq, seq], "[[0, 1], [2], [3]]")
    vc = mod.collapse(v, h4, [heads, seq, hd], "[[0, 1], [2], [3]]")
    ctx = mod.batch_matmul(pc, vc, heads, seq, seq, hd)
    ctx4 = mod.expand(ctx, [heads, seq, hd], h4, "[[0, 1], [2], [3]]")
    ctxt, cts = mod.permute(ctx4, h4, [0, 2, 1, 3])
    merged = mod.collapse(ctxt, cts, [seq, e], "[[0, 1], [2, 3]]")
    o = mod.expand(proj(merged, e, e), [seq, e], shape, "[[0, 1], [2]]")
    h = mod.binary("arith.addf", o, "%arg0", shape)
    x2 = mod.collapse(mod.rmsnorm(h, shape), shape, [seq, e], "[[0, 1], [2]]")
    f = 2 * e
    gate = mod.scalar_map(proj(x2, e, f), [seq, f], [
        "%b0 = arith.negf %in : f32", "%b1 = math.exp %b0 : f32",
        "%%b2 = arith.addf %%b1, %s : f32" % mod.fconst(1.0), "%b3 = arith.divf %in, %b2 : f32"])
    up = proj(x2, e, f)
    gu = mod.binary("arith.mulf", gate, up, [seq, f])
    down = mod.expand(proj(gu, f, e), [seq, e], shape, "[[0, 1], [2]]")
    out = mod.binary("arith.addf", down, h, shape)
    last = mod.value("extracted_slice")
    mod.emit("%s = tensor.extract_slice %s[0, %d, 0] [1, 1, %d] [1, 1, 1] : %s to %s"
             % (last, out, seq - 1, e, ty(shape), ty([1, e])))
    mod.end("func.func @forward(%%arg0: %s) -> (%s, %s)" % (ty(shape), ty(shape), ty([1, e])),
            [out, last], [ty(shape), ty([1, e])])
    return "forward", [(shape, "f32", None)], [shape, [1, e]], []


def model_dyn_mlp(mod):
    """An MLP over a dynamic batch, as torch-mlir lowers dynamic shapes:
    tensor.dim, tensor.empty(%dim), an arith.cmpi + cf.assert that two
    dynamic sizes agree before an elementwise op, and a tensor.cast of the
    result to the static type @main expects."""
    s = mod.size
    b, i, h = 2 + s, 3 * s, 4 * s
    torch_prelude(mod)
    mod.begin()
    c0 = mod.iconst(0)
    dim = mod.value("dim")
    mod.emit("%s = tensor.dim %%arg0, %s : tensor<?x%dxf32>" % (dim, c0, i))
    w = mod.weight([h, i])
    wt = mod.transpose2(w, [h, i])
    e0 = mod.value()
    mod.emit("%s = tensor.empty(%s) : tensor<?x%dxf32>" % (e0, dim, h))
    acc = mod.value()
    mod.emit("%s = linalg.fill ins(%s : f32) outs(%s : tensor<?x%dxf32>) -> tensor<?x%dxf32>"
             % (acc, mod.fconst(0.0), e0, h, h))
    mm = mod.value()
    mod.emit("%s = linalg.matmul ins(%%arg0, %s : tensor<?x%dxf32>, %s) outs(%s : tensor<?x%dxf32>) -> tensor<?x%dxf32>"
             % (mm, wt, i, ty([i, h]), acc, h, h))
    # relu(mm) + mm, with torch-mlir's check that the dynamic sizes match.
    d1 = mod.value("dim")
    mod.emit("%s = tensor.dim %s, %s : tensor<?x%dxf32>" % (d1, mm, c0, h))
    eq = mod.value()
    mod.emit("%s = arith.cmpi eq, %s, %s : index" % (eq, dim, d1))
    mod.emit('cf.assert %s, "mismatched size for broadcast"' % eq)
    e1 = mod.value()
    mod.emit("%s = tensor.empty(%s) : tensor<?x%dxf32>" % (e1, dim, h))
    idm = mod.ident(2)
    zero = mod.fconst(0.0)
    r = mod.generic([(mm, "tensor<?x%dxf32>" % h, idm), (mm, "tensor<?x%dxf32>" % h, idm)],
                    [(e1, "tensor<?x%dxf32>" % h, idm)], ["parallel", "parallel"],
                    ["%%b0 = arith.cmpf ugt, %%in, %s : f32" % zero,
                     "%%b1 = arith.select %%b0, %%in, %s : f32" % zero,
                     "%b2 = arith.addf %b1, %in_0 : f32", "linalg.yield %b2 : f32"])[0]
    out = mod.value("cast")
    mod.emit("%s = tensor.cast %s : tensor<?x%dxf32> to %s" % (out, r, h, ty([b, h])))
    mod.end("func.func @forward(%%arg0: tensor<?x%dxf32>) -> %s" % (i, ty([b, h])), [out], [ty([b, h])])
    mod.arg_casts[0] = "tensor<?x%dxf32>" % i
    return "forward", [([b, i], "f32", None)], [[b, h]], []


def model_named_ops(mod):
    """One of each named op the importers emit beyond the models above, on
    random operands, with non-unit strides and dilations where the op has
    them: 1-d, 3-d, grouped and depthwise convolutions, the pooling
    variants (max/min/sum, ncw/nwc/nhwc/ndhwc), the contractions
    (batch_reduce_matmul, matvec, vecmat, batch_matvec, batch_vecmat, dot,
    linalg.contract with a transposed operand) and linalg.elementwise.
    Every result is returned."""
    mod.begin()
    results = []
    ninf, pinf, zero = mod.const("0xFF800000", "f32"), mod.const("0x7F800000", "f32"), mod.fconst(0.0)

    def sd(rank, strides, dil):
        def vec(v):
            v = v if isinstance(v, list) else [v] * rank
            if len(set(v)) == 1:
                return "dense<%d> : vector<%dxi64>" % (v[0], rank)
            return "dense<[%s]> : vector<%dxi64>" % (", ".join(str(x) for x in v), rank)
        return "{dilations = %s, strides = %s} " % (vec(dil), vec(strides))

    def op(name, ins, out, init=None, attrs="", window=False):
        vals = []
        for i, shape in enumerate(ins):
            if i == 0 and not results and shape == first_input:
                vals.append("%arg0")
            elif window and i == len(ins) - 1:
                vals.append(mod.empty(shape))
            else:
                vals.append(mod.weight(shape, 1.0))
        acc = mod.fill(init or zero, out)
        v = mod.value()
        mod.emit("%s = linalg.%s %sins(%s : %s) outs(%s : %s) -> %s"
                 % (v, name, attrs, ", ".join(vals), ", ".join(ty(sh) for sh in ins), acc, ty(out), ty(out)))
        results.append((v, out))

    first_input = [1, 9, 3]
    op("conv_1d_nwc_wcf", [[1, 9, 3], [3, 3, 4]], [1, 4, 4], attrs=sd(1, 2, 1))
    op("conv_2d_nhwc_fhwc", [[1, 7, 7, 3], [4, 3, 3, 3]], [1, 3, 3, 4], attrs=sd(2, 2, 1))
    op("conv_2d_nchw_fchw", [[1, 2, 7, 8], [3, 2, 2, 2]], [1, 3, 5, 3], attrs=sd(2, [1, 2], 2))
    op("conv_2d_ngchw_gfchw", [[1, 2, 2, 5, 5], [2, 3, 2, 3, 3]], [1, 2, 3, 3, 3], attrs=sd(2, 1, 1))
    op("conv_3d_ndhwc_dhwcf", [[1, 5, 5, 5, 2], [2, 2, 2, 2, 3]], [1, 3, 3, 3, 3], attrs=sd(3, 1, 2))
    op("conv_2d", [[5, 6], [3, 2]], [3, 5])
    op("depthwise_conv_1d_nwc_wc", [[1, 8, 3], [3, 3]], [1, 4, 3], attrs=sd(1, 1, 2))
    op("depthwise_conv_2d_nchw_chw", [[1, 3, 7, 7], [3, 3, 3]], [1, 3, 3, 3], attrs=sd(2, 2, 1))
    op("depthwise_conv_3d_ndhwc_dhwc", [[1, 4, 4, 4, 2], [2, 2, 2, 2]], [1, 3, 3, 3, 2], attrs=sd(3, 1, 1))
    op("pooling_ncw_max", [[1, 3, 9], [3]], [1, 3, 4], init=ninf, attrs=sd(1, 2, 1), window=True)
    op("pooling_nwc_sum", [[1, 9, 3], [2]], [1, 7, 3], attrs=sd(1, 1, 2), window=True)
    op("pooling_nhwc_min", [[1, 5, 5, 2], [3, 3]], [1, 3, 3, 2], init=pinf, attrs=sd(2, 1, 1), window=True)
    op("pooling_ndhwc_max", [[1, 4, 4, 4, 2], [2, 2, 2]], [1, 2, 2, 2, 2], init=ninf, attrs=sd(3, 2, 1), window=True)
    op("batch_reduce_matmul", [[3, 2, 4], [3, 4, 5]], [2, 5])
    op("matvec", [[3, 4], [4]], [3])
    op("vecmat", [[4], [4, 3]], [3])
    op("batch_matvec", [[2, 3, 4], [2, 4]], [2, 3])
    op("batch_vecmat", [[2, 4], [2, 4, 3]], [2, 3])
    op("dot", [[5], [5]], [])
    op("contract", [[3, 2], [3, 4]], [2, 4],
       attrs="indexing_maps = [%s, %s, %s] " % (mod.amap(3, ["d2", "d0"]), mod.amap(3, ["d2", "d1"]),
                                                 mod.amap(3, ["d0", "d1"])))
    a = mod.weight([2, 3], 1.0)
    b = mod.weight([2, 3], 1.0)
    for kind, ins in (("exp", [a]), ("add", [a, b])):
        e0 = mod.empty([2, 3])
        v = mod.value()
        mod.emit("%s = linalg.elementwise kind=#linalg.elementwise_kind<%s> ins(%s : %s) outs(%s : %s) -> %s"
                 % (v, kind, ", ".join(ins), ", ".join(ty([2, 3]) for _ in ins), e0, ty([2, 3]), ty([2, 3])))
        results.append((v, [2, 3]))
    mod.end("func.func @forward(%%arg0: %s) -> (%s)" % (ty(first_input), ", ".join(ty(sh) for _, sh in results)),
            [v for v, _ in results], [ty(sh) for _, sh in results])
    return "forward", [(first_input, "f32", None)], [sh for _, sh in results], []


MODELS = {
    "mlp": model_mlp,
    "layernorm": model_layernorm,
    "attention": model_attention,
    "convnet": model_convnet,
    "tf_convnet": model_tf_convnet,
    "tf_attention": model_tf_attention,
    "llama": model_llama,
    "dyn_mlp": model_dyn_mlp,
    "named_ops": model_named_ops,
    "embed_gelu": model_embed_gelu,
}


def generate(kind, seed, weights="resource", size=1, with_main=True):
    mod = Module(seed * 1000003 + sorted(MODELS).index(kind), weights, size)
    func, args, results, extra = MODELS[kind](mod)
    if with_main:
        add_print_decls(mod)
        add_main(mod, func, args, results, extra)
    return mod.text()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kind", nargs="?", choices=sorted(MODELS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--weights", choices=["resource", "dense"], default="resource")
    ap.add_argument("--size", type=int, default=1, help="scales every dimension (1: tiny)")
    ap.add_argument("--no-main", action="store_true", help="only the model, without @main")
    ap.add_argument("--list", action="store_true", help="print the model kinds")
    ap.add_argument("-o", dest="out", default="-")
    args = ap.parse_args()
    if args.list:
        print("\n".join(sorted(MODELS)))
        return
    if not args.kind:
        ap.error("a model kind is needed (--list)")
    text = generate(args.kind, args.seed, args.weights, args.size, not args.no_main)
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
