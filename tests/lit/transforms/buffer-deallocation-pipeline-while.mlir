// REQUIRES: mlir-opt
// buffer-deallocation-pipeline on scf.while carrying a buffer through both
// regions, scf.if yielding one of two fresh buffers, a cf early exit that
// returns a buffer on one path and frees it on the other, and a loop whose
// memref iter_arg is swapped with another one each trip. Before the pass
// the program leaks; after it, it runs leak-free, prints the same and
// mlir-opt 22 parses (and lowers) what we print.
// RUN: not buffer-opt --run=main --run-leak-check %s 2> %t.leak | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.before
// RUN: FileCheck %s --check-prefix=LEAK < %t.leak
// RUN: buffer-opt --buffer-deallocation-pipeline %s -o %t.after.mlir
// RUN: FileCheck %s < %t.after.mlir
// RUN: buffer-opt --run=main --run-leak-check --run-stats %t.after.mlir 2> %t.stats | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --check-prefix=EXEC < %t.after
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// RUN: mlir-opt --verify-each %t.after.mlir -o /dev/null
// RUN: mlir-opt --convert-bufferization-to-memref %t.after.mlir -o /dev/null

// LEAK: (leak)
// STATS: heap_allocs=
// STATS-NOT: error

func.func private @printMemrefF32(memref<*xf32>)

func.func private @filled(%v: f32) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<2xf32>)
  return %a : memref<2xf32>
}

// The while loop yields a fresh buffer from its before region (through the
// condition) and from its after region: both carry an ownership flag and the
// buffer of the previous trip is freed.
// CHECK-LABEL: func.func @doubling
// CHECK: scf.while ({{.*}}) : (memref<2xf32>, i1) -> (memref<2xf32>, i1)
// CHECK: scf.condition(%{{.*}}) %{{.*}}, %{{.*}} : memref<2xf32>, i1
// CHECK: %[[N:.*]] = memref.alloc
// CHECK: memref.dealloc
// CHECK: scf.yield %[[N]], %{{.*}} : memref<2xf32>, i1
func.func @doubling(%limit: f32) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %init = call @filled(%one) : (f32) -> memref<2xf32>
  %r = scf.while (%b = %init) : (memref<2xf32>) -> memref<2xf32> {
    %x = memref.load %b[%c0] : memref<2xf32>
    %go = arith.cmpf olt, %x, %limit : f32
    scf.condition(%go) %b : memref<2xf32>
  } do {
  ^bb0(%b: memref<2xf32>):
    %n = memref.alloc() : memref<2xf32>
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                    iterator_types = ["parallel"]}
        ins(%b : memref<2xf32>) outs(%n : memref<2xf32>) {
    ^bb0(%in: f32, %o: f32):
      %y = arith.addf %in, %in : f32
      linalg.yield %y : f32
    }
    scf.yield %n : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// scf.if picks one of two fresh buffers: the other one is freed, the
// chosen one is returned without a clone.
// CHECK-LABEL: func.func @pick
// CHECK: %[[A:.*]] = call @filled
// CHECK: %[[B:.*]] = call @filled
// CHECK: scf.if %{{.*}} -> (memref<2xf32>, i1)
// CHECK-DAG: memref.dealloc %[[A]]
// CHECK-DAG: memref.dealloc %[[B]]
// CHECK: return
func.func @pick(%c: i1) -> memref<2xf32> {
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %a = call @filled(%two) : (f32) -> memref<2xf32>
  %b = call @filled(%three) : (f32) -> memref<2xf32>
  %r = scf.if %c -> memref<2xf32> {
    scf.yield %a : memref<2xf32>
  } else {
    scf.yield %b : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// Early exit through cf: ^small returns the buffer, ^big frees it and
// returns another one. %a is used in ^small without being its block
// argument: it becomes one, so its ownership travels with the branch.
// CHECK-LABEL: func.func @early
// CHECK: %[[A:.*]] = call @filled
// CHECK: cf.cond_br %{{.*}}, ^[[SMALL:.*]], ^[[BIG:.*]]
// CHECK: ^[[BIG]]:
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK: cf.br ^{{.*}}(%[[A]], %true : memref<2xf32>, i1)
// CHECK: ^{{.*}}(%[[ARG:.*]]: memref<2xf32>, %{{.*}}: i1):
// CHECK: return
// CHECK: call @filled
// CHECK-NEXT: return
func.func @early(%v: f32) -> memref<2xf32> {
  %ten = arith.constant 10.0 : f32
  %a = call @filled(%v) : (f32) -> memref<2xf32>
  %small = arith.cmpf olt, %v, %ten : f32
  cf.cond_br %small, ^small, ^big
^small:
  return %a : memref<2xf32>
^big:
  %b = call @filled(%ten) : (f32) -> memref<2xf32>
  return %b : memref<2xf32>
}

// Two memref iter_args swapped each trip (ping-pong buffers); the loop
// result is one of them and the other is freed after the loop.
// CHECK-LABEL: func.func @pingpong
// CHECK: scf.for {{.*}} -> (memref<2xf32>, memref<2xf32>, i1, i1)
func.func @pingpong(%n: index) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %x0 = call @filled(%one) : (f32) -> memref<2xf32>
  %y0 = call @filled(%zero) : (f32) -> memref<2xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%src = %x0, %dst = %y0) -> (memref<2xf32>, memref<2xf32>) {
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                    iterator_types = ["parallel"]}
        ins(%src : memref<2xf32>) outs(%dst : memref<2xf32>) {
    ^bb0(%in: f32, %o: f32):
      %y = arith.addf %in, %one : f32
      linalg.yield %y : f32
    }
    scf.yield %dst, %src : memref<2xf32>, memref<2xf32>
  }
  return %r#0 : memref<2xf32>
}

// EXEC: [16,  16]
// EXEC: [8,  8]
// EXEC: [2,  2]
// EXEC: [3,  3]
// EXEC: [10,  10]
// EXEC: [4,  4]
// EXEC: [4,  4]
func.func @main() {
  %five = arith.constant 5.0 : f32
  %sixteen = arith.constant 16.0 : f32
  %four = arith.constant 4.0 : f32
  %forty = arith.constant 40.0 : f32
  %true = arith.constant true
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %d = call @doubling(%sixteen) : (f32) -> memref<2xf32>
  %ud = memref.cast %d : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%ud) : (memref<*xf32>) -> ()
  %d2 = call @doubling(%five) : (f32) -> memref<2xf32>
  %ud2 = memref.cast %d2 : memref<2xf32> to memref<*xf32>
  %e = call @doubling(%five) : (f32) -> memref<2xf32>
  %x = memref.load %e[%c0] : memref<2xf32>
  %dd = call @doubling(%x) : (f32) -> memref<2xf32>
  %udd = memref.cast %dd : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%udd) : (memref<*xf32>) -> ()
  %p = call @pick(%true) : (i1) -> memref<2xf32>
  %up = memref.cast %p : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%up) : (memref<*xf32>) -> ()
  %q = call @pick(%false) : (i1) -> memref<2xf32>
  %uq = memref.cast %q : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%uq) : (memref<*xf32>) -> ()
  %s = call @early(%four) : (f32) -> memref<2xf32>
  %us = memref.cast %s : memref<2xf32> to memref<*xf32>
  %b = call @early(%forty) : (f32) -> memref<2xf32>
  %ub = memref.cast %b : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  call @printMemrefF32(%us) : (memref<*xf32>) -> ()
  %g = call @pingpong(%c3) : (index) -> memref<2xf32>
  %ug = memref.cast %g : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%ug) : (memref<*xf32>) -> ()
  return
}
