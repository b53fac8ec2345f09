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

/* Returns true when v is in s. */
bool buf__bo_vset_has(const bo_vset_t *s, const buf_value_t *v);
/* Adds v; returns false when it was already there. */
bool buf__bo_vset_add(bo_vset_t *s, buf_value_t *v);
void buf__bo_oplist_push(bo_oplist_t *l, buf_op_t *op);

/* True when op allocates a new buffer of the given kind whose contents it
 * does not take from a buffer operand: memref.alloc (BUF_ALLOC_HEAP) and
 * memref.alloca (BUF_ALLOC_STACK), not bufferization.clone (which reads
 * its source) or memref.realloc (which also frees it). */
bool buf__bo_is_fresh_alloc(const buf_op_t *op, buf_alloc_kind_t kind);

/* True when op does nothing but free its one operand (memref.dealloc):
 * moving or erasing it changes only when that buffer is freed. */
bool buf__bo_is_plain_free(const buf_op_t *op);

/* True when v is an arith.constant (a CONSTANT op) of type i1 (or a bool)
 * holding value. */
bool buf__bo_value_is_const_i1(const buf_value_t *v, bool value);

/* True for bufferization.dealloc, the op the deallocation passes emit,
 * simplify and lower: they read and rebuild its three operand segments
 * (memrefs, conditions, retained), a layout of that op alone. */
bool buf__bo_is_bufferization_dealloc(const buf_op_t *op);
/* Does op return a fresh heap buffer holding a copy of its one operand
 * (bufferization.clone): it reads the operand and neither frees it
 * (realloc) nor only takes sizes from it (alloc)? */
bool buf__bo_is_heap_copy(const buf_op_t *op);

/* Does call return ownership flags (private-function-dynamic-ownership):
 * a private function with a body whose results end in one i1 per memref
 * result? Its memref results may then be its memref operands. */
bool buf__bo_call_returns_flags(const buf_op_t *call);

/* The values that may alias v (v included), following uses forward: views
 * (every memref/tensor result of an op that takes an alias, except the
 * fresh results of ALLOC ops), region ops that receive an alias (their
 * memref entry arguments and results), yields and branches (the receiving
 * results and block arguments). Results of CALL ops count as aliases of
 * their memref operands when calls_alias is true (the deallocation
 * ABI guarantees fresh call results; escape analysis does not rely on
 * it), and always for calls that return ownership flags. *escapes is set when an alias reaches a function's return. */
void buf__bo_alias_closure(buf_value_t *v, bool calls_alias, bo_vset_t *out,
                           bool *escapes);

/* The ancestor of op (op itself included) that lies directly in block b;
 * NULL when op is not nested in b. */
buf_op_t *buf__bo_ancestor_in_block(buf_op_t *op, buf_block_t *b);

/* Does the use u leave the buffer's contents alone? Its op's effect on the
 * operand (buf_op_operand_effect) neither writes nor frees; views, which
 * have none, count as reads (the caller's alias closure checks their
 * uses), and so do yields and branches that hand the buffer on. A call of
 * a defined function is followed into the callee (a few calls deep); of
 * declared functions only the runner-utils printers are known to only
 * read. A function's return reads when return_reads (nothing after it
 * writes in this function), else it counts as a write (the caller may
 * write). */
bool buf__bo_use_only_reads(buf_use_t *u, bool return_reads);

/* True when value v is defined outside op (so it is available before op). */
bool buf__bo_defined_outside(const buf_value_t *v, const buf_op_t *op);

/* Moves the memref.allocs of func out of region ops while their operands
 * are defined outside: loops == false leaves REGION_BRANCH ops (scf.if,
 * scf.index_switch, scf.execute_region; buffer-hoisting), loops == true
 * leaves LOOP ops (scf.for, scf.while, scf.parallel) when no alias
 * outlives the iteration (buffer-loop-hoisting); never an
 * ALLOCATION_SCOPE op (scf.forall, affine.for), linalg or other ops.
 * Allocs with an explicit free are left alone. Within its final block an
 * alloc moves up to just after the defs of its operands. */
void buf__bo_hoist_allocs(buf_op_t *func, bool loops);

/* Every call of func under root (CALL ops whose callee attribute names
 * func's symbol), in walk order. */
void buf__bo_collect_calls(buf_op_t *root, buf_op_t *func, bo_oplist_t *out);
/* Every op that returns from func (buf_op_is_function_return), in walk
 * order. */
void buf__bo_collect_returns(buf_op_t *func, bo_oplist_t *out);

/* Internal entry points, so that buffer-deallocation-pipeline can run its
 * three passes without option objects. */
/* root: a module or one function; private_dynamic: the
 * private-function-dynamic-ownership option (module roots only);
 * calls_own_base: free identity-layout call results as they are, not
 * through their extracted base (the pipeline's choice, see od_t). */
buf_status_t buf__ownership_dealloc_module(buf_op_t *root, bool private_dynamic,
                                           bool calls_own_base);
buf_status_t buf__dealloc_simplify(buf_op_t *root, bool early_frees);
/* Lowers every dealloc under root; under a root that is not a symbol table
 * (one function) it refuses deallocs of several memrefs, as upstream. */
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

/* What upstream's greedy pattern driver does besides the patterns
 * (greedy_cleanup.c): uniques and hoists constants as its folder does on
 * its first walk, and erases trivially dead ops. A pattern pass calls the
 * first before rewriting and the second after. */
void buf__greedy_cleanup_constants(buf_op_t *root);
void buf__greedy_cleanup_dead(buf_op_t *root);
/* Erases the blocks of root's multi-block regions (nested ones included)
 * that no path from their region's entry block reaches; true when some
 * went (upstream's region simplification). */
bool buf__greedy_cleanup_unreachable_blocks(buf_op_t *root);
/* Canonicalizes root (a module or a function) as --canonicalize does with
 * its default options (canonicalize.c). */
buf_status_t buf__canonicalize(buf_op_t *root);
/* True when op has no memory effects, the ops of its regions included
 * (greedy_cleanup.c): pure ops, and ops whose effects are on buffer
 * operands (a linalg op) where every operand is a tensor. */
bool buf__op_effect_free(buf_op_t *op);

/* Creates `scf.for %iv = lb to ub step step iter_args(inits)` (n inits)
 * at b whose body yields its iteration arguments unchanged, and moves b
 * before that yield (callers reset its operands to what an iteration
 * computes). */
buf_op_t *buf__bo_build_for(buf_builder_t *b, buf_value_t *lb, buf_value_t *ub,
                           buf_value_t *step, uint32_t n, buf_value_t *const *inits);

/* Ops in op, op itself and nested ones counted: how much code it is. */
uint64_t buf__bo_op_weight(buf_op_t *op);
/* True when v is a scalar or vector constant (a CONSTANT op without
 * operands): a function outlined from code that uses v clones it in
 * rather than taking it, so bounds and shapes stay static. */
bool buf__bo_is_scalar_constant(const buf_value_t *v);
/* A detached private func.func `name` of type (in) -> (out), marked
 * no_inline (LLVM's inliner would copy outlined code back), with an empty
 * entry block whose arguments the caller adds. */
buf_op_t *buf__bo_outlined_function(buf_ctx_t *ctx, buf_loc_t loc, const char *name,
                                    uint32_t num_in, const buf_type_t *in,
                                    uint32_t num_out, const buf_type_t *out);

#endif /* BUF_TRANSFORMS_BUFOPT_INTERNAL_H */
