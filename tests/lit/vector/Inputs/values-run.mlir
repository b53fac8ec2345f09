// Vector value ops and vector-typed arith/math, each result printed with
// vector.print (see ../run.mlir).
func.func @main() {
  %a = arith.constant dense<[1.0, 2.5, -3.0, 4.0]> : vector<4xf32>
  %b = arith.constant dense<[0.5, 0.25, 2.0, -1.0]> : vector<4xf32>
  %s = arith.constant 1.5 : f32
  %c1 = arith.constant 1 : index
  %bs = vector.broadcast %s : f32 to vector<4xf32>
  vector.print %bs : vector<4xf32>
  %b2 = vector.broadcast %a : vector<4xf32> to vector<2x4xf32>
  vector.print %b2 : vector<2x4xf32>
  %col = arith.constant dense<[[1.0], [2.0]]> : vector<2x1xf32>
  %b3 = vector.broadcast %col : vector<2x1xf32> to vector<2x3xf32>
  vector.print %b3 : vector<2x3xf32>
  %f = vector.fma %a, %b, %bs : vector<4xf32>
  vector.print %f : vector<4xf32>
  %add = arith.addf %a, %b : vector<4xf32>
  vector.print %add : vector<4xf32>
  %sq = math.sqrt %b : vector<4xf32>
  vector.print %sq : vector<4xf32>
  %r1 = vector.reduction <add>, %a : vector<4xf32> into f32
  vector.print %r1 : f32
  %r2 = vector.reduction <mul>, %a, %s : vector<4xf32> into f32
  vector.print %r2 : f32
  %r3 = vector.reduction <maximumf>, %a : vector<4xf32> into f32
  vector.print %r3 : f32
  %r4 = vector.reduction <minnumf>, %a : vector<4xf32> into f32
  vector.print %r4 : f32
  %iv = arith.constant dense<[3, -7, 12, 5]> : vector<4xi32>
  %r5 = vector.reduction <minsi>, %iv : vector<4xi32> into i32
  vector.print %r5 : i32
  %r6 = vector.reduction <maxui>, %iv : vector<4xi32> into i32
  vector.print %r6 : i32
  %r7 = vector.reduction <xor>, %iv : vector<4xi32> into i32
  vector.print %r7 : i32
  %r8 = vector.reduction <add>, %iv : vector<4xi32> into i32
  vector.print %r8 : i32
  %e1 = vector.extract %b2[1] : vector<4xf32> from vector<2x4xf32>
  vector.print %e1 : vector<4xf32>
  %e2 = vector.extract %b2[1, 2] : f32 from vector<2x4xf32>
  vector.print %e2 : f32
  %e3 = vector.extract %b2[0, %c1] : f32 from vector<2x4xf32>
  vector.print %e3 : f32
  %i1 = vector.insert %s, %b2 [0, 3] : f32 into vector<2x4xf32>
  vector.print %i1 : vector<2x4xf32>
  %i2 = vector.insert %b, %i1 [%c1] : vector<4xf32> into vector<2x4xf32>
  vector.print %i2 : vector<2x4xf32>
  %fe = vector.from_elements %s, %e2, %e3, %r1, %r3, %s : vector<2x3xf32>
  vector.print %fe : vector<2x3xf32>
  %sc = vector.shape_cast %fe : vector<2x3xf32> to vector<6xf32>
  vector.print %sc : vector<6xf32>
  %cmp = arith.cmpf olt, %a, %b : vector<4xf32>
  vector.print %cmp : vector<4xi1>
  %sel = arith.select %cmp, %a, %b : vector<4xi1>, vector<4xf32>
  vector.print %sel : vector<4xf32>
  %fi = arith.fptosi %a : vector<4xf32> to vector<4xi32>
  vector.print %fi : vector<4xi32>
  %z = vector.broadcast %s : f32 to vector<f32>
  vector.print %z : vector<f32>
  %ze = vector.extract %z[] : f32 from vector<f32>
  vector.print %ze : f32
  %ind = arith.constant dense<[1, 2]> : vector<2xindex>
  vector.print %ind : vector<2xindex>
  %i8 = arith.constant dense<[-1, 100]> : vector<2xi8>
  vector.print %i8 : vector<2xi8>
  return
}
