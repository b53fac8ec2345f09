/*
 * printer_internal.h: what the printer's files share.
 *
 *   strbuf.c        growable malloc'd strings (public buf_strbuf_*)
 *   float_format.c  MLIR's float spelling (APFloat::toString emulation)
 *   print_types.c   types
 *   print_attrs.c   attributes, affine maps, dense elements
 *   naming.c        SSA value and block names, mirroring mlir-opt's
 *                   SSANameState
 *   printer.c       ops (custom and generic form), regions, blocks, aliases,
 *                   the public whole-program entry points
 *   print_asm.c     the op-assembly API (buf_printer_*) for custom hooks
 *
 * Invariants: the printer never mutates IR and never allocates from the
 * context's arena while printing an op (all scratch memory is malloc'd and
 * freed when the print ends), so printing is safe on IR that is being
 * reported as invalid and two threads may print two contexts at once.
 */
#ifndef BUF_SYNTAX_PRINTER_INTERNAL_H
#define BUF_SYNTAX_PRINTER_INTERNAL_H

#include "buf/syntax.h"

/* ------------------------------------------------------------------------ */
/* Pointer map (malloc'd, open addressing)                                   */
/* ------------------------------------------------------------------------ */

typedef struct buf__prmap {
  const void **keys;
  void **vals;
  uint32_t cap; /* power of two or 0 */
  uint32_t n;
} buf__prmap_t;

/* Appends the decimal form of v to sb. */
void buf__strbuf_append_i64(buf_strbuf_t *sb, int64_t v);
void buf__strbuf_append_u64(buf_strbuf_t *sb, uint64_t v);

void *buf__prmap_get(const buf__prmap_t *m, const void *key);
void buf__prmap_put(buf__prmap_t *m, const void *key, void *val);
void buf__prmap_free(buf__prmap_t *m);

/* ------------------------------------------------------------------------ */
/* Aliases (#map, #map1 ...)                                                 */
/* ------------------------------------------------------------------------ */

/* The alias table of one print. In collecting mode every affine map seen is
 * recorded in first-visit order (mlir-opt's order: it runs a dummy print
 * pass and aliases same-kind attributes in visit order); in lookup mode an
 * affine map that has an alias prints as #mapN. In numbering mode a map
 * gets its alias at its first visit and prints as #mapN at once: one print
 * does both, which is right when the print visits maps in the collecting
 * pass's order (see print_top). */
typedef struct buf__aliases {
  bool collecting;
  bool numbering;
  buf__prmap_t index;   /* attr -> (void *)(uintptr_t)(position + 1) */
  buf_attr_t *maps;     /* in alias order */
  uint32_t n, cap;
  /* The printed text of recently printed attribute-free types (which print
   * the same wherever they appear), so "tensor<16x4xf32>" is formatted once
   * per print rather than at every use. Direct-mapped by type pointer. */
  struct {
    buf_type_t type;
    uint8_t len;
    char text[47];
  } types[64];
} buf__aliases_t;

/* How a nested attribute may drop its ": type" (MLIR's AttrTypeElision):
 * NEVER in attribute dictionaries, MAY in arrays (drops i64), MUST for
 * print_attr_no_type. */
typedef enum buf__elide {
  BUF__ELIDE_NEVER,
  BUF__ELIDE_MAY,
  BUF__ELIDE_MUST,
} buf__elide_t;

/* Prints a type / attribute; al may be NULL (no aliases). */
void buf__print_type(buf_strbuf_t *sb, buf_type_t t, buf__aliases_t *al);
void buf__print_attr(buf_strbuf_t *sb, buf_attr_t a, buf__aliases_t *al,
                     buf__elide_t elide);
/* "(d0, d1)[s0] -> (d0 + s0, d1)": the body of affine_map<...>. */
void buf__print_affine_map(buf_strbuf_t *sb, buf_affine_map_t *map);
/* "{a = 1 : i32, b}" for a DICT attribute (no leading space). */
void buf__print_dict_entries(buf_strbuf_t *sb, const buf_named_attr_t *e,
                             uint32_t n, buf__aliases_t *al);
/* Whether printing t may visit an attribute (so an affine map): false for
 * scalars and plain shaped types (print_types.c). */
bool buf__type_may_print_attr(buf_type_t t);
/* Whether printing a may visit an affine map (print_attrs.c). */
bool buf__attr_may_print_map(buf_attr_t a);
/* The alias of position k of al ("#map2", "#set"), and the text an alias
 * stands for ("affine_map<...>", "affine_set<...>"). */
void buf__print_alias_name(buf_strbuf_t *sb, const buf__aliases_t *al,
                           uint32_t k);
void buf__print_alias_value(buf_strbuf_t *sb, buf_attr_t a);
/* A string literal with MLIR escaping ("a\22b\0A"). */
void buf__print_escaped_string(buf_strbuf_t *sb, const char *s, size_t n);
/* An attribute-dictionary key or symbol name: bare when it is a valid
 * identifier, quoted otherwise. */
bool buf__is_bare_identifier(const char *s, size_t n);
/* Releases the alias table's memory. */
void buf__aliases_free(buf__aliases_t *al);

/* A finite or non-finite float of the given kind, as MLIR prints it:
 * "1.500000e+00", "0.333333343", "0x7FC00000". */
void buf__print_float(buf_strbuf_t *sb, double v, buf_float_kind_t kind);
/* The bit pattern of v rounded (to nearest even) into kind; NaN payloads
 * are kept in their top bits. */
uint64_t buf__float_bits(double v, buf_float_kind_t kind);

/* ------------------------------------------------------------------------ */
/* SSA names                                                                 */
/* ------------------------------------------------------------------------ */

/* The printed names of one print: values, result groups and block labels.
 * Computed for the whole printed op before printing starts so that forward
 * references (branches to later blocks, graph regions) print right. */
typedef struct buf__name_slot {
  const void *key;   /* the value, op or block this slot names */
  uint32_t text;     /* offset in text: "%name", the result header, "^bb3";
                      * UINT32_MAX while unset */
  int32_t aux;       /* values: %N number (-1: named); blocks: index */
  uint32_t name;     /* values with a custom name: its offset in text */
} buf__name_slot_t;

/* One slot per named object, found through the object's print_slot scratch
 * field (checked against key, so stale scratch values are harmless); all
 * strings live in one buffer, so naming costs no allocation per value. */
typedef struct buf__names {
  buf__name_slot_t *slots;
  uint32_t num_slots, cap_slots;
  char *text;           /* NUL-separated strings */
  size_t text_len, text_cap;
  char (*numbuf)[24];   /* 4 rotating buffers for plain numbers "%12" */
  uint32_t *numbuf_next;
  struct buf__name_state *state; /* the naming walk's state (naming.c) */
  bool deferred;        /* root's ops name their regions in enter/leave */
} buf__names_t;

/* Names every value and block nested in root (root's results too), as
 * mlir-opt does; generic selects the generic-form rules (no custom names,
 * unique numbering across sibling regions). With deferred (custom form,
 * and a print that goes through buf__names_enter/leave for every op of
 * root's region), the names inside each such op are made when it is
 * printed and dropped after it: a module's functions are named one at a
 * time, near the printing that reads them, and never all held at once. */
void buf__names_compute(buf__names_t *nm, buf_op_t *root, bool generic,
                        bool deferred);
void buf__names_free(buf__names_t *nm);
/* What buf__names_leave drops. */
typedef struct buf__names_mark {
  uint32_t num_slots;
  size_t text_len;
  bool named; /* enter named op's regions */
} buf__names_mark_t;
/* Before printing op: names its regions when they were deferred. */
buf__names_mark_t buf__names_enter(buf__names_t *nm, buf_op_t *op);
/* After printing op: forgets the names buf__names_enter made. */
void buf__names_leave(buf__names_t *nm, buf__names_mark_t mark);
/* The printed name of v ("<<UNKNOWN SSA VALUE>>" when v is not in the
 * printed IR, as MLIR prints it). */
const char *buf__names_value(const buf__names_t *nm, buf_value_t *v);
/* "%0", "%0:2" or "%a, %b:2": the result list before " = " (NULL when the
 * op has no results). */
const char *buf__names_results(const buf__names_t *nm, buf_op_t *op);
const char *buf__names_block(const buf__names_t *nm, buf_block_t *b);
/* Position of b in its region (0-based), or -1 when unknown. */
int64_t buf__names_block_index(const buf__names_t *nm, buf_block_t *b);

/* ------------------------------------------------------------------------ */
/* The printer                                                               */
/* ------------------------------------------------------------------------ */

/* Location aliases (#loc, #loc1 ...) of a --mlir-print-debuginfo print, in
 * visit order. Op locations may be "deferred" (defined after the op, at the
 * bottom); a location also used by a block argument is defined at the top. */
typedef struct buf__locs {
  buf_loc_t *locs;
  bool *deferred;
  uint32_t n, cap;
  uint32_t *slots;    /* hash: index + 1, 0 empty */
  uint32_t num_slots; /* power of two or 0 */
} buf__locs_t;

struct buf_printer_s {
  buf_ctx_t *ctx;
  buf_strbuf_t *out;          /* where text goes */
  buf_print_options_t opts;
  buf__names_t names;
  buf__aliases_t aliases;     /* used when opts.use_aliases */
  uint32_t indent;            /* current indentation in spaces */
  /* Stack of default dialects of the regions being printed ("builtin" at
   * top level, as mlir-opt). */
  const char **dialects;
  uint32_t num_dialects, cap_dialects;
  uint32_t depth;             /* op nesting, bounded against stack overflow */
  bool in_generic;            /* numbering aliases inside a generic-form op
                               * whose maps are numbered already */
  buf__locs_t locs;           /* used when opts.debug_info && use_aliases */
};

/* Prints " loc(...)" for loc when debug info is on: an alias for op
 * locations (allow_alias), inline for block arguments, as mlir-opt. In the
 * alias-collecting pass it records the location instead. */
void buf__print_loc(buf_printer_t *pr, buf_loc_t loc, bool allow_alias);

/* Prints op (results, name, body) at the current position. */
void buf__print_operation(buf_printer_t *pr, buf_op_t *op);
/* Prints a region as "{\n ... }" honouring the options; print_empty_block
 * forces a header on an empty entry block (generic form). */
void buf__print_region(buf_printer_t *pr, buf_region_t *r, bool entry_args,
                       bool terminators, bool print_empty_block);
/* The alias table to use for types/attrs, or NULL. */
buf__aliases_t *buf__printer_aliases(buf_printer_t *pr);

/* A dialect-resource key, bare or quoted as mlir-opt prints it
 * (print_attrs.c). */
void buf__print_resource_key(buf_strbuf_t *sb, const char *s);

/* Writes the `{-# ... #-}` section of the printed top-level op top (its
 * referenced blobs and the context's external resources), nothing when
 * there are none (resources.c). */
void buf__print_file_metadata(buf_strbuf_t *out, buf_op_t *top,
                              const buf_print_options_t *opts);

#endif /* BUF_SYNTAX_PRINTER_INTERNAL_H */
