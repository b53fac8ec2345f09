// vector.mask cases mlir-runner cannot check (upstream's lower-vector-mask
// refuses a passthru and drops a masked op's own mask; its masked maximumf
// and minimumf start at values that are not neutral), with hand-derived
// expected values in vector-mask-passthru-run.expected:
//   m = (0 1 2 3 4 5), mask (1 0 1 1), passthru (50 51 52 53), padding -1
//   read at 3: lanes 3, off -> 51, 5, past the end (on) -> padding: (3 51 5 -1)
//   read at 0 from the tensor: (0 51 2 3)
//   own mask (1 1 0 1) and (1 0 1 1): lanes 0 and 3 on: (0 -1 -1 3)
//   maximumf of (-5) alone: -5; minimumf / maximumf of no lane: inf / -inf
func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant -1.0 : f32
  %m = memref.alloca() : memref<6xf32>
  %init = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]> : vector<6xf32>
  vector.transfer_write %init, %m[%c0] : vector<6xf32>, memref<6xf32>
  %mk = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %pt = arith.constant dense<[50.0, 51.0, 52.0, 53.0]> : vector<4xf32>
  // passthru: masked-off lanes take it; the on lane past the end reads the padding
  %r = vector.mask %mk, %pt { vector.transfer_read %m[%c3], %pad : memref<6xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  vector.print %r : vector<4xf32>
  %t = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<6xf32>
  %r2 = vector.mask %mk, %pt { vector.transfer_read %t[%c0], %pad : tensor<6xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  vector.print %r2 : vector<4xf32>
  // a mask around a transfer that has a mask of its own: a lane is on when
  // both say so (upstream's lower-vector-mask drops the op's own mask)
  %own = arith.constant dense<[true, true, false, true]> : vector<4xi1>
  %r5 = vector.mask %mk { vector.transfer_read %m[%c0], %pad, %own : memref<6xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  vector.print %r5 : vector<4xf32>
  // masked maximumf / minimumf: the lanes that are off do not take part
  // (upstream's LLVM conversion starts them at values that are not neutral:
  // mlir-runner prints -1.4013e-45 for the maximum of -5 alone, and the
  // largest float instead of inf when every lane is off)
  %fv = arith.constant dense<[-5.0, -2.0, 3.0, 4.0]> : vector<4xf32>
  %f1 = arith.constant dense<[true, false, false, false]> : vector<4xi1>
  %f0 = arith.constant dense<false> : vector<4xi1>
  %x1 = vector.mask %f1 { vector.reduction <maximumf>, %fv : vector<4xf32> into f32 } : vector<4xi1> -> f32
  vector.print %x1 : f32
  %x2 = vector.mask %f0 { vector.reduction <minimumf>, %fv : vector<4xf32> into f32 } : vector<4xi1> -> f32
  vector.print %x2 : f32
  %x3 = vector.mask %f0 { vector.reduction <maximumf>, %fv : vector<4xf32> into f32 } : vector<4xi1> -> f32
  vector.print %x3 : f32
  return
}
