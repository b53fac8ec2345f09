// buffer-opt --emit=ptx: a tensor program is bufferized and deallocated, its
// linalg ops become parallel loops and each one a PTX kernel; the manifest
// says how to launch them.
// REQUIRES: llvm-lowering
// RUN: buffer-opt --emit=ptx --gpu-arch=sm_80 %s -o %t.ptx --gpu-manifest=%t.json
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: FileCheck %s --check-prefix=MAN < %t.json
// RUN: buffer-opt --emit=ptx %s | FileCheck %s --check-prefix=DEFAULT
// RUN: not buffer-opt --emit=ptx --gpu-arch=90 %s 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: not buffer-opt --gpu-arch=sm_90 %s 2>&1 | FileCheck %s --check-prefix=NOPTX
// RUN: not buffer-opt --emit=ptx --split-input-file %s 2>&1 | FileCheck %s --check-prefix=SPLIT

// PTX: .target sm_80
// PTX: .visible .entry add_relu_kernel_0(
// 3 memrefs of rank 1: 5 fields each.
// PTX-COUNT-15: .param
// PTX-NOT: .param
// PTX: %tid.x
// PTX: %ntid.x
// PTX: %ctaid.x
// PTX: %nctaid.x
// PTX: ld.global
// PTX: st.global
// PTX: .visible .entry add_relu_kernel_1(
// PTX-NOT: .entry
// DEFAULT: .target sm_90
// ARCH: --gpu-arch expects sm_XX (e.g. sm_90), not '90'
// NOPTX: --gpu-arch, --gpu-manifest and --libdevice need --emit=ptx
// SPLIT: --emit=ptx takes one program

// MAN: "format": "bufferd-gpu-manifest"
// MAN: "arch": "sm_80"
// MAN: "kernels": [
// MAN: "name": "add_relu_kernel_0",
// MAN-NEXT: "host_function": "add_relu",
// MAN-NEXT: "location": "{{.*}}emit_ptx.mlir:[[@LINE+34]]:8",
// MAN: "type": "memref<1000xf32, #gpu.memory_space<global>>",
// MAN-NEXT: "kind": "memref",
// MAN: "shape": [
// MAN-NEXT: 1000
// MAN: "address_space": 1,
// MAN: "num_fields": 15,
// MAN-NEXT: "loops": [
// MAN-NEXT: {
// MAN-NEXT: "lower": 0,
// MAN-NEXT: "upper": 1000,
// MAN-NEXT: "step": 1
// MAN: "points": 1000,
// MAN-NEXT: "block": [
// MAN-NEXT: 256,
// MAN: "grid": [
// MAN-NEXT: 4,
// MAN: "name": "add_relu_kernel_1",
// MAN: "functions": [
// MAN: "name": "add_relu",
// MAN: "replayable": true,
// MAN: "op": "alloc",
// MAN: "op": "launch",
// MAN-NEXT: "kernel": "add_relu_kernel_0",
// MAN: "op": "launch",
// MAN-NEXT: "kernel": "add_relu_kernel_1",
// MAN: "op": "return",
// MAN: "kernels": [
// MAN-NEXT: "add_relu_kernel_0",
// MAN-NEXT: "add_relu_kernel_1"

#id = affine_map<(d0) -> (d0)>
func.func @add_relu(%a: tensor<1000xf32>, %b: tensor<1000xf32>) -> tensor<1000xf32> {
  %e = tensor.empty() : tensor<1000xf32>
  %s = linalg.add ins(%a, %b : tensor<1000xf32>, tensor<1000xf32>) outs(%e : tensor<1000xf32>) -> tensor<1000xf32>
  %z = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%s : tensor<1000xf32>) {
  ^bb0(%x: f32):
    %m = arith.maximumf %x, %z : f32
    linalg.yield %m : f32
  } -> tensor<1000xf32>
  return %r : tensor<1000xf32>
}
