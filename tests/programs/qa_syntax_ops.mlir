// purpose: custom-form printing stress: discardable attributes on ops of every dialect, result-name collisions (many constants of one value, repeated slices), multi-result names, names inside nested regions, unused block arguments, ops with optional parts omitted or present (scf.for without iter_args, scf.if without else, pad nofold, alloc_tensor with size hint, to_tensor without flags, linalg ops with extra attributes), memory spaces and strided layouts in signatures, empty functions and modules, scf.forall whose bounds are SSA constants 0 and 1
// expect: parses, verifies, prints like mlir-opt

module {
  module @empty {
  }
  func.func private @decl_only(memref<4xf32, 1>, memref<?x?xf32, strided<[?, 1], offset: ?>>) -> memref<2xi8, 3>
  func.func @names(%t: tensor<8x8xf32>, %m: memref<8xf32>, %n: index) -> (tensor<8x8xf32>, f32) {
    %c0 = arith.constant 0 : index
    %c0_dup = arith.constant 0 : index
    %c0i = arith.constant 0 : i32
    %c0i64 = arith.constant 0 : i64
    %cm1 = arith.constant -1 : index
    %ctrue = arith.constant true
    %cfalse = arith.constant false
    %cst = arith.constant 1.0 : f32
    %cst_b = arith.constant 1.0 : f32
    %cst_t = arith.constant dense<0.0> : tensor<4xf32>
    %s1 = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] {test.tag = 1 : i32} : tensor<8x8xf32> to tensor<4x4xf32>
    %s2 = tensor.extract_slice %t[%c0, %n] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
    %s3 = tensor.extract_slice %t[4, 4] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
    %ins = tensor.insert_slice %s1 into %t[4, 4] [4, 4] [1, 1] {test.unit} : tensor<4x4xf32> into tensor<8x8xf32>
    %ex = tensor.extract %s2[%c0, %c0_dup] {test.x = "y"} : tensor<4x4xf32>
    %ex2 = tensor.extract %s3[%c0, %c0] : tensor<4x4xf32>
    %sum = arith.addf %ex, %ex2 {test.on_arith} : f32
    %sel = arith.select %ctrue, %sum, %cst : f32
    scf.for %i = %c0 to %n step %n {
      memref.store %sel, %m[%i] {nontemporal = false} : memref<8xf32>
    } {test.loop_attr}
    scf.if %cfalse {
      %l = memref.load %m[%c0] : memref<8xf32>
      memref.store %l, %m[%c0] : memref<8xf32>
    }
    %p = tensor.pad %s1 nofold low[1, 1] high[1, 1] {
    ^bb0(%unused0: index, %unused1: index):
      tensor.yield %cst : f32
    } : tensor<4x4xf32> to tensor<6x6xf32>
    %a = bufferization.alloc_tensor() size_hint = %n : tensor<6x6xf32>
    %cp = linalg.copy {test.on_linalg} ins(%p : tensor<6x6xf32>) outs(%a : tensor<6x6xf32>) -> tensor<6x6xf32>
    %tt = bufferization.to_tensor %m : memref<8xf32> to tensor<8xf32>
    %cast = tensor.cast %tt : tensor<8xf32> to tensor<?xf32>
    %dim = tensor.dim %cast, %c0 : tensor<?xf32>
    %r:2 = scf.for %i = %c0 to %dim step %n iter_args(%acc = %ins, %f = %sum) -> (tensor<8x8xf32>, f32) {
      %r1:2 = scf.if %ctrue -> (tensor<8x8xf32>, f32) {
        scf.yield %acc, %f : tensor<8x8xf32>, f32
      } else {
        %g = arith.mulf %f, %f : f32
        scf.yield %acc, %g : tensor<8x8xf32>, f32
      }
      scf.yield %r1#0, %r1#1 : tensor<8x8xf32>, f32
    }
    %call:2 = func.call @names(%r#0, %m, %dim) {test.call} : (tensor<8x8xf32>, memref<8xf32>, index) -> (tensor<8x8xf32>, f32)
    return %call#0, %call#1 : tensor<8x8xf32>, f32
  }
  func.func @empty_body() {
    return
  }
  // bounds given as SSA constants 0 and 1: mlir-opt prints the normalized
  // `in (...)` form
  func.func @forall_const_bounds(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.forall (%i) = (%c0) to (%n) step (%c1) shared_outs(%o = %t) -> (tensor<4xf32>) {
    }
    return %r : tensor<4xf32>
  }
}
