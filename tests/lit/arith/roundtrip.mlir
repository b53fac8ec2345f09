// Round trip of the arith dialect's custom forms: constants and their
// result names, every binary op, flags, comparisons, select and casts, on
// scalars, tensors and vectors.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s

// CHECK-LABEL: func.func @constants
func.func @constants() -> (index, i32, i64, i1, i1, f32, f64, bf16, tensor<4xf32>, tensor<2xi32>, tensor<2xi1>, vector<4xindex>, f32, i8, index) {
  // CHECK-NEXT: %c0 = arith.constant 0 : index
  // CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
  // CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
  // CHECK-NEXT: %true = arith.constant true
  // CHECK-NEXT: %false = arith.constant false
  // CHECK-NEXT: %cst = arith.constant 1.500000e+00 : f32
  // CHECK-NEXT: %cst_0 = arith.constant 0.000000e+00 : f64
  // CHECK-NEXT: %cst_1 = arith.constant 1.000000e+00 : bf16
  // CHECK-NEXT: %cst_2 = arith.constant dense<1.000000e+00> : tensor<4xf32>
  // CHECK-NEXT: %cst_3 = arith.constant dense<[1, 2]> : tensor<2xi32>
  // CHECK-NEXT: %cst_4 = arith.constant dense<true> : tensor<2xi1>
  // CHECK-NEXT: %cst_5 = arith.constant dense<0> : vector<4xindex>
  // CHECK-NEXT: %cst_6 = arith.constant 0x7F800000 : f32
  // CHECK-NEXT: %c7_i8 = arith.constant 7 : i8
  // CHECK-NEXT: %c-3 = arith.constant -3 : index
  %0 = arith.constant 0 : index
  %1 = arith.constant 42 : i32
  %2 = arith.constant -1 : i64
  %3 = arith.constant true
  %4 = arith.constant false
  %5 = arith.constant 1.5 : f32
  %6 = arith.constant 0.0 : f64
  %7 = arith.constant 1.0 : bf16
  %8 = arith.constant dense<1.0> : tensor<4xf32>
  %9 = arith.constant dense<[1, 2]> : tensor<2xi32>
  %10 = arith.constant dense<true> : tensor<2xi1>
  %11 = arith.constant dense<0> : vector<4xindex>
  %12 = arith.constant 0x7F800000 : f32
  %13 = arith.constant 7 : i8
  %14 = arith.constant -3 : index
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14 : index, i32, i64, i1, i1, f32, f64, bf16, tensor<4xf32>, tensor<2xi32>, tensor<2xi1>, vector<4xindex>, f32, i8, index
}

// CHECK-LABEL: func.func @int_binary(%arg0: i32, %arg1: i32, %arg2: index) {
func.func @int_binary(%a: i32, %b: i32, %i: index) {
  // CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
  // CHECK-NEXT: %1 = arith.subi %arg0, %arg1 : i32
  // CHECK-NEXT: %2 = arith.muli %arg0, %arg1 : i32
  // CHECK-NEXT: %3 = arith.divsi %arg0, %arg1 : i32
  // CHECK-NEXT: %4 = arith.divui %arg0, %arg1 : i32
  // CHECK-NEXT: %5 = arith.remsi %arg0, %arg1 : i32
  // CHECK-NEXT: %6 = arith.remui %arg0, %arg1 : i32
  // CHECK-NEXT: %7 = arith.ceildivsi %arg0, %arg1 : i32
  // CHECK-NEXT: %8 = arith.ceildivui %arg0, %arg1 : i32
  // CHECK-NEXT: %9 = arith.floordivsi %arg0, %arg1 : i32
  // CHECK-NEXT: %10 = arith.andi %arg0, %arg1 : i32
  // CHECK-NEXT: %11 = arith.ori %arg0, %arg1 : i32
  // CHECK-NEXT: %12 = arith.xori %arg0, %arg1 : i32
  // CHECK-NEXT: %13 = arith.shli %arg0, %arg1 : i32
  // CHECK-NEXT: %14 = arith.shrsi %arg0, %arg1 : i32
  // CHECK-NEXT: %15 = arith.shrui %arg0, %arg1 : i32
  // CHECK-NEXT: %16 = arith.maxsi %arg0, %arg1 : i32
  // CHECK-NEXT: %17 = arith.maxui %arg0, %arg1 : i32
  // CHECK-NEXT: %18 = arith.minsi %arg0, %arg1 : i32
  // CHECK-NEXT: %19 = arith.minui %arg0, %arg1 : i32
  // CHECK-NEXT: %20 = arith.addi %arg2, %arg2 : index
  // CHECK-NEXT: %21 = arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32
  // CHECK-NEXT: %22 = arith.subi %arg0, %arg1 overflow<nsw> : i32
  // CHECK-NEXT: %23 = arith.muli %arg0, %arg1 overflow<nuw> {test.x} : i32
  // CHECK-NEXT: %24 = arith.shli %arg0, %arg1 : i32
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.remui %a, %b : i32
  %7 = arith.ceildivsi %a, %b : i32
  %8 = arith.ceildivui %a, %b : i32
  %9 = arith.floordivsi %a, %b : i32
  %10 = arith.andi %a, %b : i32
  %11 = arith.ori %a, %b : i32
  %12 = arith.xori %a, %b : i32
  %13 = arith.shli %a, %b : i32
  %14 = arith.shrsi %a, %b : i32
  %15 = arith.shrui %a, %b : i32
  %16 = arith.maxsi %a, %b : i32
  %17 = arith.maxui %a, %b : i32
  %18 = arith.minsi %a, %b : i32
  %19 = arith.minui %a, %b : i32
  %20 = arith.addi %i, %i : index
  %21 = arith.addi %a, %b overflow<nuw, nsw> : i32
  %22 = arith.subi %a, %b overflow<nsw> : i32
  %23 = arith.muli %a, %b overflow<nuw> {test.x} : i32
  %24 = arith.shli %a, %b overflow<none> : i32
  return
}

// CHECK-LABEL: func.func @float_binary(%arg0: f32, %arg1: f32) {
func.func @float_binary(%a: f32, %b: f32) {
  // CHECK-NEXT: %0 = arith.addf %arg0, %arg1 : f32
  // CHECK-NEXT: %1 = arith.subf %arg0, %arg1 : f32
  // CHECK-NEXT: %2 = arith.mulf %arg0, %arg1 : f32
  // CHECK-NEXT: %3 = arith.divf %arg0, %arg1 : f32
  // CHECK-NEXT: %4 = arith.remf %arg0, %arg1 : f32
  // CHECK-NEXT: %5 = arith.maximumf %arg0, %arg1 : f32
  // CHECK-NEXT: %6 = arith.minimumf %arg0, %arg1 : f32
  // CHECK-NEXT: %7 = arith.maxnumf %arg0, %arg1 : f32
  // CHECK-NEXT: %8 = arith.minnumf %arg0, %arg1 : f32
  // CHECK-NEXT: %9 = arith.negf %arg0 : f32
  // CHECK-NEXT: %10 = arith.addf %arg0, %arg1 fastmath<nnan,ninf> : f32
  // CHECK-NEXT: %11 = arith.mulf %arg0, %arg1 fastmath<fast> : f32
  // CHECK-NEXT: %12 = arith.divf %arg0, %arg1 : f32
  // CHECK-NEXT: %13 = arith.negf %arg0 fastmath<contract,afn> {test.y = 1 : i64} : f32
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %a, %b : f32
  %2 = arith.mulf %a, %b : f32
  %3 = arith.divf %a, %b : f32
  %4 = arith.remf %a, %b : f32
  %5 = arith.maximumf %a, %b : f32
  %6 = arith.minimumf %a, %b : f32
  %7 = arith.maxnumf %a, %b : f32
  %8 = arith.minnumf %a, %b : f32
  %9 = arith.negf %a : f32
  %10 = arith.addf %a, %b fastmath<ninf,nnan> : f32
  %11 = arith.mulf %a, %b fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %12 = arith.divf %a, %b fastmath<none> : f32
  %13 = arith.negf %a fastmath<afn,contract> {test.y = 1} : f32
  return
}

// CHECK-LABEL: func.func @shaped(%arg0: tensor<4xf32>, %arg1: vector<4xi32>, %arg2: tensor<?x2xindex>, %arg3: tensor<4xi1>, %arg4: i1) {
func.func @shaped(%t: tensor<4xf32>, %v: vector<4xi32>, %d: tensor<?x2xindex>, %c: tensor<4xi1>, %s: i1) {
  // CHECK-NEXT: %0 = arith.addf %arg0, %arg0 : tensor<4xf32>
  // CHECK-NEXT: %1 = arith.muli %arg1, %arg1 overflow<nsw> : vector<4xi32>
  // CHECK-NEXT: %2 = arith.subi %arg2, %arg2 : tensor<?x2xindex>
  // CHECK-NEXT: %3 = arith.cmpf oge, %arg0, %arg0 : tensor<4xf32>
  // CHECK-NEXT: %4 = arith.cmpi ult, %arg1, %arg1 : vector<4xi32>
  // CHECK-NEXT: %5 = arith.select %arg3, %arg0, %arg0 : tensor<4xi1>, tensor<4xf32>
  // CHECK-NEXT: %6 = arith.select %arg4, %arg0, %arg0 : tensor<4xf32>
  // CHECK-NEXT: %7 = arith.sitofp %arg1 : vector<4xi32> to vector<4xf32>
  // CHECK-NEXT: %8 = arith.index_cast %arg2 : tensor<?x2xindex> to tensor<?x2xi64>
  %0 = arith.addf %t, %t : tensor<4xf32>
  %1 = arith.muli %v, %v overflow<nsw> : vector<4xi32>
  %2 = arith.subi %d, %d : tensor<?x2xindex>
  %3 = arith.cmpf oge, %t, %t : tensor<4xf32>
  %4 = arith.cmpi ult, %v, %v : vector<4xi32>
  %5 = arith.select %c, %t, %t : tensor<4xi1>, tensor<4xf32>
  %6 = arith.select %s, %t, %t : tensor<4xf32>
  %7 = arith.sitofp %v : vector<4xi32> to vector<4xf32>
  %8 = arith.index_cast %d : tensor<?x2xindex> to tensor<?x2xi64>
  return
}

// CHECK-LABEL: func.func @compare(%arg0: i32, %arg1: f32) {
func.func @compare(%a: i32, %f: f32) {
  // CHECK-NEXT: %0 = arith.cmpi eq, %arg0, %arg0 : i32
  // CHECK-NEXT: %1 = arith.cmpi ne, %arg0, %arg0 : i32
  // CHECK-NEXT: %2 = arith.cmpi slt, %arg0, %arg0 : i32
  // CHECK-NEXT: %3 = arith.cmpi sle, %arg0, %arg0 : i32
  // CHECK-NEXT: %4 = arith.cmpi sgt, %arg0, %arg0 : i32
  // CHECK-NEXT: %5 = arith.cmpi sge, %arg0, %arg0 : i32
  // CHECK-NEXT: %6 = arith.cmpi ult, %arg0, %arg0 : i32
  // CHECK-NEXT: %7 = arith.cmpi ule, %arg0, %arg0 : i32
  // CHECK-NEXT: %8 = arith.cmpi ugt, %arg0, %arg0 : i32
  // CHECK-NEXT: %9 = arith.cmpi uge, %arg0, %arg0 : i32
  // CHECK-NEXT: %10 = arith.cmpf false, %arg1, %arg1 : f32
  // CHECK-NEXT: %11 = arith.cmpf oeq, %arg1, %arg1 : f32
  // CHECK-NEXT: %12 = arith.cmpf ogt, %arg1, %arg1 : f32
  // CHECK-NEXT: %13 = arith.cmpf oge, %arg1, %arg1 : f32
  // CHECK-NEXT: %14 = arith.cmpf olt, %arg1, %arg1 : f32
  // CHECK-NEXT: %15 = arith.cmpf ole, %arg1, %arg1 : f32
  // CHECK-NEXT: %16 = arith.cmpf one, %arg1, %arg1 : f32
  // CHECK-NEXT: %17 = arith.cmpf ord, %arg1, %arg1 : f32
  // CHECK-NEXT: %18 = arith.cmpf ueq, %arg1, %arg1 : f32
  // CHECK-NEXT: %19 = arith.cmpf ugt, %arg1, %arg1 : f32
  // CHECK-NEXT: %20 = arith.cmpf uge, %arg1, %arg1 : f32
  // CHECK-NEXT: %21 = arith.cmpf ult, %arg1, %arg1 : f32
  // CHECK-NEXT: %22 = arith.cmpf ule, %arg1, %arg1 : f32
  // CHECK-NEXT: %23 = arith.cmpf une, %arg1, %arg1 : f32
  // CHECK-NEXT: %24 = arith.cmpf uno, %arg1, %arg1 : f32
  // CHECK-NEXT: %25 = arith.cmpf true, %arg1, %arg1 : f32
  // CHECK-NEXT: %26 = arith.cmpf olt, %arg1, %arg1 fastmath<fast> : f32
  // CHECK-NEXT: %27 = arith.select %2, %arg0, %arg0 : i32
  // CHECK-NEXT: %28 = arith.cmpi sge, %arg0, %arg0 : i32
  %0 = arith.cmpi eq, %a, %a : i32
  %1 = arith.cmpi ne, %a, %a : i32
  %2 = arith.cmpi slt, %a, %a : i32
  %3 = arith.cmpi sle, %a, %a : i32
  %4 = arith.cmpi sgt, %a, %a : i32
  %5 = arith.cmpi sge, %a, %a : i32
  %6 = arith.cmpi ult, %a, %a : i32
  %7 = arith.cmpi ule, %a, %a : i32
  %8 = arith.cmpi ugt, %a, %a : i32
  %9 = arith.cmpi uge, %a, %a : i32
  %10 = arith.cmpf false, %f, %f : f32
  %11 = arith.cmpf oeq, %f, %f : f32
  %12 = arith.cmpf ogt, %f, %f : f32
  %13 = arith.cmpf oge, %f, %f : f32
  %14 = arith.cmpf olt, %f, %f : f32
  %15 = arith.cmpf ole, %f, %f : f32
  %16 = arith.cmpf one, %f, %f : f32
  %17 = arith.cmpf ord, %f, %f : f32
  %18 = arith.cmpf ueq, %f, %f : f32
  %19 = arith.cmpf ugt, %f, %f : f32
  %20 = arith.cmpf uge, %f, %f : f32
  %21 = arith.cmpf ult, %f, %f : f32
  %22 = arith.cmpf ule, %f, %f : f32
  %23 = arith.cmpf une, %f, %f : f32
  %24 = arith.cmpf uno, %f, %f : f32
  %25 = arith.cmpf true, %f, %f : f32
  %26 = arith.cmpf olt, %f, %f fastmath<fast> : f32
  %27 = arith.select %2, %a, %a : i32
  // The older quoted spelling of the predicate is accepted.
  %28 = arith.cmpi "sge", %a, %a : i32
  return
}

// CHECK-LABEL: func.func @casts(%arg0: i32, %arg1: f32, %arg2: index, %arg3: f16) {
func.func @casts(%a: i32, %f: f32, %i: index, %h: f16) {
  // CHECK-NEXT: %0 = arith.extsi %arg0 : i32 to i64
  // CHECK-NEXT: %1 = arith.extui %arg0 : i32 to i64
  // CHECK-NEXT: %2 = arith.trunci %arg0 : i32 to i8
  // CHECK-NEXT: %3 = arith.trunci %arg0 overflow<nsw> : i32 to i16
  // CHECK-NEXT: %4 = arith.extf %arg3 : f16 to f32
  // CHECK-NEXT: %5 = arith.extf %arg1 fastmath<fast> : f32 to f64
  // CHECK-NEXT: %6 = arith.truncf %arg1 : f32 to f16
  // CHECK-NEXT: %7 = arith.truncf %arg1 downward fastmath<nnan> : f32 to bf16
  // CHECK-NEXT: %8 = arith.sitofp %arg0 : i32 to f32
  // CHECK-NEXT: %9 = arith.uitofp %arg0 : i32 to f64
  // CHECK-NEXT: %10 = arith.fptosi %arg1 : f32 to i32
  // CHECK-NEXT: %11 = arith.fptoui %arg1 : f32 to i64
  // CHECK-NEXT: %12 = arith.index_cast %arg2 : index to i32
  // CHECK-NEXT: %13 = arith.index_cast %arg0 : i32 to index
  // CHECK-NEXT: %14 = arith.index_castui %arg2 : index to i64
  // CHECK-NEXT: %15 = arith.bitcast %arg1 : f32 to i32
  // CHECK-NEXT: %16 = arith.bitcast %arg0 : i32 to f32
  %0 = arith.extsi %a : i32 to i64
  %1 = arith.extui %a : i32 to i64
  %2 = arith.trunci %a : i32 to i8
  %3 = arith.trunci %a overflow<nsw> : i32 to i16
  %4 = arith.extf %h : f16 to f32
  %5 = arith.extf %f fastmath<fast> : f32 to f64
  %6 = arith.truncf %f : f32 to f16
  %7 = arith.truncf %f downward fastmath<nnan> : f32 to bf16
  %8 = arith.sitofp %a : i32 to f32
  %9 = arith.uitofp %a : i32 to f64
  %10 = arith.fptosi %f : f32 to i32
  %11 = arith.fptoui %f : f32 to i64
  %12 = arith.index_cast %i : index to i32
  %13 = arith.index_cast %a : i32 to index
  %14 = arith.index_castui %i : index to i64
  %15 = arith.bitcast %f : f32 to i32
  %16 = arith.bitcast %a : i32 to f32
  return
}
