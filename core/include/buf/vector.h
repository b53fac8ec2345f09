/*
 * buf/vector.h: facts about vector ops that the interpreter and the LLVM
 * emitter share with the dialect (core/dialects/vector.c).
 *
 * vector.reduction carries its combining kind as `#vector.kind<add>` (an
 * opaque attribute holding that canonical spelling), vector.print its
 * punctuation as `#vector.punctuation<comma>`; buf_vector_kind_of and
 * buf_vector_punct_of decode them so that no consumer compares names
 * itself. Both sets are closed (upstream's enums), so they are enums.
 */
#ifndef BUF_VECTOR_H
#define BUF_VECTOR_H

#include "buf/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum buf_vector_kind {
  BUF_VKIND_ADD,
  BUF_VKIND_MUL,
  BUF_VKIND_MINUI,
  BUF_VKIND_MINSI,
  BUF_VKIND_MINNUMF,
  BUF_VKIND_MAXUI,
  BUF_VKIND_MAXSI,
  BUF_VKIND_MAXNUMF,
  BUF_VKIND_AND,
  BUF_VKIND_OR,
  BUF_VKIND_XOR,
  BUF_VKIND_MAXIMUMF,
  BUF_VKIND_MINIMUMF,
  BUF_VKIND_COUNT
} buf_vector_kind_t;

/* What vector.print writes after its value (`punctuation <comma>`; the
 * default, newline, is left out of the custom form). */
typedef enum buf_vector_punct {
  BUF_VPUNCT_NO_PUNCTUATION,
  BUF_VPUNCT_NEWLINE,
  BUF_VPUNCT_COMMA,
  BUF_VPUNCT_OPEN,
  BUF_VPUNCT_CLOSE,
  BUF_VPUNCT_COUNT
} buf_vector_punct_t;

/* Decodes `#vector.punctuation<name>`; newline when a is NULL, false when
 * a names no punctuation. */
bool buf_vector_punct_of(buf_attr_t a, buf_vector_punct_t *out);

/* The keyword of a kind ("add", "maximumf"). */
const char *buf_vector_kind_name(buf_vector_kind_t k);
/* Whether the kind applies to integer (index too) or to float elements. */
bool buf_vector_kind_accepts(buf_vector_kind_t k, buf_type_t elem);
/* The value of kind k and element type elem that leaves every value as it
 * is when combined with it (0 for add, the largest value for minsi, NaN for
 * minnumf ...): what the masked-off lanes of a masked reduction take. An
 * INTEGER or FLOAT attribute of type elem. */
buf_attr_t buf_vector_kind_neutral(buf_ctx_t *ctx, buf_vector_kind_t k, buf_type_t elem);
/* Decodes `#vector.kind<name>`; false when a is NULL or names no kind. */
bool buf_vector_kind_of(buf_attr_t a, buf_vector_kind_t *out);

/* The op a vector.mask masks, or NULL when its region holds only the
 * vector.yield (or mask is malformed). */
buf_op_t *buf_vector_mask_masked_op(const buf_op_t *mask);

#ifdef __cplusplus
}
#endif

#endif /* BUF_VECTOR_H */
