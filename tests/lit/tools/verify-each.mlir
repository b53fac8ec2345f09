// --verify-each, as mlir-opt's: the IR is verified after every pass (the
// default), and a pass that leaves invalid IR stops the pipeline with the
// verifier's located errors and an error naming the pass; the passes after
// it do not run. --test-pass-create-invalid-ir is buffer-opt's test pass
// that puts a copy of each function's terminator first.
//
// RUN: not buffer-opt --test-pass-create-invalid-ir %s 2>&1 | FileCheck %s --check-prefix=EACH
// RUN: not buffer-opt --verify-each --test-pass-create-invalid-ir %s 2>&1 | FileCheck %s --check-prefix=EACH
// EACH: verify-each.mlir:[[# @LINE + 26]]:3: error: 'func.return' op must be the last operation in the parent block
// EACH: error: pass 'test-pass-create-invalid-ir' produced invalid IR (see the errors above)
// EACH-NOT: error
//
// The pass is named among others, and the pass after it does not run:
// RUN: not buffer-opt --timing --symbol-dce --test-pass-create-invalid-ir --buffer-hoisting %s 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED: error: pass 'test-pass-create-invalid-ir' produced invalid IR
// NAMED: symbol-dce
// NAMED-NEXT: test-pass-create-invalid-ir
// NAMED-NOT: buffer-hoisting
//
// --verify-each=false: nothing checks the IR between passes; printed, it is
// in the generic form (what mlir-opt prints for invalid IR), and the exit
// status is 0.
// RUN: buffer-opt --verify-each=false --test-pass-create-invalid-ir %s | FileCheck %s --check-prefix=UNCHECKED
// UNCHECKED: "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
// UNCHECKED-NEXT: "func.return"() : () -> ()
// UNCHECKED-NEXT: "func.return"() : () -> ()
//
// Whatever else reads the IR (the interpreter here) gets it verified first:
// RUN: not buffer-opt --verify-each=false --test-pass-create-invalid-ir --run=f %s 2>&1 | FileCheck %s --check-prefix=INTERP
// INTERP: error: 'func.return' op must be the last operation in the parent block
// INTERP: error: the passes produced invalid IR (see the errors above); verify after each pass (--verify-each) to find the pass
// INTERP-NOT: interpreter

func.func @f() {
  return
}
