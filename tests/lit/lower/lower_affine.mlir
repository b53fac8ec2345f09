// --lower-affine: affine.for becomes scf.for (bounds: max of the lower
// map's results, min of the upper map's), affine.load/store become
// memref.load/store at the expanded subscripts, apply/min/max and
// (de)linearize_index become arith. The program prints the same before and
// after, mlir-opt parses the result, and --emit=run (which runs lower-affine
// in its default pipeline) prints the same natively.
// RUN: buffer-opt --lower-affine %s | FileCheck %s
// RUN: buffer-opt %s --run=main > %t.before
// RUN: buffer-opt --lower-affine %s | buffer-opt - --run=main > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --check-prefix=OUT < %t.before
// RUN: %if mlir-opt %{ buffer-opt --lower-affine %s | mlir-opt -o /dev/null %}
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %s > %t.jit %}
// RUN: %if llvm %{ diff %t.before %t.jit %}

#lb = affine_map<(d0)[s0] -> (d0, s0 - 2)>
#ub = affine_map<(d0)[s0] -> (d0 + 5, s0)>

func.func private @printI64(i64)
func.func private @printNewline()

func.func @show(%v: index) {
  %w = arith.index_cast %v : index to i64
  call @printI64(%w) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// CHECK-LABEL: func.func @bounds
// CHECK: %[[LB:.*]] = arith.maxsi
// CHECK: %[[UB:.*]] = arith.minsi
// CHECK: %[[STEP:.*]] = arith.constant 2 : index
// CHECK: scf.for %{{.*}} = %[[LB]] to %[[UB]] step %[[STEP]] iter_args
// CHECK: scf.yield
// CHECK-NOT: affine.
// CHECK: return
func.func @bounds(%a: index, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %r = affine.for %i = max #lb(%a)[%n] to min #ub(%a)[%n] step 2 iter_args(%s = %c0) -> (index) {
    %t = arith.addi %s, %i : index
    affine.yield %t : index
  }
  return %r : index
}

// CHECK-LABEL: func.func @exprs
// CHECK-DAG: arith.floordivsi
// CHECK-DAG: arith.ceildivsi
// CHECK-DAG: arith.remsi
// CHECK: arith.cmpi slt
// CHECK: arith.select
// CHECK-NOT: affine.
// CHECK: return
func.func @exprs(%x: index) -> (index, index, index, index, index) {
  %f = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%x)
  %c = affine.apply affine_map<(d0) -> (d0 ceildiv 4)>(%x)
  %m = affine.apply affine_map<(d0) -> (d0 mod 4)>(%x)
  %lo = affine.min affine_map<(d0) -> (d0 * 3, 7, -d0)>(%x)
  %hi = affine.max affine_map<(d0)[s0] -> (d0 * 3, s0)>(%x)[%f]
  return %f, %c, %m, %lo, %hi : index, index, index, index, index
}

// CHECK-LABEL: func.func @indices
// CHECK-NOT: affine.
// CHECK: return
func.func @indices(%x: index, %n: index) -> (index, index, index, index) {
  %a, %b, %c = affine.delinearize_index %x into (%n, 4) : index, index, index
  %l = affine.linearize_index [%a, %b, %c] by (3, %n, 4) : index
  return %a, %b, %c, %l : index, index, index, index
}

// CHECK-LABEL: func.func @access
// CHECK: memref.store
// CHECK: memref.load
// CHECK-NOT: affine.
func.func @access(%m: memref<4x6xi64>, %k: index) -> i64 {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %v = arith.index_cast %j : index to i64
      affine.store %v, %m[%i, (%j + %k) mod 6] : memref<4x6xi64>
    }
  }
  %z = arith.constant 0 : i64
  %s = affine.for %i = 0 to 4 iter_args(%acc = %z) -> (i64) {
    %e = affine.load %m[%i, symbol(%k) + 1] : memref<4x6xi64>
    %w = arith.muli %e, %e : i64
    %t = arith.addi %acc, %w : i64
    affine.yield %t : i64
  }
  return %s : i64
}

// OUT:      1
// OUT-NEXT: 0
// OUT-NEXT: -2
// OUT-NEXT: -1
// OUT-NEXT: 1
// OUT-NEXT: -21
// OUT-NEXT: -2
// OUT-NEXT: 3
// OUT-NEXT: 1
// OUT-NEXT: 3
// OUT-NEXT: 43
// OUT-NEXT: 4
func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m7 = arith.constant -7 : index
  %c43 = arith.constant 43 : index
  %b = call @bounds(%c1, %c3) : (index, index) -> index
  call @show(%b) : (index) -> ()
  %b2 = call @bounds(%c3, %c2) : (index, index) -> index
  call @show(%b2) : (index) -> ()
  %f, %c, %m, %lo, %hi = call @exprs(%m7) : (index) -> (index, index, index, index, index)
  call @show(%f) : (index) -> ()
  call @show(%c) : (index) -> ()
  call @show(%m) : (index) -> ()
  call @show(%lo) : (index) -> ()
  call @show(%hi) : (index) -> ()
  %a, %bb, %cc, %l = call @indices(%c43, %c3) : (index, index) -> (index, index, index, index)
  call @show(%a) : (index) -> ()
  call @show(%bb) : (index) -> ()
  call @show(%cc) : (index) -> ()
  call @show(%l) : (index) -> ()
  %mem = memref.alloc() : memref<4x6xi64>
  %s = call @access(%mem, %c3) : (memref<4x6xi64>, index) -> i64
  memref.dealloc %mem : memref<4x6xi64>
  %si = arith.index_cast %s : i64 to index
  call @show(%si) : (index) -> ()
  return
}
