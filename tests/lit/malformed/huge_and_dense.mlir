// Huge dimensions and bad dense literals get located errors; a huge splat is
// fine (it is stored once).
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{integer constant out of range}}
func.func @f(%a: tensor<99999999999999999999xf32>) { return }

// -----

// expected-error @+1 {{invalid dimension}}
func.func @f() -> tensor<4611686018427387904x4xf32>

// -----

func.func @huge_splat() -> tensor<1000000000x1000xf32> {
  %c = arith.constant dense<1.0> : tensor<1000000000x1000xf32>
  return %c : tensor<1000000000x1000xf32>
}

// -----

func.func @f() {
  // expected-error @+1 {{}}
  %c = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<2xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{}}
  %c = arith.constant dense<[[1, 2], [3]]> : tensor<2x2xi32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{}}
  %c = arith.constant dense<"0x0000803F000000">  : tensor<2xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{}}
  %c = arith.constant dense<[1.5, true]> : tensor<2xi32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{}}
  %c = arith.constant dense<1.0> : tensor<?xf32>
  return
}
