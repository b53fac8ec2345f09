// A copy that an unranked tensor operand would need cannot be made (no
// shape to allocate): the error says so in upstream's words, so upstream
// expected-error lines match, and names the operand.
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" -verify-diagnostics -o /dev/null
// RUN: not buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" -o /dev/null 2>&1 | FileCheck %s

func.func private @may_write(%u: tensor<*xi32>)

func.func @unranked_needs_copy(%u: tensor<*xi32>) -> tensor<*xi32> {
  // CHECK: error: 'func.call' op not bufferizable under the given constraints: cannot avoid RaW conflict (operand #0 needs a copy but has no ranked tensor type)
  // expected-error @+1 {{not bufferizable under the given constraints: cannot avoid RaW conflict}}
  func.call @may_write(%u) : (tensor<*xi32>) -> ()
  return %u : tensor<*xi32>
}
