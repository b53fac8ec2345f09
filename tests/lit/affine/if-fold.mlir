// -canonicalize replaces an affine.if whose condition is decided by
// constant operands (or by a set without inputs) with the region that
// runs; one on an unknown operand stays.
// RUN: buffer-opt %s -canonicalize | FileCheck %s

#ge2 = affine_set<(d0) : (d0 - 2 >= 0)>
#always = affine_set<() : (0 >= 0)>

// CHECK-LABEL: func.func @decided(
//   CHECK-NOT:   affine.if
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   memref.store %{{.*}}, %arg0
//   CHECK-NOT:   affine.if
//       CHECK:   return %[[A]]
func.func @decided(%m: memref<4xf32>, %f: f32) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %r = affine.if #ge2(%c3) -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    affine.yield %a : memref<4xf32>
  } else {
    affine.yield %m : memref<4xf32>
  }
  affine.if #ge2(%c0) {
    memref.store %f, %r[%c0] : memref<4xf32>
  } else {
    memref.store %f, %m[%c0] : memref<4xf32>
  }
  affine.if #always() {
  } else {
    memref.store %f, %r[%c0] : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// A set without constraints holds everywhere; it prints as upstream
// prints it.
// RUN: buffer-opt %s | FileCheck %s --check-prefix=PRINT
// PRINT: #set{{[0-9]*}} = affine_set<(d0) : (0 == 0)>
// CHECK-LABEL: func.func @no_constraint(
//   CHECK-NOT:   affine.if
//       CHECK:   memref.store %{{.*}}, %arg1
//  CHECK-NEXT:   return
func.func @no_constraint(%i: index, %m: memref<4xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  affine.if affine_set<(d0) : ()>(%i) {
    memref.store %f, %m[%c0] : memref<4xf32>
  }
  return
}

// CHECK-LABEL: func.func @unknown(
//       CHECK:   affine.if
func.func @unknown(%i: index, %m: memref<4xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  affine.if #ge2(%i) {
    memref.store %f, %m[%c0] : memref<4xf32>
  }
  return
}
