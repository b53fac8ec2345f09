#!/usr/bin/env python3
"""Writes a random vector program (func @main printing every result with
vector.print) for differential runs: the interpreter, the JIT and upstream
MLIR 22 (tests/scripts/lib/upstream-run.sh) must print the same.

usage: gen_vector_run.py SEED > prog.mlir

Each program draws random shapes, random f32/i32 constants (small
integers and halves, so float results are exact whatever the order of
evaluation upstream picks for fast paths), then a random sequence of
vector ops over them: broadcast, extract/insert at static and dynamic
positions, fma, every reduction kind with and without accumulator,
from_elements, shape_cast, contract (matmul and dot, kind add),
elementwise arith/math and compare+select,
and transfer_read/transfer_write on a memref at random (also out of
bounds) offsets with random in_bounds=false dims, masks and broadcast or
transposing permutation maps.
"""
import random
import sys

FKINDS = ["add", "mul", "minnumf", "maxnumf", "minimumf", "maximumf"]
IKINDS = ["add", "mul", "minui", "minsi", "maxui", "maxsi", "and", "or", "xor"]
FBIN = ["arith.addf", "arith.subf", "arith.mulf", "arith.maximumf", "arith.minimumf"]
IBIN = ["arith.addi", "arith.subi", "arith.muli", "arith.maxsi", "arith.minui", "arith.xori"]


def fval(r):
    return r.choice([-4.0, -2.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 8.0])


def ival(r):
    return r.randint(-9, 9)


def vtype(shape, et):
    return "vector<%s%s>" % ("".join("%dx" % d for d in shape), et)


def dense(shape, vals):
    if not shape:
        return str(vals[0])

    def rec(dims, flat):
        if len(dims) == 1:
            return "[" + ", ".join(str(v) for v in flat) + "]"
        step = len(flat) // dims[0]
        return "[" + ", ".join(rec(dims[1:], flat[i * step:(i + 1) * step])
                               for i in range(dims[0])) + "]"
    return rec(shape, vals)


def count(shape):
    n = 1
    for d in shape:
        n *= d
    return n


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.lines = []
        self.n = 0
        self.vecs = []  # (name, shape, et)
        # broadcast results: MLIR 22 folds shape_cast(broadcast) wrongly
        # (llvm-project issue 190614, fixed after 22), so no shape_cast
        # takes one (tests/lit/vector/upstream-shape-cast-fold.mlir)
        self.bcast = set()

    def fresh(self):
        self.n += 1
        return "%%v%d" % self.n

    def emit(self, s):
        self.lines.append("  " + s)

    def show(self, name, t):
        self.emit("vector.print %s : %s" % (name, t))

    def constant(self, shape, et):
        r = self.r
        vals = [fval(r) if et == "f32" else ival(r) for _ in range(count(shape))]
        name = self.fresh()
        self.emit("%s = arith.constant dense<%s> : %s" % (name, dense(shape, vals), vtype(shape, et)))
        self.vecs.append((name, shape, et))
        return name

    def scalar(self, et):
        name = self.fresh()
        v = fval(self.r) if et == "f32" else ival(self.r)
        self.emit("%s = arith.constant %s : %s" % (name, v, et))
        return name

    def index(self, v):
        name = self.fresh()
        self.emit("%s = arith.constant %d : index" % (name, v))
        return name

    def pick(self, et=None, rank=None):
        c = [v for v in self.vecs if (et is None or v[2] == et) and (rank is None or len(v[1]) == rank)]
        return self.r.choice(c) if c else None

    def step(self):
        r = self.r
        op = r.choice(["broadcast", "extract", "insert", "fma", "reduce", "from_elements",
                       "shape_cast", "binary", "select", "math", "transfer", "contract"])
        getattr(self, "op_" + op)()

    def op_broadcast(self):
        r = self.r
        src = self.pick()
        if src is None or len(src[1]) > 2:
            return
        name, shape, et = src
        shape2 = list(shape)
        if shape2 and r.random() < 0.3:
            # a unit dim stretched: take a [1, n] view through shape_cast
            shape2 = [1] + shape2
            cast = self.fresh()
            self.emit("%s = vector.shape_cast %s : %s to %s" % (cast, name, vtype(shape, et), vtype(shape2, et)))
            name = cast
            res = [r.randint(2, 3)] + shape2[1:]
        else:
            res = [r.randint(1, 3)] + shape2
        out = self.fresh()
        self.emit("%s = vector.broadcast %s : %s to %s" % (out, name, vtype(shape2, et), vtype(res, et)))
        self.show(out, vtype(res, et))
        self.vecs.append((out, res, et))
        self.bcast.add(out)

    def position(self, shape, k):
        parts = []
        for d in range(k):
            p = self.r.randrange(shape[d])
            parts.append(self.index(p) if self.r.random() < 0.4 else str(p))
        return parts

    def op_extract(self):
        src = self.pick()
        if src is None or not src[1]:
            return
        name, shape, et = src
        k = self.r.randint(1, len(shape))
        pos = self.position(shape, k)
        rest = shape[k:]
        rt = vtype(rest, et) if rest else et
        out = self.fresh()
        self.emit("%s = vector.extract %s[%s] : %s from %s" % (out, name, ", ".join(pos), rt, vtype(shape, et)))
        self.show(out, rt)
        if rest:
            self.vecs.append((out, rest, et))

    def op_insert(self):
        dst = self.pick()
        if dst is None or not dst[1]:
            return
        name, shape, et = dst
        k = self.r.randint(1, len(shape))
        rest = shape[k:]
        part = self.pick(et) if rest else None
        if rest and (part is None or part[1] != rest):
            part_name = self.constant(rest, et)
        elif rest:
            part_name = part[0]
        else:
            part_name = self.scalar(et)
        pos = self.position(shape, k)
        pt = vtype(rest, et) if rest else et
        out = self.fresh()
        self.emit("%s = vector.insert %s, %s [%s] : %s into %s" % (out, part_name, name, ", ".join(pos), pt, vtype(shape, et)))
        self.show(out, vtype(shape, et))
        self.vecs.append((out, shape, et))

    def op_fma(self):
        a = self.pick("f32")
        if a is None:
            return
        name, shape, et = a
        b = self.constant(shape, et)
        out = self.fresh()
        t = vtype(shape, et)
        self.emit("%s = vector.fma %s, %s, %s : %s" % (out, name, b, name, t))
        self.show(out, t)
        self.vecs.append((out, shape, et))

    def op_reduce(self):
        src = self.pick(rank=1)
        if src is None:
            return
        name, shape, et = src
        kind = self.r.choice(FKINDS if et == "f32" else IKINDS)
        acc = ", " + self.scalar(et) if self.r.random() < 0.5 else ""
        out = self.fresh()
        self.emit("%s = vector.reduction <%s>, %s%s : %s into %s" % (out, kind, name, acc, vtype(shape, et), et))
        self.show(out, et)

    def op_from_elements(self):
        et = self.r.choice(["f32", "i32"])
        shape = [self.r.randint(1, 3), self.r.randint(1, 3)][: self.r.randint(1, 2)]
        elems = [self.scalar(et) for _ in range(count(shape))]
        out = self.fresh()
        t = vtype(shape, et)
        self.emit("%s = vector.from_elements %s : %s" % (out, ", ".join(elems), t))
        self.show(out, t)
        self.vecs.append((out, shape, et))

    def op_shape_cast(self):
        src = self.pick()
        if src is None or src[0] in self.bcast:
            return
        name, shape, et = src
        n = count(shape)
        divs = [d for d in range(1, n + 1) if n % d == 0]
        d = self.r.choice(divs)
        res = [d, n // d] if self.r.random() < 0.6 else [n]
        out = self.fresh()
        self.emit("%s = vector.shape_cast %s : %s to %s" % (out, name, vtype(shape, et), vtype(res, et)))
        self.show(out, vtype(res, et))
        self.vecs.append((out, res, et))

    def op_binary(self):
        a = self.pick()
        if a is None:
            return
        name, shape, et = a
        b = self.constant(shape, et)
        op = self.r.choice(FBIN if et == "f32" else IBIN)
        out = self.fresh()
        t = vtype(shape, et)
        self.emit("%s = %s %s, %s : %s" % (out, op, name, b, t))
        self.show(out, t)
        self.vecs.append((out, shape, et))

    def op_select(self):
        a = self.pick("f32")
        if a is None:
            return
        name, shape, et = a
        b = self.constant(shape, et)
        c, out = self.fresh(), self.fresh()
        t = vtype(shape, et)
        self.emit("%s = arith.cmpf %s, %s, %s : %s" % (c, self.r.choice(["olt", "oge", "oeq"]), name, b, t))
        self.emit("%s = arith.select %s, %s, %s : %s, %s" % (out, c, name, b, vtype(shape, "i1"), t))
        self.show(c, vtype(shape, "i1"))
        self.show(out, t)
        self.vecs.append((out, shape, et))

    def op_math(self):
        a = self.pick("f32")
        if a is None:
            return
        name, shape, et = a
        op = self.r.choice(["math.absf", "math.floor", "math.ceil", "arith.negf"])
        out = self.fresh()
        t = vtype(shape, et)
        self.emit("%s = %s %s : %s" % (out, op, name, t))
        self.show(out, t)
        self.vecs.append((out, shape, et))

    def op_contract(self):
        """A matmul (lhs maybe transposed) or a dot product, kind add (the
        only kind upstream lowers)."""
        r = self.r
        et = r.choice(["f32", "i32"])
        m, n, k = r.randint(1, 3), r.randint(1, 3), r.randint(1, 4)
        if r.random() < 0.3:
            a, b, acc = self.constant([k], et), self.constant([k], et), self.scalar(et)
            maps = "[affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>]"
            its, types, rt = '["reduction"]', "%s, %s" % (vtype([k], et), vtype([k], et)), et
        else:
            lhs_t = r.random() < 0.4
            a = self.constant([k, m] if lhs_t else [m, k], et)
            b, acc = self.constant([k, n], et), self.constant([m, n], et)
            amap = "(k, i)" if lhs_t else "(i, k)"
            maps = ("[affine_map<(i, j, k) -> %s>, affine_map<(i, j, k) -> (k, j)>, "
                    "affine_map<(i, j, k) -> (i, j)>]" % amap)
            its = '["parallel", "parallel", "reduction"]'
            types = "%s, %s" % (vtype([k, m] if lhs_t else [m, k], et), vtype([k, n], et))
            rt = vtype([m, n], et)
        out = self.fresh()
        self.emit("%s = vector.contract {indexing_maps = %s, iterator_types = %s} %s, %s, %s : %s into %s"
                  % (out, maps, its, a, b, acc, types, rt))
        self.show(out, rt)

    def op_transfer(self):
        """A read and a write on the 4x6 memref %mem, filled at the start."""
        r = self.r
        kind = r.choice(["minor", "transpose", "broadcast", "mask"])
        if kind == "minor":
            shape = [r.randint(1, 5)] if r.random() < 0.5 else [r.randint(1, 3), r.randint(1, 5)]
            amap = None
        elif kind == "transpose":
            shape = [r.randint(1, 4), r.randint(1, 3)]
            amap = "affine_map<(d0, d1) -> (d1, d0)>"
        elif kind == "broadcast":
            shape = [r.randint(1, 3), r.randint(1, 5)]
            amap = "affine_map<(d0, d1) -> (0, d1)>"
        else:
            shape = [r.randint(1, 5)]
            amap = None
        # a dimension the vector does not walk must be indexed in bounds
        walks_d0 = len(shape) == 2 and kind != "broadcast"
        i, j = self.index(r.randint(0, 4 if walks_d0 else 3)), self.index(r.randint(0, 6))
        inb = ", ".join("false" for _ in shape)
        attrs = ["in_bounds = [%s]" % inb]
        if amap:
            attrs.append("permutation_map = %s" % amap)
        mask = ""
        if kind == "mask" or r.random() < 0.3:
            # the mask's dims: the vector dims walking a memref dim, in memref
            # dim order (transposed for the transposing map, none for a
            # broadcast dim)
            mshape = {"transpose": shape[::-1], "broadcast": shape[1:]}.get(kind, shape)
            mask = ", " + self.fresh()
            self.emit("%s = arith.constant dense<%s> : %s" % (mask[2:], dense(mshape, [r.choice(["true", "false"]) for _ in range(count(mshape))]), vtype(mshape, "i1")))
        out = self.fresh()
        t = vtype(shape, "f32")
        self.emit("%s = vector.transfer_read %%mem[%s, %s], %%pad%s {%s} : memref<4x6xf32>, %s" % (out, i, j, mask, ", ".join(attrs), t))
        self.show(out, t)
        self.vecs.append((out, shape, "f32"))
        if kind != "broadcast":  # upstream forbids broadcast dims on writes
            src = self.constant(shape, "f32")
            self.emit("vector.transfer_write %s, %%mem[%s, %s]%s {%s} : %s, memref<4x6xf32>" % (src, i, j, mask, ", ".join(attrs), t))
            c0, full = self.index(0), self.fresh()
            self.emit("%s = vector.transfer_read %%mem[%s, %s], %%pad {in_bounds = [true, true]} : memref<4x6xf32>, vector<4x6xf32>" % (full, c0, c0))
            self.show(full, "vector<4x6xf32>")

    def program(self, steps):
        self.lines.append("func.func @main() {")
        self.emit("%pad = arith.constant -7.0 : f32")
        self.emit("%mem = memref.alloca() : memref<4x6xf32>")
        init = self.constant([4, 6], "f32")
        self.vecs.pop()
        c0 = self.index(0)
        self.emit("vector.transfer_write %s, %%mem[%s, %s] {in_bounds = [true, true]} : vector<4x6xf32>, memref<4x6xf32>" % (init, c0, c0))
        for _ in range(3):
            et = self.r.choice(["f32", "i32"])
            shape = [self.r.randint(1, 5)] if self.r.random() < 0.6 else [self.r.randint(1, 3), self.r.randint(1, 4)]
            self.constant(shape, et)
        for _ in range(steps):
            self.step()
        self.emit("return")
        self.lines.append("}")
        return "\n".join(self.lines) + "\n"


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    sys.stdout.write("// generated by gen_vector_run.py %d\n" % seed)
    sys.stdout.write(Gen(seed).program(40))
