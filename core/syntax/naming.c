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
 * Storage: every named object gets a slot (found through its print_slot
 * scratch field) and every string lives in one text buffer, addressed by
 * offsets because the buffer moves as it grows. Lookups while printing are
 * an array index, and naming allocates nothing per value.
 */
#include "printer_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Text buffer and slots                                                     */
/* ------------------------------------------------------------------------ */

#define NO_TEXT UINT32_MAX

static void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p)
    abort(); /* out of memory */
  return p;
}

/* Appends s (n bytes) and a NUL to the text; returns its offset. */
static uint32_t text_add(buf__names_t *nm, const char *s, size_t n) {
  if (nm->text_len + n + 1 > nm->text_cap) {
    size_t cap = nm->text_cap ? nm->text_cap : 4096;
    while (cap < nm->text_len + n + 1)
      cap *= 2;
    nm->text = xrealloc(nm->text, cap);
    nm->text_cap = cap;
  }
  uint32_t off = (uint32_t)nm->text_len;
  memcpy(nm->text + off, s, n);
  nm->text[off + n] = 0;
  nm->text_len += n + 1;
  return off;
}

static uint32_t text_printf(buf__names_t *nm, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static uint32_t text_printf(buf__names_t *nm, const char *fmt, ...) {
  char small[160];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0)
    n = 0;
  if ((size_t)n < sizeof small)
    return text_add(nm, small, (size_t)n);
  char *big = xrealloc(NULL, (size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  uint32_t off = text_add(nm, big, (size_t)n);
  free(big);
  return off;
}

static const char *text_at(const buf__names_t *nm, uint32_t off) {
  return nm->text + off;
}

/* Writes the decimal form of v into buf (at least 24 bytes); returns its
 * length. Faster than printf on the hot path of numbering. */
static size_t format_i64(char *buf, int64_t v) {
  char tmp[24];
  size_t n = 0;
  uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  do {
    tmp[n++] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  size_t len = 0;
  if (v < 0)
    buf[len++] = '-';
  while (n)
    buf[len++] = tmp[--n];
  buf[len] = 0;
  return len;
}

/* The slot of key (whose scratch field is *scratch), or NULL. */
static buf__name_slot_t *slot_find(const buf__names_t *nm, const void *key,
                                   uint32_t scratch) {
  if (key && scratch < nm->num_slots && nm->slots[scratch].key == key)
    return &nm->slots[scratch];
  return NULL;
}

/* The slot of key, created (and recorded in *scratch) when absent. */
static buf__name_slot_t *slot_get(buf__names_t *nm, const void *key,
                                  uint32_t *scratch) {
  buf__name_slot_t *s = slot_find(nm, key, *scratch);
  if (s)
    return s;
  if (nm->num_slots == nm->cap_slots) {
    nm->cap_slots = nm->cap_slots ? nm->cap_slots * 2 : 1024;
    nm->slots = xrealloc(nm->slots, nm->cap_slots * sizeof *nm->slots);
  }
  *scratch = nm->num_slots;
  s = &nm->slots[nm->num_slots++];
  *s = (buf__name_slot_t){key, NO_TEXT, -1, NO_TEXT};
  return s;
}

/* ------------------------------------------------------------------------ */
/* A string set with removal (used names, scoped by truncation)             */
/* ------------------------------------------------------------------------ */

/* Elements are text offsets + 1 (0: empty, TOMB: deleted). */
#define TOMB UINT32_MAX

typedef struct strset {
  const buf__names_t *nm;
  uint32_t *slots;
  uint32_t cap, n, used;
} strset_t;

static uint32_t str_hash(const char *s) {
  uint32_t h = 2166136261u;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

static const char *strset_str(const strset_t *s, uint32_t e) {
  return text_at(s->nm, e - 1);
}

static bool strset_has(const strset_t *s, const char *k) {
  if (!s->cap)
    return false;
  uint32_t mask = s->cap - 1;
  for (uint32_t i = str_hash(k) & mask;; i = (i + 1) & mask) {
    uint32_t v = s->slots[i];
    if (!v)
      return false;
    if (v != TOMB && !strcmp(strset_str(s, v), k))
      return true;
  }
}

static void strset_add(strset_t *s, uint32_t off);

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
      strset_add(s, old.slots[i] - 1);
  free(old.slots);
}

/* Adds the string at text offset off. */
static void strset_add(strset_t *s, uint32_t off) {
  if ((s->used + 1) * 2 > s->cap)
    strset_grow(s);
  uint32_t mask = s->cap - 1;
  uint32_t i = str_hash(text_at(s->nm, off)) & mask;
  while (s->slots[i] && s->slots[i] != TOMB)
    i = (i + 1) & mask;
  if (!s->slots[i])
    s->used++;
  s->slots[i] = off + 1;
  s->n++;
}

static void strset_remove(strset_t *s, uint32_t off) {
  if (!s->cap)
    return;
  const char *k = text_at(s->nm, off);
  uint32_t mask = s->cap - 1;
  for (uint32_t i = str_hash(k) & mask;; i = (i + 1) & mask) {
    uint32_t v = s->slots[i];
    if (!v)
      return;
    if (v != TOMB && !strcmp(strset_str(s, v), k)) {
      s->slots[i] = TOMB;
      s->n--;
      return;
    }
  }
}

/* ------------------------------------------------------------------------ */
/* Naming state                                                              */
/* ------------------------------------------------------------------------ */

typedef struct region_ctx {
  buf_region_t *region;
  int64_t next_value, next_arg, next_conflict;
  uint32_t parent_scope; /* scope depth of the parent region */
} region_ctx_t;

typedef struct buf__name_state {
  buf__names_t *nm;
  buf_op_t *root;
  bool generic;
  region_ctx_t *stack;      /* regions waiting to be named */
  size_t num_stack, cap_stack;
  region_ctx_t deferred;    /* where deferred regions start from */
  int64_t next_value, next_arg, next_conflict;
  strset_t used;
  uint32_t *used_stack;     /* used names (text offsets) in insertion order */
  size_t num_used, cap_used;
  size_t *scope_start;      /* used_stack length when scope d began */
  uint32_t num_scopes, cap_scopes;
} state_t;

static void push_scope(state_t *st) {
  if (st->num_scopes == st->cap_scopes) {
    st->cap_scopes = st->cap_scopes ? st->cap_scopes * 2 : 16;
    st->scope_start =
        xrealloc(st->scope_start, st->cap_scopes * sizeof *st->scope_start);
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

static void use_name(state_t *st, uint32_t off) {
  if (st->num_used == st->cap_used) {
    st->cap_used = st->cap_used ? st->cap_used * 2 : 64;
    st->used_stack =
        xrealloc(st->used_stack, st->cap_used * sizeof *st->used_stack);
  }
  st->used_stack[st->num_used++] = off;
  strset_add(&st->used, off);
}

static bool ident_char(unsigned char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
         (ch >= '0' && ch <= '9') || ch == '$' || ch == '.' || ch == '_' ||
         ch == '-';
}

/* MLIR's sanitizeIdentifier with the punctuation "$._-" allowed; the result
 * is malloc'd. */
static char *sanitize(const char *name) {
  buf_strbuf_t sb = {0};
  bool ok = true;
  for (const char *c = name; *c; c++)
    if (!ident_char((unsigned char)*c))
      ok = false;
  bool digit = name[0] >= '0' && name[0] <= '9';
  if (ok && !digit) {
    buf_strbuf_puts(&sb, name);
    return sb.data;
  }
  if (digit)
    buf_strbuf_puts(&sb, "_");
  for (const char *c = name; *c; c++) {
    unsigned char ch = (unsigned char)*c;
    if (ident_char(ch))
      buf_strbuf_append(&sb, (const char *)&ch, 1);
    else if (ch == ' ')
      buf_strbuf_puts(&sb, "_");
    else
      buf_strbuf_printf(&sb, "%X", ch);
  }
  return sb.data;
}

/* True when name needs no sanitizing (the common case: no copy). */
static bool plain_name(const char *name) {
  if (name[0] >= '0' && name[0] <= '9')
    return false;
  for (const char *c = name; *c; c++)
    if (!ident_char((unsigned char)*c))
      return false;
  return true;
}

/* Makes name unique in the visible scopes (MLIR's uniqueValueName);
 * returns its text offset. */
static uint32_t unique_name(state_t *st, const char *raw) {
  char *copy = plain_name(raw) ? NULL : sanitize(raw);
  const char *name = copy ? copy : raw;
  size_t len = strlen(name);
  uint32_t off;
  if (strset_has(&st->used, name)) {
    char small[128];
    char *probe = len + 24 <= sizeof small ? small : xrealloc(NULL, len + 24);
    memcpy(probe, name, len);
    probe[len] = '_';
    for (;;) {
      format_i64(probe + len + 1, st->next_conflict++);
      if (!strset_has(&st->used, probe))
        break;
    }
    off = text_add(st->nm, probe, strlen(probe));
    if (probe != small)
      free(probe);
  } else {
    off = text_add(st->nm, name, len);
  }
  free(copy);
  use_name(st, off);
  return off;
}

static buf__name_slot_t *value_slot(state_t *st, buf_value_t *v) {
  return slot_get(st->nm, v, &v->print_slot);
}

static bool value_named(state_t *st, buf_value_t *v) {
  buf__name_slot_t *s = slot_find(st->nm, v, v->print_slot);
  return s && (s->aux >= 0 || s->name != NO_TEXT);
}

/* Gives v the next number (name NULL or empty) or a uniqued custom name. */
static void set_value_name(state_t *st, buf_value_t *v, const char *name) {
  uint32_t named = NO_TEXT;
  int32_t id = -1;
  if (!name || !*name)
    id = (int32_t)st->next_value++;
  else
    named = unique_name(st, name);
  buf__name_slot_t *s = value_slot(st, v);
  s->aux = id;
  s->name = named;
}

/* Writes v's base name (digits or the custom name) into buf; returns its
 * length. buf must hold 24 bytes or the custom name. */
static const char *base_name(state_t *st, buf_value_t *v, char *buf) {
  buf__name_slot_t *s = slot_find(st->nm, v, v->print_slot);
  if (s && s->name != NO_TEXT)
    return text_at(st->nm, s->name);
  format_i64(buf, s ? s->aux : 0);
  return buf;
}

/* Records the printed form "%<base><suffix>" of v. A plain number ("%12")
 * is not stored: buf__names_value formats it from the slot, which keeps
 * the text buffer small on large programs. */
static void set_value_text(state_t *st, buf_value_t *v, const char *base,
                           const char *suffix) {
  buf__name_slot_t *own = slot_find(st->nm, v, v->print_slot);
  if (!suffix[0] && own && own->name == NO_TEXT && own->aux >= 0)
    return;
  char small[96];
  size_t bl = strlen(base), sl = strlen(suffix);
  uint32_t off;
  if (bl + sl + 2 <= sizeof small) {
    small[0] = '%';
    memcpy(small + 1, base, bl);
    memcpy(small + 1 + bl, suffix, sl);
    off = text_add(st->nm, small, bl + sl + 1);
  } else {
    off = text_printf(st->nm, "%%%s%s", base, suffix);
  }
  value_slot(st, v)->text = off;
}

static void set_plain_text(state_t *st, buf_value_t *v);

/* Names op's results and records the printed forms of each result and of
 * the result header (one-result ops need no header of their own). */
static void number_op(state_t *st, buf_op_t *op) {
  uint32_t nres = op->num_results;
  if (!nres)
    return;
  const buf_opdef_t *def = op->def;
  uint32_t starts_small[8];
  uint32_t *starts = nres + 1 <= 8 ? starts_small
                                   : xrealloc(NULL, sizeof *starts * (nres + 1));
  uint32_t ngroups = 1;
  starts[0] = 0;
  bool named0 = false;
  if (!st->generic && def && (def->name_result || def->result_name)) {
    for (uint32_t i = 0; i < nres; i++) {
      char buf[128];
      const char *name = NULL;
      if (def->name_result && def->name_result(op, i, buf, sizeof buf) &&
          buf[0]) {
        buf[sizeof buf - 1] = 0;
        name = buf;
      } else if (i == 0 && def->result_name && def->result_name[0]) {
        name = def->result_name;
      }
      if (!name)
        continue;
      set_value_name(st, &op->results[i], name);
      if (i == 0)
        named0 = true;
      else
        starts[ngroups++] = i;
    }
  }
  if (!named0)
    set_value_name(st, &op->results[0], NULL);
  if (nres == 1) {
    /* One result: the header is the value's own name, which
     * buf__names_results takes from the value's slot. */
    if (named0)
      set_plain_text(st, &op->results[0]);
    if (starts != starts_small)
      free(starts);
    return;
  }

  /* Printed forms. */
  buf_strbuf_t hdr = {0};
  for (uint32_t g = 0; g < ngroups; g++) {
    uint32_t s = starts[g], e = g + 1 < ngroups ? starts[g + 1] : nres;
    char num[24];
    const char *h = base_name(st, &op->results[s], num);
    if (g)
      buf_strbuf_puts(&hdr, ", ");
    buf_strbuf_puts(&hdr, "%");
    buf_strbuf_puts(&hdr, h);
    if (e - s > 1)
      buf_strbuf_printf(&hdr, ":%u", e - s);
    for (uint32_t r = s; r < e; r++) {
      char suffix[24] = "";
      if (nres == 1 || (ngroups > 1 && e - s == 1))
        suffix[0] = 0;
      else if (ngroups == 1)
        snprintf(suffix, sizeof suffix, "#%u", r);
      else
        snprintf(suffix, sizeof suffix, "#%u", r - s);
      /* h may point into the text buffer, which moves: copy it first. */
      char hcopy[128];
      const char *hb = h;
      if (h != num) {
        snprintf(hcopy, sizeof hcopy, "%s", h);
        hb = strlen(h) < sizeof hcopy ? hcopy : NULL;
      }
      if (hb) {
        set_value_text(st, &op->results[r], hb, suffix);
      } else { /* a very long custom name */
        char *big = strdup(h);
        set_value_text(st, &op->results[r], big, suffix);
        free(big);
      }
      h = base_name(st, &op->results[s], num);
    }
  }
  buf__name_slot_t *os = slot_get(st->nm, op, &op->print_slot);
  os->text = text_add(st->nm, hdr.data ? hdr.data : "", hdr.len);
  buf_strbuf_free(&hdr);
  if (starts != starts_small)
    free(starts);
}

/* Records "%<base>" as v's printed form. */
static void set_plain_text(state_t *st, buf_value_t *v) {
  char num[24];
  const char *b = base_name(st, v, num);
  if (b == num) {
    set_value_text(st, v, b, "");
    return;
  }
  /* b points into the text buffer, which moves as it grows: copy it. */
  size_t n = strlen(b);
  char small[128];
  char *copy = n < sizeof small ? small : xrealloc(NULL, n + 1);
  memcpy(copy, b, n + 1);
  set_value_text(st, v, copy, "");
  if (copy != small)
    free(copy);
}

static void number_block(state_t *st, buf_block_t *b, bool entry) {
  for (uint32_t i = 0; i < b->num_args; i++) {
    buf_value_t *a = b->args[i];
    if (!a || value_named(st, a))
      continue;
    if (entry) {
      char buf[32] = "arg";
      format_i64(buf + 3, st->next_arg++);
      set_value_name(st, a, buf);
    } else {
      set_value_name(st, a, NULL);
    }
    set_plain_text(st, a);
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
      set_plain_text(st, entry->args[i]);
    }
  }
  int64_t k = 0;
  for (buf_block_t *b = r->first; b; b = b->next, k++) {
    char label[32] = "^bb";
    format_i64(label + 3, k);
    buf__name_slot_t *bs = slot_get(st->nm, b, &b->print_slot);
    bs->text = text_add(st->nm, label, strlen(label));
    bs->aux = (int32_t)k;
    number_block(st, b, b == r->first);
  }
}

/* Pushes the regions of op, to be named from the current counters inside
 * `scope` scopes. */
static void push_regions(state_t *st, buf_op_t *op, uint32_t scope) {
  for (uint32_t i = 0; i < op->num_regions; i++) {
    if (!op->regions[i])
      continue;
    if (st->num_stack == st->cap_stack) {
      st->cap_stack = st->cap_stack ? st->cap_stack * 2 : 32;
      st->stack = xrealloc(st->stack, st->cap_stack * sizeof *st->stack);
    }
    st->stack[st->num_stack++] = (region_ctx_t){
        op->regions[i], st->next_value, st->next_arg, st->next_conflict, scope};
  }
}

/* Names the regions on the stack and everything nested in them, last
 * pushed first. With `defer` the regions of the ops of root's region are
 * not pushed: buf__names_enter names them when their op is printed. */
static void number_stack(state_t *st, bool defer) {
  while (st->num_stack) {
    region_ctx_t c = st->stack[--st->num_stack];
    if (!st->generic) {
      st->next_value = c.next_value;
      st->next_arg = c.next_arg;
      st->next_conflict = c.next_conflict;
    }
    pop_scopes_to(st, c.parent_scope);
    push_scope(st);
    uint32_t depth = st->num_scopes;
    number_region(st, c.region);
    if (defer && c.region->op == st->root) {
      /* Where its ops' regions start from, as push_regions would record. */
      st->deferred = (region_ctx_t){c.region, st->next_value, st->next_arg,
                                    st->next_conflict, depth};
      continue;
    }
    for (buf_block_t *b = c.region->first; b; b = b->next)
      for (buf_op_t *op = b->first; op; op = op->next)
        push_regions(st, op, depth);
  }
}

/* Names root and everything nested in it (see the header for deferred). */
void buf__names_compute(buf__names_t *nm, buf_op_t *root, bool generic,
                        bool deferred) {
  memset(nm, 0, sizeof *nm);
  /* The slot array doubles as it fills (slot_get): no counting walk over
   * the IR first. Large arrays are mapped, so realloc moves pages rather
   * than bytes and capacity never written costs no memory. */
  nm->numbuf = xrealloc(NULL, 4 * sizeof *nm->numbuf);
  nm->numbuf_next = calloc(1, sizeof *nm->numbuf_next);
  state_t *st = calloc(1, sizeof *st);
  if (!nm->numbuf_next || !st)
    abort(); /* out of memory */
  nm->state = st;
  st->nm = nm;
  st->generic = generic;
  st->used.nm = nm;
  st->root = root;
  /* Deferring relies on sibling regions being named independently (the
   * custom form's rule) from the state their parent region left; with two
   * root regions the second one's names would be gone by then. */
  nm->deferred = deferred && !generic && root->num_regions == 1;

  push_scope(st); /* the root scope, depth 1 */
  push_regions(st, root, 1u);
  number_op(st, root);
  number_stack(st, nm->deferred);
}

buf__names_mark_t buf__names_enter(buf__names_t *nm, buf_op_t *op) {
  buf__names_mark_t mark = {nm->num_slots, nm->text_len, false};
  state_t *st = nm->state;
  if (!nm->deferred || !op->num_regions || !op->block ||
      !op->block->region || op->block->region->op != st->root)
    return mark;
  region_ctx_t from = st->deferred;
  st->next_value = from.next_value;
  st->next_arg = from.next_arg;
  st->next_conflict = from.next_conflict;
  push_regions(st, op, from.parent_scope);
  number_stack(st, false);
  mark.named = true;
  return mark;
}

void buf__names_leave(buf__names_t *nm, buf__names_mark_t mark) {
  if (!mark.named)
    return;
  /* The used-name set refers to text: it lets go of the op's names first. */
  pop_scopes_to(nm->state, nm->state->deferred.parent_scope);
  nm->num_slots = mark.num_slots;
  nm->text_len = mark.text_len;
}

void buf__names_free(buf__names_t *nm) {
  state_t *st = nm->state;
  if (st) {
    free(st->stack);
    free(st->used.slots);
    free(st->used_stack);
    free(st->scope_start);
    free(st);
  }
  free(nm->slots);
  free(nm->text);
  free(nm->numbuf);
  free(nm->numbuf_next);
  memset(nm, 0, sizeof *nm);
}

const char *buf__names_value(const buf__names_t *nm, buf_value_t *v) {
  const buf__name_slot_t *s = v ? slot_find(nm, v, v->print_slot) : NULL;
  if (s && s->text != NO_TEXT)
    return text_at(nm, s->text);
  if (s && s->name == NO_TEXT && s->aux >= 0) {
    /* A plain number, formatted into one of a few rotating buffers: callers
     * print the name at once. */
    char *buf = nm->numbuf[nm->numbuf_next[0]++ % 4];
    buf[0] = '%';
    format_i64(buf + 1, s->aux);
    return buf;
  }
  return "<<UNKNOWN SSA VALUE>>";
}

const char *buf__names_results(const buf__names_t *nm, buf_op_t *op) {
  const buf__name_slot_t *s = op ? slot_find(nm, op, op->print_slot) : NULL;
  if (s && s->text != NO_TEXT)
    return text_at(nm, s->text);
  /* A one-result op's header is its result's name (see number_op). */
  if (op && op->num_results == 1 &&
      slot_find(nm, &op->results[0], op->results[0].print_slot))
    return buf__names_value(nm, &op->results[0]);
  return NULL;
}

const char *buf__names_block(const buf__names_t *nm, buf_block_t *b) {
  const buf__name_slot_t *s = b ? slot_find(nm, b, b->print_slot) : NULL;
  return s && s->text != NO_TEXT ? text_at(nm, s->text) : "^INVALIDBLOCK";
}

int64_t buf__names_block_index(const buf__names_t *nm, buf_block_t *b) {
  const buf__name_slot_t *s = b ? slot_find(nm, b, b->print_slot) : NULL;
  return s ? s->aux : -1;
}

/* The public view of a naming: a print's names without the print. */
struct buf_value_names_s {
  buf__names_t nm;
};

buf_value_names_t *buf_value_names_create(buf_op_t *root) {
  buf_value_names_t *n = calloc(1, sizeof *n);
  if (!n)
    abort(); /* out of memory */
  buf__names_compute(&n->nm, root, false, false);
  return n;
}

const char *buf_value_names_get(buf_value_names_t *names, buf_value_t *v) {
  return buf__names_value(&names->nm, v);
}

void buf_value_names_destroy(buf_value_names_t *names) {
  if (!names)
    return;
  buf__names_free(&names->nm);
  free(names);
}
