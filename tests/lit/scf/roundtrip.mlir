// Round trip of the scf dialect's custom forms: for (index and i32 bounds,
// unsigned, iter_args, elided yields), if (with/without else and results),
// while, execute_region, forall (normalized and general bounds, shared_outs,
// in_parallel, mapping), parallel with scf.reduce, index_switch.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s

// CHECK-LABEL: func.func @for_iter_args(%arg0: index, %arg1: index, %arg2: index, %arg3: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:   %0 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3) -> (tensor<4xf32>) {
// CHECK-NEXT:     scf.yield %arg5 : tensor<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : tensor<4xf32>
// CHECK-NEXT: }
func.func @for_iter_args(%lb: index, %ub: index, %s: index, %t: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %t) -> (tensor<4xf32>) {
    scf.yield %acc : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @for_no_results(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<?xf32>, %arg4: f32) {
// CHECK-NEXT:   scf.for %arg5 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:     memref.store %arg4, %arg3[%arg5] : memref<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.for %arg5 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:   } {test.tag}
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @for_no_results(%lb: index, %ub: index, %s: index, %m: memref<?xf32>, %f: f32) {
  scf.for %i = %lb to %ub step %s {
    memref.store %f, %m[%i] : memref<?xf32>
  }
  scf.for %i = %lb to %ub step %s {
  } {test.tag}
  return
}

// CHECK-LABEL: func.func @for_i32(%arg0: i32, %arg1: i32, %arg2: tensor<4xf32>) -> (i32, tensor<4xf32>) {
// CHECK-NEXT:   scf.for unsigned %arg3 = %arg0 to %arg1 step %arg0  : i32 {
// CHECK-NEXT:   }
// CHECK-NEXT:   %0:2 = scf.for %arg3 = %arg0 to %arg1 step %arg0 iter_args(%arg4 = %arg0, %arg5 = %arg2) -> (i32, tensor<4xf32>)  : i32 {
// CHECK-NEXT:     %1 = arith.addi %arg4, %arg3 : i32
// CHECK-NEXT:     scf.yield %1, %arg5 : i32, tensor<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0#0, %0#1 : i32, tensor<4xf32>
// CHECK-NEXT: }
func.func @for_i32(%a: i32, %b: i32, %t: tensor<4xf32>) -> (i32, tensor<4xf32>) {
  scf.for unsigned %i = %a to %b step %a : i32 {
  }
  %r:2 = scf.for %i = %a to %b step %a iter_args(%x = %a, %y = %t) -> (i32, tensor<4xf32>) : i32 {
    %n = arith.addi %x, %i : i32
    scf.yield %n, %y : i32, tensor<4xf32>
  }
  return %r#0, %r#1 : i32, tensor<4xf32>
}

// CHECK-LABEL: func.func @if_forms(%arg0: i1, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>, %arg3: memref<4xf32>, %arg4: f32, %arg5: index) -> (tensor<4xf32>, f32) {
// CHECK-NEXT:   %0 = scf.if %arg0 -> (tensor<4xf32>) {
// CHECK-NEXT:     scf.yield %arg1 : tensor<4xf32>
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %arg2 : tensor<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %1 = scf.if %arg0 -> (f32) {
// CHECK-NEXT:     scf.yield %arg4 : f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %2 = arith.addf %arg4, %arg4 : f32
// CHECK-NEXT:     scf.yield %2 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg4, %arg3[%arg5] : memref<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg4, %arg3[%arg5] : memref<4xf32>
// CHECK-NEXT:   } else {
// CHECK-NEXT:     memref.store %1, %arg3[%arg5] : memref<4xf32>
// CHECK-NEXT:   } {test.tag}
// CHECK-NEXT:   return %0, %1 : tensor<4xf32>, f32
// CHECK-NEXT: }
func.func @if_forms(%c: i1, %t: tensor<4xf32>, %u: tensor<4xf32>, %m: memref<4xf32>, %f: f32, %i: index) -> (tensor<4xf32>, f32) {
  %q = scf.if %c -> (tensor<4xf32>) {
    scf.yield %t : tensor<4xf32>
  } else {
    scf.yield %u : tensor<4xf32>
  }
  %g = scf.if %c -> f32 {
    scf.yield %f : f32
  } else {
    %z = arith.addf %f, %f : f32
    scf.yield %z : f32
  }
  scf.if %c {
    memref.store %f, %m[%i] : memref<4xf32>
  }
  scf.if %c {
    memref.store %f, %m[%i] : memref<4xf32>
  } else {
    memref.store %g, %m[%i] : memref<4xf32>
  } {test.tag}
  return %q, %g : tensor<4xf32>, f32
}

// CHECK-LABEL: func.func @while_loop(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
// CHECK-NEXT:   %0 = scf.while (%arg3 = %arg0) : (i32) -> i32 {
// CHECK-NEXT:     %2 = arith.cmpi slt, %arg3, %arg1 : i32
// CHECK-NEXT:     scf.condition(%2) %arg3 : i32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg3: i32):
// CHECK-NEXT:     %2 = arith.addi %arg3, %arg0 : i32
// CHECK-NEXT:     scf.yield %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = scf.while (%arg3 = %arg0, %arg4 = %arg2) : (i32, i1) -> (i1, i32) {
// CHECK-NEXT:     scf.condition(%arg4) %arg4, %arg3 : i1, i32
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg3: i1, %arg4: i32):
// CHECK-NEXT:     scf.yield %arg4, %arg3 : i32, i1
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.while : () -> () {
// CHECK-NEXT:     scf.condition(%arg2)
// CHECK-NEXT:   } do {
// CHECK-NEXT:     scf.yield
// CHECK-NEXT:   } attributes {test.tag}
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @while_loop(%a: i32, %b: i32, %c: i1) -> i32 {
  %w = scf.while (%x = %a) : (i32) -> i32 {
    %cc = arith.cmpi slt, %x, %b : i32
    scf.condition(%cc) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %a : i32
    scf.yield %n : i32
  }
  %p:2 = scf.while (%x = %a, %z = %c) : (i32, i1) -> (i1, i32) {
    scf.condition(%z) %z, %x : i1, i32
  } do {
  ^bb0(%y: i1, %v: i32):
    scf.yield %v, %y : i32, i1
  }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  } attributes {test.tag}
  return %w : i32
}

// CHECK-LABEL: func.func @execute_region(%arg0: i32, %arg1: f32) -> i32 {
// CHECK-NEXT:   %0 = scf.execute_region -> i32 {
// CHECK-NEXT:     scf.yield %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = scf.execute_region -> (i32, f32) no_inline {
// CHECK-NEXT:     %2 = arith.addi %arg0, %0 : i32
// CHECK-NEXT:     scf.yield %2, %arg1 : i32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.execute_region {
// CHECK-NEXT:     scf.yield
// CHECK-NEXT:   } {test.tag}
// CHECK-NEXT:   return %1#0 : i32
// CHECK-NEXT: }
func.func @execute_region(%a: i32, %f: f32) -> i32 {
  %e = scf.execute_region -> i32 {
    scf.yield %a : i32
  }
  %e2:2 = scf.execute_region -> (i32, f32) no_inline {
    %x = arith.addi %a, %e : i32
    scf.yield %x, %f : i32, f32
  }
  scf.execute_region {
    scf.yield
  } {test.tag}
  return %e2#0 : i32
}

// CHECK-LABEL: func.func @forall_tensor(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
// CHECK-NEXT:   %0 = scf.forall (%arg1, %arg2) in (4, 8) shared_outs(%arg3 = %arg0) -> (tensor<8x16xf32>) {
// CHECK-NEXT:     %extracted_slice = tensor.extract_slice %arg3[%arg1, %arg2] [2, 2] [1, 1] : tensor<8x16xf32> to tensor<2x2xf32>
// CHECK-NEXT:     scf.forall.in_parallel {
// CHECK-NEXT:       tensor.parallel_insert_slice %extracted_slice into %arg3[%arg1, %arg2] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x16xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : tensor<8x16xf32>
// CHECK-NEXT: }
func.func @forall_tensor(%t: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = scf.forall (%i, %j) in (4, 8) shared_outs(%o = %t) -> (tensor<8x16xf32>) {
    %sl = tensor.extract_slice %o[%i, %j] [2, 2] [1, 1] : tensor<8x16xf32> to tensor<2x2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sl into %o[%i, %j] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x16xf32>
    }
  }
  return %r : tensor<8x16xf32>
}

// CHECK-LABEL: func.func @forall_bounds(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: memref<?xf32>) {
// CHECK-NEXT:   scf.forall (%arg5) = (%arg0) to (%arg1) step (%arg2) {
// CHECK-NEXT:     memref.store %arg3, %arg4[%arg5] : memref<?xf32>
// CHECK-NEXT:   } {mapping = [#gpu.thread<x>]}
// CHECK-NEXT:   scf.forall (%arg5, %arg6) = (0, %arg0) to (%arg1, 64) step (2, %arg2) {
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.forall (%arg5) in (%arg1) {
// CHECK-NEXT:     memref.store %arg3, %arg4[%arg5] : memref<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @forall_bounds(%lb: index, %ub: index, %s: index, %f: f32, %m: memref<?xf32>) {
  scf.forall (%i) = (%lb) to (%ub) step (%s) {
    memref.store %f, %m[%i] : memref<?xf32>
  } {mapping = [#gpu.thread<x>]}
  scf.forall (%i, %j) = (0, %lb) to (%ub, 64) step (2, %s) {
  }
  scf.forall (%i) in (%ub) {
    memref.store %f, %m[%i] : memref<?xf32>
  }
  return
}

// CHECK-LABEL: func.func @parallel_reduce(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: memref<?xf32>) -> (f32, f32) {
// CHECK-NEXT:   scf.parallel (%arg5, %arg6) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
// CHECK-NEXT:     memref.store %arg3, %arg4[%arg5] : memref<?xf32>
// CHECK-NEXT:     scf.reduce
// CHECK-NEXT:   }
// CHECK-NEXT:   %0 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%arg3) -> f32 {
// CHECK-NEXT:     %2 = memref.load %arg4[%arg5] : memref<?xf32>
// CHECK-NEXT:     scf.reduce(%2 : f32) {
// CHECK-NEXT:     ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT:       %3 = arith.maximumf %arg6, %arg7 : f32
// CHECK-NEXT:       scf.reduce.return %3 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%arg3, %0) -> (f32, f32) {
// CHECK-NEXT:     %2 = memref.load %arg4[%arg5] : memref<?xf32>
// CHECK-NEXT:     scf.reduce(%2, %2 : f32, f32) {
// CHECK-NEXT:     ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT:       %3 = arith.addf %arg6, %arg7 : f32
// CHECK-NEXT:       scf.reduce.return %3 : f32
// CHECK-NEXT:     }, {
// CHECK-NEXT:     ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT:       %3 = arith.mulf %arg6, %arg7 : f32
// CHECK-NEXT:       scf.reduce.return %3 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return %1#0, %1#1 : f32, f32
// CHECK-NEXT: }
func.func @parallel_reduce(%lb: index, %ub: index, %s: index, %f: f32, %m: memref<?xf32>) -> (f32, f32) {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) {
    memref.store %f, %m[%i] : memref<?xf32>
  }
  %one = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%f) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %a = arith.maximumf %l, %r : f32
      scf.reduce.return %a : f32
    }
  }
  %sum:2 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%f, %one) -> (f32, f32) {
    %v = memref.load %m[%i] : memref<?xf32>
    scf.reduce(%v, %v : f32, f32) {
    ^bb0(%l: f32, %r: f32):
      %a = arith.addf %l, %r : f32
      scf.reduce.return %a : f32
    }, {
    ^bb0(%l: f32, %r: f32):
      %a = arith.mulf %l, %r : f32
      scf.reduce.return %a : f32
    }
  }
  return %sum#0, %sum#1 : f32, f32
}

// CHECK-LABEL: func.func @index_switch(%arg0: index, %arg1: f32, %arg2: f32) -> f32 {
// CHECK-NEXT:   %0 = scf.index_switch %arg0 -> f32
// CHECK-NEXT:   case 2 {
// CHECK-NEXT:     scf.yield %arg1 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   case 5 {
// CHECK-NEXT:     %2 = arith.addf %arg1, %arg2 : f32
// CHECK-NEXT:     scf.yield %2 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   default {
// CHECK-NEXT:     scf.yield %arg2 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = scf.index_switch %arg0 -> f32, f32
// CHECK-NEXT:   case 1 {
// CHECK-NEXT:     scf.yield %arg1, %arg1 : f32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   default {
// CHECK-NEXT:     scf.yield %arg2, %arg2 : f32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.index_switch %arg0
// CHECK-NEXT:   default {
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : f32
// CHECK-NEXT: }
func.func @index_switch(%a: index, %f: f32, %g: f32) -> f32 {
  %sw = scf.index_switch %a -> f32
  case 2 {
    scf.yield %f : f32
  }
  case 5 {
    %h = arith.addf %f, %g : f32
    scf.yield %h : f32
  }
  default {
    scf.yield %g : f32
  }
  %two:2 = scf.index_switch %a -> f32, f32
  case 1 {
    scf.yield %f, %f : f32, f32
  }
  default {
    scf.yield %g, %g : f32, f32
  }
  scf.index_switch %a
  default {
  }
  return %sw : f32
}
