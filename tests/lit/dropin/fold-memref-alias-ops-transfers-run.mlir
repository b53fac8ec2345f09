// Vector transfers folded through subviews by fold-memref-alias-ops read
// and write the same elements: the interpreter's results before and after.
// RUN: buffer-opt %s --run=main | FileCheck %s
// RUN: buffer-opt %s -fold-memref-alias-ops --run=main | FileCheck %s
// RUN: buffer-opt %s -fold-memref-alias-ops | FileCheck %s --check-prefix=FOLDED

// FOLDED-NOT: memref.subview
// CHECK: [{"type":"vector<2x3xi32>","shape":[2,3],"data":[113,114,115,123,124,125]},{"type":"i32","value":-7}]
func.func @main() -> (vector<2x3xi32>, i32) {
  %m = memref.alloc() : memref<2x3x8xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %hundred = arith.constant 100 : index
  %ten = arith.constant 10 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      scf.for %k = %c0 to %c8 step %c1 {
        %a = arith.muli %i, %hundred : index
        %b = arith.muli %j, %ten : index
        %ab = arith.addi %a, %b : index
        %abk = arith.addi %ab, %k : index
        %e = arith.index_cast %abk : index to i32
        memref.store %e, %m[%i, %j, %k] : memref<2x3x8xi32>
      }
    }
  }
  %pad = arith.constant 0 : i32
  %v = memref.subview %m[1, 0, 2] [1, 3, 5] [1, 1, 1] : memref<2x3x8xi32> to memref<3x5xi32, strided<[8, 1], offset: 26>>
  %r = vector.transfer_read %v[%c1, %c1], %pad {in_bounds = [true, true]} : memref<3x5xi32, strided<[8, 1], offset: 26>>, vector<2x3xi32>
  %w = arith.constant dense<-7> : vector<2xi32>
  %row = memref.subview %m[0, 2, 0] [1, 1, 8] [1, 1, 1] : memref<2x3x8xi32> to memref<8xi32, strided<[1], offset: 16>>
  vector.transfer_write %w, %row[%c3] {in_bounds = [true]} : vector<2xi32>, memref<8xi32, strided<[1], offset: 16>>
  %x = memref.load %m[%c0, %c2, %c3] : memref<2x3x8xi32>
  memref.dealloc %m : memref<2x3x8xi32>
  return %r, %x : vector<2x3xi32>, i32
}
