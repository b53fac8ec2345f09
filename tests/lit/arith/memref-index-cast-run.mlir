// arith.index_cast on memrefs, as upstream's One-Shot Bufferize writes an
// index_cast of a tensor: between index and i64 the interpreter reads the
// same cells with the other element type (a view, so later stores show
// through); other widths are refused with a located error.
// RUN: buffer-opt --run=main --run-leak-check %s | FileCheck %s
// RUN: not buffer-opt --run=narrow %s 2>&1 | FileCheck %s --check-prefix=NARROW
// RUN: %if mlir-opt %{ mlir-opt %s -o /dev/null %}

func.func private @printMemrefI64(memref<*xi64>)

// CHECK: [4,  -2,  9]
// CHECK: [4,  7,  9]
func.func @main() {
  %m = memref.alloc() : memref<3xindex>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = arith.constant 4 : index
  %b = arith.constant -2 : index
  %c = arith.constant 9 : index
  memref.store %a, %m[%c0] : memref<3xindex>
  memref.store %b, %m[%c1] : memref<3xindex>
  memref.store %c, %m[%c2] : memref<3xindex>
  %i = arith.index_cast %m : memref<3xindex> to memref<3xi64>
  %u = memref.cast %i : memref<3xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  %seven = arith.constant 7 : index
  memref.store %seven, %m[%c1] : memref<3xindex>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  memref.dealloc %m : memref<3xindex>
  return
}

// NARROW: memref-index-cast-run.mlir:[[@LINE+3]]:8: error: interpreter: arith on memrefs is supported only for index_cast between index and 64-bit integers
func.func @narrow() {
  %m = memref.alloc() : memref<3xindex>
  %i = arith.index_cast %m : memref<3xindex> to memref<3xi32>
  memref.dealloc %m : memref<3xindex>
  return
}
