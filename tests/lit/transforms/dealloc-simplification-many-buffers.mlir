// A function that makes more than 64 buffers and returns a view of one (a
// network's forward function, whose result is a reshape of its last buffer):
// the final dealloc lists every buffer. Simplification still frees each one
// with a plain memref.dealloc and leaves no bufferization.dealloc, so no
// run-time pointer comparison of every buffer with the returned one is left.
// RUN: buffer-opt %s -buffer-deallocation-pipeline | FileCheck %s
// RUN: buffer-opt %s -buffer-deallocation-pipeline --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt %s -buffer-deallocation-pipeline | mlir-opt -verify-each > /dev/null
// REQUIRES: mlir-opt

// CHECK-LABEL: func.func @chain(
// CHECK-NOT: bufferization.dealloc
// CHECK-NOT: arith.cmpi
// CHECK-COUNT-69: memref.dealloc
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @chain(%x: f32) -> memref<1xf32, strided<[1]>> {
  %c0 = arith.constant 0 : index
  %a0 = memref.alloc() : memref<4xf32>
  memref.store %x, %a0[%c0] : memref<4xf32>
  %a1 = memref.alloc() : memref<4xf32>
  %v1 = memref.load %a0[%c0] : memref<4xf32>
  %w1 = arith.addf %v1, %x : f32
  memref.store %w1, %a1[%c0] : memref<4xf32>
  %a2 = memref.alloc() : memref<4xf32>
  %v2 = memref.load %a1[%c0] : memref<4xf32>
  %w2 = arith.addf %v2, %x : f32
  memref.store %w2, %a2[%c0] : memref<4xf32>
  %a3 = memref.alloc() : memref<4xf32>
  %v3 = memref.load %a2[%c0] : memref<4xf32>
  %w3 = arith.addf %v3, %x : f32
  memref.store %w3, %a3[%c0] : memref<4xf32>
  %a4 = memref.alloc() : memref<4xf32>
  %v4 = memref.load %a3[%c0] : memref<4xf32>
  %w4 = arith.addf %v4, %x : f32
  memref.store %w4, %a4[%c0] : memref<4xf32>
  %a5 = memref.alloc() : memref<4xf32>
  %v5 = memref.load %a4[%c0] : memref<4xf32>
  %w5 = arith.addf %v5, %x : f32
  memref.store %w5, %a5[%c0] : memref<4xf32>
  %a6 = memref.alloc() : memref<4xf32>
  %v6 = memref.load %a5[%c0] : memref<4xf32>
  %w6 = arith.addf %v6, %x : f32
  memref.store %w6, %a6[%c0] : memref<4xf32>
  %a7 = memref.alloc() : memref<4xf32>
  %v7 = memref.load %a6[%c0] : memref<4xf32>
  %w7 = arith.addf %v7, %x : f32
  memref.store %w7, %a7[%c0] : memref<4xf32>
  %a8 = memref.alloc() : memref<4xf32>
  %v8 = memref.load %a7[%c0] : memref<4xf32>
  %w8 = arith.addf %v8, %x : f32
  memref.store %w8, %a8[%c0] : memref<4xf32>
  %a9 = memref.alloc() : memref<4xf32>
  %v9 = memref.load %a8[%c0] : memref<4xf32>
  %w9 = arith.addf %v9, %x : f32
  memref.store %w9, %a9[%c0] : memref<4xf32>
  %a10 = memref.alloc() : memref<4xf32>
  %v10 = memref.load %a9[%c0] : memref<4xf32>
  %w10 = arith.addf %v10, %x : f32
  memref.store %w10, %a10[%c0] : memref<4xf32>
  %a11 = memref.alloc() : memref<4xf32>
  %v11 = memref.load %a10[%c0] : memref<4xf32>
  %w11 = arith.addf %v11, %x : f32
  memref.store %w11, %a11[%c0] : memref<4xf32>
  %a12 = memref.alloc() : memref<4xf32>
  %v12 = memref.load %a11[%c0] : memref<4xf32>
  %w12 = arith.addf %v12, %x : f32
  memref.store %w12, %a12[%c0] : memref<4xf32>
  %a13 = memref.alloc() : memref<4xf32>
  %v13 = memref.load %a12[%c0] : memref<4xf32>
  %w13 = arith.addf %v13, %x : f32
  memref.store %w13, %a13[%c0] : memref<4xf32>
  %a14 = memref.alloc() : memref<4xf32>
  %v14 = memref.load %a13[%c0] : memref<4xf32>
  %w14 = arith.addf %v14, %x : f32
  memref.store %w14, %a14[%c0] : memref<4xf32>
  %a15 = memref.alloc() : memref<4xf32>
  %v15 = memref.load %a14[%c0] : memref<4xf32>
  %w15 = arith.addf %v15, %x : f32
  memref.store %w15, %a15[%c0] : memref<4xf32>
  %a16 = memref.alloc() : memref<4xf32>
  %v16 = memref.load %a15[%c0] : memref<4xf32>
  %w16 = arith.addf %v16, %x : f32
  memref.store %w16, %a16[%c0] : memref<4xf32>
  %a17 = memref.alloc() : memref<4xf32>
  %v17 = memref.load %a16[%c0] : memref<4xf32>
  %w17 = arith.addf %v17, %x : f32
  memref.store %w17, %a17[%c0] : memref<4xf32>
  %a18 = memref.alloc() : memref<4xf32>
  %v18 = memref.load %a17[%c0] : memref<4xf32>
  %w18 = arith.addf %v18, %x : f32
  memref.store %w18, %a18[%c0] : memref<4xf32>
  %a19 = memref.alloc() : memref<4xf32>
  %v19 = memref.load %a18[%c0] : memref<4xf32>
  %w19 = arith.addf %v19, %x : f32
  memref.store %w19, %a19[%c0] : memref<4xf32>
  %a20 = memref.alloc() : memref<4xf32>
  %v20 = memref.load %a19[%c0] : memref<4xf32>
  %w20 = arith.addf %v20, %x : f32
  memref.store %w20, %a20[%c0] : memref<4xf32>
  %a21 = memref.alloc() : memref<4xf32>
  %v21 = memref.load %a20[%c0] : memref<4xf32>
  %w21 = arith.addf %v21, %x : f32
  memref.store %w21, %a21[%c0] : memref<4xf32>
  %a22 = memref.alloc() : memref<4xf32>
  %v22 = memref.load %a21[%c0] : memref<4xf32>
  %w22 = arith.addf %v22, %x : f32
  memref.store %w22, %a22[%c0] : memref<4xf32>
  %a23 = memref.alloc() : memref<4xf32>
  %v23 = memref.load %a22[%c0] : memref<4xf32>
  %w23 = arith.addf %v23, %x : f32
  memref.store %w23, %a23[%c0] : memref<4xf32>
  %a24 = memref.alloc() : memref<4xf32>
  %v24 = memref.load %a23[%c0] : memref<4xf32>
  %w24 = arith.addf %v24, %x : f32
  memref.store %w24, %a24[%c0] : memref<4xf32>
  %a25 = memref.alloc() : memref<4xf32>
  %v25 = memref.load %a24[%c0] : memref<4xf32>
  %w25 = arith.addf %v25, %x : f32
  memref.store %w25, %a25[%c0] : memref<4xf32>
  %a26 = memref.alloc() : memref<4xf32>
  %v26 = memref.load %a25[%c0] : memref<4xf32>
  %w26 = arith.addf %v26, %x : f32
  memref.store %w26, %a26[%c0] : memref<4xf32>
  %a27 = memref.alloc() : memref<4xf32>
  %v27 = memref.load %a26[%c0] : memref<4xf32>
  %w27 = arith.addf %v27, %x : f32
  memref.store %w27, %a27[%c0] : memref<4xf32>
  %a28 = memref.alloc() : memref<4xf32>
  %v28 = memref.load %a27[%c0] : memref<4xf32>
  %w28 = arith.addf %v28, %x : f32
  memref.store %w28, %a28[%c0] : memref<4xf32>
  %a29 = memref.alloc() : memref<4xf32>
  %v29 = memref.load %a28[%c0] : memref<4xf32>
  %w29 = arith.addf %v29, %x : f32
  memref.store %w29, %a29[%c0] : memref<4xf32>
  %a30 = memref.alloc() : memref<4xf32>
  %v30 = memref.load %a29[%c0] : memref<4xf32>
  %w30 = arith.addf %v30, %x : f32
  memref.store %w30, %a30[%c0] : memref<4xf32>
  %a31 = memref.alloc() : memref<4xf32>
  %v31 = memref.load %a30[%c0] : memref<4xf32>
  %w31 = arith.addf %v31, %x : f32
  memref.store %w31, %a31[%c0] : memref<4xf32>
  %a32 = memref.alloc() : memref<4xf32>
  %v32 = memref.load %a31[%c0] : memref<4xf32>
  %w32 = arith.addf %v32, %x : f32
  memref.store %w32, %a32[%c0] : memref<4xf32>
  %a33 = memref.alloc() : memref<4xf32>
  %v33 = memref.load %a32[%c0] : memref<4xf32>
  %w33 = arith.addf %v33, %x : f32
  memref.store %w33, %a33[%c0] : memref<4xf32>
  %a34 = memref.alloc() : memref<4xf32>
  %v34 = memref.load %a33[%c0] : memref<4xf32>
  %w34 = arith.addf %v34, %x : f32
  memref.store %w34, %a34[%c0] : memref<4xf32>
  %a35 = memref.alloc() : memref<4xf32>
  %v35 = memref.load %a34[%c0] : memref<4xf32>
  %w35 = arith.addf %v35, %x : f32
  memref.store %w35, %a35[%c0] : memref<4xf32>
  %a36 = memref.alloc() : memref<4xf32>
  %v36 = memref.load %a35[%c0] : memref<4xf32>
  %w36 = arith.addf %v36, %x : f32
  memref.store %w36, %a36[%c0] : memref<4xf32>
  %a37 = memref.alloc() : memref<4xf32>
  %v37 = memref.load %a36[%c0] : memref<4xf32>
  %w37 = arith.addf %v37, %x : f32
  memref.store %w37, %a37[%c0] : memref<4xf32>
  %a38 = memref.alloc() : memref<4xf32>
  %v38 = memref.load %a37[%c0] : memref<4xf32>
  %w38 = arith.addf %v38, %x : f32
  memref.store %w38, %a38[%c0] : memref<4xf32>
  %a39 = memref.alloc() : memref<4xf32>
  %v39 = memref.load %a38[%c0] : memref<4xf32>
  %w39 = arith.addf %v39, %x : f32
  memref.store %w39, %a39[%c0] : memref<4xf32>
  %a40 = memref.alloc() : memref<4xf32>
  %v40 = memref.load %a39[%c0] : memref<4xf32>
  %w40 = arith.addf %v40, %x : f32
  memref.store %w40, %a40[%c0] : memref<4xf32>
  %a41 = memref.alloc() : memref<4xf32>
  %v41 = memref.load %a40[%c0] : memref<4xf32>
  %w41 = arith.addf %v41, %x : f32
  memref.store %w41, %a41[%c0] : memref<4xf32>
  %a42 = memref.alloc() : memref<4xf32>
  %v42 = memref.load %a41[%c0] : memref<4xf32>
  %w42 = arith.addf %v42, %x : f32
  memref.store %w42, %a42[%c0] : memref<4xf32>
  %a43 = memref.alloc() : memref<4xf32>
  %v43 = memref.load %a42[%c0] : memref<4xf32>
  %w43 = arith.addf %v43, %x : f32
  memref.store %w43, %a43[%c0] : memref<4xf32>
  %a44 = memref.alloc() : memref<4xf32>
  %v44 = memref.load %a43[%c0] : memref<4xf32>
  %w44 = arith.addf %v44, %x : f32
  memref.store %w44, %a44[%c0] : memref<4xf32>
  %a45 = memref.alloc() : memref<4xf32>
  %v45 = memref.load %a44[%c0] : memref<4xf32>
  %w45 = arith.addf %v45, %x : f32
  memref.store %w45, %a45[%c0] : memref<4xf32>
  %a46 = memref.alloc() : memref<4xf32>
  %v46 = memref.load %a45[%c0] : memref<4xf32>
  %w46 = arith.addf %v46, %x : f32
  memref.store %w46, %a46[%c0] : memref<4xf32>
  %a47 = memref.alloc() : memref<4xf32>
  %v47 = memref.load %a46[%c0] : memref<4xf32>
  %w47 = arith.addf %v47, %x : f32
  memref.store %w47, %a47[%c0] : memref<4xf32>
  %a48 = memref.alloc() : memref<4xf32>
  %v48 = memref.load %a47[%c0] : memref<4xf32>
  %w48 = arith.addf %v48, %x : f32
  memref.store %w48, %a48[%c0] : memref<4xf32>
  %a49 = memref.alloc() : memref<4xf32>
  %v49 = memref.load %a48[%c0] : memref<4xf32>
  %w49 = arith.addf %v49, %x : f32
  memref.store %w49, %a49[%c0] : memref<4xf32>
  %a50 = memref.alloc() : memref<4xf32>
  %v50 = memref.load %a49[%c0] : memref<4xf32>
  %w50 = arith.addf %v50, %x : f32
  memref.store %w50, %a50[%c0] : memref<4xf32>
  %a51 = memref.alloc() : memref<4xf32>
  %v51 = memref.load %a50[%c0] : memref<4xf32>
  %w51 = arith.addf %v51, %x : f32
  memref.store %w51, %a51[%c0] : memref<4xf32>
  %a52 = memref.alloc() : memref<4xf32>
  %v52 = memref.load %a51[%c0] : memref<4xf32>
  %w52 = arith.addf %v52, %x : f32
  memref.store %w52, %a52[%c0] : memref<4xf32>
  %a53 = memref.alloc() : memref<4xf32>
  %v53 = memref.load %a52[%c0] : memref<4xf32>
  %w53 = arith.addf %v53, %x : f32
  memref.store %w53, %a53[%c0] : memref<4xf32>
  %a54 = memref.alloc() : memref<4xf32>
  %v54 = memref.load %a53[%c0] : memref<4xf32>
  %w54 = arith.addf %v54, %x : f32
  memref.store %w54, %a54[%c0] : memref<4xf32>
  %a55 = memref.alloc() : memref<4xf32>
  %v55 = memref.load %a54[%c0] : memref<4xf32>
  %w55 = arith.addf %v55, %x : f32
  memref.store %w55, %a55[%c0] : memref<4xf32>
  %a56 = memref.alloc() : memref<4xf32>
  %v56 = memref.load %a55[%c0] : memref<4xf32>
  %w56 = arith.addf %v56, %x : f32
  memref.store %w56, %a56[%c0] : memref<4xf32>
  %a57 = memref.alloc() : memref<4xf32>
  %v57 = memref.load %a56[%c0] : memref<4xf32>
  %w57 = arith.addf %v57, %x : f32
  memref.store %w57, %a57[%c0] : memref<4xf32>
  %a58 = memref.alloc() : memref<4xf32>
  %v58 = memref.load %a57[%c0] : memref<4xf32>
  %w58 = arith.addf %v58, %x : f32
  memref.store %w58, %a58[%c0] : memref<4xf32>
  %a59 = memref.alloc() : memref<4xf32>
  %v59 = memref.load %a58[%c0] : memref<4xf32>
  %w59 = arith.addf %v59, %x : f32
  memref.store %w59, %a59[%c0] : memref<4xf32>
  %a60 = memref.alloc() : memref<4xf32>
  %v60 = memref.load %a59[%c0] : memref<4xf32>
  %w60 = arith.addf %v60, %x : f32
  memref.store %w60, %a60[%c0] : memref<4xf32>
  %a61 = memref.alloc() : memref<4xf32>
  %v61 = memref.load %a60[%c0] : memref<4xf32>
  %w61 = arith.addf %v61, %x : f32
  memref.store %w61, %a61[%c0] : memref<4xf32>
  %a62 = memref.alloc() : memref<4xf32>
  %v62 = memref.load %a61[%c0] : memref<4xf32>
  %w62 = arith.addf %v62, %x : f32
  memref.store %w62, %a62[%c0] : memref<4xf32>
  %a63 = memref.alloc() : memref<4xf32>
  %v63 = memref.load %a62[%c0] : memref<4xf32>
  %w63 = arith.addf %v63, %x : f32
  memref.store %w63, %a63[%c0] : memref<4xf32>
  %a64 = memref.alloc() : memref<4xf32>
  %v64 = memref.load %a63[%c0] : memref<4xf32>
  %w64 = arith.addf %v64, %x : f32
  memref.store %w64, %a64[%c0] : memref<4xf32>
  %a65 = memref.alloc() : memref<4xf32>
  %v65 = memref.load %a64[%c0] : memref<4xf32>
  %w65 = arith.addf %v65, %x : f32
  memref.store %w65, %a65[%c0] : memref<4xf32>
  %a66 = memref.alloc() : memref<4xf32>
  %v66 = memref.load %a65[%c0] : memref<4xf32>
  %w66 = arith.addf %v66, %x : f32
  memref.store %w66, %a66[%c0] : memref<4xf32>
  %a67 = memref.alloc() : memref<4xf32>
  %v67 = memref.load %a66[%c0] : memref<4xf32>
  %w67 = arith.addf %v67, %x : f32
  memref.store %w67, %a67[%c0] : memref<4xf32>
  %a68 = memref.alloc() : memref<4xf32>
  %v68 = memref.load %a67[%c0] : memref<4xf32>
  %w68 = arith.addf %v68, %x : f32
  memref.store %w68, %a68[%c0] : memref<4xf32>
  %a69 = memref.alloc() : memref<4xf32>
  %v69 = memref.load %a68[%c0] : memref<4xf32>
  %w69 = arith.addf %v69, %x : f32
  memref.store %w69, %a69[%c0] : memref<4xf32>
  %view = memref.subview %a69[0] [1] [1] : memref<4xf32> to memref<1xf32, strided<[1]>>
  return %view : memref<1xf32, strided<[1]>>
}

// The last buffer holds 70 x 0.5.
// OUT: 35
func.func @main() {
  %c0 = arith.constant 0 : index
  %half = arith.constant 0.5 : f32
  %r = call @chain(%half) : (f32) -> memref<1xf32, strided<[1]>>
  %v = memref.load %r[%c0] : memref<1xf32, strided<[1]>>
  vector.print %v : f32
  return
}
