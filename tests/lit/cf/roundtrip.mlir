// Round trip of the cf dialect's custom forms: branches with and without
// operands, conditional branches, switches and asserts.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s

// CHECK-LABEL: func.func @branches(%arg0: i32, %arg1: i1, %arg2: f32) -> i32 {
// CHECK-NEXT:    cf.br ^bb1(%arg0, %arg2 : i32, f32)
// CHECK-NEXT:  ^bb1(%0: i32, %1: f32):
// CHECK-NEXT:    cf.cond_br %arg1, ^bb2, ^bb3(%0 : i32) {test.w}
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.assert %arg1, "must hold"
// CHECK-NEXT:    cf.cond_br %arg1, ^bb1(%0, %1 : i32, f32), ^bb3(%arg0 : i32)
// CHECK-NEXT:  ^bb3(%2: i32):
// CHECK-NEXT:    cf.br ^bb4
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    return %2 : i32
func.func @branches(%a: i32, %c: i1, %f: f32) -> i32 {
  cf.br ^loop(%a, %f : i32, f32)
^loop(%x: i32, %y: f32):
  cf.cond_br %c, ^body, ^exit(%x : i32) {test.w}
^body:
  cf.assert %c, "must hold"
  cf.cond_br %c, ^loop(%x, %y : i32, f32), ^exit(%a : i32)
^exit(%r: i32):
  cf.br ^end
^end:
  return %r : i32
}

// CHECK-LABEL: func.func @switches(%arg0: i32, %arg1: index) {
// CHECK-NEXT:    cf.switch %arg0 : i32, [
// CHECK-NEXT:      default: ^bb1(%arg0 : i32),
// CHECK-NEXT:      42: ^bb2,
// CHECK-NEXT:      7: ^bb1(%arg0 : i32)
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb1(%0: i32):
// CHECK-NEXT:    cf.switch %0 : i32, [
// CHECK-NEXT:      default: ^bb2]
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    return
func.func @switches(%a: i32, %i: index) {
  cf.switch %a : i32, [
    default: ^bb1(%a : i32),
    42: ^bb2,
    7: ^bb1(%a : i32)
  ]
^bb1(%z: i32):
  cf.switch %z : i32, [
    default: ^bb2
  ]
^bb2:
  return
}

// Case values print zero-extended from the flag's width, as mlir-opt prints
// them (and read back as the same values).
// CHECK-LABEL: func.func @negative_cases
// CHECK:      cf.switch %arg0 : i8, [
// CHECK-NEXT:   default: ^bb1,
// CHECK-NEXT:   253: ^bb1,
// CHECK-NEXT:   5: ^bb1
// CHECK:      cf.switch %arg1 : i16, [
// CHECK-NEXT:   default: ^bb2,
// CHECK-NEXT:   65535: ^bb2
// (With i64, mlir-opt 22 prints -1 as 18446744073709551615 but cannot read
// that back: "integer value too large"; this file also goes through it.)
func.func @negative_cases(%a: i8, %b: i16) {
  cf.switch %a : i8, [
    default: ^bb1,
    -3: ^bb1,
    5: ^bb1
  ]
^bb1:
  cf.switch %b : i16, [
    default: ^bb2,
    -1: ^bb2
  ]
^bb2:
  return
}
