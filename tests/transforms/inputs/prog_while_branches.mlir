module {
  func.func @collatz_steps(%arg0: i64) -> i64 {
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %c3_i64 = arith.constant 3 : i64
    %0:2 = scf.while (%arg1 = %arg0, %arg2 = %c0_i64) : (i64, i64) -> (i64, i64) {
      %1 = arith.cmpi ne, %arg1, %c1_i64 : i64
      scf.condition(%1) %arg1, %arg2 : i64, i64
    } do {
    ^bb0(%arg1: i64, %arg2: i64):
      %1 = arith.remui %arg1, %c2_i64 : i64
      %2 = arith.cmpi eq, %1, %c0_i64 : i64
      %3 = scf.if %2 -> (i64) {
        %5 = arith.divui %arg1, %c2_i64 : i64
        scf.yield %5 : i64
      } else {
        %5 = arith.muli %arg1, %c3_i64 : i64
        %6 = arith.addi %5, %c1_i64 : i64
        scf.yield %6 : i64
      }
      %4 = arith.addi %arg2, %c1_i64 : i64
      scf.yield %3, %4 : i64, i64
    }
    return %0#1 : i64
  }
  func.func @clamp_cf(%arg0: i64, %arg1: i64, %arg2: i64) -> i64 {
    %0 = arith.cmpi slt, %arg0, %arg1 : i64
    cf.cond_br %0, ^bb2(%arg1 : i64), ^bb1
  ^bb1:  // pred: ^bb0
    %1 = arith.cmpi sgt, %arg0, %arg2 : i64
    cf.cond_br %1, ^bb2(%arg2 : i64), ^bb2(%arg0 : i64)
  ^bb2(%2: i64):  // 3 preds: ^bb0, ^bb1, ^bb1
    return %2 : i64
  }
  func.func @fact(%arg0: i64) -> i64 {
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.cmpi sle, %arg0, %c1_i64 : i64
    %1 = scf.if %0 -> (i64) {
      scf.yield %c1_i64 : i64
    } else {
      %2 = arith.subi %arg0, %c1_i64 : i64
      %3 = func.call @fact(%2) : (i64) -> i64
      %4 = arith.muli %arg0, %3 : i64
      scf.yield %4 : i64
    }
    return %1 : i64
  }
  func.func private @printI64(i64)
  func.func private @printNewline()
  func.func private @printComma()
  func.func @main() {
    %c27_i64 = arith.constant 27 : i64
    %0 = call @collatz_steps(%c27_i64) : (i64) -> i64
    call @printI64(%0) : (i64) -> ()
    call @printComma() : () -> ()
    %c1071_i64 = arith.constant 1071 : i64
    %c-5_i64 = arith.constant -5 : i64
    %c462_i64 = arith.constant 462 : i64
    %1 = call @clamp_cf(%c1071_i64, %c-5_i64, %c462_i64) : (i64, i64, i64) -> i64
    call @printI64(%1) : (i64) -> ()
    call @printComma() : () -> ()
    %c20_i64 = arith.constant 20 : i64
    %2 = call @fact(%c20_i64) : (i64) -> i64
    call @printI64(%2) : (i64) -> ()
    call @printNewline() : () -> ()
    return
  }
}

