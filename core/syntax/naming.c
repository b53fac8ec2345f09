/*
 * naming.c: SSA value names and block labels, exactly as mlir-opt chooses
 * them (MLIR's SSANameState), found by experiment on mlir-opt 22:
 *
 *  - The printed op's regions are named depth-first from an explicit stack:
 *    a region is named completely (its blocks, their arguments and the
 *    results of its ops, in order) before the regions nested in its ops;
 *    those are pushed in op order and popped last-first.
 *  - Custom form: every region starts from the counters (next %N, next
 *    %argN, next name-conflict suffix) and the set of used names that its
 *    parent region had when the parent finished. Siblings therefore reuse
 *    the same numbers and suffixes (two scf.for bodies both get %c0_0), and
 *    nested regions continue after their parent (a func body's %arg0, %0..%5
 *    then a loop body's %arg1, %6). Isolated-from-above ops get no special
 *    treatment: func.func bodies restart only because they are siblings.
 *  - Generic form (MLIR's "unique SSA ids"): counters carry over between
 *    siblings too, in the stack's pop order, and no custom names are used.
 *  - Entry-block arguments are %argN (N from a counter shared by all
 *    regions as above); other block arguments and unnamed results are %N.
 *    Ops that name results (opdef name_result / result_name) or entry
 *    arguments (name_block_arg) get those names uniquified: a name already
 *    in use gets "_K" appended, K from one counter per scope that only
 *    grows (%c0, %c0_0, %c0_1, %alloc_2 ...). Names are sanitized like
 *    MLIR's (a leading digit gets a '_' prefix, invalid characters become
 *    hex). argN names enter the used set as well.
 *  - Only the first result of an op gets a number; other results print as
 *    %N#k. A result that starts a named group splits the results into
 *    groups ("%a, %b:2 = ...").
 *  - Blocks are ^bb0, ^bb1 ... by position in their region.
 *
 * Every string is malloc'd and owned by the buf__names_t.
 */
#include "printer_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* A string set with removal (used names, scoped by truncation)             */
/* ------------------------------------------------------------------------ */

typedef struct strset {
  char **slots;      /* NULL empty, TOMB deleted */
  uint32_t cap, n, used;
} strset_t;

static char tomb_mark;
#define TOMB (&tomb_mark)

static uint32_t str_hash(const char *s) {
  uint32_t h = 2166136261u;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

static bool strset_has(const strset_t *s, const char *k) {
  if (!s->cap)
    return false;
  uint32_t mask = s->cap - 1;
  for (uint32_t i = str_hash(k) & mask;; i = (i + 1) & mask) {
    char *v = s->slots[i];
    if (!v)
      return false;
    if (v != TOMB && !strcmp(v, k))
      return true;
  }
}

static void strset_add(strset_t *s, char *k);

static void strset_grow(strset_t *s) {
  strset_t old = *s;
  s->cap = old.cap ? old.cap * 2 : 64;
  while ((old.n + 1) * 2 > s->cap)
    s->cap *= 2;
  s->slots = calloc(s->cap, sizeof *s->slots);
  if (!s->slots)
    abort(); /* out of memory */
  s->n = s->used = 0;
  for (uint32_t i = 0; i < old.cap; i++)
    if (old.slots[i] && old.slots[i] != TOMB)
      strset_add(s, old.slots[i]);
  free(old.slots);
}

/* Adds k (borrowed; must outlive the set). */
static void strset_add(strset_t *s, char *k) {
  if ((s->used + 1) * 2 > s->cap)
    strset_grow(s);
  uint32_t mask = s->cap - 1;
  uint32_t i = str_hash(k) & mask;
  while (s->slots[i] && s->slots[i] != TOMB)
    i = (i + 1) & mask;
  if (!s->slots[i])
    s->used++;
  s->slots[i] = k;
  s->n++;
}

static void strset_remove(strset_t *s, const char *k) {
  if (!s->cap)
    return;
  uint32_t mask = s->cap - 1;
  for (uint32_t i = str_hash(k) & mask;; i = (i + 1) & mask) {
    char *v = s->slots[i];
    if (!v)
      return;
    if (v != TOMB && !strcmp(v, k)) {
      s->slots[i] = TOMB;
      s->n--;
      return;
    }
  }
}

/* ------------------------------------------------------------------------ */
/* Naming state                                                              */
/* ------------------------------------------------------------------------ */

/* Value names before formatting: a number or a string. */
typedef struct vname {
  int64_t id;   /* >= 0: %id */
  char *name;   /* when id < 0 */
} vname_t;

typedef struct region_ctx {
  buf_region_t *region;
  int64_t next_value, next_arg, next_conflict;
  uint32_t parent_scope; /* scope depth of the parent region */
} region_ctx_t;

typedef struct state {
  buf__names_t *nm;
  bool generic;
  int64_t next_value, next_arg, next_conflict;
  strset_t used;
  char **used_stack;        /* used names in insertion order */
  size_t num_used, cap_used;
  size_t *scope_start;      /* used_stack length when scope d began */
  uint32_t num_scopes, cap_scopes;
  buf__prmap_t vnames;      /* value -> vname_t* */
} state_t;

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    abort(); /* out of memory */
  return p;
}

static char *own(buf__names_t *nm, char *s) {
  if (nm->num_owned == nm->cap_owned) {
    nm->cap_owned = nm->cap_owned ? nm->cap_owned * 2 : 64;
    nm->owned = realloc(nm->owned, nm->cap_owned * sizeof *nm->owned);
    if (!nm->owned)
      abort(); /* out of memory */
  }
  nm->owned[nm->num_owned++] = s;
  return s;
}

static char *own_printf(buf__names_t *nm, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static char *own_printf(buf__names_t *nm, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_strbuf_t sb = {0};
  char small[128];
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n >= 0 && (size_t)n < sizeof small) {
    buf_strbuf_append(&sb, small, (size_t)n);
  } else {
    va_start(ap, fmt);
    char *big = xmalloc((size_t)n + 1);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    buf_strbuf_append(&sb, big, (size_t)n);
    free(big);
  }
  if (!sb.data)
    buf_strbuf_append(&sb, "", 0);
  return own(nm, sb.data);
}

static void push_scope(state_t *st) {
  if (st->num_scopes == st->cap_scopes) {
    st->cap_scopes = st->cap_scopes ? st->cap_scopes * 2 : 16;
    st->scope_start =
        realloc(st->scope_start, st->cap_scopes * sizeof *st->scope_start);
    if (!st->scope_start)
      abort(); /* out of memory */
  }
  st->scope_start[st->num_scopes++] = st->num_used;
}

/* Pops scopes until `depth` scopes remain, forgetting their names. */
static void pop_scopes_to(state_t *st, uint32_t depth) {
  if (st->num_scopes <= depth)
    return;
  size_t keep = st->scope_start[depth];
  while (st->num_used > keep)
    strset_remove(&st->used, st->used_stack[--st->num_used]);
  st->num_scopes = depth;
}

static void use_name(state_t *st, char *name) {
  if (st->num_used == st->cap_used) {
    st->cap_used = st->cap_used ? st->cap_used * 2 : 64;
    st->used_stack =
        realloc(st->used_stack, st->cap_used * sizeof *st->used_stack);
    if (!st->used_stack)
      abort(); /* out of memory */
  }
  st->used_stack[st->num_used++] = name;
  strset_add(&st->used, name);
}

/* MLIR's sanitizeIdentifier with the punctuation "$._-" allowed. */
static char *sanitize(const char *name) {
  buf_strbuf_t sb = {0};
  bool ok = true;
  for (const char *c = name; *c; c++) {
    unsigned char ch = (unsigned char)*c;
    bool valid = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                 (ch >= '0' && ch <= '9') || ch == '$' || ch == '.' ||
                 ch == '_' || ch == '-';
    if (!valid)
      ok = false;
  }
  bool digit = name[0] >= '0' && name[0] <= '9';
  if (ok && !digit) {
    buf_strbuf_puts(&sb, name);
    return sb.data;
  }
  if (digit)
    buf_strbuf_puts(&sb, "_");
  for (const char *c = name; *c; c++) {
    unsigned char ch = (unsigned char)*c;
    bool valid = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                 (ch >= '0' && ch <= '9') || ch == '$' || ch == '.' ||
                 ch == '_' || ch == '-';
    if (valid)
      buf_strbuf_append(&sb, (const char *)&ch, 1);
    else if (ch == ' ')
      buf_strbuf_puts(&sb, "_");
    else
      buf_strbuf_printf(&sb, "%X", ch);
  }
  return sb.data;
}

/* Makes name unique in the visible scopes (MLIR's uniqueValueName). */
static char *unique_name(state_t *st, const char *raw) {
  char *name = own(st->nm, sanitize(raw));
  if (strset_has(&st->used, name)) {
    size_t len = strlen(name);
    char *probe = xmalloc(len + 24);
    for (;;) {
      snprintf(probe, len + 24, "%s_%lld", name,
               (long long)st->next_conflict++);
      if (!strset_has(&st->used, probe))
        break;
    }
    name = own(st->nm, probe);
  }
  use_name(st, name);
  return name;
}

static void set_value_name(state_t *st, buf_value_t *v, const char *name) {
  vname_t *vn = xmalloc(sizeof *vn);
  own(st->nm, (char *)vn);
  if (!name || !*name) {
    vn->id = st->next_value++;
    vn->name = NULL;
  } else {
    vn->id = -1;
    vn->name = unique_name(st, name);
  }
  buf__prmap_put(&st->vnames, v, vn);
}

static const char *vname_text(buf__names_t *nm, const vname_t *vn) {
  if (vn->id >= 0)
    return own_printf(nm, "%lld", (long long)vn->id);
  return vn->name;
}

/* Names op's results and records the printed forms of each result and of
 * the result header. */
static void number_op(state_t *st, buf_op_t *op) {
  uint32_t nres = op->num_results;
  if (!nres)
    return;
  const buf_opdef_t *def = op->def;
  uint32_t *starts = xmalloc(sizeof *starts * (nres + 1));
  uint32_t ngroups = 1;
  starts[0] = 0;
  bool named0 = false;
  if (!st->generic && def) {
    for (uint32_t i = 0; i < nres; i++) {
      char buf[128];
      bool have = false;
      if (def->name_result && def->name_result(op, i, buf, sizeof buf) &&
          buf[0]) {
        buf[sizeof buf - 1] = 0;
        have = true;
      } else if (i == 0 && def->result_name && def->result_name[0]) {
        snprintf(buf, sizeof buf, "%s", def->result_name);
        have = true;
      }
      if (!have)
        continue;
      set_value_name(st, &op->results[i], buf);
      if (i == 0)
        named0 = true;
      else
        starts[ngroups++] = i;
    }
  }
  if (!named0)
    set_value_name(st, &op->results[0], NULL);

  /* Printed forms. */
  buf__names_t *nm = st->nm;
  buf_strbuf_t hdr = {0};
  for (uint32_t g = 0; g < ngroups; g++) {
    uint32_t s = starts[g], e = g + 1 < ngroups ? starts[g + 1] : nres;
    const vname_t *head = buf__prmap_get(&st->vnames, &op->results[s]);
    const char *h = vname_text(nm, head);
    if (g)
      buf_strbuf_puts(&hdr, ", ");
    buf_strbuf_printf(&hdr, "%%%s", h);
    if (e - s > 1)
      buf_strbuf_printf(&hdr, ":%u", e - s);
    for (uint32_t r = s; r < e; r++) {
      char *text;
      if (nres == 1)
        text = own_printf(nm, "%%%s", h);
      else if (ngroups == 1)
        text = own_printf(nm, "%%%s#%u", h, r);
      else if (e - s != 1)
        text = own_printf(nm, "%%%s#%u", h, r - s);
      else
        text = own_printf(nm, "%%%s", h);
      buf__prmap_put(&nm->values, &op->results[r], text);
    }
  }
  buf__prmap_put(&nm->groups, op, own(nm, hdr.data));
  free(starts);
}

static void number_block(state_t *st, buf_block_t *b, bool entry) {
  for (uint32_t i = 0; i < b->num_args; i++) {
    buf_value_t *a = b->args[i];
    if (!a || buf__prmap_get(&st->vnames, a))
      continue;
    if (entry) {
      char buf[32];
      snprintf(buf, sizeof buf, "arg%lld", (long long)st->next_arg++);
      set_value_name(st, a, buf);
    } else {
      set_value_name(st, a, NULL);
    }
    const vname_t *vn = buf__prmap_get(&st->vnames, a);
    buf__prmap_put(&st->nm->values, a,
                   own_printf(st->nm, "%%%s", vname_text(st->nm, vn)));
  }
  for (buf_op_t *op = b->first; op; op = op->next)
    number_op(st, op);
}

static void number_region(state_t *st, buf_region_t *r) {
  buf_op_t *parent = r->op;
  buf_block_t *entry = r->first;
  if (!st->generic && parent && parent->def && parent->def->name_block_arg &&
      entry) {
    uint32_t ri = 0;
    for (uint32_t i = 0; i < parent->num_regions; i++)
      if (parent->regions[i] == r)
        ri = i;
    for (uint32_t i = 0; i < entry->num_args; i++) {
      char buf[128];
      if (!entry->args[i] ||
          !parent->def->name_block_arg(parent, ri, i, buf, sizeof buf) ||
          !buf[0])
        continue;
      buf[sizeof buf - 1] = 0;
      set_value_name(st, entry->args[i], buf);
      const vname_t *vn = buf__prmap_get(&st->vnames, entry->args[i]);
      buf__prmap_put(&st->nm->values, entry->args[i],
                     own_printf(st->nm, "%%%s", vname_text(st->nm, vn)));
    }
  }
  int64_t k = 0;
  for (buf_block_t *b = r->first; b; b = b->next, k++) {
    buf__prmap_put(&st->nm->blocks, b, own_printf(st->nm, "^bb%lld",
                                                 (long long)k));
    buf__prmap_put(&st->nm->order, b, (void *)(uintptr_t)(k + 1));
    number_block(st, b, b == r->first);
  }
}

/* Names root and everything nested in it. */
void buf__names_compute(buf__names_t *nm, buf_op_t *root, bool generic) {
  memset(nm, 0, sizeof *nm);
  state_t st = {0};
  st.nm = nm;
  st.generic = generic;

  region_ctx_t *stack = NULL;
  size_t n = 0, cap = 0;
#define PUSH_REGIONS(op, scope)                                              \
  do {                                                                       \
    for (uint32_t ri_ = 0; ri_ < (op)->num_regions; ri_++) {                 \
      if (!(op)->regions[ri_])                                               \
        continue;                                                            \
      if (n == cap) {                                                        \
        cap = cap ? cap * 2 : 32;                                            \
        stack = realloc(stack, cap * sizeof *stack);                         \
        if (!stack)                                                          \
          abort();                                                           \
      }                                                                      \
      stack[n++] = (region_ctx_t){(op)->regions[ri_], st.next_value,         \
                                  st.next_arg, st.next_conflict, (scope)};   \
    }                                                                        \
  } while (0)

  push_scope(&st); /* the root scope, depth 1 */
  PUSH_REGIONS(root, 1u);
  number_op(&st, root);

  while (n) {
    region_ctx_t c = stack[--n];
    if (!generic) {
      st.next_value = c.next_value;
      st.next_arg = c.next_arg;
      st.next_conflict = c.next_conflict;
    }
    pop_scopes_to(&st, c.parent_scope);
    push_scope(&st);
    uint32_t depth = st.num_scopes;
    number_region(&st, c.region);
    for (buf_block_t *b = c.region->first; b; b = b->next)
      for (buf_op_t *op = b->first; op; op = op->next)
        PUSH_REGIONS(op, depth);
  }
#undef PUSH_REGIONS
  free(stack);
  free(st.used.slots);
  free(st.used_stack);
  free(st.scope_start);
  buf__prmap_free(&st.vnames);
}

void buf__names_free(buf__names_t *nm) {
  for (size_t i = 0; i < nm->num_owned; i++)
    free(nm->owned[i]);
  free(nm->owned);
  buf__prmap_free(&nm->values);
  buf__prmap_free(&nm->groups);
  buf__prmap_free(&nm->blocks);
  buf__prmap_free(&nm->order);
  memset(nm, 0, sizeof *nm);
}

const char *buf__names_value(const buf__names_t *nm, buf_value_t *v) {
  const char *s = v ? buf__prmap_get(&nm->values, v) : NULL;
  return s ? s : "<<UNKNOWN SSA VALUE>>";
}

const char *buf__names_results(const buf__names_t *nm, buf_op_t *op) {
  return buf__prmap_get(&nm->groups, op);
}

const char *buf__names_block(const buf__names_t *nm, buf_block_t *b) {
  const char *s = b ? buf__prmap_get(&nm->blocks, b) : NULL;
  return s ? s : "^INVALIDBLOCK";
}

int64_t buf__names_block_index(const buf__names_t *nm, buf_block_t *b) {
  void *v = buf__prmap_get(&nm->order, b);
  return v ? (int64_t)(uintptr_t)v - 1 : -1;
}
