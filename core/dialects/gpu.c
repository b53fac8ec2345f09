/*
 * gpu.c: gpu.launch and its terminator, the region op that runs its body
 * once per thread of a grid of thread blocks:
 *
 *   gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
 *              threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
 *     ...
 *     gpu.terminator
 *   }
 *
 * The operands follow upstream's eleven segments (async dependencies, grid
 * sizes x/y/z, block sizes x/y/z, cluster sizes x/y/z, dynamic shared
 * memory size); the body's twelve index arguments are the block ids, the
 * thread ids, the grid sizes and the block sizes, in that order. The forms
 * with async tokens, clusters, kernel names and memory attributions are
 * not supported and are refused when parsed. The body is an allocation
 * scope that returns nothing: buffers it allocates die with each run of
 * it, so buffer deallocation frees them inside.
 */
#include "dialect_util.h"

enum {
  GRID_SEGMENT = 1,          /* grid sizes: segments 1, 2, 3 */
  BLOCK_SEGMENT = 4,         /* block sizes: segments 4, 5, 6 */
  SHARED_MEMORY_SEGMENT = 10,
  NUM_SEGMENTS = 11,
  NUM_BODY_ARGS = 12,
};

/* `(` %x `,` %y `,` %z `)` `in` `(` %sx `=` %a `,` ... `)`: ids receives
 * the three ids, sizes the three size arguments, values the operands. */
static buf_status_t parse_size_assignment(buf_parser_t *p, buf_region_arg_t *ids,
                                          buf_region_arg_t *sizes,
                                          buf_unresolved_t *values) {
  if (BUF_FAILED(buf_parse_expect(p, "(")))
    return BUF_FAILURE;
  for (int i = 0; i < 3; i++)
    if ((i && BUF_FAILED(buf_parse_expect(p, ","))) ||
        BUF_FAILED(buf_parse_region_arg(p, false, &ids[i])))
      return BUF_FAILURE;
  if (BUF_FAILED(buf_parse_expect(p, ")")) ||
      BUF_FAILED(buf_parse_keyword(p, "in")) ||
      BUF_FAILED(buf_parse_expect(p, "(")))
    return BUF_FAILURE;
  for (int i = 0; i < 3; i++)
    if ((i && BUF_FAILED(buf_parse_expect(p, ","))) ||
        BUF_FAILED(buf_parse_region_arg(p, false, &sizes[i])) ||
        BUF_FAILED(buf_parse_expect(p, "=")) ||
        BUF_FAILED(buf_parse_operand(p, &values[i])))
      return BUF_FAILURE;
  return buf_parse_expect(p, ")");
}

/* blocks(...) in (...) threads(...) in (...)
 * (dynamic_shared_memory_size %v)? region attr-dict */
static buf_status_t launch_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = st->ctx;
  buf_type_t index = buf_type_index(ctx);
  static const char *const unsupported[] = {"async", "clusters", "module",
                                            "workgroup", "private"};
  for (size_t i = 0; i < sizeof unsupported / sizeof *unsupported; i++)
    if (buf_parser_next_is_keyword(p, unsupported[i]))
      return buf_parser_error(p, "gpu.launch with '%s' is not supported",
                              unsupported[i]);
  buf_region_arg_t args[NUM_BODY_ARGS];
  buf_unresolved_t sizes[6], shared;
  bool has_shared = false;
  if (BUF_FAILED(buf_parse_keyword(p, "blocks")) ||
      BUF_FAILED(parse_size_assignment(p, &args[0], &args[6], &sizes[0])) ||
      BUF_FAILED(buf_parse_keyword(p, "threads")) ||
      BUF_FAILED(parse_size_assignment(p, &args[3], &args[9], &sizes[3])))
    return BUF_FAILURE;
  if (buf_parse_optional_keyword(p, "dynamic_shared_memory_size")) {
    if (BUF_FAILED(buf_parse_operand(p, &shared)))
      return BUF_FAILURE;
    has_shared = true;
  }
  for (int i = 0; i < NUM_BODY_ARGS; i++)
    args[i].type = index;
  if (BUF_FAILED(buf_parse_resolve_operands_same(p, sizes, 6, index, st)))
    return BUF_FAILURE;
  if (has_shared) {
    buf_value_t *v;
    if (BUF_FAILED(buf_parse_resolve(p, &shared, buf_type_i32(ctx), &v)))
      return BUF_FAILURE;
    buf_state_add_operand(st, v);
  }
  int64_t seg[NUM_SEGMENTS] = {0, 1, 1, 1, 1, 1, 1, 0, 0, 0, has_shared};
  buf_state_set_attr(st, "operandSegmentSizes",
                     buf_attr_dense_array(ctx, buf_type_i32(ctx), NUM_SEGMENTS,
                                          seg, NULL));
  buf_region_t *body = buf_state_add_region(st);
  if (BUF_FAILED(buf_parse_region(p, body, args, NUM_BODY_ARGS)))
    return BUF_FAILURE;
  return buf_parse_optional_attr_dict(p, st);
}

static void print_size_assignment(buf_printer_t *pr, const char *kw,
                                  buf_block_t *body, uint32_t id_arg,
                                  uint32_t size_arg, buf_op_t *op,
                                  uint32_t segment) {
  uint32_t len;
  buf_printer_printf(pr, " %s(", kw);
  for (uint32_t i = 0; i < 3; i++) {
    buf_printer_puts(pr, i ? ", " : "");
    buf_printer_print_value(pr, body->args[id_arg + i]);
  }
  buf_printer_puts(pr, ") in (");
  for (uint32_t i = 0; i < 3; i++) {
    buf_printer_puts(pr, i ? ", " : "");
    buf_printer_print_value(pr, body->args[size_arg + i]);
    buf_printer_puts(pr, " = ");
    buf_printer_print_value(pr, buf_op_operand(op, buf_op_segment(op, segment + i, &len)));
  }
  buf_printer_puts(pr, ")");
}

static void launch_print(buf_printer_t *pr, buf_op_t *op) {
  static const char *const elided[] = {"operandSegmentSizes", NULL};
  buf_block_t *body = buf_region_entry(op->regions[0]);
  uint32_t len;
  print_size_assignment(pr, "blocks", body, 0, 6, op, GRID_SEGMENT);
  print_size_assignment(pr, "threads", body, 3, 9, op, BLOCK_SEGMENT);
  uint32_t shared = buf_op_segment(op, SHARED_MEMORY_SEGMENT, &len);
  if (len) {
    buf_printer_puts(pr, " dynamic_shared_memory_size ");
    buf_printer_print_value(pr, buf_op_operand(op, shared));
  }
  buf_printer_puts(pr, " ");
  buf_printer_print_region(pr, op->regions[0], false, true);
  buf_printer_print_attr_dict(pr, op, elided);
}

/* The forms launch_parse reads: one grid and one block size per dimension,
 * at most a shared memory size, a body of twelve index arguments. */
static buf_status_t launch_verify(buf_op_t *op) {
  int64_t seg[NUM_SEGMENTS];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, NUM_SEGMENTS) !=
      NUM_SEGMENTS) {
    buf_op_emit_error(op, "requires attribute 'operandSegmentSizes' with %d "
                          "elements", NUM_SEGMENTS);
    return BUF_FAILURE;
  }
  bool supported = seg[0] == 0 && seg[7] == 0 && seg[8] == 0 && seg[9] == 0 &&
                   seg[10] <= 1;
  for (int i = GRID_SEGMENT; i < BLOCK_SEGMENT + 3; i++)
    supported = supported && seg[i] == 1;
  if (!supported || op->num_results) {
    buf_op_emit_error(op, "only gpu.launch without async tokens and "
                          "clusters is supported");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < 6; i++)
    if (buf_op_operand(op, i)->type->kind != BUF_TYPE_INDEX) {
      buf_op_emit_error(op, "grid and block sizes must be of index type");
      return BUF_FAILURE;
    }
  buf_block_t *body = buf_region_entry(op->regions[0]);
  if (!body || body->num_args != NUM_BODY_ARGS) {
    buf_op_emit_error(op, "expected %d arguments in the body region",
                      NUM_BODY_ARGS);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < NUM_BODY_ARGS; i++)
    if (body->args[i]->type->kind != BUF_TYPE_INDEX) {
      buf_op_emit_error(op, "body arguments must be of index type");
      return BUF_FAILURE;
    }
  return BUF_SUCCESS;
}

static buf_status_t terminator_verify(buf_op_t *op) {
  buf_op_t *parent = buf_op_parent(op);
  if (!parent || !buf_op_isa(parent, "gpu.launch")) {
    buf_op_emit_error(op, "expects parent op 'gpu.launch'");
    return BUF_FAILURE;
  }
  return buf__verify_num_operands(op, 0);
}

/* attr-dict */
static buf_status_t terminator_parse(buf_parser_t *p, buf_op_state_t *st) {
  return buf_parse_optional_attr_dict(p, st);
}

static void terminator_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_print_attr_dict(pr, op, NULL);
}

static const char *const launch_attrs[] = {"operandSegmentSizes", NULL};

static const buf_opdef_t gpu_ops[] = {
    {.name = "gpu.launch", .traits = BUF_TRAIT_ALLOCATION_SCOPE,
     .inherent_attrs = launch_attrs, .verify = launch_verify,
     .parse = launch_parse, .print = launch_print},
    {.name = "gpu.terminator",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_RETURN_LIKE | BUF_TRAIT_PURE,
     .verify = terminator_verify, .parse = terminator_parse,
     .print = terminator_print},
};

const buf_dialect_t buf_dialect_gpu = {
    "gpu", gpu_ops, sizeof gpu_ops / sizeof gpu_ops[0], false, NULL, 0};
