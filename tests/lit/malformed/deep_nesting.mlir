// 100,000-deep nesting of regions, attributes, types and affine expressions
// must give a located "nesting too deep" error, never a stack overflow.
// RUN: %python -c "print('func.func @f() {\n' + 'scf.execute_region {\n'*100000 + '}\n'*100000 + 'return }')" > %t.regions.mlir
// RUN: not buffer-opt %t.regions.mlir 2>&1 | FileCheck %s --check-prefix=REGIONS
// REGIONS: regions.mlir:{{[0-9]+}}:{{[0-9]+}}: error: nesting too deep
// RUN: %python -c "print('\"t.a\"() {x = ' + '['*100000 + ']'*100000 + '} : () -> ()')" > %t.attrs.mlir
// RUN: not buffer-opt --allow-unregistered-dialect %t.attrs.mlir 2>&1 | FileCheck %s --check-prefix=ATTRS
// ATTRS: attrs.mlir:1:{{[0-9]+}}: error: nesting too deep
// RUN: %python -c "print('func.func @f(%%a: ' + 'tensor<'*100000 + 'f32' + '>'*100000 + ') { return }')" > %t.types.mlir
// RUN: not buffer-opt %t.types.mlir 2>&1 | FileCheck %s --check-prefix=TYPES
// TYPES: types.mlir:1:{{[0-9]+}}: error:
// RUN: %python -c "print('#m = affine_map<(d0) -> (' + '('*100000 + 'd0' + ')'*100000 + ')>')" > %t.affine.mlir
// RUN: not buffer-opt %t.affine.mlir 2>&1 | FileCheck %s --check-prefix=AFFINE
// AFFINE: affine.mlir:1:{{[0-9]+}}: error: nesting too deep
// RUN: %python -c "print('\"t.a\"() ({' * 100000 + '})' * 100000)" > %t.generic.mlir
// RUN: not buffer-opt --allow-unregistered-dialect %t.generic.mlir 2>&1 | FileCheck %s --check-prefix=GENERIC
// GENERIC: generic.mlir:1:{{[0-9]+}}: error: nesting too deep
