// share-repeated-loop-nests: loop nests that are the same code (same ops,
// attributes, types and cloned-in constants) on possibly different buffers
// become one private no_inline function. Its buffer parameters are
// llvm.noalias when no two of them can share memory (two allocations, not
// two views of one), and that mark is part of the sameness. A nest seen
// once, one with a different constant, one with results and one under
// min-ops stay where they are. The program computes the same before and
// after, interpreted and JIT-compiled (the LLVM lowering runs the pass),
// and mlir-opt verifies the result.
// RUN: buffer-opt -share-repeated-loop-nests=min-ops=4 %s | FileCheck %s
// RUN: buffer-opt -share-repeated-loop-nests %s | FileCheck %s --check-prefix=SMALL
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=VALUE
// RUN: buffer-opt -share-repeated-loop-nests=min-ops=4 %s | buffer-opt --run=main - | FileCheck %s --check-prefix=VALUE
// RUN: %if llvm-lowering %{ buffer-opt --emit=run --run=main %s | FileCheck %s --check-prefix=VALUE %}
// RUN: %if mlir-opt %{ buffer-opt -share-repeated-loop-nests=min-ops=4 %s | mlir-opt -o /dev/null %}

// VALUE: "value":1008.0

// CHECK-LABEL: func.func @main()
// CHECK: scf.for
// CHECK: memref.store
// CHECK: call @loop_nest0(%[[A:.*]], %[[B:.*]]) : (memref<8xf32>, memref<8xf32>) -> ()
// CHECK-NEXT: call @loop_nest0(%[[B]], %[[A]])
// CHECK-NEXT: scf.for
// CHECK: call @loop_nest1(%[[B]], %[[LO:.*]], %[[HI:.*]]) :
// CHECK-NEXT: call @loop_nest1(%[[B]], %[[LO]], %[[HI]]) :
// CHECK: scf.for {{.*}} iter_args
// CHECK: func.func private @loop_nest0(%{{.*}}: memref<8xf32> {llvm.noalias}, %{{.*}}: memref<8xf32> {llvm.noalias}) attributes {no_inline}
// CHECK: arith.constant 2.000000e+00
// CHECK: scf.for
// CHECK: func.func private @loop_nest1(%{{.*}}: memref<8xf32>, %{{.*}}: memref<8xf32, strided<[1]>>, %{{.*}}: memref<8xf32, strided<[1], offset: 8>>) attributes {no_inline}

// Under the default min-ops (8) every nest here is too small.
// SMALL-NOT: call @loop_nest

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %c = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %a[%i] : memref<8xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %a[%i] : memref<8xf32>
    %w = arith.mulf %v, %two : f32
    %x = arith.addf %w, %two : f32
    memref.store %x, %b[%i] : memref<8xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %b[%i] : memref<8xf32>
    %w = arith.mulf %v, %two : f32
    %x = arith.addf %w, %two : f32
    memref.store %x, %a[%i] : memref<8xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %a[%i] : memref<8xf32>
    %w = arith.mulf %v, %three : f32
    %x = arith.addf %w, %three : f32
    memref.store %x, %b[%i] : memref<8xf32>
  }
  %lo = memref.subview %c[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %hi = memref.subview %c[8] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 8>>
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %b[%i] : memref<8xf32>
    memref.store %v, %lo[%i] : memref<8xf32, strided<[1]>>
    memref.store %v, %hi[%i] : memref<8xf32, strided<[1], offset: 8>>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %b[%i] : memref<8xf32>
    memref.store %v, %lo[%i] : memref<8xf32, strided<[1]>>
    memref.store %v, %hi[%i] : memref<8xf32, strided<[1], offset: 8>>
  }
  %zero = arith.constant 0.0 : f32
  %c16 = arith.constant 16 : index
  %s = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %c[%i] : memref<16xf32>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  memref.dealloc %a : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  memref.dealloc %c : memref<16xf32>
  return %s : f32
}
