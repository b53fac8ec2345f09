"""Prints @main: a memref<4xf32> of zeros, then LOOPS loops of 3 iterations,
loop k adding i + 1 to m[k mod 4]; returns the sum of m, 6 * LOOPS. Each
loop computes k mod 4 itself from its own constant k, so no two loops are
the same code (share-repeated-loop-nests leaves them in the function)."""
import sys

LOOPS = int(sys.argv[1])
out = ["func.func @main() -> f32 {",
       "  %c0 = arith.constant 0 : index",
       "  %c1 = arith.constant 1 : index",
       "  %c3 = arith.constant 3 : index",
       "  %c4 = arith.constant 4 : index",
       "  %z = arith.constant 0.0 : f32",
       "  %m = memref.alloca() : memref<4xf32>",
       "  scf.for %i = %c0 to %c4 step %c1 {",
       "    memref.store %z, %m[%i] : memref<4xf32>",
       "  }"]
for k in range(LOOPS):
    out += [f"  %k{k} = arith.constant {k} : index",
            f"  scf.for %i{k} = %c0 to %c3 step %c1 {{",
            f"    %r{k} = arith.remui %k{k}, %c4 : index",
            f"    %v{k} = memref.load %m[%r{k}] : memref<4xf32>",
            f"    %j{k} = arith.addi %i{k}, %c1 : index",
            f"    %n{k} = arith.index_cast %j{k} : index to i32",
            f"    %f{k} = arith.sitofp %n{k} : i32 to f32",
            f"    %w{k} = arith.addf %v{k}, %f{k} : f32",
            f"    memref.store %w{k}, %m[%r{k}] : memref<4xf32>",
            "  }"]
out += ["  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %z) -> (f32) {",
        "    %e = memref.load %m[%i] : memref<4xf32>",
        "    %b = arith.addf %a, %e : f32",
        "    scf.yield %b : f32",
        "  }",
        "  return %s : f32",
        "}"]
print("\n".join(out))
