// convert-linalg-to-parallel-loops: the parallel dimensions of a linalg op
// become one scf.parallel, its reduction dimensions scf.for loops inside it
// (even when the op lists a reduction first); the interpreter prints the
// same before and after the pass, and mlir-opt verifies the loops.
// RUN: buffer-opt --convert-linalg-to-parallel-loops %s | FileCheck %s
// RUN: buffer-opt --convert-linalg-to-parallel-loops %s | mlir-opt > /dev/null
// RUN: buffer-opt --run=main %s > %t.before
// RUN: buffer-opt --convert-linalg-to-parallel-loops --run=main --run-leak-check %s > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --check-prefix=OUT < %t.after

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func @fill
// CHECK-NOT: linalg.
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step
// CHECK-NOT: scf.for
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]] : memref<2x3xf32>
// CHECK-NEXT: scf.reduce
func.func @fill(%m: memref<2x3xf32>, %v: f32) {
  linalg.fill ins(%v : f32) outs(%m : memref<2x3xf32>)
  return
}

// matmul: i and j parallel, k a sequential loop inside.
// CHECK-LABEL: func.func @mm
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) =
// CHECK-NEXT: scf.for %[[K:.*]] =
// CHECK: memref.load %arg0[%[[I]], %[[K]]]
// CHECK: memref.store %{{.*}}, %arg2[%[[I]], %[[J]]]
func.func @mm(%a: memref<2x3xf32>, %b: memref<3x2xf32>, %c: memref<2x2xf32>) {
  linalg.matmul ins(%a, %b : memref<2x3xf32>, memref<3x2xf32>) outs(%c : memref<2x2xf32>)
  return
}

// The reduction dimension comes first: the parallel one still goes outside.
// CHECK-LABEL: func.func @colsum
// CHECK: scf.parallel (%[[J:.*]]) =
// CHECK-NEXT: scf.for %[[I:.*]] =
// CHECK: memref.load %arg0[%[[I]], %[[J]]]
func.func @colsum(%a: memref<2x3xf32>, %out: memref<3xf32>) {
  linalg.generic {indexing_maps = [#id, #col],
                  iterator_types = ["reduction", "parallel"]}
      ins(%a : memref<2x3xf32>) outs(%out : memref<3xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// Only reductions (a dot product): plain scf.for, no scf.parallel.
// CHECK-LABEL: func.func @dot
// CHECK-NOT: scf.parallel
// CHECK: scf.for
func.func @dot(%a: memref<3xf32>, %b: memref<3xf32>, %r: memref<f32>) {
  linalg.dot ins(%a, %b : memref<3xf32>, memref<3xf32>) outs(%r : memref<f32>)
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = arith.constant 0.0 : f32
  %f1 = arith.constant 1.5 : f32
  %a = memref.alloc() : memref<2x3xf32>
  %b = memref.alloc() : memref<3x2xf32>
  %c = memref.alloc() : memref<2x2xf32>
  %cs = memref.alloc() : memref<3xf32>
  %v = memref.alloc() : memref<3xf32>
  %r = memref.alloc() : memref<f32>
  call @fill(%a, %f1) : (memref<2x3xf32>, f32) -> ()
  memref.store %f0, %a[%c1, %c1] : memref<2x3xf32>
  linalg.fill ins(%f1 : f32) outs(%b : memref<3x2xf32>)
  linalg.fill ins(%f0 : f32) outs(%c : memref<2x2xf32>)
  linalg.fill ins(%f0 : f32) outs(%cs : memref<3xf32>)
  linalg.fill ins(%f1 : f32) outs(%v : memref<3xf32>)
  linalg.fill ins(%f0 : f32) outs(%r : memref<f32>)
  call @mm(%a, %b, %c) : (memref<2x3xf32>, memref<3x2xf32>, memref<2x2xf32>) -> ()
  call @colsum(%a, %cs) : (memref<2x3xf32>, memref<3xf32>) -> ()
  call @dot(%v, %v, %r) : (memref<3xf32>, memref<3xf32>, memref<f32>) -> ()
  %cu = memref.cast %c : memref<2x2xf32> to memref<*xf32>
  %su = memref.cast %cs : memref<3xf32> to memref<*xf32>
  %ru = memref.cast %r : memref<f32> to memref<*xf32>
  // OUT: [6.75, 6.75]
  // OUT: [4.5, 4.5]
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  // OUT: [3, 1.5, 3]
  call @printMemrefF32(%su) : (memref<*xf32>) -> ()
  // OUT: [6.75]
  call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<2x3xf32>
  memref.dealloc %b : memref<3x2xf32>
  memref.dealloc %c : memref<2x2xf32>
  memref.dealloc %cs : memref<3xf32>
  memref.dealloc %v : memref<3xf32>
  memref.dealloc %r : memref<f32>
  return
}
