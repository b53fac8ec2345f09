// vector.mask cases mlir-runner cannot check (upstream's lower-vector-mask
// refuses a passthru, and drops a masked op's own mask), with hand-derived
// expected values in vector-mask-passthru-run.expected:
//   m = (0 1 2 3 4 5), mask (1 0 1 1), passthru (50 51 52 53), padding -1
//   read at 3: lanes 3, off -> 51, 5, past the end (on) -> padding: (3 51 5 -1)
//   read at 0 from the tensor: (0 51 2 3)
//   own mask (1 1 0 1) and (1 0 1 1): lanes 0 and 3 on: (0 -1 -1 3)
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
  return
}
