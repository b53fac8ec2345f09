#!/usr/bin/python3
"""Writes a ResNet-like network in torch-mlir's linalg-on-tensors style, for
the compile-time benchmark (bench/compile_big.sh).

  func.func @forward(%arg0: tensor<1x3x224x224xf32>) -> tensor<1x1000xf32>

A ResNet-50 layout (bottleneck blocks [3, 4, 6, 3], a 7x7 stride-2 stem,
3x3 max pooling, global average pooling, a fully connected layer) whose
base width is --width (64 is ResNet-50 itself, about 100 MB of weights; the
default 48 gives about 59 MB). Every layer is spelled as torch-mlir
lowers it:

  - padding: tensor.pad with the zero (convolutions) or -inf (max pooling);
  - convolutions: linalg.generic in the form mlir-opt
    --linalg-generalize-named-ops gives linalg.conv_2d_nchw_fchw (or, with
    --named, the named op itself), accumulating into a linalg.fill of zero;
  - batch norm, folded for inference: one linalg.generic x * scale[c] +
    shift[c];
  - relu: linalg.generic with arith.maximumf against zero;
  - residual adds: linalg.generic arith.addf;
  - max pooling: the generalized linalg.pooling_nchw_max (or, with
    --named, the named op);
  - global average pooling: a reduction linalg.generic, then a division;
  - the classifier: tensor.collapse_shape, a transposing linalg.generic of
    the weight, linalg.matmul, a bias add.

Weights are arith.constant dense_resource<name> of f32 blobs in the file's
{-# dialect_resources: { builtin: { name: "0x04000000..." } } #-} section
(alignment 4, then little-endian floats), as torch-mlir writes them with
elided weights filled in. The values are small pseudo-random floats,
repeatable for a given --seed.

usage: gen_convnet.py OUT.mlir [--width N] [--blocks 3,4,6,3] [--named] [--seed S]
Standard library only.
"""
import argparse
import random
import struct
import sys

F32 = "f32"


def ty(shape):
    return "tensor<%sx%s>" % ("x".join(str(d) for d in shape), F32)


class Net:
    """Emits the body of @forward and collects the weight blobs."""

    def __init__(self, named, seed):
        self.lines = []
        self.maps = {}
        self.blobs = []  # (name, number of floats)
        self.count = 0
        self.named = named
        rng = random.Random(seed)
        # A pool of small floats the blobs take their bytes from, each blob
        # at its own offset: writing 100 MB stays fast and repeatable.
        self.pool = struct.pack("<%df" % 65536, *[rng.uniform(-0.05, 0.05) for _ in range(65536)])
        self.rng = rng

    def value(self, prefix="v"):
        self.count += 1
        return "%%%s%d" % (prefix, self.count)

    def emit(self, line):
        self.lines.append("    " + line)

    def amap(self, dims, results):
        text = "affine_map<(%s) -> (%s)>" % (", ".join("d%d" % i for i in range(dims)),
                                              ", ".join(results))
        if text not in self.maps:
            self.maps[text] = "#map%d" % len(self.maps)
        return self.maps[text]

    def weight(self, shape, kind):
        name = "__%s_%d" % (kind, len(self.blobs))
        n = 1
        for d in shape:
            n *= d
        self.blobs.append((name, n))
        v = self.value("w")
        self.emit("%s = arith.constant dense_resource<%s> : %s" % (v, name, ty(shape)))
        return v

    def blob_hex(self, n):
        nbytes = 4 * n
        start = 4 * self.rng.randrange(len(self.pool) // 4)
        out = bytearray()
        while len(out) < nbytes:
            out += self.pool[start:]
            start = 0
        return "0x04000000" + bytes(out[:nbytes]).hex().upper()

    def const(self, value):
        v = self.value("cst")
        self.emit("%s = arith.constant %s : f32" % (v, value))
        return v

    def filled(self, shape, zero):
        e = self.value("e")
        self.emit("%s = tensor.empty() : %s" % (e, ty(shape)))
        f = self.value("f")
        self.emit("%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s" % (f, zero, e, ty(shape), ty(shape)))
        return f

    def pad(self, x, shape, p, value):
        if p == 0:
            return x, shape
        out = [shape[0], shape[1], shape[2] + 2 * p, shape[3] + 2 * p]
        v = self.value("pad")
        self.emit("%s = tensor.pad %s low[0, 0, %d, %d] high[0, 0, %d, %d] {" % (v, x, p, p, p, p))
        self.emit("^bb0(%i0: index, %i1: index, %i2: index, %i3: index):")
        self.emit("  tensor.yield %s : f32" % value)
        self.emit("} : %s to %s" % (ty(shape), ty(out)))
        return v, out

    def generic(self, ins, in_types, maps, iterators, out, out_type, body, nargs):
        """body: lines using %in0.. and %out, ending in a yield."""
        v = self.value()
        args = ", ".join(["%%in%d: f32" % i for i in range(nargs)] + ["%out: f32"])
        self.emit('%s = linalg.generic {indexing_maps = [%s], iterator_types = [%s]} '
                  'ins(%s : %s) outs(%s : %s) {' % (
                      v, ", ".join(maps), ", ".join('"%s"' % t for t in iterators),
                      ", ".join(ins), ", ".join(in_types), out, out_type))
        self.emit("^bb0(%s):" % args)
        for line in body:
            self.emit("  " + line)
        self.emit("} -> %s" % out_type)
        return v

    def conv(self, x, shape, cout, k, stride, pad, zero):
        cin = shape[1]
        w = self.weight([cout, cin, k, k], "conv")
        x, pshape = self.pad(x, shape, pad, zero)
        oh = (pshape[2] - k) // stride + 1
        ow = (pshape[3] - k) // stride + 1
        out = [shape[0], cout, oh, ow]
        acc = self.filled(out, zero)
        if self.named:
            v = self.value("conv")
            self.emit("%s = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, "
                      "strides = dense<%d> : vector<2xi64>} ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                      % (v, stride, x, w, ty(pshape), ty([cout, cin, k, k]), acc, ty(out), ty(out)))
            return v, out
        scaled = (lambda d: "%s * %d" % (d, stride)) if stride != 1 else (lambda d: d)
        maps = [self.amap(7, ["d0", "d4", scaled("d2") + " + d5", scaled("d3") + " + d6"]),
                self.amap(7, ["d1", "d4", "d5", "d6"]),
                self.amap(7, ["d0", "d1", "d2", "d3"])]
        v = self.generic([x, w], [ty(pshape), ty([cout, cin, k, k])], maps,
                         ["parallel"] * 4 + ["reduction"] * 3, acc, ty(out),
                         ["%m = arith.mulf %in0, %in1 : f32",
                          "%a = arith.addf %out, %m : f32",
                          "linalg.yield %a : f32"], 2)
        return v, out

    def elementwise4(self, ins, shape, body, channel_inputs=()):
        """A parallel generic over a 4-d NCHW tensor; channel_inputs are the
        indices of 1-d per-channel inputs."""
        full = self.amap(4, ["d0", "d1", "d2", "d3"])
        chan = self.amap(4, ["d1"])
        maps, types = [], []
        for i, _ in enumerate(ins):
            if i in channel_inputs:
                maps.append(chan)
                types.append(ty([shape[1]]))
            else:
                maps.append(full)
                types.append(ty(shape))
        e = self.value("e")
        self.emit("%s = tensor.empty() : %s" % (e, ty(shape)))
        return self.generic(ins, types, maps + [full], ["parallel"] * 4, e, ty(shape), body, len(ins))

    def batch_norm(self, x, shape):
        scale = self.weight([shape[1]], "bn_scale")
        shift = self.weight([shape[1]], "bn_shift")
        return self.elementwise4([x, scale, shift], shape,
                                 ["%m = arith.mulf %in0, %in1 : f32",
                                  "%a = arith.addf %m, %in2 : f32",
                                  "linalg.yield %a : f32"], channel_inputs=(1, 2))

    def relu(self, x, shape, zero):
        return self.elementwise4([x], shape, ["%%r = arith.maximumf %%in0, %s : f32" % zero,
                                              "linalg.yield %r : f32"])

    def add(self, a, b, shape):
        return self.elementwise4([a, b], shape, ["%s = arith.addf %in0, %in1 : f32",
                                                 "linalg.yield %s : f32"])

    def max_pool(self, x, shape, k, stride, pad, ninf, zero):
        x, pshape = self.pad(x, shape, pad, ninf)
        oh = (pshape[2] - k) // stride + 1
        ow = (pshape[3] - k) // stride + 1
        out = [shape[0], shape[1], oh, ow]
        acc = self.filled(out, ninf)
        win = self.value("win")
        self.emit("%s = tensor.empty() : %s" % (win, "tensor<%dx%dx%s>" % (k, k, F32)))
        wty = "tensor<%dx%dx%s>" % (k, k, F32)
        if self.named:
            v = self.value("pool")
            self.emit("%s = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, "
                      "strides = dense<%d> : vector<2xi64>} ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                      % (v, stride, x, win, ty(pshape), wty, acc, ty(out), ty(out)))
            return v, out
        maps = [self.amap(6, ["d0", "d1", "d2 * %d + d4" % stride, "d3 * %d + d5" % stride]),
                self.amap(6, ["d4", "d5"]),
                self.amap(6, ["d0", "d1", "d2", "d3"])]
        v = self.generic([x, win], [ty(pshape), wty], maps,
                         ["parallel"] * 4 + ["reduction"] * 2, acc, ty(out),
                         ["%m = arith.maximumf %out, %in0 : f32", "linalg.yield %m : f32"], 2)
        return v, out

    def bottleneck(self, x, shape, width, stride, downsample, zero):
        y, s = self.conv(x, shape, width, 1, 1, 0, zero)
        y = self.relu(self.batch_norm(y, s), s, zero)
        y, s = self.conv(y, s, width, 3, stride, 1, zero)
        y = self.relu(self.batch_norm(y, s), s, zero)
        y, s = self.conv(y, s, 4 * width, 1, 1, 0, zero)
        y = self.batch_norm(y, s)
        if downsample:
            r, rs = self.conv(x, shape, 4 * width, 1, stride, 0, zero)
            r = self.batch_norm(r, rs)
        else:
            r = x
        y = self.add(y, r, s)
        return self.relu(y, s, zero), s

    def forward(self, width, blocks):
        zero = self.const("0.000000e+00")
        ninf = self.const("0xFF800000")
        shape = [1, 3, 224, 224]
        x, shape = self.conv("%arg0", shape, width, 7, 2, 3, zero)
        x = self.relu(self.batch_norm(x, shape), shape, zero)
        x, shape = self.max_pool(x, shape, 3, 2, 1, ninf, zero)
        for stage, n in enumerate(blocks):
            w = width * (2 ** stage)
            for b in range(n):
                stride = 2 if b == 0 and stage > 0 else 1
                x, shape = self.bottleneck(x, shape, w, stride, b == 0, zero)
        # Global average pooling: a sum over H and W, then a division.
        c = shape[1]
        pooled = [1, c, 1, 1]
        acc = self.filled(pooled, zero)
        # torch-mlir keeps the sum 1xCx1x1, then divides by H * W.
        sum4 = self.generic([x], [ty(shape)],
                            [self.amap(4, ["d0", "d1", "d2", "d3"]),
                             self.amap(4, ["d0", "d1", "0", "0"])],
                            ["parallel", "parallel", "reduction", "reduction"], acc, ty(pooled),
                            ["%a = arith.addf %out, %in0 : f32", "linalg.yield %a : f32"], 1)
        count = self.const("%e" % float(shape[2] * shape[3]))
        mean = self.elementwise4([sum4], pooled, ["%%d = arith.divf %%in0, %s : f32" % count,
                                                  "linalg.yield %d : f32"])
        flat = self.value("flat")
        self.emit("%s = tensor.collapse_shape %s [[0], [1, 2, 3]] : %s into %s"
                  % (flat, mean, ty(pooled), ty([1, c])))
        # The classifier: torch's weight is [1000, C]; transposed, multiplied, biased.
        fc_w = self.weight([1000, c], "fc_weight")
        fc_b = self.weight([1000], "fc_bias")
        t_init = self.value("e")
        self.emit("%s = tensor.empty() : %s" % (t_init, ty([c, 1000])))
        wt = self.generic([fc_w], [ty([1000, c])],
                          [self.amap(2, ["d1", "d0"]), self.amap(2, ["d0", "d1"])],
                          ["parallel", "parallel"], t_init, ty([c, 1000]),
                          ["linalg.yield %in0 : f32"], 1)
        mm_acc = self.filled([1, 1000], zero)
        mm = self.value("mm")
        self.emit("%s = linalg.matmul ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                  % (mm, flat, wt, ty([1, c]), ty([c, 1000]), mm_acc, ty([1, 1000]), ty([1, 1000])))
        out_init = self.value("e")
        self.emit("%s = tensor.empty() : %s" % (out_init, ty([1, 1000])))
        logits = self.generic([mm, fc_b], [ty([1, 1000]), ty([1000])],
                              [self.amap(2, ["d0", "d1"]), self.amap(2, ["d1"]),
                               self.amap(2, ["d0", "d1"])],
                              ["parallel", "parallel"], out_init, ty([1, 1000]),
                              ["%a = arith.addf %in0, %in1 : f32", "linalg.yield %a : f32"], 2)
        self.emit("return %s : %s" % (logits, ty([1, 1000])))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--width", type=int, default=48, help="base width (ResNet-50: 64)")
    ap.add_argument("--blocks", default="3,4,6,3", help="bottleneck blocks per stage")
    ap.add_argument("--named", action="store_true",
                    help="named convolution and pooling ops instead of their generic form")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    net = Net(args.named, args.seed)
    net.forward(args.width, [int(b) for b in args.blocks.split(",")])
    with open(args.out, "w") as f:
        for text, name in sorted(net.maps.items(), key=lambda kv: int(kv[1][4:])):
            f.write("%s = %s\n" % (name, text))
        f.write("module {\n")
        f.write("  func.func @forward(%%arg0: %s) -> %s {\n" % (ty([1, 3, 224, 224]), ty([1, 1000])))
        for line in net.lines:
            f.write(line + "\n")
        f.write("  }\n}\n\n{-#\n  dialect_resources: {\n    builtin: {\n")
        total = 0
        for i, (name, n) in enumerate(net.blobs):
            total += 4 * n
            f.write('      %s: "%s"%s\n' % (name, net.blob_hex(n), "," if i + 1 < len(net.blobs) else ""))
        f.write("    }\n  }\n#-}\n")
    ops = sum(1 for line in net.lines if "=" in line.split("//")[0] or line.strip().startswith(("return", "tensor.yield", "linalg.yield")))
    print("%s: %d weight blobs, %.1f MB of weights, about %d ops"
          % (args.out, len(net.blobs), total / 1e6, ops), file=sys.stderr)


if __name__ == "__main__":
    main()
