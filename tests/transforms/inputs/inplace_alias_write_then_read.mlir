#map = affine_map<(d0) -> (d0)>
module {
  func.func @read_first(%arg0: memref<8xf32>) -> (memref<4xf32>, memref<f32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<f32>)
    linalg.reduce ins(%arg0 : memref<8xf32>) outs(%alloc : memref<f32>) dimensions = [0] 
      (%in: f32, %init: f32) {
        %0 = arith.addf %in, %init : f32
        linalg.yield %0 : f32
      }
    %subview = memref.subview %arg0[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
    linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%subview : memref<4xf32, strided<[1]>>) {
    ^bb0(%out: f32):
      %0 = arith.addf %out, %out : f32
      linalg.yield %0 : f32
    }
    %cast = memref.cast %subview : memref<4xf32, strided<[1]>> to memref<4xf32>
    return %cast, %alloc : memref<4xf32>, memref<f32>
  }
  func.func @read_after(%arg0: memref<8xf32>) -> (memref<4xf32>, memref<f32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %subview = memref.subview %arg0[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %subview, %alloc : memref<4xf32, strided<[1]>> to memref<4xf32>
    linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%alloc : memref<4xf32>) {
    ^bb0(%out: f32):
      %0 = arith.addf %out, %out : f32
      linalg.yield %0 : f32
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<f32>)
    linalg.reduce ins(%arg0 : memref<8xf32>) outs(%alloc_0 : memref<f32>) dimensions = [0] 
      (%in: f32, %init: f32) {
        %0 = arith.addf %in, %init : f32
        linalg.yield %0 : f32
      }
    return %alloc, %alloc_0 : memref<4xf32>, memref<f32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.map outs(%alloc : memref<8xf32>)
      (%init: f32) {
        %2 = linalg.index 0 : index
        %c1 = arith.constant 1 : index
        %3 = arith.addi %2, %c1 : index
        %4 = arith.index_cast %3 : index to i32
        %5 = arith.sitofp %4 : i32 to f32
        linalg.yield %5 : f32
      }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    memref.copy %alloc, %alloc_0 : memref<8xf32> to memref<8xf32>
    %0:2 = call @read_first(%alloc_0) : (memref<8xf32>) -> (memref<4xf32>, memref<f32>)
    %1:2 = call @read_after(%alloc) : (memref<8xf32>) -> (memref<4xf32>, memref<f32>)
    %cast = memref.cast %0#0 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_1 = memref.cast %0#1 : memref<f32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    %cast_2 = memref.cast %1#0 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast_2) : (memref<*xf32>) -> ()
    %cast_3 = memref.cast %1#1 : memref<f32> to memref<*xf32>
    call @printMemrefF32(%cast_3) : (memref<*xf32>) -> ()
    %cast_4 = memref.cast %alloc : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast_4) : (memref<*xf32>) -> ()
    return
  }
}

