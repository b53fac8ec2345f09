// vector.mask forms whose custom form could not say them: another
// terminator than vector.yield, a passthru of another type than the
// result, a yield of another value, no masked op, scalable types.
func.func @f(%v: vector<[4]xf32>, %k: vector<[4]xi1>, %w: vector<4xf32>, %j: vector<4xi1>, %m: memref<?xf32>, %i: index, %p: vector<4xi32>) {
  %pad = arith.constant 0.0 : f32
  %0 = "vector.mask"(%j) ({
    %r = vector.transfer_read %m[%i], %pad : memref<?xf32>, vector<4xf32>
    "scf.yield"(%r) : (vector<4xf32>) -> ()
  }) : (vector<4xi1>) -> vector<4xf32>
  %1 = "vector.mask"(%j, %p) ({
    %r = vector.transfer_read %m[%i], %pad : memref<?xf32>, vector<4xf32>
    vector.yield %r : vector<4xf32>
  }) : (vector<4xi1>, vector<4xi32>) -> vector<4xf32>
  %2 = vector.mask %j { %r = vector.transfer_read %m[%i], %pad : memref<?xf32>, vector<4xf32>
    vector.yield %w : vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  %3 = vector.mask %k { vector.transfer_read %m[%i], %pad : memref<?xf32>, vector<[4]xf32> } : vector<[4]xi1> -> vector<[4]xf32>
  vector.mask %k { vector.yield %v : vector<[4]xf32> } : vector<[4]xi1>
  "vector.mask"(%k) ({
    %c = arith.constant 1 : index
  }) : (vector<[4]xi1>) -> ()
  "vector.mask"() ({
    "vector.yield"() {a} : () -> ()
  }) : () -> ()
  vector.mask %j { vector.transfer_write %w, %m[%i] : vector<4xf32>, memref<?xf32> } {b} : vector<4xi1>
  return
}
