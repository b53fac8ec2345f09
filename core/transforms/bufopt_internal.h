/*
 * bufopt_internal.h: helpers shared by the passes that run on bufferized
 * (memref) programs: buffer hoisting, promotion to the stack, out-params,
 * and the ownership-based deallocation pipeline.
 *
 * Everything lives in the context's arena (value sets are small arrays with
 * linear lookups: functions are small and the passes run once), so nothing
 * here owns memory or global state.
 */
#ifndef BUF_TRANSFORMS_BUFOPT_INTERNAL_H
#define BUF_TRANSFORMS_BUFOPT_INTERNAL_H

#include <stdbool.h>
#include <string.h>

#include "buf/ir.h"

/* A growable set of values in an arena (insertion order kept). */
typedef struct bo_vset {
  buf_value_t **v;
  uint32_t n, cap;
  buf_arena_t *arena;
} bo_vset_t;

/* A growable list of ops in an arena. */
typedef struct bo_oplist {
  buf_op_t **ops;
  uint32_t n, cap;
  buf_arena_t *arena;
} bo_oplist_t;

static inline bool bo_is(const buf_op_t *op, const char *name) {
  return strcmp(op->name, name) == 0;
}

/* Returns true when v is in s. */
bool buf__bo_vset_has(const bo_vset_t *s, const buf_value_t *v);
/* Adds v; returns false when it was already there. */
bool buf__bo_vset_add(bo_vset_t *s, buf_value_t *v);
void buf__bo_oplist_push(bo_oplist_t *l, buf_op_t *op);

/* True for the ops whose memref result is a fresh buffer the caller owns:
 * memref.alloc, memref.realloc, bufferization.clone. */
bool buf__bo_is_heap_alloc(const buf_op_t *op);

/* The values that may alias v (v included), following uses forward: views
 * (every memref/tensor result of an op that takes an alias, except the
 * fresh results of alloc/clone/load-like ops), region ops that receive an
 * alias (their memref entry arguments and results), yields and branches
 * (the receiving results and block arguments). func.call results count as
 * aliases of their memref operands only when calls_alias is true (the
 * deallocation ABI guarantees fresh call results; escape analysis does not
 * rely on it). *escapes is set when an alias reaches func.return. */
void buf__bo_alias_closure(buf_value_t *v, bool calls_alias, bo_vset_t *out,
                           bool *escapes);

/* The ancestor of op (op itself included) that lies directly in block b;
 * NULL when op is not nested in b. */
buf_op_t *buf__bo_ancestor_in_block(buf_op_t *op, buf_block_t *b);

/* True for loop-like region ops (their bodies run repeatedly). */
bool buf__bo_is_loop(const buf_op_t *op);

/* The buffer v views, following view-like ops (casts, subviews, reshapes,
 * reinterpret_cast) back to their source. */
buf_value_t *buf__bo_underlying(buf_value_t *v);

/* The func.func a func.call calls; NULL when it cannot be found. */
buf_op_t *buf__bo_called_function(buf_op_t *call);

/* Does the use u leave the buffer's contents alone? Views count as reads
 * (the caller's alias closure checks their uses); a call of a defined
 * function is followed into the callee (a few calls deep); of declared
 * functions only the runner-utils printers are known to only read. A
 * func.return reads when return_reads (nothing after it writes in this
 * function), else it counts as a write (the caller may write). */
bool buf__bo_use_only_reads(buf_use_t *u, bool return_reads);

/* True when value v is defined outside op (so it is available before op). */
bool buf__bo_defined_outside(const buf_value_t *v, const buf_op_t *op);

/* Moves the memref.allocs of func out of region ops while their operands
 * are defined outside: loops == false leaves scf.if / scf.index_switch /
 * scf.execute_region (buffer-hoisting), loops == true leaves scf.for /
 * scf.while / scf.parallel when no alias outlives the iteration
 * (buffer-loop-hoisting); never scf.forall, linalg or other ops. Allocs
 * with an explicit free are left alone. Within its final block an alloc
 * moves up to just after the defs of its operands. */
void buf__bo_hoist_allocs(buf_op_t *func, bool loops);

/* Internal entry points, so that buffer-deallocation-pipeline can run its
 * three passes without option objects. */
buf_status_t buf__ownership_dealloc_module(buf_op_t *module);
buf_status_t buf__dealloc_simplify(buf_op_t *root);
buf_status_t buf__lower_deallocs(buf_op_t *root);

/* Lowers one linalg structured op on memrefs to loops and erases it
 * (convert-linalg-to-loops; with parallel, convert-linalg-to-parallel-loops:
 * the parallel dimensions form one outer scf.parallel, the reduction
 * dimensions scf.for loops inside it). Ops on tensors or with results are
 * left alone. interchange_reductions (sequential loops only): the
 * convert-linalg-to-loops option of that name. */
buf_status_t buf__linalg_lower_to_loops(buf_op_t *op, bool parallel,
                                        bool interchange_reductions);
/* The end of buffer-deallocation-pipeline: folds clones freed in their own
 * block into their source and erases dead pure ops (dealloc_cleanup.c). */
buf_status_t buf__dealloc_cleanup(buf_op_t *root);

#endif /* BUF_TRANSFORMS_BUFOPT_INTERNAL_H */
