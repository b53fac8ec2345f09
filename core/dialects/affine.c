/*
 * affine.c: the affine dialect's op table.
 *
 * Ops: apply, min, max, for, if, yield, load, store, delinearize_index,
 * linearize_index. Each op is one row of `affine_ops` with the custom
 * assembly mlir-opt 22 prints and its verifier (MLIR's wording).
 *
 * Conventions shared by the rows:
 *   - Map-carrying ops keep their map in an inherent attribute ("map",
 *     "lowerBoundMap", "upperBoundMap"); the SSA operands that feed a map are
 *     its dims first, then its symbols, as upstream.
 *   - affine.load / affine.store spell their map inline with SSA names
 *     (`%m[%i + 3, symbol(%n)]`): the parse hook turns the subscripts into a
 *     map whose dims and symbols are the distinct SSA values in order of
 *     first appearance (symbol(...) marks symbols), exactly as MLIR's
 *     parseAffineMapOfSSAIds; the print hook substitutes operand names back.
 *   - affine.for always carries operandSegmentSizes = [lb, ub, inits] and a
 *     body that ends in affine.yield (added when the text omits it).
 *   - Which SSA values may serve as affine dims or symbols follows upstream's
 *     isValidDim / isValidSymbol, with "affine scope" read as "op isolated
 *     from above" (func.func, builtin.module: the AffineScope ops we have).
 *
 * Nothing here keeps state; all data lives in the context arena.
 */
#include <inttypes.h>
#include <string.h>

#include "buf/ir.h"
#include "buf/syntax.h"
#include "dialect_util.h"

/* ------------------------------------------------------------------------ */
/* Small helpers                                                             */
/* ------------------------------------------------------------------------ */

static const char *tstr(buf_op_t *op, buf_type_t t) {
  return buf_type_to_string(buf_op_ctx(op), t);
}

static bool is_index(buf_type_t t) { return t && t->kind == BUF_TYPE_INDEX; }

/* The affine map held by attribute `name` of op, or NULL. */
static buf_affine_map_t *map_of(const buf_op_t *op, const char *name) {
  buf_attr_t a = buf_op_attr(op, name);
  return a && a->kind == BUF_ATTR_AFFINE_MAP ? a->u.map : NULL;
}

/* ODS-style check of a required AffineMapAttr attribute. */
static buf_status_t verify_map_attr(buf_op_t *op, const char *name) {
  buf_attr_t a = buf_op_attr(op, name);
  if (!a) {
    buf_op_emit_error(op, "requires attribute '%s'", name);
    return BUF_FAILURE;
  }
  if (a->kind != BUF_ATTR_AFFINE_MAP) {
    buf_op_emit_error(op,
                      "attribute '%s' failed to satisfy constraint: "
                      "AffineMap attribute",
                      name);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* Operands [start, start+n) are index ("variadic of index"); ODS numbers
 * operands by their position in the op. */
static buf_status_t verify_index_operands(buf_op_t *op, uint32_t start,
                                          uint32_t n) {
  for (uint32_t i = start; i < start + n && i < op->num_operands; i++) {
    buf_type_t t = buf_op_operand(op, i)->type;
    if (!is_index(t)) {
      buf_op_emit_error(op,
                        "operand #%u must be variadic of index, but got '%s'",
                        i, tstr(op, t));
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

/* Exactly one result, of type index. */
static buf_status_t verify_index_result(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_results(op, 1))) return BUF_FAILURE;
  if (!is_index(op->results[0].type)) {
    buf_op_emit_error(op, "result #0 must be index, but got '%s'",
                      tstr(op, op->results[0].type));
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Valid dims and symbols (upstream's affine scoping rules)                  */
/* ------------------------------------------------------------------------ */

/* Affine.apply chains are followed recursively; past this depth a value is
 * accepted rather than risking the stack (never a false error). */
enum { VALIDITY_DEPTH = 128 };

static bool is_affine_scope(const buf_op_t *op) {
  return op && (op->def->traits & BUF_TRAIT_ISOLATED_FROM_ABOVE);
}

/* The region of the closest affine-scope ancestor that (transitively)
 * holds op: MLIR's getAffineScope. NULL when there is none. */
static buf_region_t *affine_scope(const buf_op_t *op) {
  const buf_op_t *cur = op;
  buf_op_t *parent;
  while ((parent = buf_op_parent(cur))) {
    if (is_affine_scope(parent)) return cur->block ? cur->block->region : NULL;
    cur = parent;
  }
  return NULL;
}

static buf_region_t *value_region(const buf_value_t *v) {
  if (v->def) return v->def->block ? v->def->block->region : NULL;
  return v->block ? v->block->region : NULL;
}

/* Defined directly in an affine-scope region (any scope). */
static bool is_top_level_any(const buf_value_t *v) {
  buf_region_t *r = value_region(v);
  return r && is_affine_scope(r->op);
}

/* The induction variable of an affine.for. */
static bool is_affine_iv(const buf_value_t *v) {
  if (v->def || !v->block || v->index != 0) return false;
  buf_op_t *owner = buf_block_parent_op(v->block);
  return owner && strcmp(owner->name, "affine.for") == 0;
}

static bool is_named(const buf_op_t *op, const char *name) {
  return op && strcmp(op->name, name) == 0;
}

/* memref.dim / tensor.dim (upstream's ShapedDimOpInterface) whose shaped
 * operand is defined at the top level of an affine scope. */
static bool is_top_level_dim(const buf_op_t *def) {
  if (!is_named(def, "memref.dim") && !is_named(def, "tensor.dim"))
    return false;
  return def->num_operands > 0 && is_top_level_any(buf_op_operand(def, 0));
}

static bool valid_symbol(buf_value_t *v, buf_region_t *scope, int depth);

/* Every operand of an affine.apply is a valid symbol (dims: valid dim). */
static bool apply_operands_valid(buf_op_t *apply, buf_region_t *scope,
                                 bool dims, int depth);

static bool valid_symbol(buf_value_t *v, buf_region_t *scope, int depth) {
  if (!is_index(v->type)) return false;
  if (depth > VALIDITY_DEPTH) return true;
  if (scope && value_region(v) == scope) return true;
  buf_op_t *def = v->def;
  /* Upstream also climbs out of non-isolated scopes; our scopes are all
   * isolated from above, so there is nothing further to look at. */
  if (!def) return false;
  if (is_named(def, "arith.constant")) return true;
  if (is_named(def, "affine.apply"))
    return apply_operands_valid(def, scope, false, depth + 1);
  return is_top_level_dim(def);
}

static bool valid_dim(buf_value_t *v, buf_region_t *scope, int depth) {
  if (!is_index(v->type)) return false;
  if (depth > VALIDITY_DEPTH) return true;
  if (valid_symbol(v, scope, depth)) return true;
  buf_op_t *def = v->def;
  if (!def) return is_affine_iv(v);
  if (is_named(def, "affine.apply"))
    return apply_operands_valid(def, scope, true, depth + 1);
  return is_top_level_dim(def);
}

static bool apply_operands_valid(buf_op_t *apply, buf_region_t *scope,
                                 bool dims, int depth) {
  for (uint32_t i = 0; i < apply->num_operands; i++) {
    buf_value_t *o = buf_op_operand(apply, i);
    if (dims ? !valid_dim(o, scope, depth) : !valid_symbol(o, scope, depth))
      return false;
  }
  return true;
}

/* Operands [start, start+n) of op feed a map with num_dims dims: the dims
 * must be valid dims and the rest valid symbols (upstream's
 * verifyDimAndSymbolIdentifiers). */
static buf_status_t verify_dims_and_symbols(buf_op_t *op, uint32_t start,
                                            uint32_t n, uint32_t num_dims) {
  buf_region_t *scope = affine_scope(op);
  for (uint32_t i = 0; i < n; i++) {
    buf_value_t *v = buf_op_operand(op, start + i);
    if (i < num_dims) {
      if (!valid_dim(v, scope, 0)) {
        buf_op_emit_error(op, "operand cannot be used as a dimension id");
        return BUF_FAILURE;
      }
    } else if (!valid_symbol(v, scope, 0)) {
      buf_op_emit_error(op, "operand cannot be used as a symbol");
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

/* Whether callee value v, used as a map operand of an affine access, is
 * still a valid dim (or symbol) once the callee's body is inlined at call:
 * an entry argument whose call operand is valid there. A value the body
 * defines is a symbol only because it is at the callee's top level, which
 * it no longer is inside the loop (upstream's remainsLegalAfterInline). */
static bool inlined_operand_valid(const buf_op_t *call, const buf_block_t *body,
                                  buf_value_t *v, bool dim, buf_region_t *scope) {
  if (v->def || v->block != body || v->index >= call->num_operands)
    return false;
  buf_value_t *w = call->operands[v->index].value;
  return dim ? valid_dim(w, scope, 0) : valid_symbol(w, scope, 0);
}

/* affine.for: a callee body may be inlined into it when each of its ops
 * has no effects, or is an affine load or store whose subscripts stay valid
 * dims and symbols where the call is. Other ops with effects (calls, ops
 * this dialect cannot reason about) keep the call, as upstream's affine
 * inliner interface decides. */
static bool for_inline_into_legal(const buf_op_t *op, const buf_op_t *call,
                                  const buf_block_t *body) {
  (void)op;
  if (body->next)
    return false;
  buf_region_t *scope = affine_scope(call);
  for (buf_op_t *o = body->first; o; o = o->next) {
    if (buf_op_has_trait(o, BUF_TRAIT_TERMINATOR) ||
        (buf_op_has_trait(o, BUF_TRAIT_PURE) && o->num_regions == 0))
      continue;
    bool load = is_named(o, "affine.load");
    if (!load && !is_named(o, "affine.store"))
      return false;
    uint32_t first = load ? 1 : 2;
    buf_affine_map_t *m = map_of(o, "map");
    for (uint32_t i = first; i < o->num_operands; i++)
      if (!inlined_operand_valid(call, body, buf_op_operand(o, i), i - first < m->num_dims,
                                 scope))
        return false;
  }
  return true;
}

/* ------------------------------------------------------------------------ */
/* Map attribute + "(dims)[symbols]" (apply, min, max, for bounds)           */
/* ------------------------------------------------------------------------ */

/* Parses an attribute that must be an affine map and stores it as `name`. */
static buf_status_t parse_map_attr(buf_parser_t *p, buf_op_state_t *st,
                                   const char *name, buf_attr_t *out) {
  buf_loc_t loc = buf_parser_loc(p);
  buf_attr_t a;
  if (BUF_FAILED(buf_parse_attr(p, &a))) return BUF_FAILURE;
  if (a->kind != BUF_ATTR_AFFINE_MAP)
    return buf_parser_error_at(p, loc, "invalid kind of attribute specified");
  buf_state_set_attr(st, name, a);
  *out = a;
  return BUF_SUCCESS;
}

/* "(%d, ...)" then an optional "[%s, ...]", resolved as index and appended
 * to st; *num_dims and *num_syms receive the counts. */
static buf_status_t parse_dims_and_symbols(buf_parser_t *p,
                                           buf_op_state_t *st,
                                           uint32_t *num_dims,
                                           uint32_t *num_syms) {
  buf_unresolved_t *dims, *syms = NULL;
  uint32_t nd, ns = 0;
  if (BUF_FAILED(buf_parse_operand_list(p, "(", &dims, &nd))) return BUF_FAILURE;
  if (buf_parser_next_is(p, "[") &&
      BUF_FAILED(buf_parse_operand_list(p, "[", &syms, &ns)))
    return BUF_FAILURE;
  buf_type_t idx = buf_type_index(st->ctx);
  if (BUF_FAILED(buf_parse_resolve_operands_same(p, dims, nd, idx, st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, syms, ns, idx, st)))
    return BUF_FAILURE;
  *num_dims = nd;
  *num_syms = ns;
  return BUF_SUCCESS;
}

/* " #map(%d, ...)[%s, ...]" for n operands from start, the first num_dims
 * of them dims (the bracket only when symbols remain). */
static void print_map_and_operands(buf_printer_t *pr, buf_op_t *op,
                                   buf_attr_t map, uint32_t start, uint32_t n,
                                   uint32_t num_dims) {
  buf_printer_print_attr(pr, map);
  uint32_t nd = num_dims < n ? num_dims : n;
  buf_printer_puts(pr, "(");
  buf_printer_print_operands(pr, op, start, nd);
  buf_printer_puts(pr, ")");
  if (n > nd) {
    buf_printer_puts(pr, "[");
    buf_printer_print_operands(pr, op, start + nd, n - nd);
    buf_printer_puts(pr, "]");
  }
}

/* ------------------------------------------------------------------------ */
/* affine.apply, affine.min, affine.max                                      */
/* ------------------------------------------------------------------------ */

static const char *const map_attrs[] = {"map", NULL};

/* affine.apply #map(%d...)[%s...] attr-dict. The operand counts must match
 * the map (checked here as upstream does); one index result per map
 * result, so a multi-result map fails in the verifier. */
static buf_status_t apply_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_attr_t a = NULL;
  uint32_t nd, ns;
  if (BUF_FAILED(parse_map_attr(p, st, "map", &a)) ||
      BUF_FAILED(parse_dims_and_symbols(p, st, &nd, &ns)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  buf_affine_map_t *m = a->u.map;
  if (m->num_dims != nd || m->num_symbols != ns)
    return buf_parser_error_at(p, st->loc,
                               "dimension or symbol "
                               "index mismatch");
  for (uint32_t i = 0; i < m->num_results; i++)
    buf_state_add_result(st, buf_type_index(st->ctx));
  return BUF_SUCCESS;
}

/* affine.min / affine.max #map(%d...)[%s...] attr-dict; counts are left to
 * the verifier, as upstream. */
static buf_status_t minmax_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_attr_t a;
  uint32_t nd, ns;
  if (BUF_FAILED(parse_map_attr(p, st, "map", &a)) ||
      BUF_FAILED(parse_dims_and_symbols(p, st, &nd, &ns)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, buf_type_index(st->ctx));
  return BUF_SUCCESS;
}

static void map_op_print(buf_printer_t *pr, buf_op_t *op) {
  buf_attr_t a = buf_op_attr(op, "map");
  buf_affine_map_t *m = map_of(op, "map");
  buf_printer_puts(pr, " ");
  print_map_and_operands(pr, op, a, 0, op->num_operands,
                         m ? m->num_dims : op->num_operands);
  buf_printer_print_attr_dict(pr, op, map_attrs);
}

/* What apply, min and max have in common: the map attribute, index
 * operands and one index result, operand count == map inputs. */
static buf_status_t verify_map_op_common(buf_op_t *op) {
  if (BUF_FAILED(verify_map_attr(op, "map")) ||
      BUF_FAILED(verify_index_operands(op, 0, op->num_operands)) ||
      BUF_FAILED(verify_index_result(op)))
    return BUF_FAILURE;
  buf_affine_map_t *m = map_of(op, "map");
  if (op->num_operands != m->num_dims + m->num_symbols) {
    buf_op_emit_error(op, "operand count and affine map dimension and symbol "
                          "count must match");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static buf_status_t apply_verify(buf_op_t *op) {
  if (BUF_FAILED(verify_map_op_common(op))) return BUF_FAILURE;
  buf_affine_map_t *m = map_of(op, "map");
  if (m->num_results != 1) {
    buf_op_emit_error(op, "mapping must produce one value");
    return BUF_FAILURE;
  }
  /* Values that qualify as dims but not as symbols may not stand in symbol
   * positions; values that are neither are allowed (upstream lets apply
   * take them for uses outside affine ops). */
  buf_region_t *scope = affine_scope(op);
  for (uint32_t i = m->num_dims; i < op->num_operands; i++) {
    buf_value_t *v = buf_op_operand(op, i);
    if (valid_dim(v, scope, 0) && !valid_symbol(v, scope, 0)) {
      buf_emit_error(buf_op_ctx(op), op->loc,
                     "dimensional operand cannot be used as a symbol");
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

static buf_status_t minmax_verify(buf_op_t *op) {
  if (BUF_FAILED(verify_map_op_common(op))) return BUF_FAILURE;
  if (map_of(op, "map")->num_results == 0) {
    buf_op_emit_error(op, "affine map expect at least one result");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* affine.for                                                                */
/* ------------------------------------------------------------------------ */

static const char *const for_attrs[] = {"lowerBoundMap", "operandSegmentSizes",
                                        "step", "upperBoundMap", NULL};

/* One loop bound: `%ssa` (the symbol identity map), an integer (a constant
 * map) or `(min|max)? #map(%d...)[%s...]`. *n receives the operand count. */
static buf_status_t parse_bound(buf_parser_t *p, buf_op_state_t *st,
                                bool lower, uint32_t *n) {
  buf_ctx_t *ctx = st->ctx;
  const char *attr = lower ? "lowerBoundMap" : "upperBoundMap";
  bool prefixed = buf_parse_optional_keyword(p, lower ? "max" : "min");
  *n = 0;
  if (buf_parser_next_is_operand(p)) {
    buf_unresolved_t *ops;
    uint32_t k;
    if (BUF_FAILED(buf_parse_operand_list(p, NULL, &ops, &k)))
      return BUF_FAILURE;
    if (k > 1)
      return buf_parser_error_at(p, st->loc,
                                 "expected only one "
                                 "loop bound operand");
    if (BUF_FAILED(buf_parse_resolve_operands_same(p, ops, k,
                                                   buf_type_index(ctx), st)))
      return BUF_FAILURE;
    buf_affine_expr_t *s0 = buf_affine_symbol(ctx, 0);
    buf_state_set_attr(
        st, attr, buf_attr_affine_map(ctx, buf_affine_map(ctx, 0, 1, 1, &s0)));
    *n = 1;
    return BUF_SUCCESS;
  }
  buf_loc_t aloc = buf_parser_loc(p);
  int64_t c;
  if (buf_parse_optional_integer(p, &c)) {
    buf_affine_expr_t *e = buf_affine_const(ctx, c);
    buf_state_set_attr(
        st, attr, buf_attr_affine_map(ctx, buf_affine_map(ctx, 0, 0, 1, &e)));
    return BUF_SUCCESS;
  }
  buf_attr_t a;
  if (BUF_FAILED(buf_parse_attr(p, &a))) return BUF_FAILURE;
  if (a->kind != BUF_ATTR_AFFINE_MAP)
    return buf_parser_error_at(p, st->loc,
                               "expected valid affine "
                               "map representation for loop bounds");
  buf_state_set_attr(st, attr, a);
  uint32_t nd, ns;
  if (BUF_FAILED(parse_dims_and_symbols(p, st, &nd, &ns))) return BUF_FAILURE;
  buf_affine_map_t *m = a->u.map;
  if (m->num_dims != nd)
    return buf_parser_error_at(p, st->loc,
                               "dim operand count and "
                               "affine map dim count must match");
  if (m->num_symbols != ns)
    return buf_parser_error_at(p, st->loc,
                               "symbol operand count "
                               "and affine map symbol count must match");
  if (m->num_results > 1 && !prefixed)
    return buf_parser_error_at(
        p, aloc,
        "%s loop bound affine map with multiple "
        "results requires '%s' prefix",
        lower ? "lower" : "upper", lower ? "max" : "min");
  *n = nd + ns;
  return BUF_SUCCESS;
}

/* "(" %a = %init ("," ...)* ")" of iter_args; the "(" is parsed here. */
static buf_status_t parse_iter_args(buf_parser_t *p, buf_region_arg_t **args,
                                    buf_unresolved_t **inits, uint32_t *n) {
  buf_arena_t *arena = buf_ctx_arena(buf_parser_ctx(p));
  uint32_t cap = 0;
  *args = NULL;
  *inits = NULL;
  *n = 0;
  if (BUF_FAILED(buf_parse_expect(p, "("))) return BUF_FAILURE;
  if (buf_parse_optional(p, ")")) return BUF_SUCCESS;
  do {
    if (*n == cap) {
      uint32_t nc = cap ? 2 * cap : 4;
      *args = buf_arena_grow(arena, *args, cap, nc, sizeof **args);
      *inits = buf_arena_grow(arena, *inits, cap, nc, sizeof **inits);
      cap = nc;
    }
    if (BUF_FAILED(buf_parse_region_arg(p, false, &(*args)[*n])) ||
        BUF_FAILED(buf_parse_expect(p, "=")) ||
        BUF_FAILED(buf_parse_operand(p, &(*inits)[*n])))
      return BUF_FAILURE;
    (*n)++;
  } while (buf_parse_optional(p, ","));
  return buf_parse_expect(p, ")");
}

/* affine.for %iv = lb to ub (step N)? (iter_args(...) -> (T...))? region
 * attr-dict */
static buf_status_t for_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = st->ctx;
  buf_arena_t *arena = buf_ctx_arena(ctx);
  buf_type_t idx = buf_type_index(ctx);
  buf_region_arg_t iv;
  uint32_t nlb, nub;
  if (BUF_FAILED(buf_parse_region_arg(p, false, &iv)) ||
      BUF_FAILED(buf_parse_expect(p, "=")) ||
      BUF_FAILED(parse_bound(p, st, true, &nlb)) ||
      BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(parse_bound(p, st, false, &nub)))
    return BUF_FAILURE;
  iv.type = idx;

  int64_t step = 1;
  if (buf_parse_optional_keyword(p, "step")) {
    buf_loc_t sloc = buf_parser_loc(p);
    if (BUF_FAILED(buf_parse_integer(p, &step))) return BUF_FAILURE;
    if (step < 0)
      return buf_parser_error_at(p, sloc,
                                 "expected step to be "
                                 "representable as a positive signed integer");
  }
  buf_state_set_attr(st, "step", buf_attr_index(ctx, step));

  buf_region_arg_t *iter = NULL;
  buf_unresolved_t *inits = NULL;
  buf_type_t *types = NULL;
  uint32_t n = 0, nt = 0;
  if (buf_parse_optional_keyword(p, "iter_args")) {
    if (BUF_FAILED(parse_iter_args(p, &iter, &inits, &n)) ||
        BUF_FAILED(buf_parse_expect(p, "->")) ||
        BUF_FAILED(buf_parse_function_result_list(p, &types, NULL, &nt)))
      return BUF_FAILURE;
    if (nt != n)
      return buf_parser_error_at(p, st->loc,
                                 "mismatch between the "
                                 "number of loop-carried values and results");
    if (BUF_FAILED(buf_parse_resolve_operands(p, inits, n, types, nt, st)))
      return BUF_FAILURE;
    buf_state_add_results(st, nt, types);
  }
  int64_t seg[3] = {nlb, nub, n};
  buf_state_set_attr(st, "operandSegmentSizes",
                     buf_attr_dense_array(ctx, buf_type_i32(ctx), 3, seg, NULL));

  buf_region_arg_t *args = buf_arena_alloc(arena, (n + 1) * sizeof *args);
  args[0] = iv;
  for (uint32_t i = 0; i < n; i++) {
    args[1 + i] = iter[i];
    args[1 + i].type = types[i];
  }
  buf_region_t *body = buf_state_add_region(st);
  if (BUF_FAILED(buf_parse_region(p, body, args, n + 1))) return BUF_FAILURE;
  buf_region_ensure_terminator(ctx, body, "affine.yield", st->loc);
  return buf_parse_optional_attr_dict(p, st);
}

/* The three operand segments of an affine.for: lower-bound operands,
 * upper-bound operands, inits. A missing operandSegmentSizes means all
 * zero (upstream's default property). Emits upstream's messages. */
static buf_status_t for_segments(buf_op_t *op, uint32_t seg[3]) {
  buf_attr_t a = buf_op_attr(op, "operandSegmentSizes");
  uint64_t total = 0;
  seg[0] = seg[1] = seg[2] = 0;
  if (a) {
    if (a->kind != BUF_ATTR_DENSE_ARRAY || !a->type ||
        a->type->kind != BUF_TYPE_INTEGER || a->type->u.integer.width != 32 ||
        (a->u.dense_array.count && !a->u.dense_array.ints)) {
      buf_op_emit_error(op, "attribute 'operandSegmentSizes' failed to "
                            "satisfy constraint: i32 dense array attribute");
      return BUF_FAILURE;
    }
    if (a->u.dense_array.count != 3) {
      buf_op_emit_error(op,
                        "'operandSegmentSizes' attribute for specifying "
                        "operand segments must have 3 elements, but got "
                        "%" PRId64,
                        a->u.dense_array.count);
      return BUF_FAILURE;
    }
    for (uint32_t i = 0; i < 3; i++) {
      int64_t v = a->u.dense_array.ints[i];
      if (v < 0) {
        buf_op_emit_error(op, "'operandSegmentSizes' attribute cannot have "
                              "negative elements");
        return BUF_FAILURE;
      }
      seg[i] = (uint32_t)v;
      total += (uint64_t)v;
    }
  }
  if (total != op->num_operands) {
    buf_op_emit_error(op,
                      "operand count (%u) does not match with the total size "
                      "(%" PRIu64
                      ") specified in attribute 'operandSegmentSizes'",
                      op->num_operands, total);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* One bound as upstream prints it: a constant, a lone SSA symbol, or
 * "max"/"min" (multi-result maps) followed by the map and its operands. */
static void print_bound(buf_printer_t *pr, buf_op_t *op, const char *attr,
                        uint32_t start, uint32_t n, const char *prefix) {
  buf_attr_t a = buf_op_attr(op, attr);
  buf_affine_map_t *m = map_of(op, attr);
  if (!m) {
    buf_printer_print_attr(pr, a);
    return;
  }
  if (m->num_results == 1) {
    buf_affine_expr_t *e = m->results[0];
    if (m->num_dims == 0 && m->num_symbols == 0 &&
        e->kind == BUF_AFFINE_CONST) {
      buf_printer_printf(pr, "%" PRId64, e->value);
      return;
    }
    if (m->num_dims == 0 && m->num_symbols == 1 &&
        e->kind == BUF_AFFINE_SYMBOL && n >= 1) {
      buf_printer_print_operands(pr, op, start, 1);
      return;
    }
  } else {
    buf_printer_printf(pr, "%s ", prefix);
  }
  print_map_and_operands(pr, op, a, start, n, m->num_dims);
}

static void for_print(buf_printer_t *pr, buf_op_t *op) {
  uint32_t seg[3];
  buf_block_t *b = op->num_regions ? buf_region_entry(buf_op_region(op, 0))
                                   : NULL;
  if (BUF_FAILED(for_segments(op, seg)) || !b || b->num_args < 1) {
    /* Not verifiable; the generic form is the honest fallback, but a hook
     * cannot switch forms, so print what we can. */
    seg[0] = seg[1] = 0;
    seg[2] = op->num_operands;
  }
  buf_printer_puts(pr, " ");
  if (b && b->num_args) buf_printer_print_value(pr, b->args[0]);
  buf_printer_puts(pr, " = ");
  print_bound(pr, op, "lowerBoundMap", 0, seg[0], "max");
  buf_printer_puts(pr, " to ");
  print_bound(pr, op, "upperBoundMap", seg[0], seg[1], "min");
  buf_attr_t step = buf_op_attr(op, "step");
  if (step && step->kind == BUF_ATTR_INTEGER && step->u.i != 1)
    buf_printer_printf(pr, " step %" PRId64, step->u.i);
  uint32_t ninit = seg[2];
  if (ninit > 0) {
    buf_printer_puts(pr, " iter_args(");
    for (uint32_t i = 0; i < ninit; i++) {
      if (i) buf_printer_puts(pr, ", ");
      if (b && 1 + i < b->num_args) buf_printer_print_value(pr, b->args[1 + i]);
      buf_printer_puts(pr, " = ");
      buf_printer_print_operands(pr, op, seg[0] + seg[1] + i, 1);
    }
    buf_printer_puts(pr, ") -> (");
    buf_printer_print_result_types(pr, op);
    buf_printer_puts(pr, ")");
  }
  buf_printer_puts(pr, " ");
  if (op->num_regions)
    buf_printer_print_region(pr, buf_op_region(op, 0), false, ninit > 0);
  buf_printer_print_attr_dict(pr, op, for_attrs);
}

/* Bound map `attr` fed by operands [start, start+n): map present, operand
 * count equal to the map's inputs (upstream leaves this unchecked; we
 * insist because the printer and the interpreter rely on it), operands
 * usable as dims/symbols, at least one result. */
static buf_status_t verify_bound(buf_op_t *op, const char *attr,
                                 const char *which, uint32_t start,
                                 uint32_t n) {
  buf_affine_map_t *m = map_of(op, attr);
  if (n != m->num_dims + m->num_symbols) {
    buf_op_emit_error(op,
                      "%s bound operand count does not equal affine map "
                      "input count",
                      which);
    return BUF_FAILURE;
  }
  if (n && BUF_FAILED(verify_dims_and_symbols(op, start, n, m->num_dims)))
    return BUF_FAILURE;
  return BUF_SUCCESS;
}

static buf_status_t for_verify(buf_op_t *op) {
  uint32_t seg[3];
  if (BUF_FAILED(verify_map_attr(op, "lowerBoundMap")))
    return BUF_FAILURE;
  buf_attr_t step = buf_op_attr(op, "step");
  if (!step) {
    buf_op_emit_error(op, "requires attribute 'step'");
    return BUF_FAILURE;
  }
  if (step->kind != BUF_ATTR_INTEGER || !is_index(step->type)) {
    buf_op_emit_error(op, "attribute 'step' failed to satisfy constraint: "
                          "index attribute");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(verify_map_attr(op, "upperBoundMap")) ||
      BUF_FAILED(for_segments(op, seg)) ||
      BUF_FAILED(verify_index_operands(op, 0, seg[0] + seg[1])))
    return BUF_FAILURE;
  if (op->num_regions != 1) {
    buf_op_emit_error(op, "requires one region");
    return BUF_FAILURE;
  }
  if (buf_region_num_blocks(buf_op_region(op, 0)) != 1) {
    buf_op_emit_error(op, "region #0 ('region') failed to verify constraint: "
                          "region with 1 blocks");
    return BUF_FAILURE;
  }
  buf_block_t *b = buf_region_entry(buf_op_region(op, 0));
  uint32_t ninit = seg[2];
  /* Upstream checks the loop's types after the nested ops, so a yield that
   * disagrees with the results is reported by affine.yield first; leave it
   * to that verifier (it runs next) to report the same first error. */
  buf_op_t *y = b->last;
  if (y && is_named(y, "affine.yield")) {
    if (y->num_operands != op->num_results) return BUF_SUCCESS;
    for (uint32_t i = 0; i < y->num_operands; i++)
      if (buf_op_operand(y, i)->type != op->results[i].type)
        return BUF_SUCCESS;
  }
  uint32_t niter = b->num_args ? b->num_args - 1 : 0;
  /* LoopLikeOpInterface's checks (upstream runs them before the op's own
   * region checks). */
  if (ninit != niter) {
    buf_op_emit_error(op,
                      "different number of inits and region iter_args: %u != "
                      "%u",
                      ninit, niter);
    return BUF_FAILURE;
  }
  if (b->num_args == 0 || !is_index(b->args[0]->type)) {
    buf_op_emit_error(op, "expected body to have a single index argument for "
                          "the induction variable");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < ninit; i++) {
    buf_type_t it = buf_op_operand(op, seg[0] + seg[1] + i)->type;
    buf_type_t at = b->args[1 + i]->type;
    if (it != at) {
      buf_op_emit_error(op,
                        "%u-th init and %u-th region iter_arg have different "
                        "type: '%s' != '%s'",
                        i, i, tstr(op, it), tstr(op, at));
      return BUF_FAILURE;
    }
  }
  if (op->num_results != ninit) {
    buf_op_emit_error(op, "mismatch between the number of loop-carried values "
                          "and results");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < ninit; i++) {
    buf_type_t at = b->args[1 + i]->type, rt = op->results[i].type;
    if (at != rt) {
      buf_op_emit_error(op,
                        "%u-th region iter_arg and %u-th loop result have "
                        "different type: '%s' != '%s'",
                        i, i, tstr(op, at), tstr(op, rt));
      return BUF_FAILURE;
    }
  }
  if (BUF_FAILED(verify_bound(op, "lowerBoundMap", "lower", 0, seg[0])) ||
      BUF_FAILED(verify_bound(op, "upperBoundMap", "upper", seg[0], seg[1])))
    return BUF_FAILURE;
  if (map_of(op, "lowerBoundMap")->num_results < 1) {
    buf_op_emit_error(op,
                      "expected lower bound map to have at least one result");
    return BUF_FAILURE;
  }
  if (map_of(op, "upperBoundMap")->num_results < 1) {
    buf_op_emit_error(op,
                      "expected upper bound map to have at least one result");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* affine.if                                                                 */
/* ------------------------------------------------------------------------ */

static const char *const if_attrs[] = {"condition", NULL};

/* affine.if #set(%d...)[%s...] (-> types)? region (else region)? attr-dict
 * The else region stays empty (no block) when the text has none. */
static buf_status_t if_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = st->ctx;
  buf_loc_t loc = buf_parser_loc(p);
  buf_attr_t set;
  uint32_t nd, ns;
  if (BUF_FAILED(buf_parse_attr(p, &set)))
    return BUF_FAILURE;
  if (set->kind != BUF_ATTR_INTEGER_SET)
    return buf_parser_error_at(p, loc, "invalid kind of attribute specified");
  buf_state_set_attr(st, "condition", set);
  if (BUF_FAILED(parse_dims_and_symbols(p, st, &nd, &ns)))
    return BUF_FAILURE;
  buf_affine_map_t *c = set->u.set.constraints;
  if (nd != c->num_dims)
    return buf_parser_error_at(p, st->loc, "dim operand count and integer set "
                                           "dim count must match");
  if (nd + ns != c->num_dims + c->num_symbols)
    return buf_parser_error_at(p, st->loc, "symbol operand count and integer "
                                           "set symbol count must match");
  buf_type_t *ts;
  uint32_t n;
  if (BUF_FAILED(buf_parse_optional_arrow_type_list(p, &ts, &n)))
    return BUF_FAILURE;
  buf_state_add_results(st, n, ts);
  buf_region_t *then_r = buf_state_add_region(st);
  buf_region_t *else_r = buf_state_add_region(st);
  if (BUF_FAILED(buf_parse_region(p, then_r, NULL, 0)))
    return BUF_FAILURE;
  buf_region_ensure_terminator(ctx, then_r, "affine.yield", st->loc);
  if (buf_parse_optional_keyword(p, "else")) {
    if (BUF_FAILED(buf_parse_region(p, else_r, NULL, 0)))
      return BUF_FAILURE;
    buf_region_ensure_terminator(ctx, else_r, "affine.yield", st->loc);
  }
  return buf_parse_optional_attr_dict(p, st);
}

static void if_print(buf_printer_t *pr, buf_op_t *op) {
  buf_attr_t set = buf_op_attr(op, "condition");
  buf_printer_puts(pr, " ");
  print_map_and_operands(pr, op, set, 0, op->num_operands,
                         set->u.set.constraints->num_dims);
  if (op->num_results) {
    buf__print_arrow_result_types(pr, op);
  }
  bool yields = op->num_results > 0;
  buf_printer_puts(pr, " ");
  buf_printer_print_region(pr, op->regions[0], false, yields);
  if (!buf_region_empty(op->regions[1])) {
    buf_printer_puts(pr, " else ");
    buf_printer_print_region(pr, op->regions[1], false, yields);
  }
  buf_printer_print_attr_dict(pr, op, if_attrs);
}

/* Whether every divisor in e is positive at this point (affine division
 * by anything else is undefined, and is then left to run). */
static bool divisors_positive(buf_affine_expr_t *e, const int64_t *dims,
                              const int64_t *syms) {
  if (!e->lhs || !e->rhs)
    return true;
  if ((e->kind == BUF_AFFINE_FLOORDIV || e->kind == BUF_AFFINE_CEILDIV ||
       e->kind == BUF_AFFINE_MOD) &&
      buf_affine_expr_eval(e->rhs, dims, syms) <= 0)
    return false;
  return divisors_positive(e->lhs, dims, syms) &&
         divisors_positive(e->rhs, dims, syms);
}

/* The then region (0) when the condition holds for operand values env
 * knows, the else region (1) when it fails; -1 when some operand is not
 * known. A set without inputs (affine_set<() : (0 >= 0)>) or without
 * constraints is always decided. */
static int32_t if_entry_region(const buf_op_t *op, const buf_fold_env_t *env) {
  buf_attr_t set = buf_op_attr(op, "condition");
  enum { MAX_INPUTS = 16 };
  if (!set || set->kind != BUF_ATTR_INTEGER_SET ||
      op->num_operands > MAX_INPUTS)
    return -1;
  buf_affine_map_t *c = set->u.set.constraints;
  int64_t vals[MAX_INPUTS];
  if (c->num_dims + c->num_symbols != op->num_operands)
    return -1;
  if (c->num_results == 0)
    return 0; /* no constraint: every point */
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (!buf_fold_env_int_of(env, buf_op_operand(op, i), &vals[i]))
      return -1;
  const int64_t *syms = vals + c->num_dims;
  bool holds = true;
  for (uint32_t i = 0; i < c->num_results; i++) {
    if (!divisors_positive(c->results[i], vals, syms))
      return -1;
    int64_t v = buf_affine_expr_eval(c->results[i], vals, syms);
    holds = holds && (set->u.set.eq[i] ? v == 0 : v >= 0);
  }
  return holds ? 0 : 1;
}

static buf_status_t if_verify(buf_op_t *op) {
  buf_attr_t set = buf_op_attr(op, "condition");
  if (!set || set->kind != BUF_ATTR_INTEGER_SET) {
    buf_op_emit_error(op, "requires an integer set attribute named "
                          "'condition'");
    return BUF_FAILURE;
  }
  buf_affine_map_t *c = set->u.set.constraints;
  if (op->num_operands != c->num_dims + c->num_symbols) {
    buf_op_emit_error(op, "operand count and condition integer set dimension "
                          "and symbol count must match");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(verify_index_operands(op, 0, op->num_operands)) ||
      BUF_FAILED(verify_dims_and_symbols(op, 0, op->num_operands,
                                         c->num_dims)))
    return BUF_FAILURE;
  if (op->num_regions != 2) {
    buf_op_emit_error(op, "requires two regions");
    return BUF_FAILURE;
  }
  for (uint32_t r = 0; r < 2; r++) {
    buf_block_t *b = buf_region_entry(op->regions[r]);
    if (b && b->num_args) {
      buf_op_emit_error(op, "region #%u should have no arguments", r);
      return BUF_FAILURE;
    }
  }
  if (buf_region_empty(op->regions[0])) {
    buf_op_emit_error(op, "region #0 ('thenRegion') failed to verify "
                          "constraint: region with 1 blocks");
    return BUF_FAILURE;
  }
  if (op->num_results && buf_region_empty(op->regions[1])) {
    buf_op_emit_error(op, "must have an else block if defining values");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* affine.yield                                                              */
/* ------------------------------------------------------------------------ */

/* affine.yield attr-dict (%v, ... : T, ...)? */
static void yield_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_print_attr_dict(pr, op, NULL);
  buf__print_values_colon_types(pr, op, 0);
}

static buf_status_t yield_verify(buf_op_t *op) {
  buf_op_t *parent = buf_op_parent(op);
  if (!parent || (!is_named(parent, "affine.for") &&
                  !is_named(parent, "affine.if") &&
                  !is_named(parent, "affine.parallel"))) {
    buf_op_emit_error(op, "only terminates affine.if/for/parallel regions");
    return BUF_FAILURE;
  }
  if (parent->num_results != op->num_operands) {
    buf_op_emit_error(op, "parent of yield must have same number of results "
                          "as the yield operands");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (parent->results[i].type != buf_op_operand(op, i)->type) {
      buf_op_emit_error(op, "types mismatch between yield op and its parent");
      return BUF_FAILURE;
    }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Subscripts with SSA names: %m[%i + 3, symbol(%n) floordiv 2]              */
/* ------------------------------------------------------------------------ */

/* Parenthesis nesting bound of one subscript expression. */
enum { SSA_EXPR_DEPTH = 200 };

/* The distinct SSA values of a subscript list: dims and symbols, each in
 * order of first appearance; a value seen before keeps its first role. */
typedef struct ssa_ids {
  buf_parser_t *p;
  buf_ctx_t *ctx;
  buf_unresolved_t *ids; /* all ids, in order of first appearance */
  bool *is_sym;
  uint32_t *pos;         /* dim or symbol position */
  uint32_t n, cap, nd, ns;
} ssa_ids_t;

static buf_affine_expr_t *ssa_id(ssa_ids_t *s, const buf_unresolved_t *u,
                                 bool sym) {
  for (uint32_t i = 0; i < s->n; i++)
    if (s->ids[i].name == u->name && s->ids[i].number == u->number)
      return s->is_sym[i] ? buf_affine_symbol(s->ctx, s->pos[i])
                          : buf_affine_dim(s->ctx, s->pos[i]);
  if (s->n == s->cap) {
    buf_arena_t *arena = buf_ctx_arena(s->ctx);
    uint32_t nc = s->cap ? 2 * s->cap : 4;
    s->ids = buf_arena_grow(arena, s->ids, s->cap, nc, sizeof *s->ids);
    s->is_sym = buf_arena_grow(arena, s->is_sym, s->cap, nc, sizeof *s->is_sym);
    s->pos = buf_arena_grow(arena, s->pos, s->cap, nc, sizeof *s->pos);
    s->cap = nc;
  }
  s->ids[s->n] = *u;
  s->is_sym[s->n] = sym;
  s->pos[s->n] = sym ? s->ns++ : s->nd++;
  return sym ? buf_affine_symbol(s->ctx, s->pos[s->n++])
             : buf_affine_dim(s->ctx, s->pos[s->n++]);
}

static bool mentions_dims(buf_affine_expr_t *e) {
  while (e) {
    if (e->kind == BUF_AFFINE_DIM) return true;
    if (e->kind == BUF_AFFINE_SYMBOL || e->kind == BUF_AFFINE_CONST)
      return false;
    if (mentions_dims(e->rhs)) return true;
    e = e->lhs;
  }
  return false;
}

static buf_status_t ssa_sum(ssa_ids_t *s, buf_affine_expr_t **out, int depth);

/* -x | ( sum ) | %v | symbol(%v) | integer */
static buf_status_t ssa_unary(ssa_ids_t *s, buf_affine_expr_t **out,
                              int depth) {
  buf_parser_t *p = s->p;
  if (depth > SSA_EXPR_DEPTH)
    return buf_parser_error(p, "affine expression nested too deeply");
  if (buf_parse_optional(p, "-")) {
    buf_affine_expr_t *e;
    if (BUF_FAILED(ssa_unary(s, &e, depth + 1))) return BUF_FAILURE;
    *out = buf_affine_binary(s->ctx, BUF_AFFINE_MUL, e,
                             buf_affine_const(s->ctx, -1));
    return BUF_SUCCESS;
  }
  if (buf_parse_optional(p, "(")) {
    if (BUF_FAILED(ssa_sum(s, out, depth + 1))) return BUF_FAILURE;
    return buf_parse_expect(p, ")");
  }
  buf_unresolved_t u;
  if (buf_parser_next_is_operand(p)) {
    if (BUF_FAILED(buf_parse_operand(p, &u))) return BUF_FAILURE;
    *out = ssa_id(s, &u, false);
    return BUF_SUCCESS;
  }
  if (buf_parse_optional_keyword(p, "symbol")) {
    if (BUF_FAILED(buf_parse_expect(p, "(")) ||
        BUF_FAILED(buf_parse_operand(p, &u)) ||
        BUF_FAILED(buf_parse_expect(p, ")")))
      return BUF_FAILURE;
    *out = ssa_id(s, &u, true);
    return BUF_SUCCESS;
  }
  int64_t c;
  if (buf_parser_next_is_integer(p)) {
    if (BUF_FAILED(buf_parse_integer(p, &c))) return BUF_FAILURE;
    *out = buf_affine_const(s->ctx, c);
    return BUF_SUCCESS;
  }
  return buf_parser_error(p, "expected affine expression");
}

/* unary (('*' | floordiv | ceildiv | mod) unary)* */
static buf_status_t ssa_product(ssa_ids_t *s, buf_affine_expr_t **out,
                                int depth) {
  buf_parser_t *p = s->p;
  buf_affine_expr_t *lhs;
  if (BUF_FAILED(ssa_unary(s, &lhs, depth))) return BUF_FAILURE;
  for (;;) {
    static const struct {
      const char *kw;
      buf_affine_kind_t kind;
    } ops[] = {{"floordiv", BUF_AFFINE_FLOORDIV},
               {"ceildiv", BUF_AFFINE_CEILDIV},
               {"mod", BUF_AFFINE_MOD}};
    buf_loc_t oploc = buf_parser_loc(p);
    buf_affine_kind_t k;
    const char *name = NULL;
    if (buf_parse_optional(p, "*")) {
      k = BUF_AFFINE_MUL;
      name = "*";
    } else {
      for (size_t i = 0; !name && i < sizeof ops / sizeof ops[0]; i++)
        if (buf_parse_optional_keyword(p, ops[i].kw)) {
          k = ops[i].kind;
          name = ops[i].kw;
        }
      if (!name) break;
    }
    buf_affine_expr_t *rhs;
    if (BUF_FAILED(ssa_unary(s, &rhs, depth))) return BUF_FAILURE;
    if (k == BUF_AFFINE_MUL) {
      if (mentions_dims(lhs) && mentions_dims(rhs))
        return buf_parser_error_at(p, oploc,
                                   "non-affine expression: at least one of "
                                   "the multiply operands has to be either a "
                                   "constant or symbolic");
    } else {
      if (mentions_dims(rhs))
        return buf_parser_error_at(p, oploc,
                                   "non-affine expression: right operand of "
                                   "%s has to be either a constant or "
                                   "symbolic",
                                   name);
      if (rhs->kind == BUF_AFFINE_CONST && rhs->value <= 0 &&
          lhs->kind == BUF_AFFINE_CONST)
        return buf_parser_error_at(p, oploc,
                                   "division by a non-positive constant in "
                                   "affine expression");
    }
    lhs = buf_affine_binary(s->ctx, k, lhs, rhs);
  }
  *out = lhs;
  return BUF_SUCCESS;
}

/* product (('+' | '-') product)* */
static buf_status_t ssa_sum(ssa_ids_t *s, buf_affine_expr_t **out, int depth) {
  buf_affine_expr_t *lhs;
  if (BUF_FAILED(ssa_product(s, &lhs, depth))) return BUF_FAILURE;
  for (;;) {
    bool minus;
    if (buf_parse_optional(s->p, "+"))
      minus = false;
    else if (buf_parse_optional(s->p, "-"))
      minus = true;
    else
      break;
    buf_affine_expr_t *rhs;
    if (BUF_FAILED(ssa_product(s, &rhs, depth))) return BUF_FAILURE;
    if (minus)
      rhs = buf_affine_binary(s->ctx, BUF_AFFINE_MUL, rhs,
                              buf_affine_const(s->ctx, -1));
    lhs = buf_affine_binary(s->ctx, BUF_AFFINE_ADD, lhs, rhs);
  }
  *out = lhs;
  return BUF_SUCCESS;
}

/* "[" (expr ("," expr)*)? "]": sets attribute "map" in st and returns the
 * ids; the caller resolves them (dims, then symbols) once it knows where
 * they go among the operands. */
static buf_status_t parse_subscripts(buf_parser_t *p, buf_op_state_t *st,
                                     ssa_ids_t *s) {
  buf_ctx_t *ctx = st->ctx;
  memset(s, 0, sizeof *s);
  s->p = p;
  s->ctx = ctx;
  buf_affine_expr_t **res = NULL;
  uint32_t nres = 0, cap = 0;
  if (BUF_FAILED(buf_parse_expect(p, "["))) return BUF_FAILURE;
  if (!buf_parse_optional(p, "]")) {
    do {
      if (nres == cap) {
        uint32_t nc = cap ? 2 * cap : 4;
        res = buf_arena_grow(buf_ctx_arena(ctx), res, cap, nc, sizeof *res);
        cap = nc;
      }
      if (BUF_FAILED(ssa_sum(s, &res[nres], 0))) return BUF_FAILURE;
      nres++;
    } while (buf_parse_optional(p, ","));
    if (BUF_FAILED(buf_parse_expect(p, "]"))) return BUF_FAILURE;
  }
  buf_state_set_attr(
      st, "map",
      buf_attr_affine_map(ctx, buf_affine_map(ctx, s->nd, s->ns, nres, res)));
  return BUF_SUCCESS;
}

/* Appends the subscript operands to st: dims in position order, then
 * symbols. */
static buf_status_t resolve_subscripts(buf_parser_t *p, buf_op_state_t *st,
                                       const ssa_ids_t *s) {
  buf_type_t idx = buf_type_index(st->ctx);
  for (int sym = 0; sym < 2; sym++) {
    uint32_t count = sym ? s->ns : s->nd;
    for (uint32_t pos = 0; pos < count; pos++)
      for (uint32_t i = 0; i < s->n; i++)
        if (s->is_sym[i] == (bool)sym && s->pos[i] == pos) {
          buf_value_t *v;
          if (BUF_FAILED(buf_parse_resolve(p, &s->ids[i], idx, &v)))
            return BUF_FAILURE;
          buf_state_add_operand(st, v);
        }
  }
  return BUF_SUCCESS;
}

/* ": memref-type" */
static buf_status_t parse_colon_memref(buf_parser_t *p, buf_type_t *t) {
  if (BUF_FAILED(buf_parse_expect(p, ":"))) return BUF_FAILURE;
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_type(p, t))) return BUF_FAILURE;
  if ((*t)->kind != BUF_TYPE_MEMREF)
    return buf_parser_error_at(p, loc, "invalid kind of type specified");
  return BUF_SUCCESS;
}

enum { WEAK, STRONG };

/* An affine expression with dim i printed as operand first+i and symbol j
 * as symbol(operand first+num_dims+j), with MLIR's spelling rules (a + b *
 * -1 as a - b, a + -c as a - c, x * -1 as -x, parentheses by binding
 * strength). */
static void print_ssa_expr(buf_printer_t *pr, buf_op_t *op, uint32_t first,
                           uint32_t num_dims, buf_affine_expr_t *e,
                           int tight) {
  switch (e->kind) {
  case BUF_AFFINE_DIM:
    buf_printer_print_operands(pr, op, first + (uint32_t)e->value, 1);
    return;
  case BUF_AFFINE_SYMBOL:
    buf_printer_puts(pr, "symbol(");
    buf_printer_print_operands(pr, op, first + num_dims + (uint32_t)e->value,
                               1);
    buf_printer_puts(pr, ")");
    return;
  case BUF_AFFINE_CONST:
    buf_printer_printf(pr, "%" PRId64, e->value);
    return;
  default:
    break;
  }
  buf_affine_expr_t *lhs = e->lhs, *rhs = e->rhs;
  bool paren = tight == STRONG;
  if (paren) buf_printer_puts(pr, "(");
  if (e->kind != BUF_AFFINE_ADD) {
    const char *sp = e->kind == BUF_AFFINE_MUL        ? " * "
                     : e->kind == BUF_AFFINE_FLOORDIV ? " floordiv "
                     : e->kind == BUF_AFFINE_CEILDIV  ? " ceildiv "
                                                      : " mod ";
    if (e->kind == BUF_AFFINE_MUL && rhs->kind == BUF_AFFINE_CONST &&
        rhs->value == -1) {
      buf_printer_puts(pr, "-");
      print_ssa_expr(pr, op, first, num_dims, lhs, STRONG);
    } else {
      print_ssa_expr(pr, op, first, num_dims, lhs, STRONG);
      buf_printer_puts(pr, sp);
      print_ssa_expr(pr, op, first, num_dims, rhs, STRONG);
    }
  } else if (rhs->kind == BUF_AFFINE_MUL && rhs->rhs->kind == BUF_AFFINE_CONST &&
             rhs->rhs->value <= -1) {
    print_ssa_expr(pr, op, first, num_dims, lhs, WEAK);
    buf_printer_puts(pr, " - ");
    if (rhs->rhs->value == -1) {
      print_ssa_expr(pr, op, first, num_dims, rhs->lhs,
                     rhs->lhs->kind == BUF_AFFINE_ADD ? STRONG : WEAK);
    } else {
      print_ssa_expr(pr, op, first, num_dims, rhs->lhs, STRONG);
      buf_printer_printf(pr, " * %" PRId64, -rhs->rhs->value);
    }
  } else if (rhs->kind == BUF_AFFINE_CONST && rhs->value < 0) {
    print_ssa_expr(pr, op, first, num_dims, lhs, WEAK);
    buf_printer_printf(pr, " - %" PRIu64, (uint64_t)0 - (uint64_t)rhs->value);
  } else {
    print_ssa_expr(pr, op, first, num_dims, lhs, WEAK);
    buf_printer_puts(pr, " + ");
    print_ssa_expr(pr, op, first, num_dims, rhs, WEAK);
  }
  if (paren) buf_printer_puts(pr, ")");
}

/* "%m[subscripts]" for the memref operand at mem and its map operands
 * after it. */
static void print_access(buf_printer_t *pr, buf_op_t *op, uint32_t mem) {
  buf_printer_print_operands(pr, op, mem, 1);
  buf_printer_puts(pr, "[");
  buf_affine_map_t *m = map_of(op, "map");
  if (m && op->num_operands - mem - 1 == m->num_dims + m->num_symbols) {
    for (uint32_t i = 0; i < m->num_results; i++) {
      if (i) buf_printer_puts(pr, ", ");
      print_ssa_expr(pr, op, mem + 1, m->num_dims, m->results[i], WEAK);
    }
  } else {
    /* Unverified op: show the raw operands rather than index out of range. */
    buf_printer_print_operands(pr, op, mem + 1, op->num_operands - mem - 1);
  }
  buf_printer_puts(pr, "]");
  buf_printer_print_attr_dict(pr, op, map_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, buf_op_operand(op, mem)->type);
}

/* ------------------------------------------------------------------------ */
/* affine.load, affine.store                                                 */
/* ------------------------------------------------------------------------ */

/* affine.load %m[subscripts] attr-dict : memref-type */
static buf_status_t load_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t mem;
  ssa_ids_t ids;
  buf_type_t t;
  buf_value_t *mv;
  if (BUF_FAILED(buf_parse_operand(p, &mem)) ||
      BUF_FAILED(parse_subscripts(p, st, &ids)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(parse_colon_memref(p, &t)) ||
      BUF_FAILED(buf_parse_resolve(p, &mem, t, &mv)))
    return BUF_FAILURE;
  buf_state_add_operand(st, mv);
  if (BUF_FAILED(resolve_subscripts(p, st, &ids))) return BUF_FAILURE;
  buf_state_add_result(st, t->u.shaped.elem);
  return BUF_SUCCESS;
}

/* affine.store %v, %m[subscripts] attr-dict : memref-type */
static buf_status_t store_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t val, mem;
  ssa_ids_t ids;
  buf_type_t t;
  buf_value_t *vv, *mv;
  if (BUF_FAILED(buf_parse_operand(p, &val)) ||
      BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_operand(p, &mem)) ||
      BUF_FAILED(parse_subscripts(p, st, &ids)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(parse_colon_memref(p, &t)) ||
      BUF_FAILED(buf_parse_resolve(p, &val, t->u.shaped.elem, &vv)) ||
      BUF_FAILED(buf_parse_resolve(p, &mem, t, &mv)))
    return BUF_FAILURE;
  buf_state_add_operand(st, vv);
  buf_state_add_operand(st, mv);
  return resolve_subscripts(p, st, &ids);
}

static void load_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  print_access(pr, op, 0);
}

static void store_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_puts(pr, ", ");
  print_access(pr, op, 1);
}

/* The memref operand at mem (ODS: "memref of any type values"), index
 * subscripts, map shape against the memref, dims/symbols usable. */
static buf_status_t verify_access(buf_op_t *op, uint32_t mem) {
  if (BUF_FAILED(verify_map_attr(op, "map"))) return BUF_FAILURE;
  if (op->num_operands <= mem) {
    buf_op_emit_error(op, "expected %u or more operands, but found %u",
                      mem + 1, op->num_operands);
    return BUF_FAILURE;
  }
  buf_type_t mt = buf_op_operand(op, mem)->type;
  if (mt->kind != BUF_TYPE_MEMREF) {
    buf_op_emit_error(op,
                      "operand #%u must be memref of any type values, but got "
                      "'%s'",
                      mem, tstr(op, mt));
    return BUF_FAILURE;
  }
  return verify_index_operands(op, mem + 1, op->num_operands - mem - 1);
}

static buf_status_t verify_indexing(buf_op_t *op, uint32_t mem) {
  buf_type_t mt = buf_op_operand(op, mem)->type;
  buf_affine_map_t *m = map_of(op, "map");
  uint32_t nidx = op->num_operands - mem - 1;
  if (m->num_results != mt->u.shaped.rank) {
    buf_op_emit_error(op, "affine map num results must equal memref rank");
    return BUF_FAILURE;
  }
  if (m->num_dims + m->num_symbols != nidx) {
    buf_op_emit_error(op, "expects as many subscripts as affine map inputs");
    return BUF_FAILURE;
  }
  return verify_dims_and_symbols(op, mem + 1, nidx, m->num_dims);
}

static buf_status_t load_verify(buf_op_t *op) {
  if (BUF_FAILED(verify_access(op, 0)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)))
    return BUF_FAILURE;
  buf_type_t mt = buf_op_operand(op, 0)->type;
  if (op->results[0].type != mt->u.shaped.elem) {
    buf_op_emit_error(op, "result type must match element type of memref");
    return BUF_FAILURE;
  }
  return verify_indexing(op, 0);
}

static buf_status_t store_verify(buf_op_t *op) {
  if (BUF_FAILED(verify_access(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)))
    return BUF_FAILURE;
  buf_type_t mt = buf_op_operand(op, 1)->type;
  if (buf_op_operand(op, 0)->type != mt->u.shaped.elem) {
    buf_op_emit_error(op, "value to store must have the same type as memref "
                          "element type");
    return BUF_FAILURE;
  }
  return verify_indexing(op, 1);
}

/* ------------------------------------------------------------------------ */
/* affine.delinearize_index, affine.linearize_index                          */
/* ------------------------------------------------------------------------ */

/* "(" (%v | integer) ("," ...)* ")": the mixed static/dynamic basis; the
 * static values (BUF_DYNAMIC where an SSA value stands) become attribute
 * static_basis, the SSA values are resolved as index and appended to st. */
static buf_status_t parse_basis(buf_parser_t *p, buf_op_state_t *st,
                                uint32_t *num_dyn) {
  buf_arena_t *arena = buf_ctx_arena(st->ctx);
  buf_unresolved_t *dyn = NULL;
  int64_t *vals = NULL;
  uint32_t n = 0, cap = 0, nd = 0, dcap = 0;
  if (BUF_FAILED(buf_parse_expect(p, "("))) return BUF_FAILURE;
  if (!buf_parse_optional(p, ")")) {
    do {
      int64_t v = BUF_DYNAMIC;
      if (buf_parser_next_is_operand(p)) {
        if (nd == dcap) {
          uint32_t nc = dcap ? 2 * dcap : 4;
          dyn = buf_arena_grow(arena, dyn, dcap, nc, sizeof *dyn);
          dcap = nc;
        }
        if (BUF_FAILED(buf_parse_operand(p, &dyn[nd++]))) return BUF_FAILURE;
      } else if (BUF_FAILED(buf_parse_integer(p, &v))) {
        return BUF_FAILURE;
      }
      if (n == cap) {
        uint32_t nc = cap ? 2 * cap : 4;
        vals = buf_arena_grow(arena, vals, cap, nc, sizeof *vals);
        cap = nc;
      }
      vals[n++] = v;
    } while (buf_parse_optional(p, ","));
    if (BUF_FAILED(buf_parse_expect(p, ")"))) return BUF_FAILURE;
  }
  buf_state_set_attr(st, "static_basis", buf_attr_i64_array(st->ctx, n, vals));
  *num_dyn = nd;
  return buf_parse_resolve_operands_same(p, dyn, nd,
                                         buf_type_index(st->ctx), st);
}

/* " (4, %b, 8)": static_basis with dynamic entries from operands
 * [dyn, ...). */
static void print_basis(buf_printer_t *pr, buf_op_t *op, uint32_t dyn) {
  buf_attr_t a = buf_op_attr(op, "static_basis");
  int64_t n = a && a->kind == BUF_ATTR_DENSE_ARRAY ? a->u.dense_array.count
                                                   : 0;
  buf_printer_puts(pr, " (");
  for (int64_t i = 0; i < n; i++) {
    if (i) buf_printer_puts(pr, ", ");
    int64_t v = a->u.dense_array.ints ? a->u.dense_array.ints[i] : 0;
    if (v == BUF_DYNAMIC && dyn < op->num_operands)
      buf_printer_print_operands(pr, op, dyn++, 1);
    else
      buf_printer_printf(pr, "%" PRId64, v);
  }
  buf_printer_puts(pr, ")");
}

/* static_basis present and consistent with the num_dyn dynamic operands;
 * static elements positive when check_positive (delinearize_index only:
 * upstream's linearize_index accepts non-positive ones). */
static buf_status_t verify_basis(buf_op_t *op, uint32_t num_dyn,
                                 bool check_positive, uint32_t *basis_len) {
  buf_attr_t a = buf_op_attr(op, "static_basis");
  if (!a) {
    buf_op_emit_error(op, "requires attribute 'static_basis'");
    return BUF_FAILURE;
  }
  if (a->kind != BUF_ATTR_DENSE_ARRAY || !a->type ||
      a->type->kind != BUF_TYPE_INTEGER || a->type->u.integer.width != 64 ||
      (a->u.dense_array.count && !a->u.dense_array.ints)) {
    buf_op_emit_error(op, "attribute 'static_basis' failed to satisfy "
                          "constraint: i64 dense array attribute");
    return BUF_FAILURE;
  }
  uint32_t n = (uint32_t)a->u.dense_array.count, nd = 0;
  bool nonpos = false;
  for (uint32_t i = 0; i < n; i++) {
    int64_t v = a->u.dense_array.ints[i];
    if (v == BUF_DYNAMIC)
      nd++;
    else if (v <= 0)
      nonpos = true;
  }
  *basis_len = n;
  if (nd != num_dyn) {
    buf_op_emit_error(op, "mismatch between dynamic and static basis "
                          "(kDynamic marker but no corresponding dynamic "
                          "basis entry) -- this can only happen due to an "
                          "incorrect fold/rewrite");
    return BUF_FAILURE;
  }
  if (nonpos && check_positive) {
    buf_op_emit_error(op, "no basis element may be statically non-positive");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static const char *const delin_attrs[] = {"static_basis", NULL};

/* affine.delinearize_index %x into (basis) attr-dict : index, ... */
static buf_status_t delin_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t x;
  buf_value_t *v;
  uint32_t nd, nt;
  buf_type_t *ts;
  if (BUF_FAILED(buf_parse_operand(p, &x)) ||
      BUF_FAILED(buf_parse_keyword(p, "into")) ||
      BUF_FAILED(buf_parse_resolve(p, &x, buf_type_index(st->ctx), &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  if (BUF_FAILED(parse_basis(p, st, &nd)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type_list(p, &ts, &nt)))
    return BUF_FAILURE;
  buf_state_add_results(st, nt, ts);
  return BUF_SUCCESS;
}

static void delin_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_puts(pr, " into");
  print_basis(pr, op, 1);
  buf_printer_print_attr_dict(pr, op, delin_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_result_types(pr, op);
}

static buf_status_t delin_verify(buf_op_t *op) {
  if (op->num_operands < 1) {
    buf_op_emit_error(op, "expected 1 or more operands, but found 0");
    return BUF_FAILURE;
  }
  if (!is_index(buf_op_operand(op, 0)->type)) {
    buf_op_emit_error(op, "operand #0 must be index, but got '%s'",
                      tstr(op, buf_op_operand(op, 0)->type));
    return BUF_FAILURE;
  }
  if (BUF_FAILED(verify_index_operands(op, 1, op->num_operands - 1)))
    return BUF_FAILURE;
  for (uint32_t i = 0; i < op->num_results; i++)
    if (!is_index(op->results[i].type)) {
      buf_op_emit_error(op,
                        "result #%u must be variadic of index, but got '%s'",
                        i, tstr(op, op->results[i].type));
      return BUF_FAILURE;
    }
  uint32_t nb = 0;
  buf_attr_t a = buf_op_attr(op, "static_basis");
  if (a && a->kind == BUF_ATTR_DENSE_ARRAY)
    nb = (uint32_t)a->u.dense_array.count;
  if (a && op->num_results != nb && op->num_results != nb + 1) {
    buf_op_emit_error(op, "should return an index for each basis element and "
                          "up to one extra index");
    return BUF_FAILURE;
  }
  return verify_basis(op, op->num_operands - 1, true, &nb);
}

static const char *const lin_attrs[] = {"disjoint", "operandSegmentSizes",
                                        "static_basis", NULL};

/* The disjoint flag: a unit attribute, or `false` as mlir-opt stores the
 * flag's absence. */
static bool lin_disjoint(const buf_op_t *op) {
  buf_attr_t a = buf_op_attr(op, "disjoint");
  return a && (a->kind == BUF_ATTR_UNIT || (a->kind == BUF_ATTR_BOOL && a->u.b));
}

/* affine.linearize_index (disjoint)? [%i, ...] by (basis) attr-dict : index */
static buf_status_t lin_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = st->ctx;
  bool disjoint = buf_parse_optional_keyword(p, "disjoint");
  buf_unresolved_t *idx;
  uint32_t n, nd;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_operand_list(p, "[", &idx, &n)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, idx, n,
                                                 buf_type_index(ctx), st)) ||
      BUF_FAILED(buf_parse_keyword(p, "by")) ||
      BUF_FAILED(parse_basis(p, st, &nd)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)))
    return BUF_FAILURE;
  buf_state_set_attr(st, "disjoint",
                     disjoint ? buf_attr_unit(ctx) : buf_attr_bool(ctx, false));
  int64_t seg[2] = {n, nd};
  buf_state_set_attr(st, "operandSegmentSizes",
                     buf_attr_dense_array(ctx, buf_type_i32(ctx), 2, seg, NULL));
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static void lin_print(buf_printer_t *pr, buf_op_t *op) {
  uint32_t n = 0;
  uint32_t start = buf_op_segment(op, 0, &n);
  uint32_t dyn = buf_op_segment(op, 1, NULL);
  if (lin_disjoint(op)) buf_printer_puts(pr, " disjoint");
  buf_printer_puts(pr, " [");
  buf_printer_print_operands(pr, op, start, n);
  buf_printer_puts(pr, "] by");
  print_basis(pr, op, dyn);
  buf_printer_print_attr_dict(pr, op, lin_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_result_types(pr, op);
}

static buf_status_t lin_verify(buf_op_t *op) {
  int64_t seg[2];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 2) != 2 ||
      seg[0] < 0 || seg[1] < 0 ||
      seg[0] + seg[1] != (int64_t)op->num_operands) {
    buf_op_emit_error(op, "operand count (%u) does not match with the total "
                          "size specified in attribute 'operandSegmentSizes'",
                      op->num_operands);
    return BUF_FAILURE;
  }
  if (BUF_FAILED(verify_index_operands(op, 0, op->num_operands)) ||
      BUF_FAILED(verify_index_result(op)))
    return BUF_FAILURE;
  buf_attr_t a = buf_op_attr(op, "static_basis");
  if (a && a->kind == BUF_ATTR_DENSE_ARRAY) {
    int64_t nb = a->u.dense_array.count;
    if (seg[0] != nb && seg[0] != nb + 1) {
      buf_op_emit_error(op, "should be passed a basis element for each index "
                            "except possibly the first");
      return BUF_FAILURE;
    }
  }
  uint32_t nb;
  return verify_basis(op, (uint32_t)seg[1], false, &nb);
}

/* ------------------------------------------------------------------------ */
/* The table                                                                 */
/* ------------------------------------------------------------------------ */

/* Memory effects on buffer operands (only memref operands are asked). */
static uint32_t load_effect(const buf_op_t *op, uint32_t i) {
  (void)op, (void)i;
  return BUF_EFFECT_READ;
}

static uint32_t store_effect(const buf_op_t *op, uint32_t i) {
  (void)op;
  return i == 1 ? BUF_EFFECT_WRITE : BUF_EFFECT_NONE;
}

/* Folders (affine_fold.c). */
bool buf__affine_apply_fold(buf_op_t *op);
bool buf__affine_linearize_fold(buf_op_t *op);
bool buf__affine_delinearize_fold(buf_op_t *op);
bool buf__affine_min_fold(buf_op_t *op);
bool buf__affine_max_fold(buf_op_t *op);
bool buf__affine_for_fold(buf_op_t *op);

static const buf_opdef_t affine_ops[] = {
    {.name = "affine.apply", .traits = BUF_TRAIT_PURE,
     .inherent_attrs = map_attrs, .verify = apply_verify,
     .fold = buf__affine_apply_fold,
     .parse = apply_parse, .print = map_op_print},
    {.name = "affine.delinearize_index", .traits = BUF_TRAIT_PURE,
     .inherent_attrs = delin_attrs, .verify = delin_verify,
     .fold = buf__affine_delinearize_fold,
     .parse = delin_parse, .print = delin_print},
    {.name = "affine.for",
     .traits = BUF_TRAIT_SINGLE_BLOCK | BUF_TRAIT_IMPLICIT_TERMINATOR |
               BUF_TRAIT_LOOP | BUF_TRAIT_ALLOCATION_SCOPE,
     .inherent_attrs = for_attrs, .verify = for_verify, .parse = for_parse,
     .print = for_print, .fold = buf__affine_for_fold,
     .inline_into_legal = for_inline_into_legal},
    {.name = "affine.if",
     .traits = BUF_TRAIT_SINGLE_BLOCK | BUF_TRAIT_IMPLICIT_TERMINATOR |
               BUF_TRAIT_REGION_BRANCH,
     .inherent_attrs = if_attrs, .verify = if_verify, .parse = if_parse,
     .print = if_print, .entry_region = if_entry_region,
     .fold = buf__region_branch_fold},
    {.name = "affine.linearize_index", .traits = BUF_TRAIT_PURE,
     .inherent_attrs = lin_attrs, .verify = lin_verify, .parse = lin_parse,
     .fold = buf__affine_linearize_fold,
     .print = lin_print},
    {.name = "affine.load", .operand_effect = load_effect,
     .inherent_attrs = map_attrs,
     .verify = load_verify, .parse = load_parse, .print = load_print},
    {.name = "affine.max", .traits = BUF_TRAIT_PURE,
     .inherent_attrs = map_attrs, .verify = minmax_verify,
     .parse = minmax_parse, .print = map_op_print,
     .fold = buf__affine_max_fold},
    {.name = "affine.min", .traits = BUF_TRAIT_PURE,
     .inherent_attrs = map_attrs, .verify = minmax_verify,
     .parse = minmax_parse, .print = map_op_print,
     .fold = buf__affine_min_fold},
    {.name = "affine.store", .operand_effect = store_effect,
     .inherent_attrs = map_attrs,
     .verify = store_verify, .parse = store_parse, .print = store_print},
    {.name = "affine.yield",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_RETURN_LIKE | BUF_TRAIT_PURE |
               BUF_TRAIT_FORWARDS,
     .verify = yield_verify, .parse = buf__parse_values_colon_types, .print = yield_print},
};

const buf_dialect_t buf_dialect_affine = {
    "affine", affine_ops, sizeof affine_ops / sizeof affine_ops[0], false, NULL, 0};
