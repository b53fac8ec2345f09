// Every combining kind of vector.reduction, with and without an accumulator,
// on f32 (with a -0 and a NaN case), f64, i32 and i8 (see ../run.mlir).
func.func @main() {
  %f = arith.constant dense<[1.5, -2.0, 0.25, 8.0]> : vector<4xf32>
  %fz = arith.constant dense<[-0.0, 0.0, -0.0, 0.0]> : vector<4xf32>
  %fn = arith.constant dense<[1.0, 0x7FC00000, -3.0, 2.0]> : vector<4xf32>
  %facc = arith.constant -1.25 : f32
  %d = arith.constant dense<[0.1, 0.2, 0.3]> : vector<3xf64>
  %dacc = arith.constant 1.0e-3 : f64
  %i = arith.constant dense<[7, -3, 12, -100]> : vector<4xi32>
  %iacc = arith.constant 5 : i32
  %b = arith.constant dense<[100, 27, -128, 3]> : vector<4xi8>
  %bacc = arith.constant 2 : i8
  %r1 = vector.reduction <add>, %f : vector<4xf32> into f32
  vector.print %r1 : f32
  %r2 = vector.reduction <add>, %f, %facc : vector<4xf32> into f32
  vector.print %r2 : f32
  %r3 = vector.reduction <add>, %fz : vector<4xf32> into f32
  vector.print %r3 : f32
  %r4 = vector.reduction <add>, %fn : vector<4xf32> into f32
  vector.print %r4 : f32
  %r5 = vector.reduction <add>, %d : vector<3xf64> into f64
  vector.print %r5 : f64
  %r6 = vector.reduction <add>, %d, %dacc : vector<3xf64> into f64
  vector.print %r6 : f64
  %r7 = vector.reduction <mul>, %f : vector<4xf32> into f32
  vector.print %r7 : f32
  %r8 = vector.reduction <mul>, %f, %facc : vector<4xf32> into f32
  vector.print %r8 : f32
  %r9 = vector.reduction <mul>, %fz : vector<4xf32> into f32
  vector.print %r9 : f32
  %r10 = vector.reduction <mul>, %fn : vector<4xf32> into f32
  vector.print %r10 : f32
  %r11 = vector.reduction <mul>, %d : vector<3xf64> into f64
  vector.print %r11 : f64
  %r12 = vector.reduction <mul>, %d, %dacc : vector<3xf64> into f64
  vector.print %r12 : f64
  %r13 = vector.reduction <minnumf>, %f : vector<4xf32> into f32
  vector.print %r13 : f32
  %r14 = vector.reduction <minnumf>, %f, %facc : vector<4xf32> into f32
  vector.print %r14 : f32
  %r15 = vector.reduction <minnumf>, %fz : vector<4xf32> into f32
  vector.print %r15 : f32
  %r16 = vector.reduction <minnumf>, %fn : vector<4xf32> into f32
  vector.print %r16 : f32
  %r17 = vector.reduction <minnumf>, %d : vector<3xf64> into f64
  vector.print %r17 : f64
  %r18 = vector.reduction <minnumf>, %d, %dacc : vector<3xf64> into f64
  vector.print %r18 : f64
  %r19 = vector.reduction <maxnumf>, %f : vector<4xf32> into f32
  vector.print %r19 : f32
  %r20 = vector.reduction <maxnumf>, %f, %facc : vector<4xf32> into f32
  vector.print %r20 : f32
  %r21 = vector.reduction <maxnumf>, %fz : vector<4xf32> into f32
  vector.print %r21 : f32
  %r22 = vector.reduction <maxnumf>, %fn : vector<4xf32> into f32
  vector.print %r22 : f32
  %r23 = vector.reduction <maxnumf>, %d : vector<3xf64> into f64
  vector.print %r23 : f64
  %r24 = vector.reduction <maxnumf>, %d, %dacc : vector<3xf64> into f64
  vector.print %r24 : f64
  %r25 = vector.reduction <minimumf>, %f : vector<4xf32> into f32
  vector.print %r25 : f32
  %r26 = vector.reduction <minimumf>, %f, %facc : vector<4xf32> into f32
  vector.print %r26 : f32
  %r27 = vector.reduction <minimumf>, %fz : vector<4xf32> into f32
  vector.print %r27 : f32
  %r28 = vector.reduction <minimumf>, %fn : vector<4xf32> into f32
  vector.print %r28 : f32
  %r29 = vector.reduction <minimumf>, %d : vector<3xf64> into f64
  vector.print %r29 : f64
  %r30 = vector.reduction <minimumf>, %d, %dacc : vector<3xf64> into f64
  vector.print %r30 : f64
  %r31 = vector.reduction <maximumf>, %f : vector<4xf32> into f32
  vector.print %r31 : f32
  %r32 = vector.reduction <maximumf>, %f, %facc : vector<4xf32> into f32
  vector.print %r32 : f32
  %r33 = vector.reduction <maximumf>, %fz : vector<4xf32> into f32
  vector.print %r33 : f32
  %r34 = vector.reduction <maximumf>, %fn : vector<4xf32> into f32
  vector.print %r34 : f32
  %r35 = vector.reduction <maximumf>, %d : vector<3xf64> into f64
  vector.print %r35 : f64
  %r36 = vector.reduction <maximumf>, %d, %dacc : vector<3xf64> into f64
  vector.print %r36 : f64
  %r37 = vector.reduction <add>, %i : vector<4xi32> into i32
  vector.print %r37 : i32
  %r38 = vector.reduction <add>, %i, %iacc : vector<4xi32> into i32
  vector.print %r38 : i32
  %r39 = vector.reduction <add>, %b : vector<4xi8> into i8
  vector.print %r39 : i8
  %r40 = vector.reduction <add>, %b, %bacc : vector<4xi8> into i8
  vector.print %r40 : i8
  %r41 = vector.reduction <mul>, %i : vector<4xi32> into i32
  vector.print %r41 : i32
  %r42 = vector.reduction <mul>, %i, %iacc : vector<4xi32> into i32
  vector.print %r42 : i32
  %r43 = vector.reduction <mul>, %b : vector<4xi8> into i8
  vector.print %r43 : i8
  %r44 = vector.reduction <mul>, %b, %bacc : vector<4xi8> into i8
  vector.print %r44 : i8
  %r45 = vector.reduction <minui>, %i : vector<4xi32> into i32
  vector.print %r45 : i32
  %r46 = vector.reduction <minui>, %i, %iacc : vector<4xi32> into i32
  vector.print %r46 : i32
  %r47 = vector.reduction <minui>, %b : vector<4xi8> into i8
  vector.print %r47 : i8
  %r48 = vector.reduction <minui>, %b, %bacc : vector<4xi8> into i8
  vector.print %r48 : i8
  %r49 = vector.reduction <minsi>, %i : vector<4xi32> into i32
  vector.print %r49 : i32
  %r50 = vector.reduction <minsi>, %i, %iacc : vector<4xi32> into i32
  vector.print %r50 : i32
  %r51 = vector.reduction <minsi>, %b : vector<4xi8> into i8
  vector.print %r51 : i8
  %r52 = vector.reduction <minsi>, %b, %bacc : vector<4xi8> into i8
  vector.print %r52 : i8
  %r53 = vector.reduction <maxui>, %i : vector<4xi32> into i32
  vector.print %r53 : i32
  %r54 = vector.reduction <maxui>, %i, %iacc : vector<4xi32> into i32
  vector.print %r54 : i32
  %r55 = vector.reduction <maxui>, %b : vector<4xi8> into i8
  vector.print %r55 : i8
  %r56 = vector.reduction <maxui>, %b, %bacc : vector<4xi8> into i8
  vector.print %r56 : i8
  %r57 = vector.reduction <maxsi>, %i : vector<4xi32> into i32
  vector.print %r57 : i32
  %r58 = vector.reduction <maxsi>, %i, %iacc : vector<4xi32> into i32
  vector.print %r58 : i32
  %r59 = vector.reduction <maxsi>, %b : vector<4xi8> into i8
  vector.print %r59 : i8
  %r60 = vector.reduction <maxsi>, %b, %bacc : vector<4xi8> into i8
  vector.print %r60 : i8
  %r61 = vector.reduction <and>, %i : vector<4xi32> into i32
  vector.print %r61 : i32
  %r62 = vector.reduction <and>, %i, %iacc : vector<4xi32> into i32
  vector.print %r62 : i32
  %r63 = vector.reduction <and>, %b : vector<4xi8> into i8
  vector.print %r63 : i8
  %r64 = vector.reduction <and>, %b, %bacc : vector<4xi8> into i8
  vector.print %r64 : i8
  %r65 = vector.reduction <or>, %i : vector<4xi32> into i32
  vector.print %r65 : i32
  %r66 = vector.reduction <or>, %i, %iacc : vector<4xi32> into i32
  vector.print %r66 : i32
  %r67 = vector.reduction <or>, %b : vector<4xi8> into i8
  vector.print %r67 : i8
  %r68 = vector.reduction <or>, %b, %bacc : vector<4xi8> into i8
  vector.print %r68 : i8
  %r69 = vector.reduction <xor>, %i : vector<4xi32> into i32
  vector.print %r69 : i32
  %r70 = vector.reduction <xor>, %i, %iacc : vector<4xi32> into i32
  vector.print %r70 : i32
  %r71 = vector.reduction <xor>, %b : vector<4xi8> into i8
  vector.print %r71 : i8
  %r72 = vector.reduction <xor>, %b, %bacc : vector<4xi8> into i8
  vector.print %r72 : i8
  return
}
