// vector.mask around transfers and reductions, run: masked reads
// (masked-off and out-of-bounds lanes read the padding), masked writes on a
// memref and on a tensor, a transposing masked write, an empty mask, masked
// reductions. The expected output is
// what mlir-opt 22 (-lower-vector-mask, One-Shot, the LLVM conversions) and
// mlir-runner print for this file (see ../mask-run.mlir).
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant -1.0 : f32
  %m = memref.alloca() : memref<6xf32>
  %init = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]> : vector<6xf32>
  vector.transfer_write %init, %m[%c0] : vector<6xf32>, memref<6xf32>
  %mk = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  // masked read: masked-off lanes and the out-of-bounds lane take the padding
  %r = vector.mask %mk { vector.transfer_read %m[%c3], %pad : memref<6xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  vector.print %r : vector<4xf32>
  // masked write on a memref
  %w = arith.constant dense<[10.0, 11.0, 12.0, 13.0]> : vector<4xf32>
  vector.mask %mk { vector.transfer_write %w, %m[%c1] : vector<4xf32>, memref<6xf32> } : vector<4xi1>
  %all = vector.transfer_read %m[%c0], %pad : memref<6xf32>, vector<6xf32>
  vector.print %all : vector<6xf32>
  // masked write on a tensor; the tensor it wrote into keeps its values
  %t = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<6xf32>
  %t2 = vector.mask %mk { vector.transfer_write %w, %t[%c3] : vector<4xf32>, tensor<6xf32> } : vector<4xi1> -> tensor<6xf32>
  %rt = vector.transfer_read %t2[%c0], %pad : tensor<6xf32>, vector<6xf32>
  vector.print %rt : vector<6xf32>
  // a 2-d masked write with a transposing map: the mask follows the memref
  %m2 = memref.alloca() : memref<2x3xf32>
  %z = arith.constant dense<0.0> : vector<2x3xf32>
  vector.transfer_write %z, %m2[%c0, %c0] : vector<2x3xf32>, memref<2x3xf32>
  %v32 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : vector<3x2xf32>
  %mk2 = arith.constant dense<[[true, false, true], [false, true, true]]> : vector<2x3xi1>
  vector.mask %mk2 { vector.transfer_write %v32, %m2[%c0, %c0] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<3x2xf32>, memref<2x3xf32> } : vector<2x3xi1>
  %a2 = vector.transfer_read %m2[%c0, %c0], %pad : memref<2x3xf32>, vector<2x3xf32>
  vector.print %a2 : vector<2x3xf32>
  // a mask with nothing to mask hands its yield over
  %y = vector.mask %mk { vector.yield %w : vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  vector.print %y : vector<4xf32>
  // masked reductions: the lanes that are off do not take part
  %rv = arith.constant dense<[1.0, -2.0, 3.0, 4.0]> : vector<4xf32>
  %rvi = arith.constant dense<[1, -2, 3, 4]> : vector<4xi32>
  %rk = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  %rnone = arith.constant dense<false> : vector<4xi1>
  %racc = arith.constant 10.0 : f32
  %q1 = vector.mask %rk { vector.reduction <add>, %rv : vector<4xf32> into f32 } : vector<4xi1> -> f32
  vector.print %q1 : f32
  %q2 = vector.mask %rk { vector.reduction <mul>, %rv, %racc : vector<4xf32> into f32 } : vector<4xi1> -> f32
  vector.print %q2 : f32
  %q3 = vector.mask %rk { vector.reduction <minsi>, %rvi : vector<4xi32> into i32 } : vector<4xi1> -> i32
  vector.print %q3 : i32
  %q4 = vector.mask %rk { vector.reduction <maxnumf>, %rv : vector<4xf32> into f32 } : vector<4xi1> -> f32
  vector.print %q4 : f32
  %q5 = vector.mask %rk { vector.reduction <xor>, %rvi : vector<4xi32> into i32 } : vector<4xi1> -> i32
  vector.print %q5 : i32
  %q6 = vector.mask %rk { vector.reduction <minimumf>, %rv : vector<4xf32> into f32 } : vector<4xi1> -> f32
  vector.print %q6 : f32
  // every lane off: the accumulator, or the kind's neutral value
  %q7 = vector.mask %rnone { vector.reduction <add>, %rvi : vector<4xi32> into i32 } : vector<4xi1> -> i32
  vector.print %q7 : i32
  %q8 = vector.mask %rnone { vector.reduction <minsi>, %rvi : vector<4xi32> into i32 } : vector<4xi1> -> i32
  vector.print %q8 : i32
  %q9 = vector.mask %rnone { vector.reduction <minui>, %rvi : vector<4xi32> into i32 } : vector<4xi1> -> i32
  vector.print %q9 : i32
  %q10 = vector.mask %rnone { vector.reduction <maxsi>, %rvi : vector<4xi32> into i32 } : vector<4xi1> -> i32
  vector.print %q10 : i32
  %q11 = vector.mask %rnone { vector.reduction <and>, %rvi : vector<4xi32> into i32 } : vector<4xi1> -> i32
  vector.print %q11 : i32
  %q12 = vector.mask %rnone { vector.reduction <mul>, %rv : vector<4xf32> into f32 } : vector<4xi1> -> f32
  vector.print %q12 : f32
  %q13 = vector.mask %rnone { vector.reduction <minnumf>, %rv : vector<4xf32> into f32 } : vector<4xi1> -> f32
  vector.print %q13 : f32
  %q14 = vector.mask %rnone { vector.reduction <mul>, %rv, %racc : vector<4xf32> into f32 } : vector<4xi1> -> f32
  vector.print %q14 : f32
  return
}
