// Test-dialect stand-ins of upstream's deallocation tests: an op whose
// effects its `effects` attribute lists (here a read of a resource of its
// own, no buffer of the program) is no unknown op; a region op that does
// not say where its regions branch may hold buffers inside, but one that
// returns a buffer is refused with upstream's words.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s -verify-diagnostics -ownership-based-buffer-deallocation -buffer-deallocation-simplification -split-input-file | FileCheck %s
// RUN: mlir-opt %s -verify-diagnostics -ownership-based-buffer-deallocation -buffer-deallocation-simplification -split-input-file | FileCheck %s

// CHECK-LABEL: func @listed_effects(
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<8xf32>
//       CHECK:   %[[C:.*]] = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i1
//       CHECK:   bufferization.dealloc (%[[A]] : memref<8xf32>) if (%true{{[0-9_]*}})
//  CHECK-NEXT:   return %[[C]]
func.func @listed_effects(%i: index, %f: f32) -> i1 {
  %a = memref.alloc() : memref<8xf32>
  memref.store %f, %a[%i] : memref<8xf32>
  %c = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i1
  return %c : i1
}

// -----

// CHECK-LABEL: func @buffer_inside_region(
//       CHECK:   "test.one_region_with_recursive_memory_effects"() ({
//       CHECK:     %[[A:.*]] = memref.alloc() : memref<2xi32>
//       CHECK:     "test.read_buffer"(%[[A]])
//       CHECK:     bufferization.dealloc (%[[A]] : memref<2xi32>) if (%true{{[0-9_]*}})
//  CHECK-NEXT:     "test.return"() : () -> ()
func.func @buffer_inside_region() {
  %0 = "test.one_region_with_recursive_memory_effects"() ({
    %a = memref.alloc() : memref<2xi32>
    "test.read_buffer"(%a) : (memref<2xi32>) -> ()
    "test.return"() : () -> ()
  }) : () -> (i32)
  return
}

// -----

func.func @buffer_out_of_region() {
  // expected-error @below {{All operations with attached regions need to implement the RegionBranchOpInterface.}}
  %0 = "test.one_region_with_recursive_memory_effects"() ({
    %a = memref.alloc() : memref<2xi32>
    "test.return"(%a) : (memref<2xi32>) -> ()
  }) : () -> (memref<2xi32>)
  return
}
