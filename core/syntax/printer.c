/*
 * printer.c: ops, regions and blocks in MLIR's textual form, and the public
 * whole-program entry points.
 *
 * Layout, as mlir-opt 22 prints it:
 *
 *   #map = affine_map<...>          aliases first, one per line, no blank
 *   #map1 = affine_map<...>         line after them
 *   module {                        the top-level op at indentation 0
 *     func.func @f(...) {           2 spaces per nesting level
 *       %0 = ...
 *     ^bb1(%1: f32):  // pred: ^bb0 block headers at the op's indentation
 *       return %1 : f32
 *     }
 *   }
 *
 * Custom form: the core prints "%res = " and the op name (minus the
 * default-dialect prefix of the enclosing region: "return" inside func.func,
 * "module" at top level, where the default dialect is "builtin"), then calls
 * def->print, whose text starts with the space it needs. Generic form:
 *   %0 = "d.op"(%a, %b)[^bb1] <{inherent}> ({...}, {...}) {other} : (T) -> U
 *
 * Aliases: when enabled, the op is first printed into a scratch buffer with
 * the alias table collecting affine maps in visit order (custom hooks run
 * for real, so custom forms visit in print order; generic ops visit regions,
 * operand types, result types, discardable then inherent attributes, which
 * is mlir-opt's dummy-printer order), then printed for real.
 *
 * Debug info (--mlir-print-debuginfo): every op ends with " loc(#locN)";
 * #locN numbers distinct locations in the same visit order (an op's own
 * location before its body). Aliases used only by ops are "deferred" and
 * defined after the op; those also used by block arguments (which always
 * print their location inline) are defined at the top, before the #map
 * lines, because mlir-opt sorts aliases by name.
 *
 * An op that fails to verify prints whole in the generic form (unless the
 * caller says it verified it), as mlir-opt's printer does: a custom form
 * can spell only a valid op, so printing an invalid one custom would give
 * text that does not read back, or reads back as another op.
 */
#include "printer_internal.h"
#include "../ir/ir_internal.h" /* the context's diagnostic list */

#include <stdlib.h>
#include <string.h>

/* Op nesting bound: deeper IR prints a marker instead of overflowing the
 * C stack. The parser's default bound (256) is far below it. */
#define PRINT_MAX_DEPTH 2000

static void out_puts(buf_printer_t *pr, const char *s) {
  buf_strbuf_puts(pr->out, s);
}

static void out_indent(buf_printer_t *pr) {
  static const char spaces[] = "                                ";
  uint32_t n = pr->indent;
  while (n > 32) {
    buf_strbuf_append(pr->out, spaces, 32);
    n -= 32;
  }
  buf_strbuf_append(pr->out, spaces, n);
}

buf__aliases_t *buf__printer_aliases(buf_printer_t *pr) {
  return pr->opts.use_aliases ? &pr->aliases : NULL;
}

static void push_dialect(buf_printer_t *pr, const char *d) {
  if (pr->num_dialects == pr->cap_dialects) {
    pr->cap_dialects = pr->cap_dialects ? pr->cap_dialects * 2 : 16;
    pr->dialects =
        realloc(pr->dialects, pr->cap_dialects * sizeof *pr->dialects);
    if (!pr->dialects)
      abort(); /* out of memory */
  }
  pr->dialects[pr->num_dialects++] = d ? d : "";
}

static bool is_inherent(const buf_opdef_t *def, buf_ident_t name) {
  if (!def || !def->inherent_attrs || (def->traits & BUF_TRAIT_UNREGISTERED))
    return false;
  for (const char *const *n = def->inherent_attrs; *n; n++)
    if (!strcmp(*n, name))
      return true;
  return false;
}

/* ------------------------------------------------------------------------ */
/* Locations                                                                 */
/* ------------------------------------------------------------------------ */

static uint32_t loc_hash(buf_loc_t l) {
  uint64_t x = (uint64_t)(uintptr_t)l.file * 0x9E3779B97F4A7C15ULL;
  x ^= ((uint64_t)l.line << 32 | l.col) * 0xC2B2AE3D27D4EB4FULL;
  x ^= x >> 29;
  return (uint32_t)x;
}

static bool loc_eq(buf_loc_t a, buf_loc_t b) {
  if (!a.file || !b.file)
    return !a.file && !b.file; /* every unknown location is the same */
  return a.file == b.file && a.line == b.line && a.col == b.col;
}

/* Index of loc in the table, or -1. */
static int64_t locs_find(const buf__locs_t *t, buf_loc_t loc) {
  if (!t->num_slots)
    return -1;
  if (!loc.file)
    loc.line = loc.col = 0;
  uint32_t mask = t->num_slots - 1;
  for (uint32_t i = loc_hash(loc) & mask;; i = (i + 1) & mask) {
    uint32_t v = t->slots[i];
    if (!v)
      return -1;
    if (loc_eq(t->locs[v - 1], loc))
      return v - 1;
  }
}

static void locs_add(buf__locs_t *t, buf_loc_t loc, bool deferrable) {
  if (!loc.file)
    loc.line = loc.col = 0;
  int64_t k = locs_find(t, loc);
  if (k >= 0) {
    if (!deferrable)
      t->deferred[k] = false;
    return;
  }
  if (t->n == t->cap) {
    t->cap = t->cap ? t->cap * 2 : 32;
    t->locs = realloc(t->locs, t->cap * sizeof *t->locs);
    t->deferred = realloc(t->deferred, t->cap * sizeof *t->deferred);
    if (!t->locs || !t->deferred)
      abort(); /* out of memory */
  }
  t->locs[t->n] = loc;
  t->deferred[t->n] = deferrable;
  t->n++;
  if (t->n * 2 > t->num_slots) {
    free(t->slots);
    t->num_slots = t->num_slots ? t->num_slots * 2 : 64;
    while (t->n * 2 > t->num_slots)
      t->num_slots *= 2;
    t->slots = calloc(t->num_slots, sizeof *t->slots);
    if (!t->slots)
      abort(); /* out of memory */
    for (uint32_t j = 0; j < t->n; j++) {
      uint32_t i = loc_hash(t->locs[j]) & (t->num_slots - 1);
      while (t->slots[i])
        i = (i + 1) & (t->num_slots - 1);
      t->slots[i] = j + 1;
    }
  } else {
    uint32_t i = loc_hash(loc) & (t->num_slots - 1);
    while (t->slots[i])
      i = (i + 1) & (t->num_slots - 1);
    t->slots[i] = t->n;
  }
}

static void locs_free(buf__locs_t *t) {
  free(t->locs);
  free(t->deferred);
  free(t->slots);
  memset(t, 0, sizeof *t);
}

/* loc("file":3:5) or loc(unknown) */
static void print_loc_inline(buf_strbuf_t *sb, buf_loc_t loc) {
  if (!loc.file) {
    buf_strbuf_puts(sb, "loc(unknown)");
    return;
  }
  buf_strbuf_puts(sb, "loc(");
  buf__print_escaped_string(sb, loc.file, strlen(loc.file));
  buf_strbuf_printf(sb, ":%u:%u)", loc.line, loc.col);
}

void buf__print_loc(buf_printer_t *pr, buf_loc_t loc, bool allow_alias) {
  if (!pr->opts.debug_info)
    return;
  if (pr->opts.use_aliases && pr->aliases.collecting) {
    locs_add(&pr->locs, loc, allow_alias);
    return;
  }
  out_puts(pr, " ");
  int64_t k = pr->opts.use_aliases && allow_alias ? locs_find(&pr->locs, loc)
                                                  : -1;
  if (k < 0)
    print_loc_inline(pr->out, loc);
  else if (k == 0)
    out_puts(pr, "loc(#loc)");
  else
    buf_strbuf_printf(pr->out, "loc(#loc%lld)", (long long)k);
}

/* "#locN = loc(...)" lines for the deferred (or non-deferred) aliases. */
static void print_loc_aliases(buf_printer_t *pr, bool deferred) {
  for (uint32_t i = 0; i < pr->locs.n; i++) {
    if (pr->locs.deferred[i] != deferred)
      continue;
    if (i)
      buf_strbuf_printf(pr->out, "#loc%u = ", i);
    else
      out_puts(pr, "#loc = ");
    print_loc_inline(pr->out, pr->locs.locs[i]);
    out_puts(pr, "\n");
  }
}

/* ------------------------------------------------------------------------ */
/* Blocks and regions                                                        */
/* ------------------------------------------------------------------------ */

/* Predecessor lists of the blocks of one region. */
typedef struct preds {
  buf__prmap_t index;     /* block -> position + 1 in lists */
  buf_block_t ***lists;   /* per block, the blocks branching to it */
  uint32_t *counts, *caps;
  uint32_t n;
} preds_t;

static void preds_build(preds_t *p, buf_region_t *r) {
  memset(p, 0, sizeof *p);
  /* A single block is an entry block: it has no predecessors to print. */
  if (r->first == r->last)
    return;
  for (buf_block_t *b = r->first; b; b = b->next)
    p->n++;
  p->lists = calloc(p->n + 1, sizeof *p->lists);
  p->counts = calloc(p->n + 1, sizeof *p->counts);
  p->caps = calloc(p->n + 1, sizeof *p->caps);
  if (!p->lists || !p->counts || !p->caps)
    abort(); /* out of memory */
  uint32_t k = 0;
  for (buf_block_t *b = r->first; b; b = b->next)
    buf__prmap_put(&p->index, b, (void *)(uintptr_t)++k);
  for (buf_block_t *b = r->first; b; b = b->next) {
    for (buf_op_t *op = b->first; op; op = op->next) {
      for (uint32_t i = 0; i < op->num_successors; i++) {
        void *v = buf__prmap_get(&p->index, op->successors[i]);
        if (!v)
          continue;
        uint32_t t = (uint32_t)(uintptr_t)v - 1;
        if (p->counts[t] == p->caps[t]) {
          p->caps[t] = p->caps[t] ? p->caps[t] * 2 : 4;
          p->lists[t] = realloc(p->lists[t], p->caps[t] * sizeof(buf_block_t *));
          if (!p->lists[t])
            abort(); /* out of memory */
        }
        p->lists[t][p->counts[t]++] = b;
      }
    }
  }
}

static void preds_free(preds_t *p) {
  for (uint32_t i = 0; i < p->n; i++)
    free(p->lists[i]);
  free(p->lists);
  free(p->counts);
  free(p->caps);
  buf__prmap_free(&p->index);
}

/* "  // pred: ^bb0", "  // 2 preds: ^bb1, ^bb2", "  // no predecessors". */
static void print_pred_comment(buf_printer_t *pr, preds_t *p, buf_block_t *b,
                               bool entry) {
  void *v = buf__prmap_get(&p->index, b);
  if (!v)
    return;
  uint32_t t = (uint32_t)(uintptr_t)v - 1;
  uint32_t n = p->counts[t];
  buf_block_t **l = p->lists[t];
  if (!n) {
    if (!entry)
      out_puts(pr, "  // no predecessors");
    return;
  }
  /* One edge, not one distinct block: a cond_br with both successors the
   * same block makes "2 preds: ^bb3, ^bb3" (MLIR's getSinglePredecessor). */
  if (n == 1) {
    out_puts(pr, "  // pred: ");
    out_puts(pr, buf__names_block(&pr->names, l[0]));
    return;
  }
  /* Sorted by position in the region (insertion sort: short lists). */
  for (uint32_t i = 1; i < n; i++) {
    buf_block_t *x = l[i];
    int64_t xi = buf__names_block_index(&pr->names, x);
    uint32_t j = i;
    while (j > 0 && buf__names_block_index(&pr->names, l[j - 1]) > xi) {
      l[j] = l[j - 1];
      j--;
    }
    l[j] = x;
  }
  buf_strbuf_printf(pr->out, "  // %u preds: ", n);
  for (uint32_t i = 0; i < n; i++) {
    if (i)
      out_puts(pr, ", ");
    out_puts(pr, buf__names_block(&pr->names, l[i]));
  }
}

static bool op_is_terminator(const buf_op_t *op) {
  return op && op->def && (op->def->traits & BUF_TRAIT_TERMINATOR);
}

/* A terminator that can be left out: nothing but its name. */
static bool is_empty_terminator(const buf_op_t *op) {
  return op_is_terminator(op) && op->num_operands == 0 &&
         op->num_results == 0 && op->num_regions == 0 &&
         op->num_successors == 0 && op->attrs &&
         op->attrs->kind == BUF_ATTR_DICT && op->attrs->u.dict.n == 0;
}

static void print_block(buf_printer_t *pr, preds_t *preds, buf_block_t *b,
                        bool header, bool terminators) {
  if (header) {
    out_indent(pr);
    out_puts(pr, buf__names_block(&pr->names, b));
    if (b->num_args) {
      out_puts(pr, "(");
      for (uint32_t i = 0; i < b->num_args; i++) {
        if (i)
          out_puts(pr, ", ");
        buf_value_t *a = b->args[i];
        out_puts(pr, a ? buf__names_value(&pr->names, a) : "<<NULL VALUE>>");
        out_puts(pr, ": ");
        buf__print_type(pr->out, a ? a->type : NULL, buf__printer_aliases(pr));
        if (a)
          buf__print_loc(pr, a->loc, false);
      }
      out_puts(pr, ")");
    }
    out_puts(pr, ":");
    print_pred_comment(pr, preds, b, b->region && b->region->first == b);
    out_puts(pr, "\n");
  }
  pr->indent += 2;
  for (buf_op_t *op = b->first; op; op = op->next) {
    if (!terminators && op == b->last && is_empty_terminator(op))
      break;
    out_indent(pr);
    buf__print_operation(pr, op);
    out_puts(pr, "\n");
  }
  pr->indent -= 2;
}

void buf__print_region(buf_printer_t *pr, buf_region_t *r, bool entry_args,
                       bool terminators, bool print_empty_block) {
  out_puts(pr, "{\n");
  if (r && r->first) {
    buf_op_t *parent = r->op;
    push_dialect(pr, parent && parent->def ? parent->def->default_dialect
                                           : NULL);
    preds_t preds;
    preds_build(&preds, r);
    buf_block_t *entry = r->first;
    bool header = (print_empty_block && !entry->first) ||
                  (entry_args && entry->num_args);
    print_block(pr, &preds, entry, header, terminators);
    for (buf_block_t *b = entry->next; b; b = b->next)
      print_block(pr, &preds, b, true, true);
    preds_free(&preds);
    pr->num_dialects--;
  }
  out_indent(pr);
  out_puts(pr, "}");
}

/* ------------------------------------------------------------------------ */
/* Ops                                                                       */
/* ------------------------------------------------------------------------ */

static void print_type(buf_printer_t *pr, buf_type_t t) {
  buf__print_type(pr->out, t, buf__printer_aliases(pr));
}

/* "(T, U) -> V" for an op's operand and result types. */
static void print_functional_type(buf_printer_t *pr, buf_op_t *op) {
  out_puts(pr, "(");
  for (uint32_t i = 0; i < op->num_operands; i++) {
    if (i)
      out_puts(pr, ", ");
    buf_value_t *v = op->operands[i].value;
    print_type(pr, v ? v->type : NULL);
  }
  out_puts(pr, ") -> ");
  bool wrap = op->num_results != 1 ||
              (op->results[0].type &&
               op->results[0].type->kind == BUF_TYPE_FUNCTION);
  if (wrap)
    out_puts(pr, "(");
  for (uint32_t i = 0; i < op->num_results; i++) {
    if (i)
      out_puts(pr, ", ");
    print_type(pr, op->results[i].type);
  }
  if (wrap)
    out_puts(pr, ")");
}

/* Prints the attributes of op for which `inherent` matches as a dictionary
 * wrapped in open/close; nothing when there are none. */
static void print_attr_subset(buf_printer_t *pr, buf_op_t *op, bool inherent,
                              const char *open, const char *close) {
  buf_attr_t d = op->attrs;
  if (!d || d->kind != BUF_ATTR_DICT)
    return;
  bool any = false;
  for (uint32_t i = 0; i < d->u.dict.n; i++) {
    const buf_named_attr_t *e = &d->u.dict.entries[i];
    if (is_inherent(op->def, e->name) != inherent)
      continue;
    out_puts(pr, any ? ", " : open);
    any = true;
    /* One entry at a time through the dictionary printer keeps the unit
     * and quoting rules in one place. */
    buf_strbuf_t tmp = {0};
    buf__print_dict_entries(&tmp, e, 1, buf__printer_aliases(pr));
    buf_strbuf_append(pr->out, tmp.data + 1, tmp.len - 2);
    buf_strbuf_free(&tmp);
  }
  if (any)
    out_puts(pr, close);
}

static void print_generic(buf_printer_t *pr, buf_op_t *op) {
  const char *name = op->name ? op->name : (op->def ? op->def->name : "");
  buf__print_escaped_string(pr->out, name, strlen(name));
  out_puts(pr, "(");
  for (uint32_t i = 0; i < op->num_operands; i++) {
    if (i)
      out_puts(pr, ", ");
    buf_value_t *v = op->operands[i].value;
    out_puts(pr, v ? buf__names_value(&pr->names, v) : "<<NULL VALUE>>");
  }
  out_puts(pr, ")");
  if (op->num_successors) {
    out_puts(pr, "[");
    for (uint32_t i = 0; i < op->num_successors; i++) {
      if (i)
        out_puts(pr, ", ");
      out_puts(pr, buf__names_block(&pr->names, op->successors[i]));
    }
    out_puts(pr, "]");
  }

  bool collecting = pr->opts.use_aliases && pr->aliases.collecting;
  if (collecting) {
    /* mlir-opt's alias visit order for generic ops (see file header). */
    for (uint32_t i = 0; i < op->num_regions; i++)
      buf__print_region(pr, op->regions[i], true, true, true);
    print_functional_type(pr, op);
    print_attr_subset(pr, op, false, " {", "}");
    print_attr_subset(pr, op, true, " <{", "}>");
    return;
  }

  print_attr_subset(pr, op, true, " <{", "}>");
  if (op->num_regions) {
    out_puts(pr, " (");
    for (uint32_t i = 0; i < op->num_regions; i++) {
      if (i)
        out_puts(pr, ", ");
      buf__print_region(pr, op->regions[i], true, true, true);
    }
    out_puts(pr, ")");
  }
  print_attr_subset(pr, op, false, " {", "}");
  out_puts(pr, " : ");
  print_functional_type(pr, op);
}

/* The op name as the custom form spells it inside the current region. */
static void print_custom_name(buf_printer_t *pr, buf_op_t *op) {
  const char *name = op->name ? op->name : op->def->name;
  const char *d = pr->num_dialects ? pr->dialects[pr->num_dialects - 1] : "";
  size_t dl = strlen(d);
  if (dl && !strncmp(name, d, dl) && name[dl] == '.' &&
      !strchr(name + dl + 1, '.'))
    name += dl + 1;
  out_puts(pr, name);
}

/* Whether printing op itself (not its regions) may visit an affine map:
 * maps reach the text only through the op's attributes and the types it
 * prints, its operand and result types. */
static bool op_may_print_map(const buf_op_t *op) {
  if (buf__attr_may_print_map(op->attrs))
    return true;
  for (uint32_t i = 0; i < op->num_results; i++)
    if (buf__type_may_print_attr(op->results[i].type))
      return true;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    const buf_value_t *v = op->operands[i].value;
    if (!v || buf__type_may_print_attr(v->type))
      return true;
  }
  return false;
}

/* The alias-collecting pass for an op that cannot visit a map itself: only
 * what its regions hold is visited (block argument types, nested ops), in
 * print order, which keeps the maps' first-visit order. */
static void collect_nested(buf_printer_t *pr, buf_op_t *op) {
  buf__aliases_t *al = buf__printer_aliases(pr);
  for (uint32_t i = 0; i < op->num_regions; i++) {
    if (!op->regions[i])
      continue;
    for (buf_block_t *b = op->regions[i]->first; b; b = b->next) {
      for (uint32_t k = 0; k < b->num_args; k++)
        if (b->args[k] && buf__type_may_print_attr(b->args[k]->type))
          buf__print_type(pr->out, b->args[k]->type, al);
      for (buf_op_t *o = b->first; o; o = o->next)
        buf__print_operation(pr, o);
    }
  }
}

static void print_operation(buf_printer_t *pr, buf_op_t *op, bool with_results);

void buf__print_operation(buf_printer_t *pr, buf_op_t *op) {
  print_operation(pr, op, true);
}

/* Contract in buf/syntax.h. */
void buf_printer_print_nested_op(buf_printer_t *pr, buf_op_t *op) {
  print_operation(pr, op, false);
}

static void print_operation(buf_printer_t *pr, buf_op_t *op, bool with_results) {
  if (!op) {
    out_puts(pr, "<<NULL OPERATION>>");
    return;
  }
  if (pr->depth >= PRINT_MAX_DEPTH) {
    out_puts(pr, "<<NESTING TOO DEEP>>");
    return;
  }
  pr->depth++;
  buf__names_mark_t names = buf__names_enter(&pr->names, op);
  /* Without debug info the collecting pass only looks for affine maps: an
   * op that cannot print one itself is not printed, only searched. */
  if (pr->aliases.collecting && !pr->opts.debug_info && pr->out->discard &&
      !op_may_print_map(op)) {
    collect_nested(pr, op);
    buf__names_leave(&pr->names, names);
    pr->depth--;
    return;
  }
  /* mlir-opt visits an op's location before its body. */
  if (pr->aliases.collecting)
    buf__print_loc(pr, op->loc, true);
  const char *res = with_results ? buf__names_results(&pr->names, op) : NULL;
  if (res) {
    out_puts(pr, res);
    out_puts(pr, " = ");
  }
  const buf_opdef_t *def = op->def;
  if (!pr->opts.generic && def && def->print &&
      !(def->traits & BUF_TRAIT_UNREGISTERED) &&
      (!def->custom_form_parses_back || def->custom_form_parses_back(op))) {
    print_custom_name(pr, op);
    def->print(pr, op);
  } else if (pr->aliases.numbering && !pr->in_generic) {
    /* The generic form visits maps in another order than it prints them
     * (see the file header): a collecting visit of the op first gives the
     * maps of its whole subtree their numbers in mlir-opt's order. */
    buf_strbuf_t *out = pr->out;
    buf_strbuf_t scratch = {.discard = true};
    pr->out = &scratch;
    pr->aliases.numbering = false;
    pr->aliases.collecting = true;
    print_generic(pr, op);
    pr->aliases.collecting = false;
    pr->aliases.numbering = true;
    pr->out = out;
    pr->in_generic = true;
    print_generic(pr, op);
    pr->in_generic = false;
  } else {
    print_generic(pr, op);
  }
  /* a nested op's location is visited (its alias is numbered) but not
   * printed, as MLIR's printCustomOrGenericOp */
  if (!pr->aliases.collecting && with_results)
    buf__print_loc(pr, op->loc, true);
  buf__names_leave(&pr->names, names);
  pr->depth--;
}

/* ------------------------------------------------------------------------ */
/* Entry points                                                              */
/* ------------------------------------------------------------------------ */

buf_print_options_t buf_print_options_default(void) {
  buf_print_options_t o;
  memset(&o, 0, sizeof o);
  o.use_aliases = true;
  return o;
}

/* Printed text held back until the aliases are known. The copies live in
 * an arena of their own: its large chunks are backed by huge pages, where
 * one malloc per piece touched a fresh small page every few KiB (on a
 * 10 MB program, half the page faults of a whole print). */
typedef struct text_pieces {
  buf_arena_t *arena;
  char **text;
  size_t *len;
  uint32_t n, cap;
} text_pieces_t;

/* buf_strbuf_t.spill: keeps a copy of the text. */
static void keep_piece(void *user, const char *text, size_t n) {
  text_pieces_t *p = user;
  if (p->n == p->cap) {
    p->cap = p->cap ? p->cap * 2 : 64;
    p->text = realloc(p->text, p->cap * sizeof *p->text);
    p->len = realloc(p->len, p->cap * sizeof *p->len);
    if (!p->text || !p->len)
      abort(); /* out of memory */
  }
  char *copy = buf_arena_alloc(p->arena, n);
  memcpy(copy, text, n);
  p->text[p->n] = copy;
  p->len[p->n++] = n;
}

/* "#mapN = affine_map<...>" then "#setN = affine_set<...>" lines for the
 * aliases found (mlir-opt sorts them by name). */
static void print_map_aliases(buf_printer_t *pr) {
  for (int set = 0; set < 2; set++)
    for (uint32_t i = 0; i < pr->aliases.n; i++) {
      buf_attr_t a = pr->aliases.maps[i];
      if ((a->kind == BUF_ATTR_INTEGER_SET) != set)
        continue;
      buf__print_alias_name(pr->out, &pr->aliases, i);
      buf_strbuf_puts(pr->out, " = ");
      buf__print_alias_value(pr->out, a);
      buf_strbuf_puts(pr->out, "\n");
    }
}

/* Whether op verifies, without leaving diagnostics: the printer only
 * chooses its form with the answer. The errors the verifier records are
 * unlinked again (they stay in the arena until the context dies). */
static bool verifies_quietly(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_diag_t *tail = ctx->diags_tail;
  size_t errors = ctx->num_errors;
  bool ok = !BUF_FAILED(buf_verify(op));
  if (tail)
    tail->next = NULL;
  else
    ctx->diags = NULL;
  ctx->diags_tail = tail;
  ctx->num_errors = errors;
  return ok;
}

/* Prints op with aliases into out. */
static void print_top(buf_op_t *op, const buf_print_options_t *opts,
                      buf_strbuf_t *out) {
  buf_printer_t pr;
  memset(&pr, 0, sizeof pr);
  pr.ctx = op ? buf_op_ctx(op) : NULL;
  pr.opts = opts ? *opts : buf_print_options_default();
  if (!op) {
    buf_strbuf_puts(out, "<<NULL OPERATION>>\n");
    return;
  }
  if (!pr.opts.generic && !pr.opts.assume_verified && !verifies_quietly(op))
    pr.opts.generic = true;
  /* Names come from the outermost ancestor, as MLIR numbers a nested op
   * from its top-level op: a nested op printed alone (a diagnostic's "see
   * current operation") shows the names the whole-module print shows. */
  buf_op_t *root = op;
  for (uint32_t guard = 0; guard < 100000 && root->block &&
                           root->block->region && root->block->region->op;
       guard++)
    root = root->block->region->op;
  /* Printing root itself, every op of its region passes through
   * buf__print_operation, which names deferred regions as it goes; the
   * two-pass print with location aliases names everything up front. */
  bool defer = op == root && !(pr.opts.use_aliases && pr.opts.debug_info);
  buf__names_compute(&pr.names, root, pr.opts.generic, defer);
  push_dialect(&pr, "builtin");

  /* The custom form without locations visits affine maps in print order
   * (custom hooks run for real in mlir-opt's alias pass too): one print
   * into memory numbers them as they come, and the alias lines are written
   * before its text. The generic form visits in another order than it
   * prints, and location aliases have their own placement rules: those
   * print twice, first to find the aliases. */
  if (pr.opts.use_aliases && !pr.opts.generic && !pr.opts.debug_info) {
    /* The text is kept in pieces (one growing string would need twice its
     * size while it moves). */
    text_pieces_t pieces = {.arena = buf_arena_create()};
    buf_strbuf_t body = {.spill = keep_piece, .spill_user = &pieces};
    pr.out = &body;
    pr.aliases.numbering = true;
    buf__print_operation(&pr, op);
    buf_strbuf_flush(&body);
    buf_strbuf_free(&body);
    pr.aliases.numbering = false;
    pr.out = out;
    print_map_aliases(&pr);
    for (uint32_t i = 0; i < pieces.n; i++)
      buf_strbuf_append(out, pieces.text[i], pieces.len[i]);
    buf_arena_destroy(pieces.arena);
    free(pieces.text);
    free(pieces.len);
    buf_strbuf_puts(out, "\n");
    if (op == root)
      buf__print_file_metadata(out, op, &pr.opts);
    buf__names_free(&pr.names);
    buf__aliases_free(&pr.aliases);
    free(pr.dialects);
    return;
  }

  if (pr.opts.use_aliases) {
    /* A first print, its text dropped, finds the aliases in the order
     * mlir-opt assigns them. */
    buf_strbuf_t scratch = {.discard = true};
    pr.out = &scratch;
    pr.aliases.collecting = true;
    buf__print_operation(&pr, op);
    pr.aliases.collecting = false;
    buf_strbuf_free(&scratch);
    pr.indent = 0;
    pr.depth = 0;
    pr.num_dialects = 1;
  }

  pr.out = out;
  /* Aliases sort by name: "loc" before "map"; deferred locations go last. */
  print_loc_aliases(&pr, false);
  print_map_aliases(&pr);
  buf__print_operation(&pr, op);
  buf_strbuf_puts(out, "\n");
  print_loc_aliases(&pr, true);
  if (op == root)
    buf__print_file_metadata(out, op, &pr.opts);

  buf__names_free(&pr.names);
  locs_free(&pr.locs);
  buf__aliases_free(&pr.aliases);
  free(pr.dialects);
}

char *buf_print_op_to_string(buf_op_t *op, const buf_print_options_t *opts,
                             size_t *len) {
  buf_strbuf_t sb = {0};
  print_top(op, opts, &sb);
  if (!sb.data)
    buf_strbuf_append(&sb, "", 0);
  if (len)
    *len = sb.len;
  return sb.data;
}

void buf_print_op(buf_op_t *op, const buf_print_options_t *opts, FILE *out) {
  buf_strbuf_t sb = {.sink = out};
  print_top(op, opts, &sb);
  buf_strbuf_flush(&sb);
  buf_strbuf_free(&sb);
}
