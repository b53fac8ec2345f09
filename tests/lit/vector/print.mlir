// vector.print's custom form as mlir-opt 22 prints it: the punctuation
// only when not newline, the string literal escaped; the generic form
// stores punctuation always. Its output is checked in run.mlir.
// RUN: buffer-opt %S/Inputs/print-run.mlir | FileCheck %s
// RUN: buffer-opt %S/Inputs/print-run.mlir -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/print-run.mlir > %t.upstream %}
// RUN: %if mlir-opt %{ buffer-opt %S/Inputs/print-run.mlir | diff %t.upstream - %}
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/print-run.mlir -mlir-print-op-generic > %t.upstream-generic %}
// RUN: %if mlir-opt %{ buffer-opt %S/Inputs/print-run.mlir -mlir-print-op-generic | diff %t.upstream-generic - %}
// CHECK: vector.print str "hello\0A"
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: vector.print %cst : f32 punctuation <no_punctuation>
// CHECK-NEXT: vector.print{{$}}
// CHECK-NEXT: vector.print str "a \22q\22 b"
// GENERIC: "vector.print"() <{punctuation = #vector.punctuation<newline>, stringLiteral = "hello\0A"}> : () -> ()
// GENERIC: "vector.print"(%0) <{punctuation = #vector.punctuation<no_punctuation>}> : (f32) -> ()
