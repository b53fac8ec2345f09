/*
 * vector_mask.c: vector.mask and its terminator vector.yield, in MLIR 22's
 * spelling:
 *
 *   %r = vector.mask %m (, %passthru)? { <one maskable op> } attr-dict
 *            : <mask type> (-> <result types>)?
 *   vector.yield (%v, ... : T, ...)?
 *
 * The region holds one block: the masked op (optional) and a vector.yield
 * of that op's results, which the custom form leaves out (the parser adds
 * it, MLIR's ensureTerminator) and prints only when there is no masked op
 * (`{ vector.yield %v : T }`). The masked op prints on the mask's line
 * without its result names, as mlir-opt prints it.
 *
 * Which ops may be masked, and with which mask type, is a fact of the
 * masked op's definition (buf_opdef_t.mask_type, upstream's
 * MaskableOpInterface); the verifier asks it and uses upstream's messages.
 * vector.mask has BUF_TRAIT_NO_TERMINATOR only so that the generic region
 * check leaves a missing or wrong terminator to this verifier, whose
 * wording is upstream's.
 */
#include "vector_internal.h"

/* The op vector.mask masks (the first op of its block when that is not
 * the terminator), or NULL for an empty mask. */
static buf_op_t *masked_op(const buf_op_t *op) {
  if (op->num_regions != 1 || !op->regions[0]->first)
    return NULL;
  buf_op_t *first = op->regions[0]->first->first;
  return first && first != op->regions[0]->first->last ? first : NULL;
}

/* Contract in buf/vector.h. */
buf_op_t *buf_vector_mask_masked_op(const buf_op_t *mask) { return masked_op(mask); }

/* Contract in vector_internal.h. %m (, %passthru)? region attr-dict : M (-> T, ...)? */
buf_status_t buf__vector_mask_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t m, pt;
  bool has_pt = false;
  if (BUF_FAILED(buf_parse_operand(p, &m)))
    return BUF_FAILURE;
  if (buf_parse_optional(p, ",")) {
    if (BUF_FAILED(buf_parse_operand(p, &pt)))
      return BUF_FAILURE;
    has_pt = true;
  }
  buf_region_t *r = buf_state_add_region(st);
  buf_type_t mt, *rts;
  uint32_t nr;
  if (BUF_FAILED(buf_parse_region(p, r, NULL, 0)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &mt)) ||
      BUF_FAILED(buf_parse_optional_arrow_type_list(p, &rts, &nr)))
    return BUF_FAILURE;
  /* The implicit vector.yield hands over the masked op's results; it has
   * the mask's location, as upstream's ensureTerminator gives it. */
  if (!r->first)
    buf_region_append_block(r, buf_block_create(st->ctx));
  buf_block_t *b = r->first;
  if (!b->last || !buf_op_has_trait(b->last, BUF_TRAIT_TERMINATOR)) {
    buf_op_state_t ys;
    buf_state_init(&ys, st->ctx, "vector.yield", st->loc);
    for (uint32_t i = 0; b->last && i < b->last->num_results; i++)
      buf_state_add_operand(&ys, &b->last->results[i]);
    buf_block_append_op(b, buf_op_create(&ys));
  }
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_resolve(p, &m, mt, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  if (has_pt) {
    if (!nr)
      return buf_parser_error(p, "expects a result type when a passthru is given");
    if (BUF_FAILED(buf_parse_resolve(p, &pt, rts[0], &v)))
      return BUF_FAILURE;
    buf_state_add_operand(st, v);
  }
  buf_state_add_results(st, nr, rts);
  return BUF_SUCCESS;
}

void buf__vector_mask_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf_printer_puts(pr, " { ");
  buf_op_t *inner = masked_op(op);
  buf_block_t *b = op->regions[0]->first;
  if (inner)
    buf_printer_print_nested_op(pr, inner);
  else if (b && b->last)
    buf_printer_print_nested_op(pr, b->last);
  buf_printer_puts(pr, " }");
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
  if (op->num_results) {
    buf_printer_puts(pr, " -> ");
    buf_printer_print_result_types(pr, op);
  }
}

/* The custom form drops the yield (its attributes too, as mlir-opt does)
 * and the masked op's result names: it parses back only when the yield is
 * a vector.yield that hands over exactly the masked op's results (or,
 * without a masked op, prints the yield itself). */
bool buf__vector_mask_parses_back(const buf_op_t *op) {
  if (op->num_regions != 1 || !op->regions[0]->first ||
      op->regions[0]->first != op->regions[0]->last || op->regions[0]->first->num_args ||
      op->num_operands < 1 || op->num_operands > 2 ||
      (op->num_operands == 2 && !op->num_results))
    return false;
  buf_block_t *b = op->regions[0]->first;
  buf_op_t *y = b->last, *inner = masked_op(op);
  /* the parser adds a vector.yield, and reads the passthru with result 0's
   * type */
  if (!y || strcmp(y->name, "vector.yield") != 0 || (inner && inner->next != y) ||
      (op->num_operands == 2 && op->operands[1].value->type != op->results[0].type))
    return false;
  if (!inner)
    return true;
  if (y->num_operands != inner->num_results)
    return false;
  for (uint32_t i = 0; i < y->num_operands; i++)
    if (y->operands[i].value != &inner->results[i])
      return false;
  return true;
}

buf_status_t buf__vector_mask_verify(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  if (op->num_regions != 1) {
    buf_op_emit_error(op, "requires one region");
    return BUF_FAILURE;
  }
  buf_region_t *r = op->regions[0];
  if (!r->first || r->first != r->last) {
    buf_op_emit_error(op, "region #0 ('maskRegion') failed to verify constraint: "
                          "region with 1 blocks");
    return BUF_FAILURE;
  }
  if (op->num_operands < 1 || op->num_operands > 2) {
    buf_op_emit_error(op, "expects a mask and an optional passthru");
    return BUF_FAILURE;
  }
  buf_type_t mt = op->operands[0].value->type;
  if (!is_vector(mt) || !buf__is_i1(mt->u.shaped.elem)) {
    buf_op_emit_error(op, "operand #0 must be vector of 1-bit signless integer values, "
                          "but got '%s'", type_str(op, mt));
    return BUF_FAILURE;
  }
  buf_block_t *b = r->first;
  if (b->num_args) {
    buf_op_emit_error(op, "region should have no arguments");
    return BUF_FAILURE;
  }
  if (!b->last) {
    buf_op_emit_error(op, "expects a terminator within the mask region");
    return BUF_FAILURE;
  }
  if (b->first != b->last && b->first->next != b->last) {
    buf_op_emit_error(op, "expects only one operation to mask");
    return BUF_FAILURE;
  }
  buf_op_t *y = b->last;
  if (strcmp(y->name, "vector.yield") != 0) {
    buf_op_emit_error(op, "expects a terminator within the mask region");
    return BUF_FAILURE;
  }
  if (y->num_operands != op->num_results) {
    buf_op_emit_error(op, "expects number of results to match mask region yielded values");
    return BUF_FAILURE;
  }
  buf_op_t *inner = masked_op(op);
  if (!inner)
    return BUF_SUCCESS;
  if (!inner->def || !inner->def->mask_type) {
    buf_op_emit_error(op, "expects a MaskableOpInterface within the mask region");
    return BUF_FAILURE;
  }
  if (inner->num_results != op->num_results) {
    buf_op_emit_error(op, "expects number of results to match maskable operation number "
                          "of results");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < y->num_operands; i++)
    if (y->operands[i].value != &inner->results[i]) {
      buf_op_emit_error(op, "expects all the results from the MaskableOpInterface to "
                            "match all the values returned by the terminator");
      return BUF_FAILURE;
    }
  for (uint32_t i = 0; i < op->num_results; i++)
    if (op->results[i].type != inner->results[i].type) {
      buf_op_emit_error(op, "expects result type to match maskable operation result type");
      return BUF_FAILURE;
    }
  buf_type_t want = inner->def->mask_type(inner);
  if (want && mt != want) {
    buf_op_emit_error(op, "expects a '%s' mask for the maskable operation",
                      buf_type_to_string(ctx, want));
    return BUF_FAILURE;
  }
  if (op->num_operands == 2) {
    if (!inner->def->mask_passthru) {
      buf_op_emit_error(op, "doesn't expect a passthru argument for this maskable "
                            "operation");
      return BUF_FAILURE;
    }
    if (inner->num_results != 1) {
      buf_op_emit_error(op, "expects result when passthru argument is provided");
      return BUF_FAILURE;
    }
    if (op->operands[1].value->type != inner->results[0].type) {
      buf_op_emit_error(op, "expects passthru type to match result type");
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

/* ---- vector.yield ----------------------------------------------------- */

/* attr-dict (%v, ... : T, ...)? (parsed by buf__parse_values_colon_types) */
void buf__vector_yield_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_print_attr_dict(pr, op, NULL);
  buf__print_values_colon_types(pr, op, 0);
}

