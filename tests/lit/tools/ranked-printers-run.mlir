// The emit_c_interface printers of MLIR's runner utils, printMemref<N>d<T>,
// print "Memref" where the unranked ones print "Unranked Memref", and take
// only memrefs of their rank. Upstream (mlir-runner 22) prints the same.
// RUN: buffer-opt --run=main %s | FileCheck %s
// RUN: not buffer-opt --run=wrong_rank %s 2>&1 | FileCheck %s --check-prefix=BAD

func.func private @printMemref2dF32(memref<?x?xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemref1dI64(memref<?xi64>) attributes {llvm.emit_c_interface}
func.func private @printMemref0dF32(memref<f32>) attributes {llvm.emit_c_interface}
func.func private @printMemref1dInd(memref<?xindex>) attributes {llvm.emit_c_interface}

// CHECK: {{^}}Memref base@ = 0x{{[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[}}[1.5,   1.5],
// CHECK-NEXT: [1.5,   1.5]]
// CHECK-NEXT: {{^}}Memref base@ = 0x{{[0-9a-f]+}} rank = 1 offset = 0 sizes = [2] strides = [1] data =
// CHECK-NEXT: [-3,  -3]
// CHECK-NEXT: {{^}}Memref base@ = 0x{{[0-9a-f]+}} rank = 0 offset = 0 sizes = [] strides = [] data =
// CHECK-NEXT: [2.5]
// CHECK-NEXT: {{^}}Memref base@ = 0x{{[0-9a-f]+}} rank = 1 offset = 0 sizes = [2] strides = [1] data =
// CHECK-NEXT: [18446744073709551613,  18446744073709551613]
func.func @main() {
  %c2 = arith.constant 2 : index
  %f = arith.constant 1.5 : f32
  %m = memref.alloc(%c2, %c2) : memref<?x?xf32>
  linalg.fill ins(%f : f32) outs(%m : memref<?x?xf32>)
  call @printMemref2dF32(%m) : (memref<?x?xf32>) -> ()
  %i = arith.constant -3 : i64
  %l = memref.alloc(%c2) : memref<?xi64>
  linalg.fill ins(%i : i64) outs(%l : memref<?xi64>)
  call @printMemref1dI64(%l) : (memref<?xi64>) -> ()
  %z = memref.alloc() : memref<f32>
  %h = arith.constant 2.5 : f32
  memref.store %h, %z[] : memref<f32>
  call @printMemref0dF32(%z) : (memref<f32>) -> ()
  %n = arith.constant -3 : index
  %x = memref.alloc(%c2) : memref<?xindex>
  linalg.fill ins(%n : index) outs(%x : memref<?xindex>)
  call @printMemref1dInd(%x) : (memref<?xindex>) -> ()
  memref.dealloc %m : memref<?x?xf32>
  memref.dealloc %l : memref<?xi64>
  memref.dealloc %z : memref<f32>
  memref.dealloc %x : memref<?xindex>
  return
}

// A declaration of the wrong rank is not the runner-utils function.
// BAD: error: interpreter: this printer takes a memref of rank 1
func.func private @printMemref1dF32(memref<?x?xf32>) attributes {llvm.emit_c_interface}
func.func @wrong_rank() {
  %c2 = arith.constant 2 : index
  %m = memref.alloc(%c2, %c2) : memref<?x?xf32>
  call @printMemref1dF32(%m) : (memref<?x?xf32>) -> ()
  return
}
