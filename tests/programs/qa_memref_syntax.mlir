// purpose: bufferized-style IR on memrefs: memory spaces (integer and in layouts), strided layouts with static and dynamic offsets/strides, affine-map layouts, memref.global with alignment and initial values, alloc with alignment and symbol operands, alloca in a loop, realloc, dealloc, bufferization.dealloc with conditions and retained values, memory_space_cast, extract_aligned_pointer_as_index, collapse/expand of strided memrefs, subview rank reduction with dynamic strides, linalg on memrefs, scf.forall without results
// expect: parses, verifies, prints like mlir-opt

#layout = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>

module {
  memref.global "private" constant @lut : memref<4xi32> = dense<[1, 2, 3, 4]> {alignment = 64 : i64}
  memref.global @state : memref<2x2xf32, 1> = uninitialized
  memref.global "private" @zeros : memref<3xf64> = dense<0.0>
  func.func @spaces(%a: memref<4xf32, 1>, %b: memref<?x4xf32, strided<[4, 1], offset: ?>, 2>, %c: memref<2x3xf32, #layout>, %s: index) -> memref<4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %g = memref.get_global @lut : memref<4xi32>
    %st = memref.get_global @state : memref<2x2xf32, 1>
    %al = memref.alloc() {alignment = 32 : i64} : memref<4xf32>
    %al2 = memref.alloc(%s)[%s] : memref<?x4xf32, #layout>
    %v = memref.load %a[%c0] : memref<4xf32, 1>
    memref.store %v, %al[%c0] : memref<4xf32>
    %cast = memref.memory_space_cast %a : memref<4xf32, 1> to memref<4xf32>
    memref.copy %cast, %al : memref<4xf32> to memref<4xf32>
    %row = memref.subview %b[%s, 0] [1, 4] [1, 1] : memref<?x4xf32, strided<[4, 1], offset: ?>, 2> to memref<4xf32, strided<[1], offset: ?>, 2>
    %d = memref.subview %b[0, %s] [%s, 2] [%s, %s] : memref<?x4xf32, strided<[4, 1], offset: ?>, 2> to memref<?x2xf32, strided<[?, ?], offset: ?>, 2>
    %ptr = memref.extract_aligned_pointer_as_index %al : memref<4xf32> -> index
    %col = memref.collapse_shape %st [[0, 1]] : memref<2x2xf32, 1> into memref<4xf32, 1>
    %ex = memref.expand_shape %row [[0, 1]] output_shape [2, 2] : memref<4xf32, strided<[1], offset: ?>, 2> into memref<2x2xf32, strided<[2, 1], offset: ?>, 2>
    scf.for %i = %c0 to %s step %c1 {
      %tmp = memref.alloca() : memref<2xf32>
      linalg.fill ins(%v : f32) outs(%tmp : memref<2xf32>)
    }
    scf.forall (%i) in (4) {
      %x = memref.load %al[%i] : memref<4xf32>
      memref.store %x, %col[%i] : memref<4xf32, 1>
    }
    %re = memref.realloc %al : memref<4xf32> to memref<8xf32>
    %t = arith.constant true
    %r:2 = bufferization.dealloc (%al2, %re : memref<?x4xf32, #layout>, memref<8xf32>) if (%t, %t) retain (%cast, %al : memref<4xf32>, memref<4xf32>)
    memref.dealloc %al2 : memref<?x4xf32, #layout>
    linalg.copy ins(%cast : memref<4xf32>) outs(%al : memref<4xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%col : memref<4xf32, 1>) outs(%al : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %m = arith.addf %in, %out : f32
      linalg.yield %m : f32
    }
    return %al : memref<4xf32>
  }
}
