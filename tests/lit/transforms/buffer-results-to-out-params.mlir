// buffer-results-to-out-params and drop-equivalent-buffer-results: memref
// results become caller-allocated out-params (copy, or the out-param in
// place of a static alloc with hoist-static-allocs); results that are
// always an argument disappear.
// RUN: buffer-opt --buffer-results-to-out-params %s | FileCheck %s --check-prefix=COPY
// RUN: buffer-opt "--buffer-results-to-out-params=hoist-static-allocs" %s | FileCheck %s --check-prefix=HOIST
// RUN: buffer-opt "--buffer-results-to-out-params=hoist-static-allocs modify-public-functions" %s | FileCheck %s --check-prefix=PUB
// RUN: buffer-opt --drop-equivalent-buffer-results %s | FileCheck %s --check-prefix=DROP
// RUN: buffer-opt "--pass-pipeline=builtin.module(buffer-results-to-out-params{hoist-static-allocs modify-public-functions},buffer-deallocation-pipeline)" --run=main --run-leak-check %s | FileCheck %s --check-prefix=EXEC

func.func private @printMemrefF32(memref<*xf32>)

// COPY-LABEL: func.func private @make(%arg0: f32, %arg1: memref<4xf32>) {
// COPY: %[[A:.*]] = memref.alloc() : memref<4xf32>
// COPY: memref.copy %[[A]], %arg1
// COPY-NEXT: return
// HOIST-LABEL: func.func private @make(%arg0: f32, %arg1: memref<4xf32>) {
// HOIST-NOT: memref.alloc
// HOIST: linalg.fill ins(%arg0 : f32) outs(%arg1 : memref<4xf32>)
// HOIST-NEXT: return
func.func private @make(%v: f32) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
  return %a : memref<4xf32>
}

// DROP-LABEL: func.func private @pass(%arg0: f32, %arg1: memref<4xf32>) -> f32 {
// DROP-NEXT: return %arg0 : f32
func.func private @pass(%v: f32, %m: memref<4xf32>) -> (f32, memref<4xf32>) {
  return %v, %m : f32, memref<4xf32>
}

// A public function keeps its signature unless modify-public-functions.
// HOIST-LABEL: func.func @pub() -> memref<2xf32>
// PUB-LABEL: func.func @pub(%arg0: memref<2xf32>) {
func.func @pub() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %v = arith.constant 5.0 : f32
  linalg.fill ins(%v : f32) outs(%a : memref<2xf32>)
  return %a : memref<2xf32>
}

// HOIST-LABEL: func.func @main
// HOIST: %[[O:.*]] = memref.alloc() : memref<4xf32>
// HOIST-NEXT: call @make(%{{.*}}, %[[O]]) : (f32, memref<4xf32>) -> ()
// DROP-LABEL: func.func @main
// DROP: %[[S:.*]] = call @pass(%{{.*}}, %[[M:.*]]) : (f32, memref<4xf32>) -> f32
// DROP: memref.cast %[[M]]
func.func @main() {
  %v = arith.constant 3.0 : f32
  %m = call @make(%v) : (f32) -> memref<4xf32>
  %s, %m2 = call @pass(%v, %m) : (f32, memref<4xf32>) -> (f32, memref<4xf32>)
  %u = memref.cast %m2 : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %p = call @pub() : () -> memref<2xf32>
  %up = memref.cast %p : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%up) : (memref<*xf32>) -> ()
  return
}
// EXEC: [3,  3,  3,  3]
// EXEC: [5,  5]
