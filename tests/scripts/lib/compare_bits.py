#!/usr/bin/python3
"""Compares what two runs of a tests/gen/gen_models.py program printed.

  compare_bits.py EXPECTED ACTUAL [--rtol 1e-5]

Each file holds printMemref outputs ("Unranked Memref base@ = ... data =
[...]"). @main prints every f32 result as the i32 bits of its values, so the
numbers are read back as f32 and compared with a relative tolerance; other
prints (i64 state such as a step counter) must be equal, which the same
comparison enforces, as a small integer read as f32 bits is a subnormal
that only equals itself within the tolerance.

The relative error of one element is |a - e| / max(|e|, floor), where floor
is 1e-3 times the largest magnitude of the expected tensor: an element that
cancels to nearly zero is compared against its tensor's scale, not against
itself. Prints one line:
  tensors=T elements=N differ_bits=D max_rel=R
and exits 1 when the shapes differ, a value is NaN in one run only, or
max_rel exceeds --rtol.
"""
import argparse
import re
import struct
import sys

HEADER = re.compile(r"Unranked Memref base@ = \S+ rank = (\d+) offset = \d+ sizes = \[([^\]]*)\]")


def blocks(path):
    """[(sizes, [int, ...]), ...] of one output."""
    text = open(path).read()
    out = []
    starts = [m for m in HEADER.finditer(text)]
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
        data = text[m.end():end].split("data =", 1)[-1]
        nums = [int(x) for x in re.findall(r"-?\d+", data)]
        out.append((m.group(2).strip(), nums))
    return out


def as_f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("expected")
    ap.add_argument("actual")
    ap.add_argument("--rtol", type=float, default=1e-5)
    args = ap.parse_args()
    exp, act = blocks(args.expected), blocks(args.actual)
    if not exp:
        print("no printed tensors in %s" % args.expected)
        return 1
    if [s for s, _ in exp] != [s for s, _ in act] or [len(n) for _, n in exp] != [len(n) for _, n in act]:
        print("shapes differ: expected %s, got %s" % ([s for s, _ in exp], [s for s, _ in act]))
        return 1
    elements = differ = 0
    max_rel = 0.0
    bad_nan = False
    for (_, e_bits), (_, a_bits) in zip(exp, act):
        e_vals = [as_f32(b) for b in e_bits]
        a_vals = [as_f32(b) for b in a_bits]
        scale = max((abs(v) for v in e_vals if v == v and abs(v) != float("inf")), default=0.0)
        floor = max(scale * 1e-3, 1e-38)
        for eb, ab, e, a in zip(e_bits, a_bits, e_vals, a_vals):
            elements += 1
            if eb == ab:
                continue
            differ += 1
            if (e != e) or (a != a):
                bad_nan = bad_nan or ((e != e) != (a != a))
                continue
            if abs(e) == float("inf") or abs(a) == float("inf"):
                max_rel = float("inf")
                continue
            max_rel = max(max_rel, abs(a - e) / max(abs(e), floor))
    print("tensors=%d elements=%d differ_bits=%d max_rel=%.3g" % (len(exp), elements, differ, max_rel))
    return 1 if bad_nan or max_rel > args.rtol else 0


if __name__ == "__main__":
    sys.exit(main())
