func.func @f(%a: i32, %b: i64) -> i32 {
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  %1 = "arith.cmpi"(%a, %a) {predicate = 99 : i64} : (i32, i32) -> i1
  return %0 : i32
}
