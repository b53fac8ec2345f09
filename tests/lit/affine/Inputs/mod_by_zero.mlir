func.func @main() {
  %z = arith.constant 0 : index
  %a = affine.apply affine_map<(d0)[s0] -> (d0 mod s0)>(%z)[%z]
  return
}
