// gpu.launch's body is an allocation scope run once per thread: a buffer
// it allocates is freed inside it, after its last use. The custom form
// prints as mlir-opt prints it; the interpreter runs the body once per
// thread, so the deallocated program frees every buffer it allocates.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s | mlir-opt | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s -mlir-print-op-generic | buffer-opt | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s -buffer-deallocation-pipeline -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: mlir-opt %t.mlir > /dev/null
// RUN: buffer-opt %s --run=main | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt %t.mlir --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// RUN: not buffer-opt %s --run=main --run-leak-check 2>&1 | FileCheck %s --check-prefix=LEAK

// ROUND-LABEL: func.func @sum_ids(
//       ROUND:   gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c1, %{{.*}} = %c1) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%[[SX:.*]] = %c3, %{{.*}} = %c1, %{{.*}} = %c1) {
//       ROUND:     arith.muli %[[BX]], %[[SX]] : index
//       ROUND:     gpu.terminator
//  ROUND-NEXT:   }

// CHECK-LABEL: func.func @sum_ids(
//       CHECK:   gpu.launch
//       CHECK:     %[[T:.*]] = memref.alloc() : memref<1xindex>
//       CHECK:     memref.load %[[T]]
//  CHECK-NEXT:     memref.dealloc %[[T]] : memref<1xindex>
//       CHECK:     gpu.terminator

// Each of the 2 x 3 threads writes block * 3 + thread at that index, through
// a scratch buffer of its own.
// OUT: [{"type":"index","value":15}]
// LEAK: leak
func.func @sum_ids(%out: memref<6xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c3, %sy = %c1, %sz = %c1) {
    %base = arith.muli %bx, %sx : index
    %i = arith.addi %base, %tx : index
    %tmp = memref.alloc() : memref<1xindex>
    memref.store %i, %tmp[%c0] : memref<1xindex>
    %v = memref.load %tmp[%c0] : memref<1xindex>
    memref.store %v, %out[%i] : memref<6xindex>
    gpu.terminator
  }
  return
}

func.func @main() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %out = memref.alloca() : memref<6xindex>
  func.call @sum_ids(%out) : (memref<6xindex>) -> ()
  %s = scf.for %k = %c0 to %c6 step %c1 iter_args(%acc = %c0) -> (index) {
    %e = memref.load %out[%k] : memref<6xindex>
    %n = arith.addi %acc, %e : index
    scf.yield %n : index
  }
  return %s : index
}
