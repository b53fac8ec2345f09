// buffer-deallocation-pipeline returns a buffer whose ownership it can prove
// statically as it is: a fresh allocation, a view of one, a loop result
// that is its init (the loop yields its iteration argument unchanged, and
// carries its ownership flag unchanged). No run-time ownership check (an
// scf.if on pointer comparisons), no bufferization.clone, as upstream
// mlir-opt 22. The caller frees a returned view through its base buffer.
// RUN: buffer-opt --buffer-deallocation-pipeline %s | FileCheck %s
// RUN: buffer-opt --buffer-deallocation-pipeline --run=main --run-leak-check --run-stats %s 2>&1 | FileCheck %s --check-prefix=EXEC
// Before: the same 3 allocations and no copy at run time, but 70
// interpreter steps (pointer comparisons, guarded deallocs); now 53.
// EXEC-COUNT-3: data =
// EXEC: run-stats: heap_allocs=3 {{.*}}copies=0 {{.*}}steps=53
// EXEC-NOT: leak
// EXEC-NOT: error

// CHECK-LABEL: func.func @view(
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: %[[S:.*]] = memref.subview %[[A]]
// CHECK-NEXT: return %[[S]]
// CHECK-LABEL: func.func @loop(
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: %[[R:.*]]:2 = scf.for
// CHECK: scf.yield %{{.*}}, %{{.*}} : memref<8xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0
// CHECK-LABEL: func.func @main(
// CHECK: %[[V:.*]] = call @view(
// CHECK: %[[B:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[V]]
// CHECK-NEXT: memref.dealloc %[[B]] : memref<f32>
// RUN: buffer-opt --buffer-deallocation-pipeline %s | FileCheck %s --check-prefix=NONE
// NONE-NOT: bufferization.clone
// NONE-NOT: extract_aligned_pointer_as_index
// NONE-NOT: scf.if
func.func private @printMemrefF32(memref<*xf32>)

func.func @fresh(%v: f32) -> memref<8xf32> {
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<8xf32>)
  return %a : memref<8xf32>
}

func.func @view(%v: f32) -> memref<4xf32, strided<[1], offset: 2>> {
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<8xf32>)
  %s = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  return %s : memref<4xf32, strided<[1], offset: 2>>
}

func.func @loop(%v: f32, %n: index) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<8xf32>)
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (memref<8xf32>) {
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%x : memref<8xf32>) {
    ^bb0(%o: f32):
      %s = arith.addf %o, %o : f32
      linalg.yield %s : f32
    }
    scf.yield %x : memref<8xf32>
  }
  return %r : memref<8xf32>
}

func.func @main() {
  %one = arith.constant 1.0 : f32
  %c3 = arith.constant 3 : index
  %a = call @fresh(%one) : (f32) -> memref<8xf32>
  %b = call @view(%one) : (f32) -> memref<4xf32, strided<[1], offset: 2>>
  %c = call @loop(%one, %c3) : (f32, index) -> memref<8xf32>
  %ua = memref.cast %a : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  %ub = memref.cast %b : memref<4xf32, strided<[1], offset: 2>> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  %uc = memref.cast %c : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
  return
}
