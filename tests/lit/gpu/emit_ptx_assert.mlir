// A cf.assert inside a kernel (torch-mlir checks embedding indices this way,
// in the body of a linalg.generic) lowers in --emit=ptx as CUDA's assert()
// does: a call of the device runtime's __assertfail(message, file, line,
// function, charSize) with the strings as globals of the kernel module. On
// the host (--emit=llvm) and in the interpreter the assert behaves as before.
// REQUIRES: llvm-lowering
// RUN: buffer-opt --emit=ptx %s | FileCheck %s --check-prefix=PTX
// RUN: buffer-opt --emit=ptx --llvm-opt-level=0 %s | FileCheck %s --check-prefix=PTX
// RUN: buffer-opt --emit=llvm %s | FileCheck %s --check-prefix=HOST
// RUN: buffer-opt --run=ok %s | FileCheck %s --check-prefix=RUN-OK
// RUN: not buffer-opt --run=bad %s 2>&1 | FileCheck %s --check-prefix=RUN-BAD

// PTX: .extern .func __assertfail
// PTX-NEXT: (
// PTX-NEXT: .param .b64 __assertfail_param_0,
// PTX-NEXT: .param .b64 __assertfail_param_1,
// PTX-NEXT: .param .b32 __assertfail_param_2,
// PTX-NEXT: .param .b64 __assertfail_param_3,
// PTX-NEXT: .param .b64 __assertfail_param_4
// "index out of range" and the kernel's name, NUL-terminated:
// PTX-DAG: .global .align 1 .b8 assert_msg[19] = {105, 110, 100, 101, 120, 32, 111, 117, 116, 32, 111, 102, 32, 114, 97, 110, 103, 101};
// PTX-DAG: .global .align 1 .b8 assert_func[16] = {103, 97, 116, 104, 101, 114, 95, 107, 101, 114, 110, 101, 108, 95, 48};
// PTX-DAG: .global .align 1 .b8 assert_file[
// PTX: .visible .entry gather_kernel_0(
// The line of the assert, and charSize 1.
// PTX-DAG: st.param.b32 [param2], [[@LINE+23]];
// PTX-DAG: st.param.b64 [param4], 1;
// PTX: call.uni __assertfail, (param0, param1, param2, param3, param4);

// HOST: @assert_msg = private unnamed_addr constant [19 x i8] c"index out of range\00"
// HOST: call i32 @puts(ptr {{.*}}@assert_msg)
// HOST: call void @abort()
// HOST-NOT: __assertfail

// RUN-OK: "data":[2.5,0.5,15.5,2.5]
// RUN-BAD: emit_ptx_assert.mlir:[[@LINE+13]]:5: error: interpreter: assertion failed: index out of range

#map = affine_map<(d0) -> (d0)>
func.func @gather(%idx: tensor<4xi64>, %table: tensor<16xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%idx : tensor<4xi64>) outs(%e : tensor<4xf32>) {
  ^bb0(%i: i64, %o: f32):
    %c0 = arith.constant 0 : i64
    %c16 = arith.constant 16 : i64
    %ge = arith.cmpi sge, %i, %c0 : i64
    %lt = arith.cmpi slt, %i, %c16 : i64
    %in = arith.andi %ge, %lt : i1
    cf.assert %in, "index out of range"
    %j = arith.index_cast %i : i64 to index
    %v = tensor.extract %table[%j] : tensor<16xf32>
    linalg.yield %v : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @table() -> tensor<16xf32> {
  %t = arith.constant dense<[0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5]> : tensor<16xf32>
  return %t : tensor<16xf32>
}

func.func @ok() -> tensor<4xf32> {
  %idx = arith.constant dense<[2, 0, 15, 2]> : tensor<4xi64>
  %t = call @table() : () -> tensor<16xf32>
  %r = call @gather(%idx, %t) : (tensor<4xi64>, tensor<16xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @bad() -> tensor<4xf32> {
  %idx = arith.constant dense<[2, 16, 1, 0]> : tensor<4xi64>
  %t = call @table() : () -> tensor<16xf32>
  %r = call @gather(%idx, %t) : (tensor<4xi64>, tensor<16xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
