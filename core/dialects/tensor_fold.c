/*
 * tensor_fold.c: fold hooks of tensor ops (buf_opdef_t.fold), what
 * upstream's tensor folders and simplest canonicalizations compute:
 *
 *   - tensor.cast to its source's type is the source; a cast of a cast
 *     casts the first source when the middle type adds no static size the
 *     other two lack (upstream's ChainedTensorCast);
 *   - tensor.dim of a static size is that constant; of a dynamic size of
 *     tensor.empty, the size operand; through a tensor.cast, the dim of its
 *     source; of a result of a destination-style op (linalg on tensors,
 *     tensor.insert, insert_slice), the dim of the tied destination;
 *   - tensor.extract at constant indices of tensor.from_elements is the
 *     element; of a dense constant, a scalar constant;
 *   - tensor.extract of tensor.insert at the same index values is the
 *     inserted scalar;
 *   - tensor.from_elements of scalar constants is a dense constant;
 *   - tensor.rank of a ranked tensor is a constant;
 *   - (canonicalize hook of destination-style ops: tensor.insert, linalg
 *     ops on tensors) an operand made by a tensor.cast that only forgot
 *     static sizes is the cast's source instead; a result whose
 *     destination got more static sizes is cast back to its old type
 *     (upstream's FoldTensorCastProducerOp);
 *   - tensor.expand_shape / collapse_shape to the type its operand's
 *     inverse reshape started from is that reshape's source; of a dense
 *     constant of static shape, a constant of the new shape (the
 *     row-major elements are the same).
 * Each hook rewrites the uses of op's results and erases op, or rewrites
 * op's operands in place, and says whether it changed anything.
 */
#include "buf/linalg.h"
#include "dialect_util.h"

#include <string.h>

/* Shapes of at most this rank are folded (stack arrays). */
#define MAX_RANK 16

static bool replace_by(buf_op_t *op, buf_value_t *v) {
  buf_value_replace_all_uses(&op->results[0], v);
  buf_op_erase(op);
  return true;
}

static buf_value_t *build_constant(buf_op_t *before, buf_type_t t,
                                   buf_attr_t value) {
  buf_builder_t b;
  buf_builder_init(&b, buf_op_ctx(before));
  buf_builder_set_before(&b, before);
  b.loc = before->loc;
  return buf_op_result(
      buf_build(&b, "arith.constant", t, 0, NULL, "value", value, NULL), 0);
}

static bool is_ranked_tensor(buf_type_t t) {
  return t->kind == BUF_TYPE_TENSOR && t->u.shaped.rank <= MAX_RANK;
}

/* upstream's joinShapes on one dimension: the static size of either, both
 * equal when static; false when they disagree. */
static bool join_dim(int64_t a, int64_t b, int64_t *out) {
  if (a == BUF_DYNAMIC)
    *out = b;
  else if (b == BUF_DYNAMIC || a == b)
    *out = a;
  else
    return false;
  return true;
}

bool buf__tensor_cast_fold(buf_op_t *op) {
  if (op->num_operands != 1 || op->num_results != 1)
    return false;
  buf_value_t *src = op->operands[0].value;
  if (src->type == op->results[0].type)
    return replace_by(op, src);
  buf_op_t *inner = src->def;
  if (!inner || inner->def != op->def || inner->num_operands != 1)
    return false;
  buf_type_t a = inner->operands[0].value->type, b = src->type,
             c = op->results[0].type;
  if (!is_ranked_tensor(a) || !is_ranked_tensor(b) || !is_ranked_tensor(c) ||
      a->u.shaped.rank != b->u.shaped.rank ||
      a->u.shaped.rank != c->u.shaped.rank)
    return false;
  for (uint32_t i = 0; i < a->u.shaped.rank; i++) {
    int64_t ab, abc, ac;
    if (!join_dim(a->u.shaped.shape[i], b->u.shaped.shape[i], &ab) ||
        !join_dim(ab, c->u.shaped.shape[i], &abc) ||
        !join_dim(a->u.shaped.shape[i], c->u.shaped.shape[i], &ac) ||
        abc != ac)
      return false;
  }
  buf_op_set_operand(op, 0, inner->operands[0].value);
  if (inner->operands[0].value->type == c)
    return replace_by(op, inner->operands[0].value);
  return true;
}

/* The destination operand that result r of def takes its shape from: the
 * tied init of a linalg op on tensors; the dest of tensor.insert and
 * insert_slice (operand 1). NULL when def has none. */
static buf_value_t *tied_destination(buf_op_t *def, uint32_t r) {
  buf_linalg_info_t info;
  if (buf_linalg_get_info(def, &info))
    return r < info.num_outputs && info.num_inputs + r < def->num_operands
               ? def->operands[info.num_inputs + r].value
               : NULL;
  if ((buf_op_isa(def, "tensor.insert") ||
       buf_op_isa(def, "tensor.insert_slice")) &&
      def->num_operands > 1 && r == 0)
    return def->operands[1].value;
  return NULL;
}

bool buf__tensor_dim_fold(buf_op_t *op) {
  int64_t d;
  if (op->num_operands != 2 ||
      !buf_value_constant_int(op->operands[1].value, &d))
    return false;
  buf_value_t *src = op->operands[0].value;
  buf_type_t t = src->type;
  if (t->kind != BUF_TYPE_TENSOR || d < 0 || d >= (int64_t)t->u.shaped.rank)
    return false;
  if (t->u.shaped.shape[d] != BUF_DYNAMIC) {
    buf_ctx_t *ctx = buf_op_ctx(op);
    buf_type_t index = op->results[0].type;
    return replace_by(op, build_constant(op, index,
                                         buf_attr_index(ctx, t->u.shaped.shape[d])));
  }
  buf_op_t *def = src->def;
  if (!def)
    return false;
  if (buf_op_isa(def, "tensor.empty")) {
    uint32_t k = 0; /* dynamic sizes before d: its operand */
    for (int64_t i = 0; i < d; i++)
      k += t->u.shaped.shape[i] == BUF_DYNAMIC;
    return k < def->num_operands && replace_by(op, def->operands[k].value);
  }
  buf_value_t *from = NULL;
  if (buf_op_isa(def, "tensor.cast"))
    from = def->num_operands ? def->operands[0].value : NULL;
  else
    from = tied_destination(def, src->index);
  if (!from || !is_ranked_tensor(from->type) ||
      from->type->u.shaped.rank != t->u.shaped.rank)
    return false;
  buf_op_set_operand(op, 0, from);
  return true;
}

/* The linear position of the constant indices operands [first, n) of op
 * in a tensor of type t; false when an index is not constant or out of
 * bounds. */
static bool linear_index(const buf_op_t *op, uint32_t first, buf_type_t t,
                         int64_t *out) {
  int64_t linear = 0;
  if (op->num_operands - first != t->u.shaped.rank)
    return false;
  for (uint32_t i = 0; i < t->u.shaped.rank; i++) {
    int64_t at, size = t->u.shaped.shape[i];
    if (size == BUF_DYNAMIC ||
        !buf_value_constant_int(op->operands[first + i].value, &at) ||
        at < 0 || at >= size)
      return false;
    linear = linear * size + at;
  }
  *out = linear;
  return true;
}

/* True when op (tensor.extract) reads at the index values def (a
 * tensor.insert: scalar, dest, indices) wrote: the same SSA values, so the
 * same position whatever they are. */
static bool reads_what_insert_wrote(const buf_op_t *op, const buf_op_t *def) {
  if (!buf_op_isa(def, "tensor.insert") ||
      def->num_operands != op->num_operands + 1)
    return false;
  for (uint32_t i = 1; i < op->num_operands; i++)
    if (op->operands[i].value != def->operands[i + 1].value)
      return false;
  return def->operands[0].value->type == op->results[0].type;
}

bool buf__tensor_extract_fold(buf_op_t *op) {
  if (op->num_operands < 1 || op->num_results != 1)
    return false;
  buf_value_t *src = op->operands[0].value;
  buf_op_t *def = src->def;
  int64_t at;
  if (def && reads_what_insert_wrote(op, def))
    return replace_by(op, def->operands[0].value);
  if (!def || !is_ranked_tensor(src->type) ||
      !linear_index(op, 1, src->type, &at))
    return false;
  if (buf_op_isa(def, "tensor.from_elements"))
    return at < def->num_operands &&
           replace_by(op, def->operands[at].value);
  if (!buf_op_has_trait(def, BUF_TRAIT_CONSTANT))
    return false;
  buf_attr_t dense = buf_op_attr(def, "value");
  buf_type_t elem = op->results[0].type;
  if (!dense || dense->kind != BUF_ATTR_DENSE)
    return false;
  int64_t k = dense->u.dense.splat ? 0 : at;
  if (k >= dense->u.dense.count)
    return false;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_attr_t value;
  if (elem->kind == BUF_TYPE_FLOAT && dense->u.dense.floats)
    value = buf_attr_float(ctx, elem, dense->u.dense.floats[k]);
  else if ((elem->kind == BUF_TYPE_INTEGER || elem->kind == BUF_TYPE_INDEX) &&
           dense->u.dense.ints)
    value = buf_attr_integer(ctx, elem, dense->u.dense.ints[k]);
  else
    return false;
  return replace_by(op, build_constant(op, elem, value));
}

bool buf__tensor_from_elements_fold(buf_op_t *op) {
  buf_type_t t = op->results[0].type;
  buf_type_t elem = t->kind == BUF_TYPE_TENSOR ? t->u.shaped.elem : NULL;
  uint32_t n = op->num_operands;
  if (!elem || !n || n > 4096)
    return false;
  bool is_float = elem->kind == BUF_TYPE_FLOAT;
  if (!is_float && elem->kind != BUF_TYPE_INTEGER &&
      elem->kind != BUF_TYPE_INDEX)
    return false;
  buf_arena_t *scratch = buf_ctx_arena(buf_op_ctx(op));
  int64_t *ints = is_float ? NULL : buf_arena_alloc(scratch, n * sizeof *ints);
  double *floats = is_float ? buf_arena_alloc(scratch, n * sizeof *floats) : NULL;
  for (uint32_t i = 0; i < n; i++) {
    buf_op_t *c = op->operands[i].value->def;
    buf_attr_t a = c && buf_op_has_trait(c, BUF_TRAIT_CONSTANT)
                       ? buf_op_attr(c, "value")
                       : NULL;
    if (!a)
      return false;
    if (is_float && a->kind == BUF_ATTR_FLOAT)
      floats[i] = a->u.f;
    else if (!is_float && a->kind == BUF_ATTR_INTEGER)
      ints[i] = a->u.i;
    else if (!is_float && a->kind == BUF_ATTR_BOOL)
      ints[i] = a->u.i;
    else
      return false;
  }
  /* upstream stores one value for a tensor whose elements are all equal */
  bool splat = true;
  for (uint32_t i = 1; i < n && splat; i++)
    splat = is_float ? memcmp(&floats[i], &floats[0], sizeof *floats) == 0
                     : ints[i] == ints[0];
  buf_attr_t dense = buf_attr_dense(buf_op_ctx(op), t, splat ? 1 : n, ints,
                                    floats);
  return replace_by(op, build_constant(op, t, dense));
}

bool buf__tensor_rank_fold(buf_op_t *op) {
  if (op->num_operands != 1 || op->num_results != 1)
    return false;
  buf_type_t t = op->operands[0].value->type;
  if (t->kind != BUF_TYPE_TENSOR)
    return false;
  return replace_by(op, build_constant(op, op->results[0].type,
                                       buf_attr_index(buf_op_ctx(op),
                                                      t->u.shaped.rank)));
}

static bool is_static_tensor(buf_type_t t) {
  if (t->kind != BUF_TYPE_TENSOR)
    return false;
  for (uint32_t i = 0; i < t->u.shaped.rank; i++)
    if (t->u.shaped.shape[i] == BUF_DYNAMIC)
      return false;
  return true;
}

/* tensor.expand_shape and collapse_shape (operand 0 the source; the
 * expand's dynamic output sizes follow): the source when the types agree;
 * the source of the inverse reshape that made the operand, when that is
 * of the result's type (reshapes keep the row-major order, so undoing one
 * gives its source back); a constant of a dense constant. */
bool buf__tensor_reshape_fold(buf_op_t *op) {
  if (op->num_operands < 1 || op->num_results != 1)
    return false;
  buf_value_t *src = op->operands[0].value;
  buf_type_t rt = op->results[0].type;
  if (src->type == rt)
    return replace_by(op, src);
  buf_op_t *def = src->def;
  if (!def)
    return false;
  bool inverse = buf_op_isa(op, "tensor.expand_shape")
                     ? buf_op_isa(def, "tensor.collapse_shape")
                     : buf_op_isa(def, "tensor.expand_shape");
  if (inverse && def->num_operands >= 1 &&
      def->operands[0].value->type == rt)
    return replace_by(op, def->operands[0].value);
  if (!buf_op_has_trait(def, BUF_TRAIT_CONSTANT) || !is_static_tensor(rt))
    return false;
  buf_attr_t dense = buf_op_attr(def, "value");
  if (!dense || dense->kind != BUF_ATTR_DENSE ||
      (!dense->u.dense.ints && !dense->u.dense.floats))
    return false;
  buf_attr_t reshaped =
      buf_attr_dense(buf_op_ctx(op), rt, dense->u.dense.count,
                     dense->u.dense.ints, dense->u.dense.floats);
  return replace_by(op, build_constant(op, rt, reshaped));
}

/* The source of v's defining tensor.cast when the cast only forgot static
 * sizes (its source is static wherever its result is: upstream's
 * canFoldIntoConsumerOp); NULL otherwise. */
static buf_value_t *cast_source_to_fold(buf_value_t *v) {
  buf_op_t *cast = v->def;
  if (!cast || !buf_op_isa(cast, "tensor.cast") || cast->num_operands != 1)
    return NULL;
  buf_type_t from = cast->operands[0].value->type, to = v->type;
  if (!is_ranked_tensor(from) || !is_ranked_tensor(to) ||
      from->u.shaped.rank != to->u.shaped.rank)
    return NULL;
  for (uint32_t i = 0; i < to->u.shaped.rank; i++)
    if (to->u.shaped.shape[i] != BUF_DYNAMIC &&
        from->u.shaped.shape[i] == BUF_DYNAMIC)
      return NULL;
  return cast->operands[0].value;
}

bool buf__tensor_fold_cast_producers(buf_op_t *op) {
  /* the destinations: operands [first, first + n), result r tied to
   * operand first + r */
  uint32_t first, n;
  buf_linalg_info_t info;
  if (buf_linalg_get_info(op, &info)) {
    first = info.num_inputs;
    n = info.num_outputs;
  } else if (buf_op_isa(op, "tensor.insert")) {
    first = 1;
    n = 1;
  } else {
    return false;
  }
  if (op->num_results != n || first + n > op->num_operands)
    return false;
  for (uint32_t r = 0; r < n; r++)
    if (op->results[r].type->kind != BUF_TYPE_TENSOR)
      return false;
  bool changed = false;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_value_t *src = cast_source_to_fold(op->operands[i].value);
    if (!src)
      continue;
    buf_op_set_operand(op, i, src);
    changed = true;
    if (i < first || i >= first + n)
      continue;
    buf_value_t *result = &op->results[i - first];
    buf_type_t old = result->type;
    buf_value_set_type(result, src->type);
    buf_builder_t b;
    buf_builder_init(&b, buf_op_ctx(op));
    buf_builder_set_after(&b, op);
    b.loc = op->loc;
    buf_op_t *back = buf_build(&b, "tensor.cast", old, 1, &result, NULL);
    buf_use_t *u, *next;
    for (u = result->first_use; u; u = next) {
      next = u->next_use;
      if (u->owner != back)
        buf_op_set_operand(u->owner, u->index, buf_op_result(back, 0));
    }
  }
  return changed;
}
