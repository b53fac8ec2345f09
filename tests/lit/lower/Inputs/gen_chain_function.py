# gen_chain_function.py N: @run() -> f32, a chain of N elementwise linalg ops
# on a tensor<64xf32> (adds and multiplies by constants), then its sum.
import sys
n = int(sys.argv[1])
print("#m = affine_map<(d0) -> (d0)>")
print("#r = affine_map<(d0) -> ()>")
print("func.func @run() -> f32 {")
print("  %e = tensor.empty() : tensor<64xf32>")
print("  %t0 = linalg.generic {indexing_maps = [#m], iterator_types = [\"parallel\"]} outs(%e : tensor<64xf32>) {")
print("  ^bb0(%o: f32):")
print("    %i = linalg.index 0 : index")
print("    %ii = arith.index_cast %i : index to i32")
print("    %f = arith.sitofp %ii : i32 to f32")
print("    linalg.yield %f : f32")
print("  } -> tensor<64xf32>")
for k in range(1, n + 1):
    c = ((k * 37) % 11) * 0.125 - 0.5
    if k % 4 == 1:
        c = 1.0 + c / 64
    print("  %%c%d = arith.constant %r : f32" % (k, c))
    print("  %%e%d = tensor.empty() : tensor<64xf32>" % k)
    print("  %%t%d = linalg.generic {indexing_maps = [#m, #m], iterator_types = [\"parallel\"]} ins(%%t%d : tensor<64xf32>) outs(%%e%d : tensor<64xf32>) {" % (k, k - 1, k))
    print("  ^bb0(%a: f32, %o: f32):")
    op = ["arith.addf", "arith.mulf", "arith.subf", "arith.addf"][k % 4]
    print("    %%v = %s %%a, %%c%d : f32" % (op, k))
    print("    linalg.yield %v : f32")
    print("  } -> tensor<64xf32>")
print("  %z = arith.constant dense<0.0> : tensor<f32>")
print("  %%s = linalg.generic {indexing_maps = [#m, #r], iterator_types = [\"reduction\"]} ins(%%t%d : tensor<64xf32>) outs(%%z : tensor<f32>) {" % n)
print("  ^bb0(%a: f32, %o: f32):")
print("    %v = arith.addf %a, %o : f32")
print("    linalg.yield %v : f32")
print("  } -> tensor<f32>")
print("  %r = tensor.extract %s[] : tensor<f32>")
print("  return %r : f32")
print("}")
