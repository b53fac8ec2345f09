// An element-wise op that reads one value and writes another in place reads
// each element before writing it, but only within one run: inside a loop
// that does not define the value it reads, the next iteration would read
// what this iteration wrote. The fill feeding such a loop goes out of place.
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | FileCheck %s --check-prefix=ANALYSIS
// RUN: %if mlir-opt %{ mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | FileCheck %s --check-prefix=ANALYSIS %}
// RUN: buffer-opt --run=main %s | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' > %t.tensor
// RUN: buffer-opt -one-shot-bufferize="bufferize-function-boundaries" -buffer-deallocation-pipeline %s | buffer-opt --run=main --run-leak-check - | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' > %t.buffer
// RUN: diff %t.tensor %t.buffer
// RUN: FileCheck %s --check-prefix=OUT < %t.buffer
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %s | diff %t.tensor - %}

// ANALYSIS-LABEL: func @fill_read_in_loop(
//       ANALYSIS:   linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
//       ANALYSIS:   scf.for
//       ANALYSIS:     linalg.map
//  ANALYSIS-SAME:     {__inplace_operands_attr__ = ["true", "true", "true"]}
func.func @fill_read_in_loop(%n: index, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %b) -> tensor<4xf32> {
    // Reads %f (the fill) and writes %e's buffer: each iteration must still
    // see the ones.
    %m = linalg.map { arith.addf } ins(%f, %acc : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>)
    %s = linalg.map { arith.addf } ins(%m, %acc : tensor<4xf32>, tensor<4xf32>) outs(%acc : tensor<4xf32>)
    scf.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// Three iterations from zeros: acc = 2*acc + 1 -> 1, 3, 7 (8 when the ones
// were overwritten by the first iteration).
// OUT: [7,  7,  7,  7]
func.func @main() {
  %c3 = arith.constant 3 : index
  %z = arith.constant dense<0.0> : tensor<4xf32>
  %r = call @fill_read_in_loop(%c3, %z) : (index, tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
