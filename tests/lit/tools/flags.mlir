// Driver flags: --split-input-file separates outputs with "// -----",
// --timing reports phases, -o writes a file, unknown flags and passes are
// usage errors (exit 2), --pass-pipeline and pass flags run passes.
// RUN: buffer-opt --split-input-file %s | FileCheck %s --check-prefix=SPLIT
// SPLIT: func.func @first
// SPLIT: // -----
// SPLIT: func.func @second
// RUN: buffer-opt --timing %s -o %t.out 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: Execution time report
// TIMING: Parser
// TIMING: Verifier
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT: func.func @second
// RUN: not buffer-opt --no-such-flag %s 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: unknown option or pass '--no-such-flag'
// RUN: not buffer-opt --symbol-dce="bogus" %s 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: pass 'symbol-dce' has no option 'bogus'
// Integer options are MLIR's unsigned: a sign or a value past 2^32-1 is an
// error located in the pipeline text, never wrapped.
// RUN: not buffer-opt --pass-pipeline="builtin.module(symbol-dce,func.func(promote-buffers-to-stack{max-alloc-size-in-bytes=-1}))" %s 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: pass 'promote-buffers-to-stack': invalid value '-1' for option 'max-alloc-size-in-bytes': expected an unsigned integer from 0 to 4294967295
// NEGATIVE: note: in the pass pipeline at offset 36: 'promote-buffers-to-stack{max-alloc-size-in-bytes=-1}'
// RUN: not buffer-opt --promote-buffers-to-stack="max-rank-of-allocated-memref=99999999999999999999" %s 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: invalid value '99999999999999999999' for option 'max-rank-of-allocated-memref'
// RUN: not buffer-opt --promote-buffers-to-stack="max-rank-of-allocated-memref=4294967296" %s 2>&1 | FileCheck %s --check-prefix=OVERFLOW32
// OVERFLOW32: invalid value '4294967296' for option 'max-rank-of-allocated-memref'
// RUN: not buffer-opt --pass-pipeline="builtin.module(nope)" %s 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: unknown pass 'nope'
// RUN: buffer-opt --split-input-file --pass-pipeline="builtin.module(symbol-dce)" %s | FileCheck %s --check-prefix=DCE
// DCE-NOT: @unused_private
// DCE: func.func @first

func.func private @unused_private()
func.func @first() {
  return
}

// -----

func.func @second() {
  return
}
