#!/usr/bin/env python3
"""run_ptx.py: run a program's --emit=ptx kernels on a real GPU and compare
with the reference interpreter.

    tests/gpu/run_ptx.py PROGRAM.mlir --func=F --inputs=ARGS.json
        [--buffer-opt=build/bin/buffer-opt] [--arch=sm_90] [--rtol=1e-5]
        [--libdevice=libdevice.10.bc]

1. `buffer-opt --emit=ptx PROGRAM` gives the PTX and the launch manifest
   (schema/gpu-manifest.schema.json);
2. the host steps the manifest lists for F (it must be "replayable") are
   replayed with the CUDA driver API (ctypes on libcuda.so): buffers are
   allocated in device memory, arguments copied in, each kernel launched in
   manifest order with its memref descriptors flattened field by field and
   the suggested block (grid from the iteration points; any grid is correct
   since kernels use a grid-stride loop), results copied back;
3. `buffer-opt --run=F --inputs=ARGS.json` gives the interpreter's results
   (schema/run-values.schema.json), which must match: integers exactly,
   floats within --rtol: math ops (tanh, exp, pow ...) run libdevice's
   __nv_* functions on the GPU (up to a few ulp from the interpreter's
   libm), linked in by --emit=ptx from --libdevice (default: buffer-opt's,
   $BUFFERD_LIBDEVICE or CUDA's nvvm/libdevice/libdevice.10.bc).

Needs an NVIDIA GPU and its driver; it is not part of CTest (no GPU in CI).
Exit status: 0 equal, 1 different, 2 usage or setup error.
"""
import argparse
import ctypes
import json
import math
import os
import struct
import subprocess
import sys
import tempfile

# MLIR element type -> (struct format, bytes). i1 is stored as a byte, as
# the LLVM lowering stores it; index is 64-bit. struct has no bfloat16: "B"
# marks it, and encode/decode go through float32's upper half.
ELEMENTS = {
    "f64": ("d", 8), "f32": ("f", 4), "f16": ("e", 2), "bf16": ("B", 2),
    "i64": ("q", 8), "index": ("q", 8), "i32": ("i", 4), "i16": ("h", 2),
    "i8": ("b", 1), "i1": ("?", 1),
}
SCALAR_CTYPES = {
    "i64": ctypes.c_int64, "i32": ctypes.c_int32, "i16": ctypes.c_int16,
    "i8": ctypes.c_int8, "i1": ctypes.c_bool, "f64": ctypes.c_double,
    "f32": ctypes.c_float,
}


class Cuda:
    """The few driver API calls the replay needs."""

    def __init__(self):
        try:
            self.lib = ctypes.CDLL("libcuda.so.1")
        except OSError as e:
            sys.exit(f"run_ptx: cannot load libcuda.so.1 ({e}); this needs an NVIDIA GPU and driver")
        self.check("cuInit", 0)
        dev = ctypes.c_int()
        self.check("cuDeviceGet", ctypes.byref(dev), 0)
        self.ctx = ctypes.c_void_p()
        self.check("cuDevicePrimaryCtxRetain", ctypes.byref(self.ctx), dev)
        self.check("cuCtxSetCurrent", self.ctx)
        self.dev = dev

    def check(self, name, *args):
        rc = getattr(self.lib, name)(*args)
        if rc != 0:
            msg = ctypes.c_char_p()
            self.lib.cuGetErrorString(rc, ctypes.byref(msg))
            raise RuntimeError(f"{name} failed: {rc} {msg.value.decode() if msg.value else ''}")

    def load(self, ptx):
        mod = ctypes.c_void_p()
        self.check("cuModuleLoadData", ctypes.byref(mod), ctypes.c_char_p(ptx + b"\0"))
        return mod

    def function(self, mod, name):
        f = ctypes.c_void_p()
        self.check("cuModuleGetFunction", ctypes.byref(f), mod, name.encode())
        return f

    def alloc(self, nbytes):
        p = ctypes.c_uint64()
        self.check("cuMemAlloc_v2", ctypes.byref(p), ctypes.c_size_t(max(nbytes, 1)))
        return p.value

    def free(self, p):
        self.check("cuMemFree_v2", ctypes.c_uint64(p))

    def to_device(self, p, data):
        self.check("cuMemcpyHtoD_v2", ctypes.c_uint64(p), data, ctypes.c_size_t(len(data)))

    def to_host(self, p, nbytes):
        buf = ctypes.create_string_buffer(nbytes)
        self.check("cuMemcpyDtoH_v2", buf, ctypes.c_uint64(p), ctypes.c_size_t(nbytes))
        return buf.raw

    def copy(self, dst, src, nbytes):
        self.check("cuMemcpyDtoD_v2", ctypes.c_uint64(dst), ctypes.c_uint64(src),
                   ctypes.c_size_t(nbytes))

    def launch(self, f, grid, block, fields):
        params = (ctypes.c_void_p * len(fields))(
            *[ctypes.cast(ctypes.byref(v), ctypes.c_void_p) for v in fields])
        self.check("cuLaunchKernel", f, ctypes.c_uint(grid[0]), ctypes.c_uint(grid[1]),
                   ctypes.c_uint(grid[2]), ctypes.c_uint(block[0]), ctypes.c_uint(block[1]),
                   ctypes.c_uint(block[2]), ctypes.c_uint(0), None, params, None)
        self.check("cuCtxSynchronize")


class Buffer:
    """A device buffer: row-major, offset 0, as alloc and the inputs make them."""

    def __init__(self, ptr, elem, shape):
        self.ptr, self.elem, self.shape = ptr, elem, list(shape)

    @property
    def count(self):
        return math.prod(self.shape)

    @property
    def nbytes(self):
        return self.count * ELEMENTS[self.elem][1]

    def strides(self):
        s, acc = [], 1
        for d in reversed(self.shape):
            s.append(acc)
            acc *= d
        return list(reversed(s))


def elem_of(type_str):
    inner = type_str[type_str.index("<") + 1:type_str.rindex(">")]
    return inner.split(",")[0].split("x")[-1].strip()


def encode(elem, values):
    fmt, _ = ELEMENTS[elem]
    flat = []

    def walk(v):
        if isinstance(v, list):
            for x in v:
                walk(x)
        else:
            flat.append(0 if v is None else float(v) if fmt in "defB" and isinstance(v, str) else v)
    walk(values)
    if fmt == "B":
        return b"".join(struct.pack("<H", bf16_bits(x)) for x in flat)
    return struct.pack(f"<{len(flat)}{fmt}", *flat)


def bf16_bits(x):
    """float -> bfloat16 bits, rounded to nearest even as the LLVM lowering's fptrunc."""
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    if math.isnan(x):
        return (bits >> 16) | 0x40
    return (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16


def decode(elem, raw):
    fmt, size = ELEMENTS[elem]
    if fmt == "B":
        halves = struct.unpack(f"<{len(raw) // 2}H", raw)
        return [struct.unpack("<f", struct.pack("<I", h << 16))[0] for h in halves]
    return list(struct.unpack(f"<{len(raw) // size}{fmt}", raw))


def points(kernel, args):
    """Iteration points of a launch: bounds are constants or scalar params."""
    total = 1
    for loop in kernel["loops"]:
        lb, ub, st = (b if isinstance(b, int) else args[b["param"]]
                      for b in (loop["lower"], loop["upper"], loop["step"]))
        total *= max(-((lb - ub) // st), 0)
    return total


def replay(cuda, manifest, ptx, func, inputs):
    fn = next((f for f in manifest["functions"] if f["name"] == func), None)
    if fn is None:
        sys.exit(f"run_ptx: no function @{func} in the manifest")
    if not fn["replayable"]:
        sys.exit(f"run_ptx: @{func} cannot be replayed: {fn['not_replayable_because']}")
    if len(inputs) != len(fn["arguments"]):
        sys.exit(f"run_ptx: @{func} takes {len(fn['arguments'])} arguments, the inputs give {len(inputs)}")
    kernels = {k["name"]: k for k in manifest["kernels"]}
    mod = cuda.load(ptx)
    values, owned = {}, []  # value id (arguments first, then step results) -> value
    for n, (type_str, arg) in enumerate(zip(fn["arguments"], inputs)):
        if type_str.startswith("memref<"):
            elem = elem_of(type_str)
            b = Buffer(cuda.alloc(math.prod(arg["shape"]) * ELEMENTS[elem][1]), elem, arg["shape"])
            cuda.to_device(b.ptr, encode(elem, arg["data"]))
            owned.append(b.ptr)
            values[n] = b
        else:
            values[n] = arg["value"]
    launches = 0
    for s in fn["steps"]:
        op = s["op"]
        if op == "constant":
            values[s["result"]] = s["value"]
        elif op == "alloc":
            dyn = iter(values[i] for i in s["dynamic_sizes"])
            shape = [d if d is not None else next(dyn) for d in s["shape"]]
            b = Buffer(0, s["element_type"], shape)
            b.ptr = cuda.alloc(b.nbytes)
            owned.append(b.ptr)
            values[s["result"]] = b
        elif op == "dim":
            values[s["result"]] = values[s["source"]].shape[s["index"]]
        elif op == "alias":
            values[s["result"]] = values[s["source"]]
        elif op == "copy":
            src, dst = values[s["source"]], values[s["target"]]
            cuda.copy(dst.ptr, src.ptr, src.nbytes)
        elif op == "dealloc":
            pass  # buffers are freed at the end: results may alias them
        elif op == "launch":
            k = kernels[s["kernel"]]
            args = [values[i] for i in s["args"]]
            fields = []
            for p, a in zip(k["params"], args):
                if p["kind"] == "memref":
                    fields += [ctypes.c_uint64(a.ptr), ctypes.c_uint64(a.ptr), ctypes.c_int64(0)]
                    fields += [ctypes.c_int64(d) for d in a.shape + a.strides()]
                else:
                    fields.append(SCALAR_CTYPES[p["fields"][0]["type"]](a))
            assert len(fields) == k["num_fields"], (k["name"], len(fields))
            n = points(k, args)
            grid = k["grid"] or [max(1, min((n + k["block"][0] - 1) // k["block"][0], 65535)), 1, 1]
            cuda.launch(cuda.function(mod, k["name"]), grid, k["block"], fields)
            launches += 1
        elif op == "return":
            results = []
            for i, type_str in zip(s["values"], fn["results"]):
                v = values[i]
                if isinstance(v, Buffer):
                    results.append({"type": type_str, "shape": v.shape,
                                    "data": decode(v.elem, cuda.to_host(v.ptr, v.nbytes))})
                else:
                    results.append({"type": type_str, "value": v})
            for p in owned:
                cuda.free(p)
            return results, launches
    sys.exit(f"run_ptx: @{func} has no return step")


def same(a, b, rtol):
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(same(x, y, rtol) for x, y in zip(a, b))
    if isinstance(a, str) or isinstance(b, str) or a is None or b is None:
        return a is None or str(a) == str(b) or (isinstance(b, float) and str(a).lstrip("-") == "nan" and math.isnan(b))
    if isinstance(a, bool) or isinstance(b, bool):
        return bool(a) == bool(b)
    if isinstance(a, int) and isinstance(b, int):
        return a == b
    return math.isclose(float(a), float(b), rel_tol=rtol, abs_tol=rtol)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("program")
    ap.add_argument("--func", required=True)
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--buffer-opt", default=os.path.join(os.path.dirname(__file__), "../../build/bin/buffer-opt"))
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--rtol", type=float, default=1e-5)
    ap.add_argument("--libdevice", help="libdevice bitcode for kernels with math ops")
    o = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ptx_path, man_path = os.path.join(tmp, "k.ptx"), os.path.join(tmp, "k.json")
        libdevice = [f"--libdevice={o.libdevice}"] if o.libdevice else []
        subprocess.run([o.buffer_opt, "--emit=ptx", f"--gpu-arch={o.arch}", *libdevice, o.program,
                        "-o", ptx_path, f"--gpu-manifest={man_path}"], check=True)
        ref = subprocess.run([o.buffer_opt, f"--run={o.func}", f"--inputs={o.inputs}", o.program],
                             check=True, capture_output=True, text=True).stdout
        manifest = json.load(open(man_path))
        ptx = open(ptx_path, "rb").read()
    expected = json.loads(ref)
    got, launches = replay(Cuda(), manifest, ptx, o.func, json.load(open(o.inputs)))
    ok = len(got) == len(expected)
    for i, (g, e) in enumerate(zip(got, expected)):
        gv, ev = g.get("data", g.get("value")), e.get("data", e.get("value"))
        if not same(ev, gv, o.rtol) or g.get("shape") != e.get("shape"):
            ok = False
            print(f"result {i}: GPU {json.dumps(gv)[:400]}\n          interpreter {json.dumps(ev)[:400]}")
    print(f"run_ptx: @{o.func}: {launches} kernel launches, {len(got)} results, "
          f"{'equal to' if ok else 'DIFFERENT from'} the interpreter")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
