/*
 * tensor_copy_insertion.c: --test-tensor-copy-insertion, the first half of
 * One-Shot Bufferize on its own, as mlir-opt's test pass of that name.
 *
 * Analyze (analysis.c) and materialize every out-of-place decision as a
 * tensor copy (copies.c), then stop: the program stays on tensors, with
 * `bufferization.alloc_tensor() copy(%v)` where a write needs its own
 * buffer and a plain `bufferization.alloc_tensor(%sizes)` where the old
 * contents are not needed. A plain allocation names the memory space of
 * the buffer it stands in for when that space is not the default, so that
 * bufferizing the result later puts it where upstream would; with
 * must-infer-memory-space, a value whose memory space nothing names is an
 * error at the op that defines it, as upstream reports it.
 *
 * The decisions are One-Shot Bufferize's own (bottom-up heuristic, unknown
 * ops allowed); where they keep a write in place that upstream copies,
 * there is simply no copy here either.
 */
#include "bz_internal.h"
#include "buf/pipeline.h"

/* Indices of tci_options' rows, in its order (alphabetical, upstream's
 * spelling). */
enum tci_option {
  TCI_ALLOW_RETURN_ALLOCS_FROM_LOOPS,
  TCI_BUFFERIZE_FUNCTION_BOUNDARIES,
  TCI_MUST_INFER_MEMORY_SPACE,
  TCI_USE_ENCODING_FOR_MEMORY_SPACE,
  TCI_NUM_OPTIONS
};

/* The op whose buffer value v's buffer is, following results back to the
 * operands they alias (a slice to its source, an in-place write to its
 * destination), or NULL where the trail ends at a block argument or an op
 * that does not bufferize. */
static buf_op_t *buffer_origin(buf_bz_t *bz, buf_value_t *v) {
  for (unsigned depth = 0; depth < 256; depth++) {
    buf_op_t *op = v->def;
    if (!op || !buf_bz_model_of(bz, op))
      return NULL;
    buf_use_t *from[BUF_BZ_MAX_ALIASES];
    bool any_write;
    uint32_t n = buf__bz_aliasing_operands(bz, v, from, BUF_BZ_MAX_ALIASES,
                                           &any_write);
    if (n == 0)
      return op;
    v = from[0]->value;
  }
  return NULL;
}

typedef struct place_state {
  buf_bz_t *bz;
  bool must_infer;
  buf_status_t status;
} place_state_t;

/* Gives a plain alloc_tensor copies.c made the memory space of the value
 * it stands in for: the `memory_space` its origin names. An origin that
 * names none is an error under must-infer-memory-space. */
static buf_walk_result_t place_stand_in(buf_op_t *op, void *user) {
  place_state_t *ps = user;
  buf_value_t *stands_for = buf__bz_copy_source(ps->bz, op);
  if (!stands_for)
    return BUF_WALK_ADVANCE;
  buf_op_t *origin = buffer_origin(ps->bz, stands_for);
  buf_attr_t space = origin ? buf_op_attr(origin, "memory_space") : NULL;
  if (space) {
    buf_op_set_attr(op, "memory_space", space);
  } else if (ps->must_infer && origin) {
    buf_op_emit_error(origin, "could not infer memory space");
    ps->status = BUF_FAILURE;
  }
  return BUF_WALK_ADVANCE;
}

static buf_status_t tci_run(buf_op_t *module, const buf_pass_options_t *o) {
  buf_bz_options_t opts = {0};
  opts.function_boundaries = buf_pass_option_bool(o, TCI_BUFFERIZE_FUNCTION_BOUNDARIES);
  opts.allow_return_allocs_from_loops =
      buf_pass_option_bool(o, TCI_ALLOW_RETURN_ALLOCS_FROM_LOOPS);
  opts.must_infer_memory_space = buf_pass_option_bool(o, TCI_MUST_INFER_MEMORY_SPACE);
  opts.use_encoding_for_memory_space =
      buf_pass_option_bool(o, TCI_USE_ENCODING_FOR_MEMORY_SPACE);
  opts.unknown_layout = BUF_BZ_LAYOUT_FULLY_DYNAMIC;
  opts.allow_unknown_ops = true;
  opts.heuristic = BUF_BZ_BOTTOM_UP;
  opts.check_parallel_regions = true;
  opts.buffer_alignment = -1;
  buf_bz_t *bz = buf__bz_create(module, &opts, buf__bz_registered_model);
  buf_status_t st = buf__bz_analyze(bz);
  if (st == BUF_SUCCESS)
    st = buf__bz_materialize_copies(bz);
  if (st == BUF_SUCCESS) {
    place_state_t ps = {bz, opts.must_infer_memory_space, BUF_SUCCESS};
    buf_op_walk(module, BUF_WALK_PRE, place_stand_in, &ps);
    st = ps.status;
  }
  buf__bz_destroy(bz);
  return st;
}

static const buf_option_spec_t tci_options[TCI_NUM_OPTIONS] = {
    [TCI_ALLOW_RETURN_ALLOCS_FROM_LOOPS] =
        {"allow-return-allocs-from-loops", BUF_OPT_BOOL, "false", NULL,
         "Allow a loop to yield a tensor not equivalent to its iter_arg"},
    [TCI_BUFFERIZE_FUNCTION_BOUNDARIES] =
        {"bufferize-function-boundaries", BUF_OPT_BOOL, "false", NULL,
         "Analyze across function boundaries (callees first)"},
    [TCI_MUST_INFER_MEMORY_SPACE] =
        {"must-infer-memory-space", BUF_OPT_BOOL, "false", NULL,
         "A copy of a value whose memory space nothing names is an error "
         "(else memory space 0)"},
    [TCI_USE_ENCODING_FOR_MEMORY_SPACE] =
        {"use-encoding-for-memory-space", BUF_OPT_BOOL, "false", NULL,
         "Use the tensor's encoding attribute as its memory space"},
};

const buf_pass_def_t buf_pass_test_tensor_copy_insertion = {
    .name = "test-tensor-copy-insertion",
    .class_name = "TestTensorCopyInsertionPass",
    .summary = "Insert the tensor copies One-Shot Bufferize would make, and "
               "stay on tensors",
    .anchor = "builtin.module",
    .options = tci_options,
    .num_options = TCI_NUM_OPTIONS,
    .run = tci_run,
};
