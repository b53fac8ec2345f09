// Calls of private functions returning an argument or a fresh buffer, from
// loops and recursively (see buffer-deallocation-private-dynamic-ownership.mlir).
func.func private @two(%a: memref<4xf32>, %c: i1) -> (memref<4xf32>, memref<4xf32>) {
  %n = memref.alloc() : memref<4xf32>
  %z = arith.constant 0 : index
  %f = arith.constant 3.0 : f32
  memref.store %f, %n[%z] : memref<4xf32>
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %n : memref<4xf32>
  }
  return %r, %a : memref<4xf32>, memref<4xf32>
}
func.func private @rec(%a: memref<4xf32>, %k: index) -> memref<4xf32> {
  %z = arith.constant 0 : index
  %one = arith.constant 1 : index
  %done = arith.cmpi eq, %k, %z : index
  %r = scf.if %done -> memref<4xf32> {
    scf.yield %a : memref<4xf32>
  } else {
    %n = memref.alloc() : memref<4xf32>
    memref.copy %a, %n : memref<4xf32> to memref<4xf32>
    %v = memref.load %n[%z] : memref<4xf32>
    %w = arith.constant 1.0 : f32
    %s = arith.addf %v, %w : f32
    memref.store %s, %n[%z] : memref<4xf32>
    %k1 = arith.subi %k, %one : index
    %x = func.call @rec(%n, %k1) : (memref<4xf32>, index) -> memref<4xf32>
    scf.yield %x : memref<4xf32>
  }
  return %r : memref<4xf32>
}
func.func @main() -> (f32, f32, f32, f32) {
  %z = arith.constant 0 : index
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant true
  %fl = arith.constant false
  %m = memref.alloc() : memref<4xf32>
  %f = arith.constant 10.0 : f32
  memref.store %f, %m[%z] : memref<4xf32>
  %r:2 = call @two(%m, %t) : (memref<4xf32>, i1) -> (memref<4xf32>, memref<4xf32>)
  %q:2 = call @two(%m, %fl) : (memref<4xf32>, i1) -> (memref<4xf32>, memref<4xf32>)
  %a = memref.load %r#0[%z] : memref<4xf32>
  %b = memref.load %q#0[%z] : memref<4xf32>
  %x = call @rec(%m, %c3) : (memref<4xf32>, index) -> memref<4xf32>
  %c = memref.load %x[%z] : memref<4xf32>
  %s = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %f) -> f32 {
    %y = func.call @rec(%m, %i) : (memref<4xf32>, index) -> memref<4xf32>
    %v = memref.load %y[%z] : memref<4xf32>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  return %a, %b, %c, %s : f32, f32, f32, f32
}
