// The interpreter on affine ops: undefined behaviour is reported at the
// affine op (out-of-bounds store through the subscript map, a read of an
// unwritten element, modulo by zero), and loops with zero trips or negative
// bounds run as upstream's lowering does.
// RUN: not buffer-opt %S/Inputs/store_out_of_bounds.mlir --run=main 2>&1 | FileCheck %s --check-prefix=OOB
// OOB: store_out_of_bounds.mlir:6:5: error: interpreter: out-of-bounds access: index 4 in dimension 0 of size 4
// RUN: not buffer-opt %S/Inputs/load_uninitialized.mlir --run=main 2>&1 | FileCheck %s --check-prefix=UNINIT
// UNINIT: load_uninitialized.mlir:4:10: error: interpreter: read of uninitialized memory
// RUN: not buffer-opt %S/Inputs/mod_by_zero.mlir --run=main 2>&1 | FileCheck %s --check-prefix=MOD
// MOD: mod_by_zero.mlir:3:8: error: interpreter: affine modulo by a non-positive value (0)
// RUN: buffer-opt %S/Inputs/zero_trip_and_negative.mlir --run=main | FileCheck %s --check-prefix=LOOPS
// LOOPS: 0
// LOOPS-NEXT: -4
