// A dealloc of 33 memrefs is lowered to loops over their pointers, not
// to 33 x 34 inline comparisons: each allocation is freed once (%a0 and
// %a7 appear twice), the retained argument never, and whether it was
// owned comes back as the result.
// RUN: buffer-opt -bufferization-lower-deallocations %s | FileCheck %s
// RUN: buffer-opt -bufferization-lower-deallocations %s | buffer-opt --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt -bufferization-lower-deallocations %s | mlir-opt -verify-each -o /dev/null
// REQUIRES: mlir-opt

// CHECK-LABEL: func.func @free_many
// CHECK-COUNT-5: memref.alloc() : memref<{{[0-9]+}}x{{index|i1}}>
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: bufferization.dealloc
// CHECK: memref.dealloc %{{.*}} : memref<33xindex>
// CHECK: memref.dealloc %{{.*}} : memref<33xi1>
// CHECK: return
func.func @free_many(%keep: memref<2xf32>, %c: i1) -> i1 {
  %t = arith.constant true
  %a0 = memref.alloc() : memref<2xf32>
  %a1 = memref.alloc() : memref<2xf32>
  %a2 = memref.alloc() : memref<2xf32>
  %a3 = memref.alloc() : memref<2xf32>
  %a4 = memref.alloc() : memref<2xf32>
  %a5 = memref.alloc() : memref<2xf32>
  %a6 = memref.alloc() : memref<2xf32>
  %a7 = memref.alloc() : memref<2xf32>
  %a8 = memref.alloc() : memref<2xf32>
  %a9 = memref.alloc() : memref<2xf32>
  %a10 = memref.alloc() : memref<2xf32>
  %a11 = memref.alloc() : memref<2xf32>
  %a12 = memref.alloc() : memref<2xf32>
  %a13 = memref.alloc() : memref<2xf32>
  %a14 = memref.alloc() : memref<2xf32>
  %a15 = memref.alloc() : memref<2xf32>
  %a16 = memref.alloc() : memref<2xf32>
  %a17 = memref.alloc() : memref<2xf32>
  %a18 = memref.alloc() : memref<2xf32>
  %a19 = memref.alloc() : memref<2xf32>
  %a20 = memref.alloc() : memref<2xf32>
  %a21 = memref.alloc() : memref<2xf32>
  %a22 = memref.alloc() : memref<2xf32>
  %a23 = memref.alloc() : memref<2xf32>
  %a24 = memref.alloc() : memref<2xf32>
  %a25 = memref.alloc() : memref<2xf32>
  %a26 = memref.alloc() : memref<2xf32>
  %a27 = memref.alloc() : memref<2xf32>
  %a28 = memref.alloc() : memref<2xf32>
  %a29 = memref.alloc() : memref<2xf32>
  %r = bufferization.dealloc (%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15, %a16, %a17, %a18, %a19, %a20, %a21, %a22, %a23, %a24, %a25, %a26, %a27, %a28, %a29, %a0, %a7, %keep : memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %c, %t, %c) retain (%keep : memref<2xf32>)
  return %r : i1
}

// OUT: 1
// OUT-NEXT: 0
func.func @main() {
  %k = memref.alloc() : memref<2xf32>
  %t = arith.constant true
  %f = arith.constant false
  %r1 = call @free_many(%k, %t) : (memref<2xf32>, i1) -> i1
  %r2 = call @free_many(%k, %f) : (memref<2xf32>, i1) -> i1
  vector.print %r1 : i1
  vector.print %r2 : i1
  memref.dealloc %k : memref<2xf32>
  return
}
