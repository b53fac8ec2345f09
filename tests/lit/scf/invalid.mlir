// Verifier errors of the scf dialect, one case per rule; the messages are
// upstream's (checked against mlir-opt 22).
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

func.func @for_yield_type(%a: index, %t: tensor<4xf32>, %f: f32) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'tensor<4xf32>' != 'f32'}}
  %r = scf.for %i = %a to %a step %a iter_args(%x = %t) -> (tensor<4xf32>) {
    scf.yield %f : f32
  }
  return
}

// -----

func.func @for_missing_iter_arg(%a: index, %t: tensor<4xf32>) {
  // expected-error @+1 {{'scf.for' op different number of inits and region iter_args: 1 != 0}}
  %r = "scf.for"(%a, %a, %a, %t) ({
  ^bb0(%i: index):
    scf.yield %t : tensor<4xf32>
  }) : (index, index, index, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @for_result_type(%a: index, %t: tensor<4xf32>) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'tensor<4xf32>' != 'tensor<5xf32>'}}
  %r = "scf.for"(%a, %a, %a, %t) ({
  ^bb0(%i: index, %x: tensor<4xf32>):
    scf.yield %x : tensor<4xf32>
  }) : (index, index, index, tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @for_init_type(%a: index, %t: tensor<4xf32>) {
  // expected-error @+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'tensor<4xf32>' != 'tensor<5xf32>'}}
  %r = "scf.for"(%a, %a, %a, %t) ({
  ^bb0(%i: index, %x: tensor<5xf32>):
    scf.yield %t : tensor<4xf32>
  }) : (index, index, index, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @for_iv_type(%a: index) {
  // expected-error @+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%a, %a, %a) ({
  ^bb0(%i: i32):
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_yield_count(%a: index, %t: tensor<4xf32>) {
  // expected-error @+1 {{'scf.for' op different number of region iter_args and yielded values: 1 != 2}}
  %r = scf.for %i = %a to %a step %a iter_args(%x = %t) -> (tensor<4xf32>) {
    scf.yield %x, %x : tensor<4xf32>, tensor<4xf32>
  }
  return
}

// -----

func.func @for_bound_types(%a: index, %b: i32) {
  // expected-error @+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%a, %b, %a) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index, i32, index) -> ()
  return
}

// -----

func.func @if_condition_type(%b: i32, %t: tensor<4xf32>) {
  // expected-error @+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  %r = "scf.if"(%b) ({
    scf.yield %t : tensor<4xf32>
  }, {
    scf.yield %t : tensor<4xf32>
  }) : (i32) -> tensor<4xf32>
  return
}

// -----

func.func @if_needs_else(%c: i1, %t: tensor<4xf32>) {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %r = "scf.if"(%c) ({
    scf.yield %t : tensor<4xf32>
  }, {
  }) : (i1) -> tensor<4xf32>
  return
}

// -----

func.func @if_yield_type(%c: i1, %t: tensor<4xf32>) {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'tensor<4xf32>' should match successor input type #0 'f32'}}
  %r = scf.if %c -> f32 {
// expected-note @+1 {{region branch point}}
    scf.yield %t : tensor<4xf32>
  } else {
    scf.yield %t : tensor<4xf32>
  }
  return
}

// -----

func.func @if_yield_count(%c: i1, %t: tensor<4xf32>) {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %r = scf.if %c -> (tensor<4xf32>) {
// expected-note @+1 {{region branch point}}
    scf.yield %t, %t : tensor<4xf32>, tensor<4xf32>
  } else {
    scf.yield %t : tensor<4xf32>
  }
  return
}

// -----

func.func @while_condition_to_parent(%a: i32, %c: i1) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i1' should match successor input type #0 'i32'}}
  %w = scf.while (%x = %a) : (i32) -> i32 {
// expected-note @+1 {{region branch point}}
    scf.condition(%c) %c : i1
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return
}

// -----

func.func @while_condition_to_after(%a: i32, %c: i1) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'i32' should match successor input type #0 'i1'}}
  %w = scf.while (%x = %a) : (i32) -> i32 {
// expected-note @+1 {{region branch point}}
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i1):
    scf.yield %a : i32
  }
  return
}

// -----

func.func @while_yield_to_before(%a: i32, %c: i1) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'i1' should match successor input type #0 'i32'}}
  %w = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
// expected-note @+1 {{region branch point}}
    scf.yield %c : i1
  }
  return
}

// -----

func.func @while_inits_to_before(%a: i32, %c: i1) {
  // expected-error @+2 {{'scf.while' op along control flow edge from parent to Region #0: successor operand type #0 'i32' should match successor input type #0 'i1'}}
  // expected-note @+1 {{region branch point}}
  %w = "scf.while"(%a) ({
  ^bb0(%x: i1):
    scf.condition(%c) %a : i32
  }, {
  ^bb0(%y: i32):
    scf.yield %a : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @while_before_terminator(%a: i32) {
  // expected-error @+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  %w = "scf.while"(%a) ({
  ^bb0(%x: i32):
// expected-note @+1 {{terminator here}}
    scf.yield %a : i32
  }, {
  ^bb0(%y: i32):
    scf.yield %a : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @condition_parent(%c: i1) {
  // expected-error @+1 {{'scf.condition' op expects parent op 'scf.while'}}
  scf.condition(%c)
}

// -----

func.func @yield_parent() {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}

// -----

func.func @execute_region_yield(%i: i32) {
  // expected-error @+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %r = scf.execute_region -> f32 {
// expected-note @+1 {{region branch point}}
    scf.yield %i : i32
  }
  return
}

// -----

func.func @in_parallel_contents(%t: tensor<8xf32>) {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<8xf32>) {
    // expected-error @+1 {{'scf.forall.in_parallel' op expected only ParallelCombiningOpInterface ops}}
    scf.forall.in_parallel {
      %c = arith.constant 1 : index
    }
  }
  return
}

// -----

func.func @in_parallel_parent() {
  scf.execute_region {
    // expected-error @+1 {{'scf.forall.in_parallel' op expects parent op 'scf.forall'}}
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }
  return
}

// -----

func.func @forall_arg_count(%a: index) {
  // expected-error @+1 {{'scf.forall' op region expects 1 arguments}}
  "scf.forall"(%a) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index, %j: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @forall_dynamic_count(%a: index) {
  // expected-error @+1 {{expected 0 dynamic upper bound values}}
  "scf.forall"(%a) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @forall_result_type(%t: tensor<8xf32>) {
  // expected-error @+1 {{'scf.forall' op expected type of operand #0 ('tensor<8xf32>') to match type of corresponding result ('tensor<9xf32>')}}
  %r = "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %o: tensor<8xf32>):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (tensor<8xf32>) -> tensor<9xf32>
  return
}

// -----

func.func @forall_out_arg_type(%t: tensor<8xf32>) {
  // expected-error @+1 {{'scf.forall' op type mismatch between 0-th output and corresponding block argument}}
  %r = "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %o: tensor<9xf32>):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @forall_iv_type(%t: tensor<8xf32>) {
  // expected-error @+1 {{'scf.forall' op expects 0-th block argument to be an index}}
  %r = "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: i32, %o: tensor<8xf32>):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @forall_mapping_rank() {
  // expected-error @+1 {{'scf.forall' op mapping attribute size must match op rank}}
  scf.forall (%i, %j) in (4, 4) {
  } {mapping = [#gpu.thread<x>]}
  return
}

// -----

func.func @parallel_step(%a: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%a) to (%a) step (%c0) {
  }
  return
}

// -----

func.func @parallel_reductions(%a: index, %f: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%f) -> f32 {
    scf.reduce
  }
  return
}

// -----

func.func @reduce_operand_type(%a: index, %f: f32, %g: f64) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%f) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'f64' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%g : f64) {
    ^bb0(%l: f64, %r: f64):
      scf.reduce.return %l : f64
    }
  }
  return
}

// -----

func.func @reduce_block_args(%a: index, %f: f32) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%f) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%f : f32) {
    ^bb0(%l: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @reduce_return_type(%a: index, %f: f32, %g: f64) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %r: f32):
      // expected-error @+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %g : f64
    }
  }
  return
}

// -----

func.func @reduce_return_parent(%f: f32) {
  // expected-error @+1 {{'scf.reduce.return' op expects parent op 'scf.reduce'}}
  scf.reduce.return %f : f32
}

// -----

func.func @switch_duplicate(%a: index, %f: f32) {
  // expected-error @+1 {{'scf.index_switch' op has duplicate case value: 1}}
  %r = scf.index_switch %a -> f32
  case 1 {
    scf.yield %f : f32
  }
  case 1 {
    scf.yield %f : f32
  }
  default {
    scf.yield %f : f32
  }
  return
}

// -----

func.func @switch_result_type(%a: index, %f: f32, %i: i32) {
  // expected-error @+1 {{'scf.index_switch' op expected result #0 of each region to be 'f32'}}
  %r = scf.index_switch %a -> f32
  case 1 {
    // expected-note @+1 {{case region #0 returns 'i32' here}}
    scf.yield %i : i32
  }
  default {
    scf.yield %f : f32
  }
  return
}

// -----

func.func @switch_result_count(%a: index) {
  // expected-error @+1 {{'scf.index_switch' op expected each region to return 1 values, but default region returns 0}}
  %r = scf.index_switch %a -> f32
  default {
    // expected-note @+1 {{see yield operation here}}
    scf.yield
  }
  return
}
