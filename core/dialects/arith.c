/*
 * arith.c: the arith dialect's op table.
 *
 * Every op is one row of ARITH_OPS below; rows of one kind share their
 * parse/print/verify hooks and differ only in the row data (arith_info_t),
 * found through the row number of the op's definition. Kinds:
 *   EW     elementwise: `%a, %b [overflow<..>|fastmath<..>] attr-dict : T`
 *   CMP    comparisons: `slt, %a, %b [fastmath<..>] attr-dict : T`, the
 *          predicate an i64 inherent attribute printed as its keyword
 *   SELECT `%c, %a, %b attr-dict : T` or `: C, T` with a shaped condition
 *   CAST   `%x [flags] attr-dict : T to U` with per-op width rules
 * arith.constant is its own row (first): `arith.constant attr-dict value`.
 *
 * All ops except constant are elementwise-mappable: operands may be scalars
 * or tensors/vectors of them. Flag attributes follow mlir-opt: overflowFlags
 * and fastmath are always stored (as `<none>` when absent in the custom
 * form) on the ops whose generic form shows the default; extf/truncf's
 * fastmath is optional and stored only when written.
 */
#include "dialect_util.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Row data                                                                  */
/* ------------------------------------------------------------------------ */

/* Element classes of cast operands/results, with MLIR's constraint names. */
typedef enum cast_class {
  C_INT,       /* signless integer, no index */
  C_FLOAT,     /* float */
  C_INT_INDEX, /* signless integer or index (also memref of) */
  C_INT_FLOAT, /* signless integer or float (also memref of) */
} cast_class_t;

/* How result width relates to operand width. */
typedef enum cast_width {
  W_ANY,    /* no rule */
  W_WIDEN,  /* strictly wider */
  W_NARROW, /* strictly narrower */
  W_SAME,   /* equal bit widths */
  W_INDEX,  /* exactly one side is index */
} cast_width_t;

typedef struct arith_info {
  buf__ew_desc_t ew;             /* EW and CMP: operand shape and flags */
  const char *const *preds;      /* CMP: predicate keywords by value */
  uint8_t num_preds;             /* CMP */
  uint8_t in, out;               /* CAST: cast_class_t of operand/result */
  uint8_t width;                 /* CAST: cast_width_t */
  const buf__flagset_t *flags;   /* CAST: flags written after the operand */
  bool flags_stored;             /* CAST: store <none> when absent */
  bool rounding;                 /* CAST: truncf's optional rounding mode */
  bool ext_add;                  /* EXT: results (sum, i1 overflow), not
                                    (low, high) of one type */
  uint8_t fold;                  /* EW integer ops: int_fold_t */
} arith_info_t;

/* The integer ops whose results fold (see ew_fold_int). */
typedef enum int_fold {
  F_NONE, F_ADD, F_SUB, F_MUL, F_DIV, F_CEILDIV, F_MIN, F_MAX, F_AND, F_OR,
  F_XOR,
} int_fold_t;

static const char *const cmpi_preds[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                         "sge", "ult", "ule", "ugt", "uge"};
static const char *const cmpf_preds[] = {
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
static const char *const rounding_modes[] = {
    "to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"};

#define FM (&buf__fastmath_flags)
#define OVF (&buf__overflow_flags)
#define INT BUF__ELEM_INT
#define FLT BUF__ELEM_FLOAT

#define EW(n, e, f) {.ew = {n, e, false, f}, .preds = NULL}
#define EWI(n, e, f, k) {.ew = {n, e, false, f}, .preds = NULL, .fold = k}
#define CMP(e, f, p) \
  {.ew = {2, e, true, f}, .preds = p, .num_preds = sizeof p / sizeof p[0]}
#define CAST(i, o, w) {.in = i, .out = o, .width = w}
#define EXT(add) {.ext_add = add}
#define CASTF(i, o, w, f, stored, r) \
  {.in = i, .out = o, .width = w, .flags = f, .flags_stored = stored, \
   .rounding = r}

static const char *const ovf_attrs[] = {"overflowFlags", NULL};
static const char *const fm_attrs[] = {"fastmath", NULL};
static const char *const cmpi_attrs[] = {"predicate", NULL};
static const char *const cmpf_attrs[] = {"fastmath", "predicate", NULL};
static const char *const truncf_attrs[] = {"fastmath", "roundingmode", NULL};
static const char *const constant_attrs[] = {"value", NULL};

/* Every row of ARITH_OPS is elementwise-mappable; constant is not. */
#define P (BUF_TRAIT_PURE | BUF_TRAIT_ELEMENTWISE_MAPPABLE)
#define PC (P | BUF_TRAIT_COMMUTATIVE)

/* X(name, hook kind, traits, inherent attrs, row data) */
#define ARITH_OPS(X)                                                          \
  X("addi", ew, PC, ovf_attrs, EWI(2, INT, OVF, F_ADD))                       \
  X("subi", ew, P, ovf_attrs, EWI(2, INT, OVF, F_SUB))                        \
  X("muli", ew, PC, ovf_attrs, EWI(2, INT, OVF, F_MUL))                       \
  X("shli", ew, P, ovf_attrs, EW(2, INT, OVF))                                \
  X("divsi", ew, P, NULL, EWI(2, INT, NULL, F_DIV))                           \
  X("divui", ew, P, NULL, EWI(2, INT, NULL, F_DIV))                           \
  X("remsi", ew, P, NULL, EW(2, INT, NULL))                                   \
  X("remui", ew, P, NULL, EW(2, INT, NULL))                                   \
  X("ceildivsi", ew, P, NULL, EWI(2, INT, NULL, F_CEILDIV))                   \
  X("ceildivui", ew, P, NULL, EW(2, INT, NULL))                               \
  X("floordivsi", ew, P, NULL, EW(2, INT, NULL))                              \
  X("andi", ew, PC, NULL, EWI(2, INT, NULL, F_AND))                           \
  X("ori", ew, PC, NULL, EWI(2, INT, NULL, F_OR))                             \
  X("xori", ew, PC, NULL, EWI(2, INT, NULL, F_XOR))                           \
  X("shrsi", ew, P, NULL, EW(2, INT, NULL))                                   \
  X("shrui", ew, P, NULL, EW(2, INT, NULL))                                   \
  X("addui_extended", ext, PC, NULL, EXT(true))                               \
  X("mului_extended", ext, PC, NULL, EXT(false))                              \
  X("mulsi_extended", ext, PC, NULL, EXT(false))                              \
  X("maxsi", ew, PC, NULL, EWI(2, INT, NULL, F_MAX))                          \
  X("maxui", ew, PC, NULL, EWI(2, INT, NULL, F_MAX))                          \
  X("minsi", ew, PC, NULL, EWI(2, INT, NULL, F_MIN))                          \
  X("minui", ew, PC, NULL, EWI(2, INT, NULL, F_MIN))                          \
  X("addf", ew, PC, fm_attrs, EW(2, FLT, FM))                                 \
  X("subf", ew, P, fm_attrs, EW(2, FLT, FM))                                  \
  X("mulf", ew, PC, fm_attrs, EW(2, FLT, FM))                                 \
  X("divf", ew, P, fm_attrs, EW(2, FLT, FM))                                  \
  X("remf", ew, P, fm_attrs, EW(2, FLT, FM))                                  \
  X("maximumf", ew, PC, fm_attrs, EW(2, FLT, FM))                             \
  X("minimumf", ew, PC, fm_attrs, EW(2, FLT, FM))                             \
  X("maxnumf", ew, PC, fm_attrs, EW(2, FLT, FM))                              \
  X("minnumf", ew, PC, fm_attrs, EW(2, FLT, FM))                              \
  X("negf", ew, P, fm_attrs, EW(1, FLT, FM))                                  \
  X("cmpi", cmp, P, cmpi_attrs, CMP(INT, NULL, cmpi_preds))                   \
  X("cmpf", cmp, P, cmpf_attrs, CMP(FLT, FM, cmpf_preds))                     \
  X("select", select, P, NULL, {.preds = NULL})                                         \
  X("extsi", cast, P, NULL, CAST(C_INT, C_INT, W_WIDEN))                      \
  X("extui", cast, P, NULL, CAST(C_INT, C_INT, W_WIDEN))                      \
  X("trunci", cast, P, ovf_attrs, CASTF(C_INT, C_INT, W_NARROW, OVF, 1, 0))   \
  X("extf", cast, P, fm_attrs, CASTF(C_FLOAT, C_FLOAT, W_WIDEN, FM, 0, 0))    \
  X("truncf", cast, P, truncf_attrs,                                          \
    CASTF(C_FLOAT, C_FLOAT, W_NARROW, FM, 0, 1))                              \
  X("sitofp", cast, P, NULL, CAST(C_INT, C_FLOAT, W_ANY))                     \
  X("uitofp", cast, P, NULL, CAST(C_INT, C_FLOAT, W_ANY))                     \
  X("fptosi", cast, P, NULL, CAST(C_FLOAT, C_INT, W_ANY))                     \
  X("fptoui", cast, P, NULL, CAST(C_FLOAT, C_INT, W_ANY))                     \
  X("index_cast", cast, P, NULL, CAST(C_INT_INDEX, C_INT_INDEX, W_INDEX))     \
  X("index_castui", cast, P, NULL, CAST(C_INT_INDEX, C_INT_INDEX, W_INDEX))   \
  X("bitcast", cast, P, NULL, CAST(C_INT_FLOAT, C_INT_FLOAT, W_SAME))

/* The hooks, defined below. */
static buf_status_t constant_parse(buf_parser_t *p, buf_op_state_t *st);
static void constant_print(buf_printer_t *pr, buf_op_t *op);
static buf_status_t constant_verify(buf_op_t *op);
static bool constant_name(buf_op_t *op, uint32_t i, char *buf, size_t size);
#define DECLARE_HOOKS(k)                                                      \
  static buf_status_t k##_parse(buf_parser_t *p, buf_op_state_t *st);         \
  static void k##_print(buf_printer_t *pr, buf_op_t *op);                     \
  static buf_status_t k##_verify(buf_op_t *op);
DECLARE_HOOKS(ew)
DECLARE_HOOKS(cmp)
DECLARE_HOOKS(select)
DECLARE_HOOKS(cast)
DECLARE_HOOKS(ext)
static bool ext_name(buf_op_t *op, uint32_t i, char *buf, size_t size);
static bool constant_fold_int(const buf_op_t *op, const buf_fold_env_t *env,
                              int64_t *out);
static bool ew_fold_int(const buf_op_t *op, const buf_fold_env_t *env,
                        int64_t *out);
static bool cmp_fold_int(const buf_op_t *op, const buf_fold_env_t *env,
                         int64_t *out);

/* Per-kind integer folding (rows without a fold kind do not fold). */
#define FOLD_ew ew_fold_int
#define FOLD_cmp cmp_fold_int
#define FOLD_select NULL
#define FOLD_cast NULL
#define FOLD_ext NULL

/* Per-kind result naming (only the extended ops name theirs). */
#define NAME_ew NULL
#define NAME_cmp NULL
#define NAME_select NULL
#define NAME_cast NULL
#define NAME_ext ext_name

/* Per-kind defaults: flags are stored as <none> when absent, except on the
 * casts whose fastmath is optional (flags_stored false). */
static void cast_fill_defaults(buf_op_t *op);
#define FILL_ew buf__fill_flag_defaults
#define FILL_cmp buf__fill_flag_defaults
#define FILL_select NULL
#define FILL_cast cast_fill_defaults
#define FILL_ext NULL
#define PARSES_BACK_ew buf__ew_parses_back
#define PARSES_BACK_cmp buf__ew_parses_back
#define PARSES_BACK_select NULL
#define PARSES_BACK_cast NULL
#define PARSES_BACK_ext NULL

#define AS_DEF(n, k, tr, at, info)                                            \
  {.name = "arith." n, .traits = tr, .inherent_attrs = at,                    \
   .verify = k##_verify, .parse = k##_parse, .print = k##_print,             \
   .custom_form_parses_back = PARSES_BACK_##k,                                \
   .name_result = NAME_##k, .fill_defaults = FILL_##k, .fold_int = FOLD_##k, \
   .fold = buf__arith_fold, .canonicalize = buf__arith_canonicalize},
#define AS_INFO(n, k, tr, at, info) info,

/* Row 0 is arith.constant; the rest follow ARITH_OPS in order. */
static const buf_opdef_t arith_ops[] = {
    {.name = "arith.constant",
     .traits = BUF_TRAIT_PURE | BUF_TRAIT_CONSTANT,
     .inherent_attrs = constant_attrs,
     .verify = constant_verify,
     .parse = constant_parse,
     .print = constant_print,
     .name_result = constant_name,
     .fold_int = constant_fold_int},
    ARITH_OPS(AS_DEF)};
static const arith_info_t arith_infos[] = {{.preds = NULL}, ARITH_OPS(AS_INFO)};

#define NUM_OPS ((uint32_t)(sizeof arith_ops / sizeof arith_ops[0]))
_Static_assert(sizeof arith_ops / sizeof arith_ops[0] ==
                   sizeof arith_infos / sizeof arith_infos[0],
               "one info row per op row");

const buf_dialect_t buf_dialect_arith = {"arith", arith_ops, NUM_OPS, false};

/* The row data of an op / of the op being parsed. Every hook below is only
 * installed on rows of this table, so the lookup cannot fail. */
static const arith_info_t *info_of(const buf_op_t *op) {
  int r = buf__row_of(arith_ops, NUM_OPS, op->def);
  return &arith_infos[r < 0 ? 0 : r];
}
static const arith_info_t *info_of_state(const buf_op_state_t *st) {
  int r = buf__row_of_state(arith_ops, NUM_OPS, st);
  return &arith_infos[r < 0 ? 0 : r];
}

/* ------------------------------------------------------------------------ */
/* arith.constant                                                           */
/* ------------------------------------------------------------------------ */

/* The type a constant value attribute gives its result; NULL for kinds that
 * cannot be constants. */
static buf_type_t constant_value_type(buf_ctx_t *ctx, buf_attr_t a) {
  switch (a->kind) {
  case BUF_ATTR_BOOL:
    return buf_type_i1(ctx);
  case BUF_ATTR_INTEGER:
  case BUF_ATTR_FLOAT:
  case BUF_ATTR_DENSE:
  case BUF_ATTR_DENSE_RESOURCE:
    return a->type;
  default:
    return NULL;
  }
}

/* constant-op ::= `arith.constant` attr-dict typed-attribute */
static buf_status_t constant_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  buf_attr_t value;
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_attr(p, &value)))
    return BUF_FAILURE;
  buf_type_t t = constant_value_type(ctx, value);
  if (!t)
    return buf_parser_error_at(p, loc, "expected a typed constant attribute");
  buf_state_set_attr(st, "value", value);
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static void constant_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_print_attr_dict(pr, op, constant_attrs);
  buf_attr_t v = buf_op_attr(op, "value");
  if (v) {
    buf_printer_puts(pr, " ");
    buf_printer_print_attr(pr, v);
  }
}

static buf_status_t constant_verify(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  if (BUF_FAILED(buf__verify_num_operands(op, 0)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(buf__verify_has_attr(op, "value")))
    return BUF_FAILURE;
  buf_type_t rt = op->results[0].type;
  buf_type_t vt = constant_value_type(ctx, buf_op_attr(op, "value"));
  if (!vt) {
    buf_op_emit_error(op, "value must be an integer, float, or elements "
                          "attribute");
    return BUF_FAILURE;
  }
  if (rt->kind == BUF_TYPE_INTEGER &&
      rt->u.integer.signedness != BUF_SIGNLESS) {
    buf_op_emit_error(op, "integer return type must be signless");
    return BUF_FAILURE;
  }
  if (vt != rt) {
    buf_op_emit_error(op, "failed to verify that all of {value, result} have "
                          "same type");
    return BUF_FAILURE;
  }
  /* [4] elements are 4 x vscale: only one value can stand for them all */
  buf_attr_t v = buf_op_attr(op, "value");
  if (buf_type_is_scalable_vector(rt) && !(v->kind == BUF_ATTR_DENSE && v->u.dense.splat)) {
    buf_op_emit_error(op, "intializing scalable vectors with elements attribute is not "
                          "supported unless it's a vector splat");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* Appends the decimal form of v at p; returns the end. */
static char *put_decimal(char *p, int64_t v) {
  char digits[24];
  size_t n = 0;
  uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  do {
    digits[n++] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0)
    *p++ = '-';
  while (n)
    *p++ = digits[--n];
  return p;
}

/* mlir-opt's names: %c42 (index), %c42_i32, %true / %false (i1), %cst
 * (floats and dense). Formatted by hand: every constant of a printed
 * program is named here. */
static bool constant_name(buf_op_t *op, uint32_t i, char *buf, size_t size) {
  buf_attr_t v = buf_op_attr(op, "value");
  if (i != 0 || !v)
    return false;
  char name[48]; /* "c" 20 digits "_si" 10 digits */
  char *end = name;
  if (v->kind == BUF_ATTR_BOOL) {
    end = stpcpy(name, v->u.b ? "true" : "false");
  } else if (v->kind == BUF_ATTR_INTEGER && v->type->kind == BUF_TYPE_INDEX) {
    *end++ = 'c';
    end = put_decimal(end, v->u.i);
  } else if (v->kind == BUF_ATTR_INTEGER && buf__is_i1(v->type)) {
    end = stpcpy(name, v->u.i ? "true" : "false");
  } else if (v->kind == BUF_ATTR_INTEGER &&
             v->type->kind == BUF_TYPE_INTEGER) {
    *end++ = 'c';
    end = put_decimal(end, v->u.i);
    end = stpcpy(end, v->type->u.integer.signedness == BUF_SIGNED     ? "_si"
                      : v->type->u.integer.signedness == BUF_UNSIGNED ? "_ui"
                                                                     : "_i");
    end = put_decimal(end, v->type->u.integer.width);
  } else {
    end = stpcpy(name, "cst");
  }
  size_t n = (size_t)(end - name);
  if (n >= size)
    return false;
  memcpy(buf, name, n);
  buf[n] = 0;
  return true;
}

/* ------------------------------------------------------------------------ */
/* Elementwise ops                                                          */
/* ------------------------------------------------------------------------ */

static buf_status_t ew_parse(buf_parser_t *p, buf_op_state_t *st) {
  return buf__ew_parse(p, st, &info_of_state(st)->ew);
}

static void ew_print(buf_printer_t *pr, buf_op_t *op) {
  buf__ew_print(pr, op, &info_of(op)->ew);
}

static buf_status_t ew_verify(buf_op_t *op) {
  return buf__ew_verify(op, &info_of(op)->ew);
}

/* ------------------------------------------------------------------------ */
/* Comparisons                                                              */
/* ------------------------------------------------------------------------ */

/* cmp-op ::= `arith.cmpi` predicate `,` operand `,` operand flags? attr-dict
 *            `:` type */
static buf_status_t cmp_parse(buf_parser_t *p, buf_op_state_t *st) {
  const arith_info_t *info = info_of_state(st);
  buf_loc_t loc = buf_parser_loc(p);
  buf_ident_t kw = NULL;
  const char *s;
  size_t len;
  /* The predicate is a keyword; older texts quote it. */
  if (!buf_parse_optional_any_keyword(p, &kw)) {
    if (BUF_FAILED(buf_parse_string(p, &s, &len)))
      return BUF_FAILURE;
    kw = buf_ident(buf_parser_ctx(p), s, len);
  }
  int64_t value = -1;
  for (uint32_t i = 0; i < info->num_preds; i++)
    if (strcmp(kw, info->preds[i]) == 0)
      value = i;
  if (value < 0)
    return buf_parser_error_at(p, loc, "invalid predicate '%s'", kw);
  buf_ctx_t *ctx = buf_parser_ctx(p);
  buf_state_set_attr(st, "predicate",
                     buf_attr_integer(ctx, buf_type_i64(ctx), value));
  if (BUF_FAILED(buf_parse_expect(p, ",")))
    return BUF_FAILURE;
  return buf__ew_parse(p, st, &info->ew);
}

static const char *const cmp_elided[] = {"fastmath", "predicate", NULL};

static void cmp_print(buf_printer_t *pr, buf_op_t *op) {
  const arith_info_t *info = info_of(op);
  buf_attr_t pred = buf_op_attr(op, "predicate");
  int64_t v = pred && pred->kind == BUF_ATTR_INTEGER ? pred->u.i : -1;
  buf_printer_printf(pr, " %s, ",
                     v >= 0 && v < info->num_preds ? info->preds[v] : "?");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  if (info->ew.flags)
    buf__print_flags(pr, op, info->ew.flags);
  buf_printer_print_attr_dict(pr, op, cmp_elided);
  buf_type_t t = buf__operand_type_or_result(op, 0);
  if (t) {
    buf_printer_puts(pr, " : ");
    buf_printer_print_type(pr, t);
  }
}

static buf_status_t cmp_verify(buf_op_t *op) {
  const arith_info_t *info = info_of(op);
  if (BUF_FAILED(buf__verify_has_attr(op, "predicate")))
    return BUF_FAILURE;
  buf_attr_t pred = buf_op_attr(op, "predicate");
  if (pred->kind != BUF_ATTR_INTEGER || pred->u.i < 0 ||
      pred->u.i >= info->num_preds) {
    buf_op_emit_error(op, "attribute 'predicate' failed to satisfy "
                          "constraint: allowed 64-bit signless integer cases: "
                          "0 to %u",
                      info->num_preds - 1u);
    return BUF_FAILURE;
  }
  return buf__ew_verify(op, &info->ew);
}

/* ------------------------------------------------------------------------ */
/* arith.select                                                             */
/* ------------------------------------------------------------------------ */

/* select-op ::= `arith.select` operand `,` operand `,` operand attr-dict
 *               `:` (cond-type `,`)? type */
static buf_status_t select_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t ops[3];
  for (int i = 0; i < 3; i++) {
    if (i && BUF_FAILED(buf_parse_expect(p, ",")))
      return BUF_FAILURE;
    if (BUF_FAILED(buf_parse_operand(p, &ops[i])))
      return BUF_FAILURE;
  }
  buf_type_t *types;
  uint32_t n;
  buf_loc_t loc;
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_colon_type_list(p, &types, &n)))
    return BUF_FAILURE;
  if (n > 2)
    return buf_parser_error_at(p, loc, "expected one or two types");
  buf_ctx_t *ctx = buf_parser_ctx(p);
  buf_type_t cond = n == 2 ? types[0] : buf_type_i1(ctx);
  buf_type_t t = types[n - 1];
  buf_type_t all[3] = {cond, t, t};
  if (BUF_FAILED(buf_parse_resolve_operands(p, ops, 3, all, 3, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static void select_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_type_t cond = op->num_operands ? op->operands[0].value->type : NULL;
  if (cond && buf__elem_or_self(cond) != cond) {
    buf_printer_print_type(pr, cond);
    buf_printer_puts(pr, ", ");
  }
  buf_printer_print_result_types(pr, op);
}

static buf_status_t select_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 3)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(buf__verify_operand_like(op, 0, buf__is_i1, "bool-like")))
    return BUF_FAILURE;
  buf_type_t cond = op->operands[0].value->type;
  buf_type_t t = op->results[0].type;
  if (op->operands[1].value->type != t || op->operands[2].value->type != t) {
    buf_op_emit_error(op, "failed to verify that all of {true_value, "
                          "false_value, result} have same type");
    return BUF_FAILURE;
  }
  if (cond != buf_type_i1(buf_op_ctx(op)) &&
      !buf__same_container_shape(cond, t)) {
    buf_op_emit_error(op, "failed to verify that condition is signless i1 or "
                          "has matching shape");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Extended arithmetic: addui_extended, mului_extended, mulsi_extended       */
/* ------------------------------------------------------------------------ */

/* ext-op ::= op-name operand `,` operand attr-dict `:` type (`,` type)?
 * addui_extended writes the sum type and the overflow type; the multiplies
 * write one type for operands, low and high. */
static buf_status_t ext_parse(buf_parser_t *p, buf_op_state_t *st) {
  const arith_info_t *info = info_of_state(st);
  buf_unresolved_t ops[2];
  buf_type_t t, second;
  if (BUF_FAILED(buf_parse_operand(p, &ops[0])) ||
      BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_operand(p, &ops[1])) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)))
    return BUF_FAILURE;
  second = t;
  if (info->ext_add && (BUF_FAILED(buf_parse_expect(p, ",")) ||
                        BUF_FAILED(buf_parse_type(p, &second))))
    return BUF_FAILURE;
  if (BUF_FAILED(buf_parse_resolve_operands_same(p, ops, 2, t, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, t);
  buf_state_add_result(st, second);
  return BUF_SUCCESS;
}

static void ext_print(buf_printer_t *pr, buf_op_t *op) {
  const arith_info_t *info = info_of(op);
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf_printer_print_attr_dict(pr, op, NULL);
  if (op->num_results < 1)
    return;
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, op->results[0].type);
  if (info->ext_add && op->num_results > 1) {
    buf_printer_puts(pr, ", ");
    buf_printer_print_type(pr, op->results[1].type);
  }
}

/* ODS order: operand and result constraints, AllTypesMatch, then the
 * elementwise shape rule. */
static buf_status_t ext_verify(buf_op_t *op) {
  const arith_info_t *info = info_of(op);
  bool (*is_int)(buf_type_t) = buf__elem_pred(BUF__ELEM_INT);
  const char *what = buf__elem_what(BUF__ELEM_INT);
  if (BUF_FAILED(buf__verify_num_operands(op, 2)) ||
      BUF_FAILED(buf__verify_num_results(op, 2)) ||
      BUF_FAILED(buf__verify_operand_like(op, 0, is_int, what)) ||
      BUF_FAILED(buf__verify_operand_like(op, 1, is_int, what)) ||
      BUF_FAILED(buf__verify_result_like(op, 0, is_int, what)) ||
      BUF_FAILED(info->ext_add
                     ? buf__verify_result_like(op, 1, buf__is_i1, "bool-like")
                     : buf__verify_result_like(op, 1, is_int, what)))
    return BUF_FAILURE;
  buf_type_t t = op->results[0].type;
  if (op->operands[0].value->type != t || op->operands[1].value->type != t ||
      (!info->ext_add && op->results[1].type != t)) {
    buf_op_emit_error(op, info->ext_add
                              ? "failed to verify that all of {lhs, rhs, "
                                "sum} have same type"
                              : "failed to verify that all of {lhs, rhs, "
                                "low, high} have same type");
    return BUF_FAILURE;
  }
  if (!buf__same_container_shape(t, op->results[1].type)) {
    buf_op_emit_error(op, "all non-scalar operands/results must have the "
                          "same shape and base type");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* mlir-opt names them %sum, %overflow and %low, %high. */
static bool ext_name(buf_op_t *op, uint32_t i, char *buf, size_t size) {
  static const char *const names[2][2] = {{"low", "high"},
                                          {"sum", "overflow"}};
  if (i > 1)
    return false;
  snprintf(buf, size, "%s", names[info_of(op)->ext_add][i]);
  return true;
}

/* ------------------------------------------------------------------------ */
/* Casts                                                                    */
/* ------------------------------------------------------------------------ */

static bool is_float(buf_type_t t) { return buf_type_is_float(t); }
static bool is_int_or_float(buf_type_t t) {
  return buf__is_signless_int(t) || buf_type_is_float(t);
}

static const struct {
  bool (*pred)(buf_type_t);
  const char *what;
  bool memref; /* memrefs of the element class qualify too */
} cast_classes[] = {
    [C_INT] = {buf__is_signless_int, "signless-fixed-width-integer-like", 0},
    [C_FLOAT] = {is_float, "floating-point-like", 0},
    [C_INT_INDEX] = {buf__is_signless_int_or_index,
                     "signless-integer-like or memref of signless-integer", 1},
    [C_INT_FLOAT] = {is_int_or_float,
                     "signless-integer-or-float-like or memref of "
                     "signless-integer or float",
                     1},
};

/* t is of class c: a scalar, tensor or vector of it (or a memref when the
 * class allows). */
static bool cast_class_ok(cast_class_t c, buf_type_t t) {
  if (cast_classes[c].memref && t->kind == BUF_TYPE_MEMREF)
    return cast_classes[c].pred(t->u.shaped.elem);
  if (cast_classes[c].memref && t->kind == BUF_TYPE_UNRANKED_MEMREF)
    return cast_classes[c].pred(t->u.shaped.elem);
  return buf__is_like(t, cast_classes[c].pred);
}

/* Like buf__same_container_shape, also for memrefs. */
static bool cast_same_shape(buf_type_t a, buf_type_t b) {
  bool ma = buf_type_is_memref(a), mb = buf_type_is_memref(b);
  if (!ma && !mb)
    return buf__same_container_shape(a, b);
  if (ma != mb || a->kind != b->kind)
    return false;
  if (a->kind == BUF_TYPE_UNRANKED_MEMREF)
    return true;
  if (a->u.shaped.rank != b->u.shaped.rank)
    return false;
  for (uint32_t i = 0; i < a->u.shaped.rank; i++)
    if (a->u.shaped.shape[i] != b->u.shaped.shape[i])
      return false;
  return true;
}

static buf_type_t cast_elem(buf_type_t t) {
  return buf_type_is_memref(t) ? t->u.shaped.elem : buf__elem_or_self(t);
}

/* cast-op ::= `arith.extsi` operand rounding? flags? attr-dict
 *             `:` type `to` type */
static buf_status_t cast_parse(buf_parser_t *p, buf_op_state_t *st) {
  const arith_info_t *info = info_of_state(st);
  buf_ctx_t *ctx = buf_parser_ctx(p);
  buf_unresolved_t in;
  buf_type_t from, to;
  if (BUF_FAILED(buf_parse_operand(p, &in)))
    return BUF_FAILURE;
  if (info->rounding)
    for (uint32_t i = 0; i < 5; i++)
      if (buf_parse_optional_keyword(p, rounding_modes[i])) {
        buf_state_set_attr(st, "roundingmode",
                           buf_attr_integer(ctx, buf_type_i32(ctx), i));
        break;
      }
  if (info->flags) {
    bool written = buf_parser_next_is_keyword(p, info->flags->keyword);
    if ((written || info->flags_stored) &&
        BUF_FAILED(buf__parse_flags(p, st, info->flags)))
      return BUF_FAILURE;
  }
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &from)) ||
      BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(buf_parse_type(p, &to)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &in, 1, from, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, to);
  return BUF_SUCCESS;
}

static const char *const cast_elided[] = {"fastmath", "overflowFlags",
                                          "roundingmode", NULL};

static void cast_print(buf_printer_t *pr, buf_op_t *op) {
  const arith_info_t *info = info_of(op);
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  if (info->rounding) {
    buf_attr_t rm = buf_op_attr(op, "roundingmode");
    if (rm && rm->kind == BUF_ATTR_INTEGER && rm->u.i >= 0 && rm->u.i < 5)
      buf_printer_printf(pr, " %s", rounding_modes[rm->u.i]);
  }
  if (info->flags) {
    /* extf/truncf hold fastmath as an optional (not default-valued)
       attribute: mlir-opt prints it whenever present, <none> included. */
    buf_attr_t fa = buf_op_attr(op, info->flags->attr_name);
    uint32_t bits;
    if (!info->flags_stored && fa &&
        buf__flags_value(info->flags, fa, &bits) && !bits)
      buf_printer_printf(pr, " %s<none>", info->flags->keyword);
    else
      buf__print_flags(pr, op, info->flags);
  }
  buf_printer_print_attr_dict(pr, op, info->flags || info->rounding
                                          ? cast_elided
                                          : NULL);
  buf_type_t from = buf__operand_type_or_result(op, 0);
  if (from) {
    buf_printer_puts(pr, " : ");
    buf_printer_print_type(pr, from);
  }
  buf_printer_puts(pr, " to ");
  buf_printer_print_result_types(pr, op);
}

static buf_status_t cast_verify(buf_op_t *op) {
  const arith_info_t *info = info_of(op);
  buf_ctx_t *ctx = buf_op_ctx(op);
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)))
    return BUF_FAILURE;
  buf_type_t from = op->operands[0].value->type, to = op->results[0].type;
  if (!cast_class_ok((cast_class_t)info->in, from)) {
    buf_op_emit_error(op, "operand #0 must be %s, but got '%s'",
                      cast_classes[info->in].what,
                      buf_type_to_string(ctx, from));
    return BUF_FAILURE;
  }
  if (!cast_class_ok((cast_class_t)info->out, to)) {
    buf_op_emit_error(op, "result #0 must be %s, but got '%s'",
                      cast_classes[info->out].what,
                      buf_type_to_string(ctx, to));
    return BUF_FAILURE;
  }
  if (!cast_same_shape(from, to)) {
    buf_op_emit_error(op, "failed to verify that input and output have the "
                          "same tensor dimensions");
    return BUF_FAILURE;
  }
  buf_type_t ef = cast_elem(from), et = cast_elem(to);
  uint32_t wf = buf_type_bitwidth(ef), wt = buf_type_bitwidth(et);
  bool ok = true;
  switch ((cast_width_t)info->width) {
  case W_ANY:
    break;
  case W_WIDEN:
    ok = wt > wf;
    break;
  case W_NARROW:
    ok = wt < wf;
    break;
  case W_SAME:
    ok = wt == wf;
    break;
  case W_INDEX:
    ok = (ef->kind == BUF_TYPE_INDEX) != (et->kind == BUF_TYPE_INDEX);
    break;
  }
  if (!ok) {
    buf_op_emit_error(op, "operand type '%s' and result type '%s' are cast "
                          "incompatible",
                      buf_type_to_string(ctx, from),
                      buf_type_to_string(ctx, to));
    return BUF_FAILURE;
  }
  if (info->flags && BUF_FAILED(buf__verify_flags(op, info->flags)))
    return BUF_FAILURE;
  if (info->rounding) {
    buf_attr_t rm = buf_op_attr(op, "roundingmode");
    if (rm && (rm->kind != BUF_ATTR_INTEGER || rm->u.i < 0 || rm->u.i > 4)) {
      buf_op_emit_error(op, "attribute 'roundingmode' failed to satisfy "
                            "constraint: Floating point rounding mode");
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

static void cast_fill_defaults(buf_op_t *op) {
  if (info_of(op)->flags_stored)
    buf__fill_flag_defaults(op);
}

/* ------------------------------------------------------------------------ */
/* Integer folding                                                          */
/* ------------------------------------------------------------------------ */

/* Folding works on values that read the same signed and unsigned: i1 as 0
 * or 1, wider integers and index in [0, 2^(width-1)). Then signed and
 * unsigned ops agree and a result in that range is exact; anything else
 * (a negative value, an overflow, a division by zero) does not fold. */
static bool fold_readable(buf_type_t t, int64_t x) {
  uint32_t w = t->kind == BUF_TYPE_INDEX ? 64 : buf_type_bitwidth(t);
  if (w == 1)
    return x == 0 || x == 1;
  return w >= 2 && x >= 0 && (w >= 64 || x < (INT64_C(1) << (w - 1)));
}

/* The operand's value when env knows it and it reads the same signed and
 * unsigned. */
static bool fold_operand(const buf_op_t *op, uint32_t i,
                         const buf_fold_env_t *env, int64_t *out) {
  buf_value_t *v = buf_op_operand(op, i);
  return buf_fold_env_int_of(env, v, out) && fold_readable(v->type, *out);
}

static bool constant_fold_int(const buf_op_t *op, const buf_fold_env_t *env,
                              int64_t *out) {
  (void)env;
  buf_attr_t a = buf_op_attr(op, "value");
  if (a && a->kind == BUF_ATTR_BOOL)
    *out = a->u.b;
  else if (a && a->kind == BUF_ATTR_INTEGER)
    *out = buf_type_bitwidth(op->results[0].type) == 1 ? a->u.i != 0 : a->u.i;
  else
    return false;
  return true;
}

static bool ew_fold_int(const buf_op_t *op, const buf_fold_env_t *env,
                        int64_t *out) {
  int_fold_t k = (int_fold_t)info_of(op)->fold;
  if (k == F_NONE || op->num_operands != 2)
    return false;
  int64_t a, b, r;
  bool ka = fold_operand(op, 0, env, &a), kb = fold_operand(op, 1, env, &b);
  bool i1 = buf_type_bitwidth(op->results[0].type) == 1;
  /* one known operand decides and/or: x & 0 = 0, and for i1 x | 1 = 1 */
  if (k == F_AND && ((ka && a == 0) || (kb && b == 0))) {
    *out = 0;
    return true;
  }
  if (k == F_OR && i1 && ((ka && a == 1) || (kb && b == 1))) {
    *out = 1;
    return true;
  }
  if (!ka || !kb)
    return false;
  switch (k) {
  case F_ADD:
    if (__builtin_add_overflow(a, b, &r))
      return false;
    break;
  case F_SUB:
    r = a - b; /* both non-negative: no overflow */
    break;
  case F_MUL:
    if (__builtin_mul_overflow(a, b, &r))
      return false;
    break;
  case F_DIV:
    if (!b)
      return false;
    r = a / b;
    break;
  case F_CEILDIV:
    if (!b)
      return false;
    r = a / b + (a % b != 0);
    break;
  case F_MIN:
    r = a < b ? a : b;
    break;
  case F_MAX:
    r = a > b ? a : b;
    break;
  case F_AND:
    r = a & b;
    break;
  case F_OR:
    r = a | b;
    break;
  case F_XOR:
    r = a ^ b;
    break;
  default:
    return false;
  }
  if (!fold_readable(op->results[0].type, r))
    return false;
  *out = r;
  return true;
}

/* arith.cmpi on known values, or eq/ne on values env knows to be the same
 * or different (two pointers into buffers, say). */
static bool cmp_fold_int(const buf_op_t *op, const buf_fold_env_t *env,
                         int64_t *out) {
  buf_attr_t p = buf_op_attr(op, "predicate");
  if (info_of(op)->ew.elem != BUF__ELEM_INT || op->num_operands != 2 || !p ||
      p->kind != BUF_ATTR_INTEGER || p->u.i < 0 || p->u.i > 9)
    return false;
  int64_t pred = p->u.i; /* cmpi_preds: eq ne slt sle sgt sge ult ule ... */
  buf_value_t *x = buf_op_operand(op, 0), *y = buf_op_operand(op, 1);
  int64_t u, v;
  /* i1 operands are 0/1, which signed predicates would read as 0/-1 */
  bool i1 = buf_type_bitwidth(x->type) == 1;
  if (fold_operand(op, 0, env, &u) && fold_operand(op, 1, env, &v) &&
      (!i1 || pred < 2 || pred > 5)) {
    bool results[10] = {u == v, u != v, u < v, u <= v, u > v,
                        u >= v, u < v, u <= v, u > v, u >= v};
    *out = results[pred];
    return true;
  }
  if (pred > 1)
    return false;
  int same = buf_fold_env_same_value(env, x, y);
  if (same < 0)
    return false;
  *out = pred == 0 ? same : !same;
  return true;
}
