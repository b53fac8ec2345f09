// dialect-filter without allow-unknown-ops: ops the filter leaves out are
// not bufferized and not an error (func.func keeps its tensor signature);
// -canonicalize then reads a buffer's dim from its tensor (a dim of
// to_buffer(tensor.empty(%n)) is %n).
// RUN: buffer-opt %s --one-shot-bufferize="dialect-filter=linalg,bufferization copy-before-write unknown-type-conversion=identity-layout-map" -canonicalize -cse | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt %s --one-shot-bufferize="dialect-filter=linalg,bufferization copy-before-write unknown-type-conversion=identity-layout-map" -canonicalize -cse | FileCheck %s %}
// RUN: buffer-opt %s --one-shot-bufferize="dialect-filter=linalg,bufferization copy-before-write unknown-type-conversion=identity-layout-map" -canonicalize -cse --run=main | FileCheck %s --check-prefix=EXEC
// RUN: buffer-opt %s --run=main | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @exp(
//  CHECK-SAME:     %[[IN:.*]]: tensor<?xf32>, %[[N:.*]]: index) -> tensor<?xf32>
//   CHECK-DAG:   %[[M:.*]] = bufferization.to_buffer %[[IN]] : tensor<?xf32> to memref<?xf32>
//   CHECK-DAG:   %[[OUT:.*]] = memref.alloc(%[[N]]) {{.*}} : memref<?xf32>
//   CHECK-NOT:   tensor.empty
//       CHECK:   linalg.generic {{.*}} ins(%[[M]] : memref<?xf32>) outs(%[[OUT]] : memref<?xf32>)
//       CHECK:   %[[R:.*]] = bufferization.to_tensor %[[OUT]] : memref<?xf32> to tensor<?xf32>
//       CHECK:   return %[[R]]
// EXEC: data =
// EXEC-NEXT: [2.71828,  2.71828,  2.71828]
func.func @exp(%in: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %init = tensor.empty(%n) : tensor<?xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%in : tensor<?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)
func.func @main() {
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %t = tensor.splat %one[%c3] : tensor<?xf32>
  %r = call @exp(%t, %c3) : (tensor<?xf32>, index) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
