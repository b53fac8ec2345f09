// RUN: buffer-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// Malformed dense_resource attributes and resource sections, with
// mlir-opt's words and locations.

// expected-error @+1 {{`dense_resource` expected a shaped type}}
"t.a"() {x = dense_resource<r> : i32} : () -> ()

// -----

"t.a"() {x = dense_resource<r> : tensor<2xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error @+1 {{expected hex string blob for key 'r'}}
      r: "0x04000000zz000000"
    }
  }
#-}

// -----

{-#
  dialect_resources: {
    builtin: {
      // expected-error @+1 {{expected hex string blob for key 'r'}}
      r: "0x040000000"
    }
  }
#-}

// -----

{-#
  dialect_resources: {
    builtin: {
      // expected-error @+1 {{expected hex string blob for key 'r' to encode alignment in first 4 bytes}}
      r: "0x0400"
    }
  }
#-}

// -----

{-#
  dialect_resources: {
    builtin: {
      // expected-error @+1 {{expected hex string blob for key 'r'}}
      r: 12
    }
  }
#-}

// -----

{-#
  dialect_resources: {
    // expected-error @+1 {{dialect 'nosuch' is unknown}}
    nosuch: { r: "0x0400000001" }
  }
#-}

// -----

{-#
  dialect_resources: {
    // expected-error @+1 {{unexpected 'resource' section for dialect 'arith'}}
    arith: { r: "0x0400000001" }
  }
#-}

// -----

// expected-error @+1 {{unknown key 'weights' in file metadata dictionary}}
{-# weights: {} #-}
