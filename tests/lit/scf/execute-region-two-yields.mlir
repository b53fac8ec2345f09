// One-Shot refuses an scf.execute_region without exactly one scf.yield,
// with upstream's error on the op, whatever its result types and options
// (the check runs after the analysis, test-analysis-only included). A
// dialect filter that leaves scf out leaves the op alone. The interpreter
// still runs the tensor program.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s -one-shot-bufferize="allow-unknown-ops allow-return-allocs-from-loops" -split-input-file -verify-diagnostics
// RUN: mlir-opt %s -one-shot-bufferize="allow-unknown-ops allow-return-allocs-from-loops" -split-input-file -verify-diagnostics
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" -split-input-file -verify-diagnostics
// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" -split-input-file -verify-diagnostics
// RUN: buffer-opt %s -one-shot-bufferize="dialect-filter=tensor allow-unknown-ops" -split-input-file | FileCheck %s --check-prefix=FILTER
// RUN: mlir-opt %s -one-shot-bufferize="dialect-filter=tensor allow-unknown-ops" -split-input-file | FileCheck %s --check-prefix=FILTER
// RUN: buffer-opt --run=two_yields_main %s | FileCheck %s --check-prefix=VALUES
// FILTER-LABEL: func.func @two_yields(
// FILTER: scf.execute_region -> tensor<4xf32>
// VALUES: {{\[}}[2,   2,   1],
// VALUES-NEXT: [2,   2,   1]]

func.func @two_yields(%a: tensor<4xf32>, %c: i1) -> (tensor<4xf32>, f32) {
  %cst = arith.constant 2.0 : f32
  %i = arith.constant 0 : index
  // expected-error @below {{'scf.execute_region' op op without unique scf.yield is not supported}}
  %r = scf.execute_region -> tensor<4xf32> {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %w = tensor.insert %cst into %a[%i] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  ^bb2:
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  }
  %x = tensor.extract %a[%i] : tensor<4xf32>
  return %r, %x : tensor<4xf32>, f32
}

func.func private @printMemrefF32(memref<*xf32>)
func.func @two_yields_main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %t = arith.constant true
  %f = arith.constant false
  %r1, %x1 = func.call @two_yields(%a, %t) : (tensor<4xf32>, i1) -> (tensor<4xf32>, f32)
  %r2, %x2 = func.call @two_yields(%a, %f) : (tensor<4xf32>, i1) -> (tensor<4xf32>, f32)
  %i = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a1 = tensor.extract %r1[%i] : tensor<4xf32>
  %b1 = tensor.extract %r1[%c1] : tensor<4xf32>
  %a2 = tensor.extract %r2[%i] : tensor<4xf32>
  %b2 = tensor.extract %r2[%c1] : tensor<4xf32>
  %p = tensor.from_elements %a1, %b1, %x1, %a2, %b2, %x2 : tensor<2x3xf32>
  %m = bufferization.to_buffer %p : tensor<2x3xf32> to memref<2x3xf32>
  %u = memref.cast %m : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// -----

// No yield at all (the blocks branch in a cycle), and no tensor result.
func.func @no_yield(%x: f32) -> f32 {
  // expected-error @below {{op without unique scf.yield is not supported}}
  %0 = scf.execute_region -> f32 {
    cf.br ^bb1(%x : f32)
  ^bb1(%y: f32):
    cf.br ^bb1(%y : f32)
  }
  return %0 : f32
}
