// Rank-reducing tensor.extract_slice whose dynamic sizes are 1 at run time:
// which dims are dropped is decided by the static sizes alone (a dynamic size
// is never dropped), so the result keeps the dynamic unit dim and drops the
// static one.
func.func private @printF32(f32)
func.func private @printNewline()

func.func @show(%s: tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = tensor.dim %s, %c0 : tensor<?x?xf32>
  %cols = tensor.dim %s, %c1 : tensor<?x?xf32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %x = tensor.extract %s[%i, %j] : tensor<?x?xf32>
      func.call @printF32(%x) : (f32) -> ()
    }
    func.call @printNewline() : () -> ()
  }
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %t = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %a = arith.muli %i, %c3 : index
    %b = arith.addi %a, %k : index
    %c = arith.addi %b, %j : index
    %n = arith.index_cast %c : index to i32
    %v = arith.sitofp %n : i32 to f32
    tensor.yield %v : f32
  } : tensor<2x1x3xf32>
  %s = tensor.extract_slice %t[1, 0, 0] [%c1, 1, %c3] [1, 1, 1] : tensor<2x1x3xf32> to tensor<?x?xf32>
  func.call @show(%s) : (tensor<?x?xf32>) -> ()
  %u = tensor.extract_slice %t[0, 0, 1] [%c1, 1, 2] [1, 1, 1] : tensor<2x1x3xf32> to tensor<?x2xf32>
  %w = tensor.cast %u : tensor<?x2xf32> to tensor<?x?xf32>
  func.call @show(%w) : (tensor<?x?xf32>) -> ()
  return
}
