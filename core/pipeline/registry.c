/*
 * registry.c: every pass buffer-opt and bufferd know, top to bottom in the
 * order a full compile runs them. Each pass lives in its own file and
 * exports one buf_pass_def_t.
 */
#include "buf/pipeline.h"

extern const buf_pass_def_t buf_pass_symbol_dce;
extern const buf_pass_def_t buf_pass_canonicalize;
extern const buf_pass_def_t buf_pass_cse;
extern const buf_pass_def_t buf_pass_inline;
extern const buf_pass_def_t buf_pass_convert_elementwise_to_linalg;
extern const buf_pass_def_t buf_pass_linalg_generalize_named_ops;
extern const buf_pass_def_t buf_pass_linalg_decompose_aggregated_ops;
extern const buf_pass_def_t buf_pass_eliminate_empty_tensors;
extern const buf_pass_def_t buf_pass_empty_tensor_to_alloc_tensor;
extern const buf_pass_def_t buf_pass_test_tensor_copy_insertion;
extern const buf_pass_def_t buf_pass_test_tensorlike_bufferlike;
extern const buf_pass_def_t buf_pass_one_shot_bufferize;
extern const buf_pass_def_t buf_pass_test_one_shot_module_bufferize;
extern const buf_pass_def_t buf_pass_tensor_bufferize;
extern const buf_pass_def_t buf_pass_linalg_bufferize;
extern const buf_pass_def_t buf_pass_scf_bufferize;
extern const buf_pass_def_t buf_pass_func_bufferize;
extern const buf_pass_def_t buf_pass_arith_bufferize;
extern const buf_pass_def_t buf_pass_vector_bufferize;
extern const buf_pass_def_t buf_pass_finalizing_bufferize;
extern const buf_pass_def_t buf_pass_buffer_hoisting;
extern const buf_pass_def_t buf_pass_buffer_loop_hoisting;
extern const buf_pass_def_t buf_pass_promote_buffers_to_stack;
extern const buf_pass_def_t buf_pass_buffer_results_to_out_params;
extern const buf_pass_def_t buf_pass_drop_equivalent_buffer_results;
extern const buf_pass_def_t buf_pass_ownership_based_buffer_deallocation;
extern const buf_pass_def_t buf_pass_buffer_deallocation_simplification;
extern const buf_pass_def_t buf_pass_bufferization_lower_deallocations;
extern const buf_pass_def_t buf_pass_convert_bufferization_to_memref;
extern const buf_pass_def_t buf_pass_expand_realloc;
extern const buf_pass_def_t buf_pass_fold_memref_alias_ops;
extern const buf_pass_def_t buf_pass_expand_strided_metadata;
extern const buf_pass_def_t buf_pass_buffer_deallocation_pipeline;
extern const buf_pass_def_t buf_pass_optimize_allocation_liveness;
extern const buf_pass_def_t buf_pass_plan_memory;
extern const buf_pass_def_t buf_pass_convert_linalg_to_loops;
extern const buf_pass_def_t buf_pass_convert_linalg_to_parallel_loops;
extern const buf_pass_def_t buf_pass_gpu_outline_parallel_loops;
extern const buf_pass_def_t buf_pass_outline_function_segments;
extern const buf_pass_def_t buf_pass_share_repeated_loop_nests;
extern const buf_pass_def_t buf_pass_convert_scf_to_cf;
extern const buf_pass_def_t buf_pass_lower_affine;
extern const buf_pass_def_t buf_pass_lower_vector_mask;

const buf_pass_def_t *const buf_passes[] = {
    &buf_pass_symbol_dce,
    &buf_pass_canonicalize,
    &buf_pass_cse,
    &buf_pass_inline,
    &buf_pass_convert_elementwise_to_linalg,
    &buf_pass_linalg_generalize_named_ops,
    &buf_pass_linalg_decompose_aggregated_ops,
    &buf_pass_eliminate_empty_tensors,
    &buf_pass_empty_tensor_to_alloc_tensor,
    &buf_pass_test_tensor_copy_insertion,
    &buf_pass_test_tensorlike_bufferlike,
    &buf_pass_one_shot_bufferize,
    &buf_pass_test_one_shot_module_bufferize,
    &buf_pass_tensor_bufferize,
    &buf_pass_linalg_bufferize,
    &buf_pass_scf_bufferize,
    &buf_pass_func_bufferize,
    &buf_pass_arith_bufferize,
    &buf_pass_vector_bufferize,
    &buf_pass_finalizing_bufferize,
    &buf_pass_buffer_hoisting,
    &buf_pass_buffer_loop_hoisting,
    &buf_pass_promote_buffers_to_stack,
    &buf_pass_buffer_results_to_out_params,
    &buf_pass_drop_equivalent_buffer_results,
    &buf_pass_ownership_based_buffer_deallocation,
    &buf_pass_buffer_deallocation_simplification,
    &buf_pass_bufferization_lower_deallocations,
    &buf_pass_convert_bufferization_to_memref,
    &buf_pass_expand_realloc,
    &buf_pass_fold_memref_alias_ops,
    &buf_pass_expand_strided_metadata,
    &buf_pass_buffer_deallocation_pipeline,
    &buf_pass_optimize_allocation_liveness,
    &buf_pass_plan_memory,
    &buf_pass_outline_function_segments,
    &buf_pass_share_repeated_loop_nests,
    &buf_pass_convert_linalg_to_loops,
    &buf_pass_convert_linalg_to_parallel_loops,
    &buf_pass_gpu_outline_parallel_loops,
    &buf_pass_convert_scf_to_cf,
    &buf_pass_lower_affine,
    &buf_pass_lower_vector_mask,
};
const uint32_t buf_num_passes = sizeof buf_passes / sizeof buf_passes[0];
