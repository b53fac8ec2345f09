// purpose: syntax variety in an executable program: #loc aliases (file, name, callsite, fused, unknown) on ops, block arguments and functions, type aliases (!t) used in signatures and ops, #map aliases mixed with inline maps, attribute aliases, comments between tokens and unusual spacing/line breaks, trailing loc on the module
// expect: output equals qa_locs_aliases.expected

!vec8 = tensor<8xf32>
!mat = tensor<2x4xf32>
#loc0 = loc("model.py":10:5)
#loc1 = loc("relu"(#loc0))
#loc2 = loc(callsite("kernel" at "model.py":20:1))
#loc3 = loc(fused["a.py":1:1, "b.py":2:2])
#loc4 = loc(fused<"pass">["c.py":3:3])
#ew = affine_map<(d0) -> (d0)>
#half = 5.000000e-01 : f32

module attributes {test.name = "locs"} {
  func.func @relu_scale(%x: !vec8 loc(#loc0), %s: f32 loc("arg.py":1:2)) -> !vec8 {
    %e = tensor.empty() : !vec8 loc(#loc1)
    %r = linalg.generic {indexing_maps = [#ew, affine_map<(d0) -> (d0)>],
                         iterator_types = ["parallel"]}
        ins(%x : !vec8)
        outs(%e : !vec8) {
    ^bb0(%v: f32 loc(#loc2), %unused: f32 loc(unknown)):
      %z = arith.constant 0.0 : f32 loc(#loc3)
      %m = arith.maximumf %v, %z : f32 loc(#loc4)
      %p = arith.mulf %m, %s : f32 loc("inline.py":7:7)
      linalg.yield %p : f32 loc(unknown)
    } -> !vec8 loc(#loc1)
    return %r : !vec8 loc(#loc0)
  } loc(#loc2)

  func.func @reshape(%x: !vec8) -> !mat {
    %r = tensor.expand_shape %x [[0, 1]] output_shape [2, 4] : !vec8 into !mat loc(callsite(#loc0 at #loc3))
    return %r : !mat
  }

  func.func private @printMemrefF32(memref<*xf32>) loc("runtime":0:0)

  // ---- driver ----
  func.func @main() {
    %x = arith.constant dense<[-2.0, -1.0, 0.0, 1.0, 2.0, 3.0, -4.0, 5.0]> : !vec8
    %h   =   arith.constant   #half
    %r = func.call @relu_scale( %x , %h ) : ( !vec8 , f32 ) -> !vec8
    %m = // a comment between the result and the op
         bufferization.to_buffer %r : !vec8 to memref<8xf32>
    %u = memref.cast %m : memref<8xf32>
           to memref<*xf32>   // trailing comment
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %t = call @reshape(%r) : (!vec8) -> !mat
    %tm = bufferization.to_buffer %t : !mat to memref<2x4xf32>
    %tu = memref.cast %tm : memref<2x4xf32> to memref<*xf32>
    call @printMemrefF32(%tu) : (memref<*xf32>) -> ()
    return
  }
} loc("module.mlir":1:1)
