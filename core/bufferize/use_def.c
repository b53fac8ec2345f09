/*
 * use_def.c: walks along the reverse use-def chains of tensor values, as
 * the models describe them (upstream's findDefinitions and friends).
 *
 * A value's chain goes from the value to the operands that alias it (of
 * its op, or of the terminators of its op's regions) and on to their
 * values, until it meets a "definition": a block argument, or a result
 * that its op writes. The in-place analysis asks which definitions a read
 * sees (buf__bz_find_definitions), the copies whether a copy needs the old
 * contents (buf__bz_can_omit_copy), and the models whether a value is read
 * at all (buf_bz_value_read). Nothing is cached: the chains change as
 * operands are decided in place.
 */
#include "bz_internal.h"

/* Adds u to out (at most max) when its aliases include v, and notes
 * whether it writes. */
static void note_if_aliasing(buf_bz_t *bz, buf_use_t *u, buf_value_t *v,
                             buf_use_t **out, uint32_t *n, uint32_t max,
                             bool *any_write) {
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  if (!buf__bz_is_tensor_type(u->value->type))
    return;
  uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
  for (uint32_t j = 0; j < k; j++)
    if (al[j].value == v) {
      if (*n < max)
        out[(*n)++] = u;
      if (buf__bz_writes(bz, u))
        *any_write = true;
      return;
    }
}

/* Operands (of op itself or of the terminators of its regions' blocks)
 * whose aliases include result v. */
uint32_t buf__bz_aliasing_operands(buf_bz_t *bz, buf_value_t *v, buf_use_t **out,
                                  uint32_t max, bool *any_write) {
  buf_op_t *op = v->def;
  uint32_t n = 0;
  *any_write = false;
  for (uint32_t i = 0; i < op->num_operands; i++)
    note_if_aliasing(bz, &op->operands[i], v, out, &n, max, any_write);
  for (uint32_t r = 0; r < op->num_regions; r++)
    for (buf_block_t *b = op->regions[r]->first; b; b = b->next) {
      buf_op_t *t = b->last;
      for (uint32_t i = 0; t && i < t->num_operands; i++)
        note_if_aliasing(bz, &t->operands[i], v, out, &n, max, any_write);
    }
  return n;
}

static bool result_undefined(buf_bz_t *bz, buf_value_t *v) {
  if (!v->def)
    return false;
  const buf_bufferize_model_t *m = buf_bz_model_of(bz, v->def);
  return m && m->result_undefined && m->result_undefined(bz, v);
}

static bool value_is_def(buf_bz_t *bz, buf_value_t *v);

/* Does a value written inside region op `op` reach one of its terminator
 * operands `yields` along the reverse use-def chain? Then op's result is a
 * definition too (upstream: an scf.if whose branch inserts into a tensor
 * defines a new value, even though the if itself writes nothing), so a
 * write inside the op never conflicts with reads of the result. */
static bool written_inside(buf_bz_t *bz, buf_op_t *op, buf_use_t **yields,
                           uint32_t n) {
  buf__ptrvec_t work = {0};
  buf__ptrset_t seen = {0};
  for (uint32_t i = 0; i < n; i++)
    if (yields[i]->owner != op)
      buf__ptrvec_push(&work, yields[i]->value);
  buf_use_t *ops[BUF_BZ_MAX_ALIASES];
  bool found = false;
  while (work.n && !found) {
    buf_value_t *w = work.v[--work.n];
    if (!buf__ptrset_add(&seen, w))
      continue;
    buf_op_t *owner = w->def ? w->def
                      : (w->block && w->block->region ? w->block->region->op : NULL);
    if (!owner || !buf_op_is_ancestor(op, owner))
      continue;
    if (value_is_def(bz, w)) {
      found = true;
      break;
    }
    bool any_write;
    uint32_t k = buf__bz_aliasing_operands(bz, w, ops, BUF_BZ_MAX_ALIASES, &any_write);
    for (uint32_t i = 0; i < k; i++)
      buf__ptrvec_push(&work, ops[i]->value);
  }
  buf__ptrvec_free(&work);
  buf__ptrset_free(&seen);
  return found;
}

/* Is v a "definition": a block argument or a result its op writes? */
static bool value_is_def(buf_bz_t *bz, buf_value_t *v) {
  if (!v->def)
    return true;
  const buf_bufferize_model_t *m = buf_bz_model_of(bz, v->def);
  if (!m)
    return true;
  if (m->result_writes)
    return m->result_writes(bz, v);
  if (result_undefined(bz, v))
    return false;
  buf_use_t *ops[BUF_BZ_MAX_ALIASES];
  bool any_write;
  uint32_t n = buf__bz_aliasing_operands(bz, v, ops, BUF_BZ_MAX_ALIASES, &any_write);
  return n == 0 || any_write ||
         (v->def->num_regions && written_inside(bz, v->def, ops, n));
}


bool buf_bz_value_read(buf_bz_t *bz, buf_value_t *v) {
  buf__ptrvec_t work = {0};
  buf__ptrset_t seen = {0};
  bool read = false;
  for (buf_use_t *u = v->first_use; u; u = u->next_use)
    buf__ptrvec_push(&work, u);
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  while (work.n && !read) {
    buf_use_t *u = work.v[--work.n];
    if (!buf__ptrset_add(&seen, u))
      continue;
    if (buf__bz_reads(bz, u)) {
      read = true;
      break;
    }
    if (buf__bz_writes(bz, u))
      continue;
    uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
    for (uint32_t j = 0; j < k; j++)
      for (buf_use_t *w = al[j].value->first_use; w; w = w->next_use)
        buf__ptrvec_push(&work, w);
  }
  buf__ptrvec_free(&work);
  buf__ptrset_free(&seen);
  return read;
}

/* The definitions a read of u's value may see (upstream findDefinitions):
 * walk the reverse use-def chain, stopping at definitions; leaves that are
 * not definitions (undefined contents) are dropped. */
void buf__bz_find_definitions(buf_bz_t *bz, buf_value_t *start,
                              buf__ptrset_t *defs) {
  buf__ptrvec_t work = {0};
  buf__ptrset_t seen = {0};
  buf__ptrvec_push(&work, start);
  buf_use_t *ops[BUF_BZ_MAX_ALIASES];
  while (work.n) {
    buf_value_t *v = work.v[--work.n];
    if (!buf__ptrset_add(&seen, v))
      continue;
    if (value_is_def(bz, v)) {
      buf__ptrset_add(defs, v);
      continue;
    }
    bool any_write;
    uint32_t n = buf__bz_aliasing_operands(bz, v, ops, BUF_BZ_MAX_ALIASES, &any_write);
    for (uint32_t i = 0; i < n; i++)
      buf__ptrvec_push(&work, ops[i]->value);
  }
  buf__ptrvec_free(&work);
  buf__ptrset_free(&seen);
}

/* Does every definition reachable from u's value have undefined contents
 * (so a copy of it needs no data)? */
static bool has_undefined_contents(buf_bz_t *bz, buf_value_t *start) {
  buf__ptrvec_t work = {0};
  buf__ptrset_t seen = {0};
  buf__ptrvec_push(&work, start);
  buf_use_t *ops[BUF_BZ_MAX_ALIASES];
  bool undefined = true;
  uint32_t leaves = 0;
  while (work.n && undefined) {
    buf_value_t *v = work.v[--work.n];
    if (!buf__ptrset_add(&seen, v))
      continue;
    if (result_undefined(bz, v)) {
      leaves++;
      continue;
    }
    if (value_is_def(bz, v)) {
      undefined = false;
      break;
    }
    bool any_write;
    uint32_t n = buf__bz_aliasing_operands(bz, v, ops, BUF_BZ_MAX_ALIASES, &any_write);
    if (n == 0)
      undefined = false;
    for (uint32_t i = 0; i < n; i++)
      buf__ptrvec_push(&work, ops[i]->value);
  }
  buf__ptrvec_free(&work);
  buf__ptrset_free(&seen);
  return undefined && leaves > 0;
}

bool buf__bz_can_omit_copy(buf_bz_t *bz, buf_use_t *u) {
  if (has_undefined_contents(bz, u->value))
    return true;
  bool reads = buf__bz_reads(bz, u);
  if (buf__bz_writes(bz, u) && !reads)
    return true;
  if (!reads) {
    buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
    uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
    for (uint32_t j = 0; j < k; j++)
      if (buf_bz_value_read(bz, al[j].value))
        return false;
    return true;
  }
  return false;
}

