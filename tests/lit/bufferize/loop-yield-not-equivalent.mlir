// Without allow-return-allocs-from-loops (false, as upstream), One-Shot
// refuses a loop whose iteration hands on a tensor that, after the in-place
// decisions, is not its iteration argument's buffer: scf.for at its yield,
// scf.while at its condition or its yield, each naming the first such
// operand. The check runs after the analysis, so an in-place chain of writes
// (or an scf.if passing the argument through both branches) is accepted.
// With the option the same loops bufferize (the yielded buffer is copied
// into the iteration buffer) and compute the same values. mlir-opt gives the
// same errors at the same places.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s -one-shot-bufferize -split-input-file -verify-diagnostics
// RUN: buffer-opt %s -one-shot-bufferize="test-analysis-only" -split-input-file -verify-diagnostics
// RUN: mlir-opt %s -one-shot-bufferize -split-input-file -verify-diagnostics
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file -verify-diagnostics
// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file -verify-diagnostics
// RUN: buffer-opt %s -one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries" -split-input-file -o /dev/null
// RUN: mlir-opt %s -one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries" -split-input-file -o /dev/null
// copy-before-write skips the analysis, and the check with it.
// RUN: buffer-opt %s -one-shot-bufferize="copy-before-write" -split-input-file -o /dev/null
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt -one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries" --run=main %s | FileCheck %s --check-prefix=OUT
// OUT: "data":[1.0,2.0]

func.func @swap(%a: tensor<2xf32>, %b: tensor<2xf32>, %n: index) -> (tensor<2xf32>, tensor<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (tensor<2xf32>, tensor<2xf32>) {
    // expected-error @+1 {{Yield operand #1 is not equivalent to the corresponding iter bbArg}}
    scf.yield %x, %a : tensor<2xf32>, tensor<2xf32>
  }
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}

func.func @main() -> tensor<2xf32> {
  %a = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %n = arith.constant 3 : index
  %r:2 = call @swap(%a, %b, %n) : (tensor<2xf32>, tensor<2xf32>, index) -> (tensor<2xf32>, tensor<2xf32>)
  return %r#1 : tensor<2xf32>
}

// -----

// The first fill writes a copy (its result is read after the second fill
// writes the iter_arg in place), so the yielded value is not the iter_arg's
// buffer.
func.func @copied_write(%t: tensor<4xf32>, %n: index, %f: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %t, %acc = %f) -> (tensor<4xf32>, f32) {
    %1 = linalg.fill ins(%f : f32) outs(%x : tensor<4xf32>) -> tensor<4xf32>
    %2 = linalg.fill ins(%acc : f32) outs(%x : tensor<4xf32>) -> tensor<4xf32>
    %e = tensor.extract %2[%c0] : tensor<4xf32>
    // expected-error @+1 {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %1, %e : tensor<4xf32>, f32
  }
  return %r#0, %r#1 : tensor<4xf32>, f32
}

// -----

// In-place writes and an scf.if passing the argument on in both branches
// keep the yielded value equivalent: accepted.
func.func @accepted(%t: tensor<4xf32>, %n: index, %f: f32, %c: i1) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %t) -> tensor<4xf32> {
    %1 = tensor.insert %f into %x[%i] : tensor<4xf32>
    %2 = scf.if %c -> tensor<4xf32> {
      scf.yield %1 : tensor<4xf32>
    } else {
      scf.yield %1 : tensor<4xf32>
    }
    scf.yield %2 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_condition(%a: tensor<5xi1>, %b: tensor<5xi1>, %idx: index) -> (tensor<5xi1>, tensor<5xi1>) {
  %r0, %r1 = scf.while (%w0 = %a, %w1 = %b) : (tensor<5xi1>, tensor<5xi1>) -> (tensor<5xi1>, tensor<5xi1>) {
    %c = tensor.extract %w0[%idx] : tensor<5xi1>
    // expected-error @+1 {{Condition arg #1 is not equivalent to the corresponding iter bbArg}}
    scf.condition(%c) %w0, %w0 : tensor<5xi1>, tensor<5xi1>
  } do {
  ^bb0(%x: tensor<5xi1>, %y: tensor<5xi1>):
    scf.yield %x, %y : tensor<5xi1>, tensor<5xi1>
  }
  return %r0, %r1 : tensor<5xi1>, tensor<5xi1>
}

// -----

func.func @while_yield(%a: tensor<5xi1>, %idx: index) -> tensor<5xi1> {
  %r = scf.while (%w = %a) : (tensor<5xi1>) -> tensor<5xi1> {
    %c = tensor.extract %w[%idx] : tensor<5xi1>
    scf.condition(%c) %w : tensor<5xi1>
  } do {
  ^bb0(%x: tensor<5xi1>):
    %e = tensor.empty() : tensor<5xi1>
    // expected-error @+1 {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %e : tensor<5xi1>
  }
  return %r : tensor<5xi1>
}

// -----

// scf.forall has no such check (its shared_outs are its results' buffers).
func.func @forall(%t: tensor<8xf32>, %u: tensor<8xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i) in (8) shared_outs(%o = %t) -> tensor<8xf32> {
    %s = tensor.extract_slice %u[%i] [1] [1] : tensor<8xf32> to tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}
