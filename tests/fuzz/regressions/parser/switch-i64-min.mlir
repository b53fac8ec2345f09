func.func @wide(%x: i64, %y: i32) {
  cf.switch %x : i64, [
    default: ^next,
    -9223372036854775808: ^next,
    -1: ^next
  ]
^next:
  cf.switch %y : i32, [
    default: ^out,
    -2147483648: ^out,
    4294967295: ^out
  ]
^out:
  return
}
