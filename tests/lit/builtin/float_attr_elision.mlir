// Float attributes inside arrays drop ': f64' (the type of a bare float
// literal), like integers drop ': i64', unless printed as a hex bit pattern;
// elsewhere the type stays.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s | buffer-opt | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s

// CHECK: module attributes {t.a = 1.000000e+00 : f64, t.b = [1.000000e+00, 2.500000e+00 : f32, 3.000000e+00 : f16, 4, 5 : i32], t.c = {d = 1.500000e+00 : f64}} {
module attributes {t.a = 1.0 : f64, t.b = [1.0 : f64, 2.5 : f32, 3.0 : f16, 4 : i64, 5 : i32], t.c = {d = 1.5}} {
  // CHECK: func.func @f() attributes {t.x = [-0.000000e+00, 0x7FF8000000000000 : f64, 1.000000e+300]}
  func.func @f() attributes {t.x = [-0.0, 0x7FF8000000000000 : f64, 1.0e300]} {
    return
  }
}
