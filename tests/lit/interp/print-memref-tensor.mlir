// printMemref* declared on tensors (`(tensor<*xf32>) -> ()`, as tests of
// tensor programs write it; bufferization turns the declaration into a
// memref one): the interpreter prints the tensor as the row-major buffer
// bufferization would pass, so the tensor program, the bufferized program,
// the JIT and mlir-runner print the same (up to the base address).
// RUN: buffer-opt --run=main --run-leak-check %s | sed -E 's/base@ = 0x[0-9a-f]+/base@ = ADDR/' > %t.tensor
// RUN: FileCheck %s < %t.tensor
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %s | buffer-opt --run=main --run-leak-check - | sed -E 's/base@ = 0x[0-9a-f]+/base@ = ADDR/' | diff %t.tensor -
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %s | sed -E 's/base@ = 0x[0-9a-f]+/base@ = ADDR/' | diff %t.tensor - %}

// CHECK: Unranked Memref base@ = ADDR rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[}}[0.5,   1.5,   2.5],
// CHECK-NEXT: [1.5,   2.5,   3.5]]
// CHECK-NEXT: Unranked Memref base@ = ADDR rank = 1 offset = 0 sizes = [3] strides = [1] data =
// CHECK-NEXT: [2,  4,  6]
// CHECK-NEXT: Memref base@ = ADDR rank = 1 offset = 0 sizes = [2] strides = [1] data =
// CHECK-NEXT: [4.5,  7.5]

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemref1dF32(tensor<?xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %e = tensor.empty() : tensor<2x3xf32>
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<2x3xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    %si = arith.index_cast %s : index to i32
    %f = arith.sitofp %si : i32 to f32
    %h = arith.constant 0.5 : f32
    %v = arith.addf %f, %h : f32
    linalg.yield %v : f32
  } -> tensor<2x3xf32>
  %u = tensor.cast %x : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %ints = arith.constant dense<[2, 4, 6]> : tensor<3xi32>
  %ui = tensor.cast %ints : tensor<3xi32> to tensor<*xi32>
  call @printMemrefI32(%ui) : (tensor<*xi32>) -> ()
  %z = arith.constant dense<0.0> : tensor<2xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x3xf32>) outs(%z : tensor<2xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  %d = tensor.cast %sum : tensor<2xf32> to tensor<?xf32>
  call @printMemref1dF32(%d) : (tensor<?xf32>) -> ()
  return
}
