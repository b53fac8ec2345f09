// purpose: extended integer arithmetic (addui_extended with its i1 carry, mului_extended / mulsi_extended high halves) at i8, i32 and on tensors inside a linalg body; no .run form yet because the interpreter has no semantics for these ops (run @main by hand: upstream, lowered like a .run.mlir, prints 44 1 64 156 49 -70 then [0, 1, 0, 0])
// expect: parses, verifies, prints like mlir-opt

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printMemrefI32(memref<*xi32>)

func.func @p(%x: i64) {
  call @printI64(%x) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @carries(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %e = tensor.empty() : tensor<4xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s, %c = arith.addui_extended %x, %y : i32, i1
    %w = arith.extui %c : i1 to i32
    linalg.yield %w : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}

func.func @main() {
  %a = arith.constant 200 : i8
  %b = arith.constant 100 : i8
  %s, %c = arith.addui_extended %a, %b : i8, i1
  %sw = arith.extui %s : i8 to i64
  call @p(%sw) : (i64) -> ()
  %cw = arith.extui %c : i1 to i64
  call @p(%cw) : (i64) -> ()
  %lo, %hi = arith.mului_extended %a, %a : i8
  %low = arith.extui %lo : i8 to i64
  call @p(%low) : (i64) -> ()
  %hiw = arith.extui %hi : i8 to i64
  call @p(%hiw) : (i64) -> ()
  %m = arith.constant -100000 : i32
  %n = arith.constant 3000000 : i32
  %slo, %shi = arith.mulsi_extended %m, %n : i32
  %shiw = arith.extsi %shi : i32 to i64
  %slow = arith.extui %slo : i32 to i64
  %c32 = arith.constant 4294967296 : i64
  %q = arith.remui %slow, %c32 : i64
  %r1 = arith.constant 7 : i64
  %k = arith.remui %q, %r1 : i64
  %z = arith.addi %k, %r1 : i64
  %t = arith.constant 36 : i64
  %kk = arith.addi %z, %t : i64
  call @p(%kk) : (i64) -> ()
  call @p(%shiw) : (i64) -> ()
  %va = arith.constant dense<[1, -1, 2147483647, 0]> : tensor<4xi32>
  %vb = arith.constant dense<[2, 1, 1, 0]> : tensor<4xi32>
  %cr = call @carries(%va, %vb) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %crm = bufferization.to_buffer %cr : tensor<4xi32> to memref<4xi32>
  %cru = memref.cast %crm : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%cru) : (memref<*xi32>) -> ()
  return
}
