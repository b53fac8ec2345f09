// purpose: unstructured control flow that upstream's deallocation pipeline rejects (so no .run form): cf loops carrying scalars and a tensor through block arguments, cf.switch with case operands and a default, cf.assert, blocks listed out of dominance order
// expect: parses, verifies, prints like mlir-opt; interpreting @main prints 21, 21.5, -107, 0, 109, 1386 (upstream without the deallocation pipeline agrees)

// gcd with a cf loop
func.func @gcd(%a: i64, %b: i64) -> i64 {
  cf.br ^loop(%a, %b : i64, i64)
^loop(%x: i64, %y: i64):
  %c0 = arith.constant 0 : i64
  %done = arith.cmpi eq, %y, %c0 : i64
  cf.cond_br %done, ^exit(%x : i64), ^step
^step:
  %r = arith.remsi %x, %y : i64
  cf.br ^loop(%y, %r : i64, i64)
^exit(%g: i64):
  return %g : i64
}

// builds a prefix-sum tensor in a cf loop
func.func @prefix(%t: tensor<6xf32>) -> tensor<6xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %z = arith.constant 0.0 : f32
  cf.br ^head(%c0, %z, %t : index, f32, tensor<6xf32>)
^head(%i: index, %acc: f32, %cur: tensor<6xf32>):
  %more = arith.cmpi slt, %i, %c6 : index
  cf.cond_br %more, ^body, ^done
^body:
  %v = tensor.extract %cur[%i] : tensor<6xf32>
  %a2 = arith.addf %acc, %v : f32
  %n = tensor.insert %a2 into %cur[%i] : tensor<6xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %a2, %n : index, f32, tensor<6xf32>)
^done:
  return %cur : tensor<6xf32>
}

// sign classification with cf.switch and an early return per block
func.func @classify(%x: i32) -> i64 {
  %c0 = arith.constant 0 : i32
  %neg = arith.cmpi slt, %x, %c0 : i32
  %pos = arith.cmpi sgt, %x, %c0 : i32
  %n = arith.extui %neg : i1 to i32
  %p = arith.extui %pos : i1 to i32
  %two = arith.constant 2 : i32
  %pp = arith.muli %p, %two : i32
  %k = arith.addi %n, %pp : i32
  cf.switch %k : i32, [
    default: ^zero,
    1: ^negative,
    2: ^positive
  ]
^zero:
  %r0 = arith.constant 0 : i64
  return %r0 : i64
^negative:
  %r1 = arith.extsi %x : i32 to i64
  %m = arith.constant -100 : i64
  %r1b = arith.addi %r1, %m : i64
  return %r1b : i64
^positive:
  %r2 = arith.extsi %x : i32 to i64
  %h = arith.constant 100 : i64
  %r2b = arith.addi %r2, %h : i64
  return %r2b : i64
}

// the successor block appears before the block that dominates it
func.func @out_of_order(%a: i64) -> i64 {
  cf.br ^entry2
^tail(%v: i64):
  return %v : i64
^entry2:
  %c3 = arith.constant 3 : i64
  %m = arith.muli %a, %c3 : i64
  %ok = arith.cmpi sgt, %m, %a : i64
  cf.assert %ok, "tripled value must grow"
  cf.br ^tail(%m : i64)
}

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %a = arith.constant 1071 : i64
  %b = arith.constant 462 : i64
  %g = call @gcd(%a, %b) : (i64, i64) -> i64
  call @printI64(%g) : (i64) -> ()
  call @printNewline() : () -> ()
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.5]> : tensor<6xf32>
  %p = call @prefix(%t) : (tensor<6xf32>) -> tensor<6xf32>
  %c5 = arith.constant 5 : index
  %last = tensor.extract %p[%c5] : tensor<6xf32>
  call @printF32(%last) : (f32) -> ()
  call @printNewline() : () -> ()
  %x1 = arith.constant -7 : i32
  %x2 = arith.constant 0 : i32
  %x3 = arith.constant 9 : i32
  %k1 = call @classify(%x1) : (i32) -> i64
  call @printI64(%k1) : (i64) -> ()
  call @printNewline() : () -> ()
  %k2 = call @classify(%x2) : (i32) -> i64
  call @printI64(%k2) : (i64) -> ()
  call @printNewline() : () -> ()
  %k3 = call @classify(%x3) : (i32) -> i64
  call @printI64(%k3) : (i64) -> ()
  call @printNewline() : () -> ()
  %o = call @out_of_order(%b) : (i64) -> i64
  call @printI64(%o) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
