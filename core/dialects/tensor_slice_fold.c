/*
 * tensor_slice_fold.c: the fold and canonicalize hooks of
 * tensor.extract_slice and tensor.insert_slice, what upstream's folders
 * and slice canonicalizations compute:
 *
 *   folds (buf_opdef_t.fold):
 *   - a slice that is the whole tensor (offsets 0, strides 1, sizes the
 *     static shape, same type) is its source;
 *   - extract_slice of an insert_slice at the same offsets, sizes and
 *     strides is the inserted tensor;
 *   - insert_slice of an extract_slice of its destination at the same
 *     place is the destination; into an insert_slice at the same place it
 *     inserts into that one's destination instead; of a zero-size slice it
 *     is the destination;
 *   canonicalizations (buf_opdef_t.canonicalize):
 *   - offsets, sizes and strides given by constant operands become static
 *     (upstream's OpWithOffsetSizesAndStridesConstantArgumentFolder); the
 *     slice's new type keeps the static sizes, cast back to the old type
 *     where it differs (the extract's result, the insert's source);
 *   - extract_slice of a tensor.cast that only forgot static sizes reads
 *     the cast's source (upstream's ExtractSliceOpCastFolder), when the
 *     slice stays inside the source's static shape.
 * "The same" offset, size or stride: equal static values or constants, or
 * one SSA value. Each hook says whether it changed anything.
 */
#include "dialect_util.h"
#include "shaped_util.h"

#include <string.h>

#define MAX_RANK 16

/* One offset, size or stride: known (static, or a constant operand) with
 * its value, or the SSA value that gives it. */
typedef struct slice_entry {
  bool known;
  int64_t c;
  buf_value_t *v;   /* the dynamic operand, NULL when static */
} slice_entry_t;

enum { OFFSETS, SIZES, STRIDES };

typedef struct mixed_slice {
  uint32_t rank;
  slice_entry_t e[3][MAX_RANK];
} mixed_slice_t;

static const char *const static_names[3] = {"static_offsets", "static_sizes",
                                            "static_strides"};

/* The first operand segment of the dynamic offsets: after the source (and
 * the destination of insert_slice). */
static uint32_t first_segment(const buf_op_t *op) {
  return buf_op_isa(op, "tensor.insert_slice") ? 2 : 1;
}

/* Reads op's offsets, sizes and strides; false when malformed. */
static bool read_slice(const buf_op_t *op, mixed_slice_t *m) {
  uint32_t first = first_segment(op);
  for (int k = 0; k < 3; k++) {
    const int64_t *vals;
    uint32_t n, len;
    if (!buf__i64_array(buf_op_attr((buf_op_t *)op, static_names[k]), &vals,
                        &n) ||
        n > MAX_RANK || (k && n != m->rank))
      return false;
    m->rank = n;
    uint32_t at = buf_op_segment(op, first + k, &len);
    if (buf__count_dynamic(vals, n) != len || at + len > op->num_operands)
      return false;
    for (uint32_t i = 0; i < n; i++) {
      slice_entry_t *e = &m->e[k][i];
      e->v = NULL;
      e->known = vals[i] != BUF_DYNAMIC;
      e->c = vals[i];
      if (!e->known) {
        e->v = op->operands[at++].value;
        e->known = buf_value_constant_int(e->v, &e->c);
      }
    }
  }
  return true;
}

static bool same_entry(const slice_entry_t *a, const slice_entry_t *b) {
  return a->known ? b->known && a->c == b->c : !b->known && a->v == b->v;
}

static bool same_slice(const mixed_slice_t *a, const mixed_slice_t *b) {
  if (a->rank != b->rank)
    return false;
  for (int k = 0; k < 3; k++)
    for (uint32_t i = 0; i < a->rank; i++)
      if (!same_entry(&a->e[k][i], &b->e[k][i]))
        return false;
  return true;
}

/* The slice covers all of a tensor of static type t. */
static bool is_whole(const mixed_slice_t *m, buf_type_t t) {
  if (t->kind != BUF_TYPE_TENSOR || t->u.shaped.rank != m->rank)
    return false;
  for (uint32_t i = 0; i < m->rank; i++) {
    int64_t dim = t->u.shaped.shape[i];
    if (dim == BUF_DYNAMIC || !m->e[OFFSETS][i].known ||
        m->e[OFFSETS][i].c != 0 || !m->e[STRIDES][i].known ||
        m->e[STRIDES][i].c != 1 || !m->e[SIZES][i].known ||
        m->e[SIZES][i].c != dim)
      return false;
  }
  return true;
}

/* upstream's verifyInBoundsSlice over the known entries: every read
 * position inside the static dims of shape. */
static bool in_bounds(const mixed_slice_t *m, buf_type_t t) {
  if (t->kind != BUF_TYPE_TENSOR || t->u.shaped.rank != m->rank)
    return false;
  for (uint32_t i = 0; i < m->rank; i++) {
    int64_t dim = t->u.shaped.shape[i];
    const slice_entry_t *o = &m->e[OFFSETS][i], *s = &m->e[SIZES][i],
                        *st = &m->e[STRIDES][i];
    if (dim == BUF_DYNAMIC)
      continue;
    if (o->known && o->c >= dim && !(s->known && s->c == 0))
      return false;
    if (o->known && s->known && st->known && s->c > 0 &&
        o->c + (s->c - 1) * st->c >= dim)
      return false;
  }
  return true;
}

static bool replace_by(buf_op_t *op, buf_value_t *v) {
  buf_value_replace_all_uses(&op->results[0], v);
  buf_op_erase(op);
  return true;
}

bool buf__tensor_extract_slice_fold(buf_op_t *op) {
  mixed_slice_t m, other;
  if (op->num_operands < 1 || op->num_results != 1 || !read_slice(op, &m))
    return false;
  buf_value_t *src = op->operands[0].value;
  buf_type_t rt = op->results[0].type;
  if (src->type == rt && is_whole(&m, rt))
    return replace_by(op, src);
  buf_op_t *def = src->def;
  if (def && buf_op_isa(def, "tensor.insert_slice") &&
      def->operands[0].value->type == rt && read_slice(def, &other) &&
      same_slice(&m, &other))
    return replace_by(op, def->operands[0].value);
  return false;
}

bool buf__tensor_insert_slice_fold(buf_op_t *op) {
  mixed_slice_t m, other;
  if (op->num_operands < 2 || op->num_results != 1 || !read_slice(op, &m))
    return false;
  buf_value_t *src = op->operands[0].value, *dest = op->operands[1].value;
  if (src->type == dest->type && is_whole(&m, dest->type))
    return replace_by(op, src);
  buf_op_t *def = src->def;
  if (def && buf_op_isa(def, "tensor.extract_slice") &&
      def->operands[0].value == dest && read_slice(def, &other) &&
      same_slice(&m, &other))
    return replace_by(op, dest);
  for (uint32_t i = 0; i < m.rank; i++)
    if (m.e[SIZES][i].known && m.e[SIZES][i].c == 0)
      return replace_by(op, dest);
  def = dest->def;
  if (def && buf_op_isa(def, "tensor.insert_slice") &&
      def->operands[0].value->type == src->type && read_slice(def, &other) &&
      same_slice(&m, &other)) {
    buf_op_set_operand(op, 1, def->operands[1].value);
    return true;
  }
  return false;
}

/* The type of a slice whose sizes became `sizes` (n entries), of the rank
 * of `old`, the type it had with the sizes `old_sizes`: the tensor of the
 * static sizes (the source's element type), without the unit dims `old`
 * dropped. Upstream drops the first unit dims instead
 * (inferCanonicalRankReducedResultType), which reorders the kept dims
 * where a size that became 1 comes before the dropped one; keeping the
 * old choice keeps the data where it was. NULL when old is no rank
 * reduction of old_sizes. */
static buf_type_t slice_type(buf_ctx_t *ctx, buf_type_t source,
                             const int64_t *old_sizes, const int64_t *sizes,
                             uint32_t n, buf_type_t old) {
  uint32_t rank = old->u.shaped.rank;
  if (rank == n)
    return buf__slice_tensor_type(ctx, source, sizes, n);
  bool dropped[MAX_RANK];
  if (rank > n ||
      !buf__rank_reduction_mask(old_sizes, n, old->u.shaped.shape, rank,
                                dropped))
    return NULL;
  int64_t shape[MAX_RANK];
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++)
    if (!dropped[i])
      shape[k++] = sizes[i];
  return k == rank ? buf_type_tensor(ctx, rank, shape, source->u.shaped.elem,
                                     NULL)
                   : NULL;
}

/* The sizes of m as its static_sizes attribute holds them. */
static void static_sizes(const mixed_slice_t *m, int64_t *out) {
  for (uint32_t i = 0; i < m->rank; i++)
    out[i] = m->e[SIZES][i].v ? BUF_DYNAMIC : m->e[SIZES][i].c;
}

/* A tensor.cast of v to t, placed after `after` or else before `before`. */
static buf_value_t *build_cast(buf_op_t *after, buf_op_t *before,
                               buf_value_t *v, buf_type_t t) {
  buf_builder_t b;
  buf_builder_init(&b, buf_op_ctx(after ? after : before));
  if (after)
    buf_builder_set_after(&b, after);
  else
    buf_builder_set_before(&b, before);
  b.loc = (after ? after : before)->loc;
  return buf_op_result(buf_build(&b, "tensor.cast", t, 1, &v, NULL), 0);
}

/* The offsets, sizes and strides with the known dynamic entries made
 * static (offsets and sizes when not negative, strides when positive, as
 * upstream folds them), BUF_DYNAMIC for the others; false when none is. */
static bool static_values(const mixed_slice_t *m, int64_t vals[3][MAX_RANK]) {
  bool changed = false;
  for (int k = 0; k < 3; k++)
    for (uint32_t i = 0; i < m->rank; i++) {
      const slice_entry_t *e = &m->e[k][i];
      bool fold = e->v && e->known && (k == STRIDES ? e->c > 0 : e->c >= 0);
      vals[k][i] = e->v && !fold ? BUF_DYNAMIC : e->c;
      changed |= fold;
    }
  return changed;
}

/* Rewrites op's slice to vals: static attributes, the remaining dynamic
 * operands, their segment sizes. */
static void set_static_values(buf_op_t *op, const mixed_slice_t *m,
                              int64_t vals[3][MAX_RANK]) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  uint32_t first = first_segment(op), n = 0;
  buf_value_t *operands[2 + 3 * MAX_RANK];
  int64_t segments[5] = {0};
  for (uint32_t i = 0; i < first; i++) {
    operands[n++] = op->operands[i].value;
    segments[i] = 1;
  }
  for (int k = 0; k < 3; k++) {
    for (uint32_t i = 0; i < m->rank; i++)
      if (vals[k][i] == BUF_DYNAMIC) {
        operands[n++] = m->e[k][i].v;
        segments[first + k]++;
      }
    buf_op_set_attr(op, static_names[k],
                    buf_attr_i64_array(ctx, m->rank, vals[k]));
  }
  buf_op_set_operands(op, n, operands);
  buf_op_set_attr(op, "operandSegmentSizes",
                  buf_attr_dense_array(ctx, buf_type_i32(ctx), first + 3,
                                       segments, NULL));
}

static bool is_ranked(buf_type_t t) {
  return t->kind == BUF_TYPE_TENSOR && t->u.shaped.rank <= MAX_RANK;
}

/* cast's source has a static size wherever its result has one (upstream's
 * canFoldIntoConsumerOp): a consumer may read the source instead. */
static bool cast_only_forgets(const buf_op_t *cast) {
  if (!buf_op_isa(cast, "tensor.cast") || cast->num_operands != 1)
    return false;
  buf_type_t from = cast->operands[0].value->type, to = cast->results[0].type;
  if (!is_ranked(from) || !is_ranked(to) ||
      from->u.shaped.rank != to->u.shaped.rank)
    return false;
  for (uint32_t i = 0; i < to->u.shaped.rank; i++)
    if (to->u.shaped.shape[i] != BUF_DYNAMIC &&
        from->u.shaped.shape[i] == BUF_DYNAMIC)
      return false;
  return true;
}

static bool has_known_operand(const mixed_slice_t *m) {
  for (int k = 0; k < 3; k++)
    for (uint32_t i = 0; i < m->rank; i++)
      if (m->e[k][i].v && m->e[k][i].known)
        return true;
  return false;
}

bool buf__tensor_extract_slice_canonicalize(buf_op_t *op) {
  mixed_slice_t m;
  if (op->num_operands < 1 || op->num_results != 1 || !read_slice(op, &m))
    return false;
  buf_value_t *src = op->operands[0].value;
  buf_type_t old = op->results[0].type;
  if (!is_ranked(src->type) || !is_ranked(old) ||
      src->type->u.shaped.rank != m.rank)
    return false;
  if (!has_known_operand(&m)) {
    buf_op_t *cast = src->def;
    if (!cast || !cast_only_forgets(cast) ||
        !in_bounds(&m, cast->operands[0].value->type))
      return false;
    buf_op_set_operand(op, 0, cast->operands[0].value);
    return true;
  }
  int64_t vals[3][MAX_RANK];
  if (!static_values(&m, vals) || !in_bounds(&m, src->type))
    return false;
  int64_t old_sizes[MAX_RANK];
  static_sizes(&m, old_sizes);
  buf_type_t t = slice_type(buf_op_ctx(op), src->type, old_sizes, vals[SIZES],
                            m.rank, old);
  if (!t || !buf__types_shape_compatible(t, old))
    return false;
  set_static_values(op, &m, vals);
  if (t == old)
    return true;
  buf_value_set_type(&op->results[0], t);
  buf_value_t *back = build_cast(op, NULL, &op->results[0], old);
  buf_use_t *u, *next;
  for (u = op->results[0].first_use; u; u = next) {
    next = u->next_use;
    if (u->owner != back->def)
      buf_op_set_operand(u->owner, u->index, back);
  }
  return true;
}

bool buf__tensor_insert_slice_canonicalize(buf_op_t *op) {
  mixed_slice_t m;
  if (op->num_operands < 2 || op->num_results != 1 || !read_slice(op, &m))
    return false;
  buf_value_t *src = op->operands[0].value, *dest = op->operands[1].value;
  if (!is_ranked(src->type) || !is_ranked(dest->type) ||
      dest->type->u.shaped.rank != m.rank || !has_known_operand(&m))
    return false;
  int64_t vals[3][MAX_RANK];
  if (!static_values(&m, vals) || !in_bounds(&m, dest->type))
    return false;
  int64_t old_sizes[MAX_RANK];
  static_sizes(&m, old_sizes);
  buf_type_t t = slice_type(buf_op_ctx(op), dest->type, old_sizes,
                            vals[SIZES], m.rank, src->type);
  if (!t || !buf__types_shape_compatible(t, src->type))
    return false;
  set_static_values(op, &m, vals);
  if (t != src->type)
    buf_op_set_operand(op, 0, build_cast(NULL, op, src, t));
  return true;
}
