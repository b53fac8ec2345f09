// A passthru under a transposing map: the lanes the mask turns off (by the
// memref's dimension order) take the passthru. The interpreter runs it; the
// LLVM lowering refuses it (its select needs the mask in the result's
// shape). Expected, by hand: the read of ((1 2 3) (4 5 6)) under the mask
// ((1 0 1) (0 1 1)) gives lane (j, i) m2[i][j] where mask[i][j], else -9:
// ((1 -9) (-9 5) (3 6)).
func.func @main() {
  %c0 = arith.constant 0 : index
  %pad = arith.constant -1.0 : f32
  %m2 = memref.alloca() : memref<2x3xf32>
  %v23 = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
  vector.transfer_write %v23, %m2[%c0, %c0] : vector<2x3xf32>, memref<2x3xf32>
  %k23 = arith.constant dense<[[true, false, true], [false, true, true]]> : vector<2x3xi1>
  %p32 = arith.constant dense<-9.0> : vector<3x2xf32>
  %r6 = vector.mask %k23, %p32 { vector.transfer_read %m2[%c0, %c0], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<2x3xf32>, vector<3x2xf32> } : vector<2x3xi1> -> vector<3x2xf32>
  vector.print %r6 : vector<3x2xf32>
  return
}
