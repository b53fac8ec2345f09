// A callee that returns one buffer as two results: at the call site the two
// results are one alias set, so writing one in place while the other is
// still read afterwards needs a copy.
// Found by the generator (seeds 837, 855).
// REQUIRES: mlir-opt
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries %s | mlir-opt > /dev/null
// RUN: buffer-opt --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.ref
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --run=main %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.fb
// RUN: diff %t.ref %t.fb
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --run=main --run-leak-check %s | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.dealloc
// RUN: diff %t.ref %t.dealloc

func.func private @printMemrefF32(memref<*xf32>)

func.func @twice(%v: f32) -> (tensor<3xf32>, tensor<3xf32>) {
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  return %f, %f : tensor<3xf32>, tensor<3xf32>
}

// CHECK-LABEL: func.func @main
// CHECK: %[[R:.*]]:2 = call @twice
// CHECK: %[[COPY:.*]] = memref.alloc
// CHECK: memref.copy %[[R]]#0, %[[COPY]]
// CHECK: memref.store %{{.*}}, %[[COPY]]
func.func @main() {
  %one = arith.constant 1.0 : f32
  %nine = arith.constant 9.0 : f32
  %c0 = arith.constant 0 : index
  %a, %b = call @twice(%one) : (f32) -> (tensor<3xf32>, tensor<3xf32>)
  %w = tensor.insert %nine into %a[%c0] : tensor<3xf32>
  %mw = bufferization.to_buffer %w : tensor<3xf32> to memref<3xf32>
  %uw = memref.cast %mw : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%uw) : (memref<*xf32>) -> ()
  %mb = bufferization.to_buffer %b : tensor<3xf32> to memref<3xf32>
  %ub = memref.cast %mb : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  return
}
