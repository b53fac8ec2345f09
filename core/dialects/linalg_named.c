/*
 * linalg_named.c: the linalg ops whose custom form hides or shortens the
 * body: fill, copy, the contractions (matmul, batch_matmul, matvec, vecmat,
 * dot), the elementwise named ops and linalg.elementwise, map, reduce,
 * transpose and broadcast.
 *
 * Body conventions (what mlir-opt 22 shows with --mlir-print-op-generic; the
 * parse hooks build exactly that region):
 *   - the entry block takes one argument per operand, inputs then outputs,
 *     of the operand's element type (the scalar itself for fill's value);
 *   - fill, copy, transpose, broadcast: `linalg.yield %in`;
 *   - contractions: each input is cast to the output element type (extf /
 *     truncf, extsi / extui / trunci, sitofp / uitofp, fptosi / fptoui,
 *     index_cast; unsigned when `cast = #linalg.type_fn<cast_unsigned>`),
 *     then mul (mulf / muli / andi for i1) and add(%out, mul) (addf / addi /
 *     ori for i1), yielded;
 *   - elementwise: the kind's op on the input arguments with no casts
 *     (reciprocal is `1.0 / x` through an arith.constant, square is x * x,
 *     select is arith.select);
 *   - map / reduce short forms `{ op-name attrs }`: map applies the op to the
 *     input arguments, reduce to (init, inputs...), yielding its result.
 * Float arith/math ops carry fastmath = #arith.fastmath<none> and addi /
 * subi / muli overflowFlags = #arith.overflow<none>, as upstream's default
 * properties print in the generic form.
 *
 * Everything is built in the context arena; the tables are const.
 */
#include <stdio.h>
#include <string.h>

#include "dialect_util.h"
#include "linalg_internal.h"

/* ------------------------------------------------------------------------ */
/* Elementwise kinds (the order of MLIR's ElementwiseKind enum)              */
/* ------------------------------------------------------------------------ */

typedef enum ew_special {
  EWS_NONE,
  EWS_RECIPROCAL, /* 1.0 / x */
  EWS_SQUARE,     /* x * x */
  EWS_SELECT,     /* arith.select %c, %a, %b */
} ew_special_t;

typedef struct ew_kind {
  const char *name;    /* in #linalg.elementwise_kind<name> */
  uint8_t arity;
  ew_special_t special;
  const char *fop;     /* on floats (fastmath none), NULL: unsupported */
  const char *iop;     /* on integers and index, NULL: unsupported */
  bool iop_overflow;   /* iop carries overflowFlags */
  const char *bop;     /* on i1 for binary ops; NULL: iop */
  const char *no_float; /* binary op undefined on floats: upstream's error */
  bool no_bool;        /* binary op undefined on i1 */
} ew_kind_t;

static const ew_kind_t ew_kinds[] = {
    /* name, arity, special, float op, int op, int op has overflow flags,
     * i1 op, error on floats, undefined on i1 */
    {"exp", 1, EWS_NONE, "math.exp", NULL, false, NULL, NULL, false},
    {"log", 1, EWS_NONE, "math.log", NULL, false, NULL, NULL, false},
    {"abs", 1, EWS_NONE, "math.absf", NULL, false, NULL, NULL, false},
    {"ceil", 1, EWS_NONE, "math.ceil", NULL, false, NULL, NULL, false},
    {"floor", 1, EWS_NONE, "math.floor", NULL, false, NULL, NULL, false},
    {"negf", 1, EWS_NONE, "arith.negf", NULL, false, NULL, NULL, false},
    {"reciprocal", 1, EWS_RECIPROCAL, "arith.divf", NULL, false, NULL, NULL,
     false},
    {"round", 1, EWS_NONE, "math.round", NULL, false, NULL, NULL, false},
    {"sqrt", 1, EWS_NONE, "math.sqrt", NULL, false, NULL, NULL, false},
    {"rsqrt", 1, EWS_NONE, "math.rsqrt", NULL, false, NULL, NULL, false},
    {"square", 1, EWS_SQUARE, "arith.mulf", NULL, false, NULL, NULL, false},
    {"tanh", 1, EWS_NONE, "math.tanh", NULL, false, NULL, NULL, false},
    {"erf", 1, EWS_NONE, "math.erf", NULL, false, NULL, NULL, false},
    {"add", 2, EWS_NONE, "arith.addf", "arith.addi", true, "arith.ori", NULL,
     false},
    {"sub", 2, EWS_NONE, "arith.subf", "arith.subi", true, NULL, NULL, true},
    {"mul", 2, EWS_NONE, "arith.mulf", "arith.muli", true, "arith.andi", NULL,
     false},
    {"div", 2, EWS_NONE, "arith.divf", "arith.divsi", false, NULL, NULL, true},
    {"div_unsigned", 2, EWS_NONE, NULL, "arith.divui", false, NULL,
     "unsigned div not on uint", true},
    {"max_signed", 2, EWS_NONE, "arith.maximumf", "arith.maxsi", false, NULL,
     NULL, false},
    {"min_signed", 2, EWS_NONE, "arith.minimumf", "arith.minsi", false, NULL,
     NULL, false},
    {"max_unsigned", 2, EWS_NONE, NULL, "arith.maxui", false, NULL,
     "unsigned max not on uint", false},
    {"min_unsigned", 2, EWS_NONE, NULL, "arith.minui", false, NULL,
     "unsigned min not on uint", false},
    {"powf", 2, EWS_NONE, "math.powf", NULL, false, NULL, NULL, false},
    {"select", 3, EWS_SELECT, "arith.select", "arith.select", false, NULL,
     NULL, false},
};
#define NUM_EW_KINDS ((int)(sizeof ew_kinds / sizeof ew_kinds[0]))

static const char ew_prefix[] = "#linalg.elementwise_kind<";

uint32_t buf__linalg_ew_arity(int k) {
  return k >= 0 && k < NUM_EW_KINDS ? ew_kinds[k].arity : 0;
}

int buf__linalg_ew_kind_of_attr(buf_attr_t a) {
  if (!a || a->kind != BUF_ATTR_OPAQUE)
    return -1;
  const char *t = a->u.opaque.text;
  size_t plen = sizeof ew_prefix - 1;
  if (strncmp(t, ew_prefix, plen) != 0)
    return -1;
  t += plen;
  for (int k = 0; k < NUM_EW_KINDS; k++) {
    size_t n = strlen(ew_kinds[k].name);
    if (strncmp(t, ew_kinds[k].name, n) == 0 && strcmp(t + n, ">") == 0)
      return k;
  }
  return -1;
}

/* ------------------------------------------------------------------------ */
/* Building bodies                                                           */
/* ------------------------------------------------------------------------ */

typedef struct body {
  buf_builder_t b;
  buf_ctx_t *ctx;
  buf_block_t *block;
} body_t;

/* Creates the entry block of `region` with one argument per operand of st. */
static void body_begin(body_t *bb, buf_op_state_t *st, buf_region_t *region) {
  bb->ctx = st->ctx;
  bb->block = buf_block_create(st->ctx);
  buf_region_append_block(region, bb->block);
  for (uint32_t i = 0; i < st->num_operands; i++)
    buf_block_add_arg(bb->block, buf__linalg_elem(st->operands[i]->type),
                      st->loc);
  buf_builder_init(&bb->b, st->ctx);
  buf_builder_set_block_end(&bb->b, bb->block);
  bb->b.loc = st->loc;
}

static buf_value_t *arg(body_t *bb, uint32_t i) { return bb->block->args[i]; }

/* One op with one result; flags, when given, is set to its "none" value. */
static buf_value_t *emit(body_t *bb, const char *name, buf_type_t type,
                         uint32_t n, buf_value_t *const *vs,
                         const buf__flagset_t *flags) {
  buf_op_t *op = buf_build(&bb->b, name, type, n, vs, NULL);
  if (flags)
    buf_op_set_attr(op, flags->attr_name, buf__flags_attr(bb->ctx, flags, 0));
  return buf_op_result(op, 0);
}

static void emit_yield(body_t *bb, uint32_t n, buf_value_t *const *vs) {
  buf_build(&bb->b, "linalg.yield", NULL, n, vs, NULL);
}

static bool is_i1(buf_type_t t) {
  return t->kind == BUF_TYPE_INTEGER && t->u.integer.width == 1;
}

/* Upstream's TypeFn cast_signed / cast_unsigned: v converted to `to`. NULL
 * when the types cannot be converted. */
static buf_value_t *cast(body_t *bb, buf_value_t *v, buf_type_t to,
                         bool is_unsigned) {
  buf_type_t from = v->type;
  const char *name = NULL;
  if (from == to)
    return v;
  if (to->kind == BUF_TYPE_INTEGER) {
    if (from->kind == BUF_TYPE_FLOAT)
      name = is_unsigned ? "arith.fptoui" : "arith.fptosi";
    else if (from->kind == BUF_TYPE_INDEX)
      name = "arith.index_cast";
    else if (from->kind == BUF_TYPE_INTEGER) {
      if (to->u.integer.width > from->u.integer.width)
        name = is_unsigned ? "arith.extui" : "arith.extsi";
      else if (to->u.integer.width < from->u.integer.width)
        name = "arith.trunci";
      else
        return v;
    }
  } else if (to->kind == BUF_TYPE_FLOAT) {
    if (from->kind == BUF_TYPE_INTEGER)
      name = is_unsigned ? "arith.uitofp" : "arith.sitofp";
    else if (from->kind == BUF_TYPE_FLOAT) {
      uint32_t tw = buf_type_bitwidth(to), fw = buf_type_bitwidth(from);
      if (tw > fw)
        name = "arith.extf";
      else if (tw < fw)
        name = "arith.truncf";
      else
        return v;
    }
  } else if (to->kind == BUF_TYPE_INDEX && from->kind == BUF_TYPE_INTEGER) {
    name = "arith.index_cast";
  }
  return name ? emit(bb, name, to, 1, &v, NULL) : NULL;
}

/* contraction body: out + cast(a) * cast(b). */
static buf_status_t build_contract(buf_parser_t *p, buf_loc_t loc,
                                   body_t *bb, bool is_unsigned) {
  buf_type_t t = arg(bb, 2)->type;
  buf_value_t *a = cast(bb, arg(bb, 0), t, is_unsigned);
  buf_value_t *b = cast(bb, arg(bb, 1), t, is_unsigned);
  if (!a || !b || !(t->kind == BUF_TYPE_FLOAT || buf_type_is_int_or_index(t)))
    return buf_parser_error_at(p, loc,
                               "unsupported type in contraction body: '%s'",
                               buf_type_to_string(bb->ctx, t));
  bool f = t->kind == BUF_TYPE_FLOAT;
  const buf__flagset_t *fl = f ? &buf__fastmath_flags
                             : is_i1(t) ? NULL
                                        : &buf__overflow_flags;
  buf_value_t *ab[2] = {a, b};
  buf_value_t *mul = emit(bb, f ? "arith.mulf" : is_i1(t) ? "arith.andi"
                                                          : "arith.muli",
                          t, 2, ab, fl);
  buf_value_t *acc[2] = {arg(bb, 2), mul};
  buf_value_t *sum = emit(bb, f ? "arith.addf" : is_i1(t) ? "arith.ori"
                                                          : "arith.addi",
                          t, 2, acc, fl);
  emit_yield(bb, 1, &sum);
  return BUF_SUCCESS;
}

/* The op of binary elementwise kind ek on operands of types t and u, with
 * upstream's errors at loc (NULL name: a type it does not apply to). */
static buf_status_t binary_name(buf_parser_t *p, buf_loc_t loc, body_t *bb,
                                const ew_kind_t *ek, buf_type_t t,
                                buf_type_t u, const char **name) {
  bool f = t->kind == BUF_TYPE_FLOAT;
  bool integer = t->kind == BUF_TYPE_INTEGER;
  *name = f ? ek->fop : integer ? ek->iop : NULL;
  if (!((f && u->kind == BUF_TYPE_FLOAT) ||
        (integer && u->kind == BUF_TYPE_INTEGER)))
    return buf_parser_error_at(
        p, loc,
        "Cannot build binary Linalg operation: expects allComplex, "
        "allFloatingPoint, or allInteger, got '%s' and '%s'",
        buf_type_to_string(bb->ctx, t), buf_type_to_string(bb->ctx, u));
  if (f && ek->no_float)
    return buf_parser_error_at(p, loc, "unsupported operation: %s",
                               ek->no_float);
  if (is_i1(t) && ek->no_bool)
    return buf_parser_error_at(p, loc, "unsupported operation: %s with bools",
                               ek->name);
  if (is_i1(t) && ek->bop)
    *name = ek->bop;
  return BUF_SUCCESS;
}

/* The flags an op `name` of kind ek on type t carries: fastmath on floats,
 * overflowFlags on the integer ops that have them. */
static const buf__flagset_t *binary_flags(const ew_kind_t *ek, buf_type_t t,
                                          const char *name) {
  if (t->kind == BUF_TYPE_FLOAT)
    return &buf__fastmath_flags;
  return ek->iop_overflow && name == ek->iop ? &buf__overflow_flags : NULL;
}

/* quantized convolution body:
 * out + (cast(in) - cast(in_zp)) * (cast(filter) - cast(filter_zp)),
 * evaluated left to right as upstream's builder does. */
static buf_status_t build_conv_q(buf_parser_t *p, buf_loc_t loc, body_t *bb) {
  buf_type_t t = arg(bb, 4)->type;
  buf_value_t *diff[2];
  for (uint32_t k = 0; k < 2; k++) {
    buf_value_t *v = cast(bb, arg(bb, k), t, false);
    buf_value_t *zp = v ? cast(bb, arg(bb, k + 2), t, false) : NULL;
    if (!zp || !buf_type_is_int_or_index(t))
      return buf_parser_error_at(
          p, loc, "unsupported type in quantized convolution body: '%s'",
          buf_type_to_string(bb->ctx, t));
    buf_value_t *vs[2] = {v, zp};
    diff[k] = emit(bb, "arith.subi", t, 2, vs, &buf__overflow_flags);
  }
  buf_value_t *mul = emit(bb, "arith.muli", t, 2, diff, &buf__overflow_flags);
  buf_value_t *acc[2] = {arg(bb, 4), mul};
  buf_value_t *sum = emit(bb, "arith.addi", t, 2, acc, &buf__overflow_flags);
  emit_yield(bb, 1, &sum);
  return BUF_SUCCESS;
}

/* elementwise body: the kind's op on the inputs; errors as upstream's
 * region builders report them, at `loc` (the operand list). */
static buf_status_t build_elementwise(buf_parser_t *p, buf_loc_t loc,
                                      body_t *bb, int k) {
  const ew_kind_t *ek = &ew_kinds[k];
  uint32_t first = ek->special == EWS_SELECT ? 1 : 0;
  buf_type_t t = arg(bb, first)->type;
  bool f = t->kind == BUF_TYPE_FLOAT;
  bool integer = t->kind == BUF_TYPE_INTEGER;
  const char *name = f ? ek->fop : integer ? ek->iop : NULL;
  if (ek->special == EWS_SELECT)
    name = ek->fop;
  else if (ek->arity == 2 &&
           BUF_FAILED(binary_name(p, loc, bb, ek, t, arg(bb, 1)->type, &name)))
    return BUF_FAILURE;
  if (!name)
    return buf_parser_error_at(p, loc, "unsupported non numeric type");
  const buf__flagset_t *fl =
      ek->special == EWS_SELECT ? NULL : binary_flags(ek, t, name);
  buf_value_t *vs[3] = {arg(bb, 0), arg(bb, ek->arity > 1 ? 1 : 0),
                        arg(bb, ek->arity > 2 ? 2 : 0)};
  buf_value_t *r;
  switch (ek->special) {
  case EWS_RECIPROCAL: {
    buf_op_t *one = buf_build(&bb->b, "arith.constant", t, 0, NULL, "value",
                              buf_attr_float(bb->ctx, t, 1.0), NULL);
    buf_value_t *ops[2] = {buf_op_result(one, 0), arg(bb, 0)};
    r = emit(bb, name, t, 2, ops, fl);
    break;
  }
  case EWS_SQUARE:
    vs[1] = vs[0];
    r = emit(bb, name, t, 2, vs, fl);
    break;
  case EWS_SELECT:
    r = emit(bb, name, arg(bb, 1)->type, 3, vs, NULL);
    break;
  default:
    r = emit(bb, name, t, ek->arity, vs, fl);
    break;
  }
  emit_yield(bb, 1, &r);
  return BUF_SUCCESS;
}

/* The elementwise kind whose op combines a pooling window (the order of
 * buf__linalg_conv_body_t), and whether its casts are unsigned. */
static const struct {
  const char *kind;
  bool is_unsigned;
} pool_kinds[] = {
    [BUF__CONV_BODY_POOL_MAX] = {"max_signed", false},
    [BUF__CONV_BODY_POOL_MIN] = {"min_signed", false},
    [BUF__CONV_BODY_POOL_SUM] = {"add", false},
    [BUF__CONV_BODY_POOL_MAX_U] = {"max_unsigned", true},
    [BUF__CONV_BODY_POOL_MIN_U] = {"min_unsigned", true},
};

/* pooling body: out <op> cast(in); the filter only shapes the window. */
static buf_status_t build_pool(buf_parser_t *p, buf_loc_t loc, body_t *bb,
                               buf__linalg_conv_body_t body) {
  const ew_kind_t *ek = NULL;
  for (int k = 0; k < NUM_EW_KINDS && !ek; k++)
    if (strcmp(ew_kinds[k].name, pool_kinds[body].kind) == 0)
      ek = &ew_kinds[k];
  buf_type_t t = arg(bb, 2)->type;
  buf_value_t *in = cast(bb, arg(bb, 0), t, pool_kinds[body].is_unsigned);
  if (!ek || !in)
    return buf_parser_error_at(p, loc,
                               "unsupported type in pooling body: '%s'",
                               buf_type_to_string(bb->ctx, t));
  const char *name;
  if (BUF_FAILED(binary_name(p, loc, bb, ek, t, in->type, &name)))
    return BUF_FAILURE;
  if (!name)
    return buf_parser_error_at(p, loc, "unsupported non numeric type");
  buf_value_t *vs[2] = {arg(bb, 2), in};
  buf_value_t *r = emit(bb, name, t, 2, vs, binary_flags(ek, t, name));
  emit_yield(bb, 1, &r);
  return BUF_SUCCESS;
}

/* The number of inputs a named op's body takes. */
static uint32_t named_arity(const buf__linalg_desc_t *d, int ew) {
  switch (d->kind) {
  case BUF__LK_FILL:
  case BUF__LK_COPY:
    return 1;
  case BUF__LK_CONTRACT:
    return 2;
  case BUF__LK_CONV:
    return buf__linalg_conv_num_operands(d->conv) - 1;
  default:
    return buf__linalg_ew_arity(ew);
  }
}

static bool attr_is_unsigned_cast(buf_attr_t a) {
  return a && a->kind == BUF_ATTR_OPAQUE &&
         strcmp(a->u.opaque.text, "#linalg.type_fn<cast_unsigned>") == 0;
}

/* Builds the hidden body of a named op into a new region of st; errors are
 * reported at loc (the operand list), as upstream does. */
static buf_status_t build_named_body(buf_parser_t *p, buf_loc_t loc,
                                     buf_op_state_t *st,
                                     const buf__linalg_desc_t *d, int ew,
                                     uint32_t nin, uint32_t nout) {
  uint32_t want = named_arity(d, ew) + 1;
  buf_region_t *region = buf_state_add_region(st);
  if (nin + nout != want || nout != 1)
    /* Upstream reports this one after the whole op, at the next token. */
    return buf_parser_error(p,
                            "[parseNamedStructuredOpRegion] ods-gen generated "
                            "region expects %u args, got %u",
                            want, nin + nout);
  body_t bb;
  body_begin(&bb, st, region);
  switch (d->kind) {
  case BUF__LK_FILL:
  case BUF__LK_COPY: {
    buf_value_t *v = arg(&bb, 0);
    emit_yield(&bb, 1, &v);
    return BUF_SUCCESS;
  }
  case BUF__LK_CONTRACT:
    /* Only matmul and batch_matmul let a `cast` property choose the casts;
       on matvec, vecmat and dot a `cast` attribute is discardable, and
       batch_reduce_matmul keeps the property but casts signed, as
       upstream's region builders do. */
    return build_contract(
        p, loc, &bb,
        d->cast_selects_body &&
            attr_is_unsigned_cast(buf_state_get_attr(st, "cast")));
  case BUF__LK_CONV:
    if (d->conv->body == BUF__CONV_BODY_CONV)
      return build_contract(p, loc, &bb, false);
    if (d->conv->body == BUF__CONV_BODY_CONV_Q)
      return build_conv_q(p, loc, &bb);
    return build_pool(p, loc, &bb, d->conv->body);
  default:
    return build_elementwise(p, loc, &bb, ew);
  }
}

/* Sets the "none" value of the flag attributes an op has by default (its
 * definition lists them as inherent) when the text did not give them. */
static void default_flags(buf_ctx_t *ctx, buf_op_t *op) {
  static const buf__flagset_t *const sets[] = {&buf__fastmath_flags,
                                               &buf__overflow_flags};
  const char *const *inh = op->def->inherent_attrs;
  for (uint32_t s = 0; s < 2 && inh; s++) {
    const char *name = sets[s]->attr_name;
    for (const char *const *n = inh; *n; n++)
      if (strcmp(*n, name) == 0 && !buf_op_has_attr(op, name))
        buf_op_set_attr(op, name, buf__flags_attr(ctx, sets[s], 0));
  }
}

/* The body of a short form `{ op-name attrs }`: the op applied to the
 * block arguments in `order`, its result yielded. */
static void build_short_body(buf_op_state_t *st, buf_ident_t name,
                             buf_attr_t attrs, uint32_t n,
                             const uint32_t *order) {
  body_t bb;
  body_begin(&bb, st, buf_state_add_region(st));
  buf_value_t *vs[BUF_LINALG_MAX_OPERANDS];
  for (uint32_t i = 0; i < n; i++)
    vs[i] = arg(&bb, order[i]);
  buf_type_t t = bb.block->args[bb.block->num_args - 1]->type;
  buf_op_t *op = buf_build(&bb.b, name, t, n, vs, NULL);
  for (uint32_t i = 0; attrs && i < attrs->u.dict.n; i++)
    buf_op_set_attr(op, attrs->u.dict.entries[i].name,
                    attrs->u.dict.entries[i].value);
  default_flags(bb.ctx, op);
  buf_value_t *r = buf_op_result(op, 0);
  emit_yield(&bb, 1, &r);
}

/* ------------------------------------------------------------------------ */
/* Named ops: parse and print                                                */
/* ------------------------------------------------------------------------ */

/* `[` affine-map (`,` affine-map)* `]` */
static buf_status_t parse_map_list(buf_parser_t *p, buf_ctx_t *ctx,
                                   buf_attr_t *out) {
  buf_attr_t maps[BUF_LINALG_MAX_OPERANDS];
  uint32_t n = 0;
  if (BUF_FAILED(buf_parse_expect(p, "=")) ||
      BUF_FAILED(buf_parse_expect(p, "[")))
    return BUF_FAILURE;
  do {
    buf_loc_t loc = buf_parser_loc(p);
    buf_attr_t a;
    if (BUF_FAILED(buf_parse_attr(p, &a)))
      return BUF_FAILURE;
    if (a->kind != BUF_ATTR_AFFINE_MAP)
      return buf_parser_error_at(p, loc, "expected affine map attribute");
    if (n == BUF_LINALG_MAX_OPERANDS)
      return buf_parser_error_at(p, loc, "too many indexing maps");
    maps[n++] = a;
  } while (buf_parse_optional(p, ","));
  if (BUF_FAILED(buf_parse_expect(p, "]")))
    return BUF_FAILURE;
  *out = buf_attr_array(ctx, n, maps);
  return BUF_SUCCESS;
}

/* named-op ::= (`kind` `=` attr)? (`indexing_maps` `=` `[` maps `]`)?
 *              attr-dict? ins-outs attr-dict? (`->` types)? */
buf_status_t buf__linalg_named_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  const buf__linalg_desc_t *d = buf__linalg_desc_of_state(st);
  if (!d)
    return buf_parser_error(p, "not a linalg structured op");
  int ew = d->ew_kind;
  if (d->kind == BUF__LK_ELEMENTWISE) {
    buf_loc_t loc;
    buf_attr_t kind;
    if (BUF_FAILED(buf_parse_keyword(p, "kind")) ||
        BUF_FAILED(buf_parse_expect(p, "=")))
      return BUF_FAILURE;
    loc = buf_parser_loc(p);
    if (BUF_FAILED(buf_parse_attr(p, &kind)))
      return BUF_FAILURE;
    ew = buf__linalg_ew_kind_of_attr(kind);
    if (ew < 0)
      return buf_parser_error_at(
          p, loc,
          "expected ::mlir::linalg::ElementwiseKind to be one of: exp, log, "
          "abs, ceil, floor, negf, reciprocal, round, sqrt, rsqrt, square, "
          "tanh, erf, add, sub, mul, div, div_unsigned, max_signed, "
          "min_signed, max_unsigned, min_unsigned, powf, select");
    buf_state_set_attr(st, "kind", kind);
  }
  buf_attr_t maps = NULL;
  if (d->maps_attr && buf_parse_optional_keyword(p, "indexing_maps") &&
      BUF_FAILED(parse_map_list(p, ctx, &maps)))
    return BUF_FAILURE;
  /* linalg.contract has no default maps. */
  if (!maps && d->kind == BUF__LK_CONTRACT && !d->contract)
    return buf_parser_error(p, "expected 'indexing_maps' attribute");
  uint32_t nin, nout;
  buf_type_t *out_types;
  buf_type_t *results = NULL;
  uint32_t nres = 0;
  buf_loc_t loc, dict_loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      (loc = buf_parser_loc(p), false) ||
      BUF_FAILED(buf__linalg_parse_ins_outs(p, st, &nin, &nout, &out_types)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_optional_arrow_type_list(p, &results, &nres)))
    return BUF_FAILURE;
  buf_state_add_results(st, nres, results);
  buf__linalg_set_segments(st, nin, nout);
  /* Upstream checks the properties of the parsed dictionary first. */
  static const char *const window_attrs[] = {"dilations", "strides"};
  for (uint32_t i = 0; d->kind == BUF__LK_CONV && i < 2; i++) {
    const char *err = buf__linalg_conv_attr_error(
        ctx, d->conv, window_attrs[i], buf_state_get_attr(st, window_attrs[i]));
    if (err)
      return buf_parser_error_at(p, dict_loc, "'%s' op %s", st->name, err);
  }
  if (d->maps_attr) {
    if (!maps && d->kind == BUF__LK_CONTRACT)
      maps = buf__linalg_contract_maps(ctx, d->contract);
    if (!maps)
      maps = buf__linalg_identity_maps(
          ctx, buf__linalg_ew_arity(ew) + 1,
          nout ? buf__linalg_rank(out_types[nout - 1]) : 0);
    buf_state_set_attr(st, "indexing_maps", maps);
  }
  return build_named_body(p, loc, st, d, ew, nin, nout);
}

static bool maps_equal(buf_attr_t a, buf_attr_t b) {
  if (a == b)
    return true;
  if (!a || !b || a->kind != BUF_ATTR_ARRAY || b->kind != BUF_ATTR_ARRAY ||
      a->u.array.n != b->u.array.n)
    return false;
  for (uint32_t i = 0; i < a->u.array.n; i++) {
    buf_attr_t x = a->u.array.elems[i], y = b->u.array.elems[i];
    if (x->kind != BUF_ATTR_AFFINE_MAP || y->kind != BUF_ATTR_AFFINE_MAP ||
        !buf_affine_map_equal(x->u.map, y->u.map))
      return false;
  }
  return true;
}

static const char *const named_elided[] = {
    "operandSegmentSizes", "linalg.memoized_indexing_maps", "indexing_maps",
    "kind", NULL};

void buf__linalg_named_print(buf_printer_t *pr, buf_op_t *op) {
  buf_ctx_t *ctx = buf_printer_ctx(pr);
  const buf__linalg_desc_t *d = buf__linalg_desc(op);
  uint32_t nin = 0, nout = 0;
  buf__linalg_split(op, d, &nin, &nout);
  int ew = d->ew_kind;
  if (d->kind == BUF__LK_ELEMENTWISE) {
    buf_attr_t kind = buf_op_attr(op, "kind");
    buf_printer_puts(pr, " kind=");
    if (kind)
      buf_printer_print_attr(pr, kind);
    ew = buf__linalg_ew_kind_of_attr(kind);
  }
  buf_attr_t maps = buf_op_attr(op, "indexing_maps");
  if (d->maps_attr && maps) {
    /* linalg.contract has no default: its maps always print. */
    buf_attr_t def =
        d->kind == BUF__LK_CONTRACT
            ? (d->contract ? buf__linalg_contract_maps(ctx, d->contract) : NULL)
            : buf__linalg_identity_maps(
                  ctx, buf__linalg_ew_arity(ew) + 1,
                  nout ? buf__linalg_rank(
                             buf_op_operand(op, nin + nout - 1)->type)
                       : 0);
    if (!maps_equal(maps, def)) {
      buf_printer_puts(pr, " indexing_maps = ");
      buf_printer_print_attr(pr, maps);
    }
  }
  /* "indexing_maps" and "kind" are elided only where they are inherent. */
  const char *const *elided = named_elided;
  static const char *const plain_elided[] = {
      "operandSegmentSizes", "linalg.memoized_indexing_maps", NULL};
  static const char *const contract_elided[] = {
      "operandSegmentSizes", "linalg.memoized_indexing_maps", "indexing_maps",
      NULL};
  if (!d->maps_attr)
    elided = plain_elided;
  else if (d->kind == BUF__LK_CONTRACT)
    elided = contract_elided;
  buf_printer_print_attr_dict(pr, op, elided);
  buf__linalg_print_ins_outs(pr, op, nin, nout);
  if (op->num_results > 0) {
    buf_type_t ts[BUF_LINALG_MAX_OPERANDS];
    uint32_t n = op->num_results < BUF_LINALG_MAX_OPERANDS
                     ? op->num_results
                     : BUF_LINALG_MAX_OPERANDS;
    for (uint32_t i = 0; i < n; i++)
      ts[i] = op->results[i].type;
    buf_printer_puts(pr, " ");
    buf_printer_print_arrow_types(pr, n, ts);
  }
}

/* ------------------------------------------------------------------------ */
/* map and reduce                                                            */
/* ------------------------------------------------------------------------ */

/* `{` op-name attr-dict? `}`: the short form's payload, a registered op
 * (or any op where unregistered ones are allowed): the body built from an
 * unknown name would print as an op the parser rejects. */
static buf_status_t parse_short_form(buf_parser_t *p, buf_ident_t *name,
                                     buf_attr_t *attrs) {
  *name = NULL;
  *attrs = NULL;
  if (!buf_parse_optional(p, "{"))
    return BUF_SUCCESS;
  buf_loc_t loc = buf_parser_loc(p);
  buf_ctx_t *ctx = buf_parser_ctx(p);
  if (BUF_FAILED(buf_parse_any_keyword(p, name)))
    return BUF_FAILURE;
  if (!buf_ctx_lookup_opdef(ctx, *name) && !buf_ctx_allow_unregistered(ctx))
    return buf_parser_error_at(p, loc, "unknown payload operation '%s'", *name);
  if (buf_parser_next_is(p, "{") && BUF_FAILED(buf_parse_attr_dict(p, attrs)))
    return BUF_FAILURE;
  return buf_parse_expect(p, "}");
}

/* The long form's `(%in: f32, %init: f32) { ... }`. */
static buf_status_t parse_long_body(buf_parser_t *p, buf_op_state_t *st) {
  buf_region_arg_t *args = NULL;
  uint32_t n = 0;
  if (BUF_FAILED(buf_parse_region_arg_list(p, "(", true, &args, &n)))
    return BUF_FAILURE;
  return buf_parse_region(p, buf_state_add_region(st), args, n);
}

/* Contract in linalg_internal.h. */
buf_status_t buf__linalg_parse_i64_list(buf_parser_t *p, buf_op_state_t *st,
                                        const char *keyword) {
  int64_t vals[BUF_LINALG_MAX_LOOPS];
  uint32_t n = 0;
  if (BUF_FAILED(buf_parse_expect(p, "=")) ||
      BUF_FAILED(buf_parse_expect(p, "[")))
    return BUF_FAILURE;
  if (!buf_parse_optional(p, "]")) {
    do {
      if (n == BUF_LINALG_MAX_LOOPS)
        return buf_parser_error(p, "too many entries in '%s'", keyword);
      if (BUF_FAILED(buf_parse_integer(p, &vals[n])))
        return BUF_FAILURE;
      n++;
    } while (buf_parse_optional(p, ","));
    if (BUF_FAILED(buf_parse_expect(p, "]")))
      return BUF_FAILURE;
  }
  buf_state_set_attr(st, keyword, buf_attr_i64_array(st->ctx, n, vals));
  return BUF_SUCCESS;
}

/* `dimensions = [1, 2]` / `permutation = [1, 0]` */
static buf_status_t parse_i64_list(buf_parser_t *p, buf_op_state_t *st,
                                   const char *keyword) {
  if (BUF_FAILED(buf_parse_keyword(p, keyword)))
    return BUF_FAILURE;
  return buf__linalg_parse_i64_list(p, st, keyword);
}

/* map ::= (`{` op-name attr-dict? `}`)? ins-outs attr-dict
 *         (`(` args `)` region)? */
buf_status_t buf__linalg_map_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ident_t payload;
  buf_attr_t pattrs;
  uint32_t nin, nout;
  buf_type_t *out_types;
  if (BUF_FAILED(parse_short_form(p, &payload, &pattrs)) ||
      BUF_FAILED(buf__linalg_parse_ins_outs(p, st, &nin, &nout, &out_types)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  buf__linalg_add_tensor_results(st, nout, out_types);
  if (!payload)
    return parse_long_body(p, st);
  if (nout != 1 || nin >= BUF_LINALG_MAX_OPERANDS)
    return buf_parser_error(p, "expected one outs operand");
  uint32_t order[BUF_LINALG_MAX_OPERANDS];
  for (uint32_t i = 0; i < nin; i++)
    order[i] = i;
  build_short_body(st, payload, pattrs, nin, order);
  return BUF_SUCCESS;
}

/* reduce ::= (`{` op-name attr-dict? `}`)? ins-outs `dimensions = [...]`
 *            attr-dict (`(` args `)` region)? */
buf_status_t buf__linalg_reduce_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ident_t payload;
  buf_attr_t pattrs;
  uint32_t nin, nout;
  buf_type_t *out_types;
  if (BUF_FAILED(parse_short_form(p, &payload, &pattrs)) ||
      BUF_FAILED(buf__linalg_parse_ins_outs(p, st, &nin, &nout, &out_types)) ||
      BUF_FAILED(parse_i64_list(p, st, "dimensions")) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  buf__linalg_add_tensor_results(st, nout, out_types);
  if (!payload)
    return parse_long_body(p, st);
  uint32_t n = nin + nout;
  if (n == 0 || n > BUF_LINALG_MAX_OPERANDS)
    return buf_parser_error(p, "expected ins and outs operands");
  /* Upstream puts the init (the last argument) first. */
  uint32_t order[BUF_LINALG_MAX_OPERANDS];
  order[0] = n - 1;
  for (uint32_t i = 0; i + 1 < n; i++)
    order[i + 1] = i;
  build_short_body(st, payload, pattrs, n, order);
  return BUF_SUCCESS;
}

/* The payload op of a body that the short form can show, or NULL: the body
 * is one op plus the yield, the op takes the block arguments in order
 * (init_first: the last argument first, as reduce's combiner), and its only
 * result is what the body yields. */
static buf_op_t *find_payload(buf_block_t *body, uint32_t num_operands,
                              bool init_first) {
  buf_op_t *payload = body->first;
  buf_op_t *yield = payload ? payload->next : NULL;
  if (!yield || yield->next || payload->num_operands == 0 ||
      payload->num_operands != num_operands || payload->num_results != 1 ||
      payload->num_regions != 0 || yield->num_operands != 1 ||
      buf_op_operand(yield, 0) != buf_op_result(payload, 0))
    return NULL;
  uint32_t nargs = body->num_args;
  for (uint32_t i = 0; i < payload->num_operands; i++) {
    uint32_t want = init_first ? (i == payload->num_operands - 1 ? 0 : i + 1)
                               : i;
    /* Upstream's rule for the combiner: the last operand is argument 0 and
     * the others are arguments 1, 2 ... */
    if (want >= nargs || buf_op_operand(payload, i) != body->args[want])
      return NULL;
  }
  return payload;
}

/* " { op-name attrs }" with a fastmath of none left out. */
static void print_short_form(buf_printer_t *pr, buf_op_t *payload) {
  buf_ctx_t *ctx = buf_printer_ctx(pr);
  buf_attr_t attrs = payload->attrs;
  buf_named_attr_t *kept =
      buf_arena_alloc(buf_ctx_arena(ctx), (attrs->u.dict.n + 1) *
                                              sizeof(buf_named_attr_t));
  uint32_t nk = 0;
  bool elided = false;
  for (uint32_t i = 0; i < attrs->u.dict.n; i++) {
    const buf_named_attr_t *e = &attrs->u.dict.entries[i];
    uint32_t bits = 1;
    if (!elided && strcmp(e->name, "fastmath") == 0 &&
        buf__flags_value(&buf__fastmath_flags, e->value, &bits) && bits == 0) {
      elided = true;
      continue;
    }
    kept[nk++] = *e;
  }
  buf_printer_printf(pr, " { %s", payload->name);
  if (nk > 0) {
    buf_printer_puts(pr, " ");
    buf_printer_print_attr(pr, buf_attr_dict(ctx, nk, kept));
  }
  buf_printer_puts(pr, " }");
}

static void print_long_body(buf_printer_t *pr, buf_op_t *op) {
  buf_region_t *r = op->regions[0];
  buf_block_t *b = buf_region_entry(r);
  buf_printer_indent(pr, 1);
  buf_printer_newline(pr);
  buf_printer_puts(pr, "(");
  for (uint32_t i = 0; b && i < b->num_args; i++) {
    if (i)
      buf_printer_puts(pr, ", ");
    buf_printer_print_region_arg(pr, b->args[i]);
  }
  buf_printer_puts(pr, ") ");
  buf_printer_print_region(pr, r, false, true);
  buf_printer_indent(pr, -1);
}

static buf_op_t *payload_of(buf_op_t *op, bool reduce) {
  if (op->num_regions != 1 || buf_region_num_blocks(op->regions[0]) != 1)
    return NULL;
  buf_block_t *b = buf_region_entry(op->regions[0]);
  uint32_t n = reduce ? b->num_args : (b->num_args ? b->num_args - 1 : 0);
  return find_payload(b, n, reduce);
}

void buf__linalg_map_print(buf_printer_t *pr, buf_op_t *op) {
  uint32_t nin = 0, nout = 0;
  buf__linalg_split(op, buf__linalg_desc(op), &nin, &nout);
  buf_op_t *payload = payload_of(op, false);
  if (payload)
    print_short_form(pr, payload);
  buf__linalg_print_ins_outs(pr, op, nin, nout);
  buf_printer_print_attr_dict(pr, op, NULL);
  if (!payload && op->num_regions == 1)
    print_long_body(pr, op);
}

/* " dimensions = [1] " — with the trailing space mlir-opt prints. */
static void print_i64_list(buf_printer_t *pr, buf_op_t *op, const char *name) {
  buf_attr_t a = buf_op_attr(op, name);
  buf_printer_printf(pr, " %s = [", name);
  for (int64_t i = 0; a && a->kind == BUF_ATTR_DENSE_ARRAY &&
                      i < a->u.dense_array.count;
       i++)
    buf_printer_printf(pr, "%s%lld", i ? ", " : "",
                       (long long)a->u.dense_array.ints[i]);
  buf_printer_puts(pr, "] ");
}

void buf__linalg_reduce_print(buf_printer_t *pr, buf_op_t *op) {
  static const char *const elided[] = {"dimensions", NULL};
  uint32_t nin = 0, nout = 0;
  buf__linalg_split(op, buf__linalg_desc(op), &nin, &nout);
  buf_op_t *payload = payload_of(op, true);
  if (payload)
    print_short_form(pr, payload);
  buf__linalg_print_ins_outs(pr, op, nin, nout);
  print_i64_list(pr, op, "dimensions");
  buf_printer_print_attr_dict(pr, op, elided);
  if (!payload && op->num_regions == 1)
    print_long_body(pr, op);
}

/* ------------------------------------------------------------------------ */
/* transpose and broadcast                                                   */
/* ------------------------------------------------------------------------ */

static const char *permute_attr_name(const buf__linalg_desc_t *d) {
  return d->kind == BUF__LK_TRANSPOSE ? "permutation" : "dimensions";
}

/* transpose ::= ins-outs `permutation = [...]` attr-dict
 * broadcast ::= ins-outs `dimensions = [...]` attr-dict */
buf_status_t buf__linalg_permute_parse(buf_parser_t *p, buf_op_state_t *st) {
  const buf__linalg_desc_t *d = buf__linalg_desc_of_state(st);
  uint32_t nin, nout;
  buf_type_t *out_types;
  if (!d)
    return buf_parser_error(p, "not a linalg structured op");
  if (BUF_FAILED(buf__linalg_parse_ins_outs(p, st, &nin, &nout, &out_types)) ||
      BUF_FAILED(parse_i64_list(p, st, permute_attr_name(d))) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  buf__linalg_add_tensor_results(st, nout, out_types);
  if (nin != 1 || nout != 1)
    return buf_parser_error(p, "expected one ins and one outs operand");
  body_t bb;
  body_begin(&bb, st, buf_state_add_region(st));
  buf_value_t *v = arg(&bb, 0);
  emit_yield(&bb, 1, &v);
  return BUF_SUCCESS;
}

void buf__linalg_permute_print(buf_printer_t *pr, buf_op_t *op) {
  const buf__linalg_desc_t *d = buf__linalg_desc(op);
  const char *name = permute_attr_name(d);
  const char *const elided[] = {name, NULL};
  buf__linalg_print_ins_outs(pr, op, 1, op->num_operands > 1 ? 1 : 0);
  print_i64_list(pr, op, name);
  buf_printer_print_attr_dict(pr, op, elided);
}
