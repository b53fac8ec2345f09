// ownership-based-buffer-deallocation alone (bufferization.dealloc ops with
// ownership flags), then simplification and lowering step by step.
// RUN: buffer-opt --ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: buffer-opt --ownership-based-buffer-deallocation --buffer-deallocation-simplification %s | FileCheck %s --check-prefix=SIMP
// RUN: %if mlir-opt %{ mlir-opt --ownership-based-buffer-deallocation --buffer-deallocation-simplification %s | FileCheck %s --check-prefix=SIMP %}
// RUN: buffer-opt --ownership-based-buffer-deallocation --bufferization-lower-deallocations %s | FileCheck %s --check-prefix=LOWER
// RUN: buffer-opt --ownership-based-buffer-deallocation --bufferization-lower-deallocations %s | mlir-opt > /dev/null

// CHECK-LABEL: func.func @while_loop
// CHECK: %[[W:.*]]:2 = scf.while (%[[X:.*]] = %arg0, %[[XO:.*]] = %false) : (memref<4xf32>, i1) -> (memref<4xf32>, i1)
// CHECK: %[[NEW:.*]] = memref.alloc
// CHECK: %[[B:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[X]]
// CHECK: %[[F:.*]] = bufferization.dealloc (%[[B]], %[[NEW]] : memref<f32>, memref<4xf32>) if (%[[XO]], %true) retain (%[[X]] : memref<4xf32>)
// CHECK: scf.condition(%{{.*}}) %[[X]], %[[F]] : memref<4xf32>, i1
// CHECK: ^bb0(%[[Y:.*]]: memref<4xf32>, %[[YO:.*]]: i1):
// CHECK: scf.yield %{{.*}}, %{{.*}} : memref<4xf32>, i1
// SIMP-LABEL: func.func @while_loop
// SIMP: %[[NEW:.*]] = memref.alloc
// SIMP: memref.load %[[NEW]]
// The pass alone keeps a fresh buffer in its dealloc, as upstream's does
// (buffer-deallocation-pipeline frees it right after its last use).
// SIMP: bufferization.dealloc (%[[NEW]] : memref<4xf32>) if (%true)
// SIMP-NOT: memref.dealloc
// SIMP-NEXT: scf.condition(%{{.*}}) %{{.*}}, %{{.*}} : memref<4xf32>, i1
// LOWER-NOT: bufferization.dealloc
// LOWER: memref.extract_aligned_pointer_as_index
func.func @while_loop(%m: memref<4xf32>, %lim: f32) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %r = scf.while (%x = %m) : (memref<4xf32>) -> memref<4xf32> {
    %tmp = memref.alloc() : memref<4xf32>
    memref.copy %x, %tmp : memref<4xf32> to memref<4xf32>
    %v = memref.load %tmp[%c0] : memref<4xf32>
    %go = arith.cmpf olt, %v, %lim : f32
    scf.condition(%go) %x : memref<4xf32>
  } do {
  ^bb0(%y: memref<4xf32>):
    %n = memref.alloc() : memref<4xf32>
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                    iterator_types = ["parallel"]}
        ins(%y : memref<4xf32>) outs(%n : memref<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %b = arith.addf %a, %a : f32
      linalg.yield %b : f32
    }
    scf.yield %n : memref<4xf32>
  }
  return %r : memref<4xf32>
}

