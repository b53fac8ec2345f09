#!/usr/bin/env python3
"""Compiles a program on a running bufferd and says where its buffers go.

usage: compile_example.py [FILE.mlir] [--url URL]
(without FILE: a small program whose insert must copy its destination)
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import bufferd  # noqa: E402

PROGRAM = """func.func @bump(%t: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t1 = tensor.insert %one into %t[%c0] : tensor<4xf32>
  %old = tensor.extract %t[%c0] : tensor<4xf32>
  return %t1, %old : tensor<4xf32>, f32
}
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file", nargs="?")
    ap.add_argument("--url", default=bufferd.DEFAULT_URL)
    args = ap.parse_args()
    program = open(args.file).read() if args.file else PROGRAM
    try:
        result = bufferd.compile(program, emit=["memref", "report"], url=args.url,
                                 file=args.file or "example.mlir")
    except bufferd.ProgramError as e:
        print("\n".join(str(d) for d in e.diagnostics), file=sys.stderr)
        return 1
    except bufferd.BufferdError as e:
        print("bufferd: %s" % e, file=sys.stderr)
        return 3
    lines = program.split("\n")
    for r in result.report["records"]:
        line = r["loc"]["line"]
        print("line %d: %s of %s bytes (%s)\n    %s" % (line, r["kind"], r["bytes"], r["reason"],
                                                     lines[line - 1].strip()))
    for f in result.report["functions"]:
        print("@%s: %d allocation(s), %d copy(ies), peak %s bytes"
              % (f["name"], f["allocations"], f["copies"], f["peak_live_bytes"]))
    print("key %s (%s)" % (result.key, result.cache))
    return 0


if __name__ == "__main__":
    sys.exit(main())
