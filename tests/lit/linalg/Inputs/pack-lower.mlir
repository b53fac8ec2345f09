// The transform script that lowers every linalg.pack and linalg.unpack
// upstream (appended to a program before mlir-opt --transform-interpreter).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.op<"linalg.pack">
    transform.structured.lower_pack %p : (!transform.op<"linalg.pack">) -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">, !transform.op<"linalg.transpose">)
    %u = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.op<"linalg.unpack">
    transform.structured.lower_unpack %u : (!transform.op<"linalg.unpack">) -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
    transform.yield
  }
}
