/*
 * vector_internal.h: the hooks of the vector dialect's ops that live outside
 * vector.c (whose table lists every op): the value ops (vector_values.c)
 * and vector.contract (vector_contract.c), plus helpers they share.
 */
#ifndef BUF_VECTOR_INTERNAL_H
#define BUF_VECTOR_INTERNAL_H

#include "dialect_util.h"

#include "buf/vector.h"

#include <string.h>

static inline bool is_vector(buf_type_t t) { return t && t->kind == BUF_TYPE_VECTOR; }

static inline const char *type_str(buf_op_t *op, buf_type_t t) {
  return buf_type_to_string(buf_op_ctx(op), t);
}

/* The k of an opaque `#<dialect>.<what><k>` attribute among names (n of
 * them); -1 when it is none. */
int buf__vector_opaque_keyword(buf_attr_t a, const char *prefix, const char *const *names, int n);

/* vector_values.c: broadcast and shape_cast (`%v : S to V`), extract and
 * insert, fma, from_elements, reduction. */
buf_status_t buf__vector_parse_unary_to(buf_parser_t *p, buf_op_state_t *st);
void buf__vector_print_unary_to(buf_printer_t *pr, buf_op_t *op);
buf_status_t buf__vector_broadcast_verify(buf_op_t *op);
buf_status_t buf__vector_shape_cast_verify(buf_op_t *op);
extern const char *const buf__vector_position_attrs[];
buf_status_t buf__vector_extract_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__vector_extract_print(buf_printer_t *pr, buf_op_t *op);
buf_status_t buf__vector_extract_verify(buf_op_t *op);
buf_status_t buf__vector_insert_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__vector_insert_print(buf_printer_t *pr, buf_op_t *op);
buf_status_t buf__vector_insert_verify(buf_op_t *op);
buf_status_t buf__vector_fma_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__vector_fma_print(buf_printer_t *pr, buf_op_t *op);
buf_status_t buf__vector_fma_verify(buf_op_t *op);
buf_status_t buf__vector_from_elements_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__vector_from_elements_print(buf_printer_t *pr, buf_op_t *op);
buf_status_t buf__vector_from_elements_verify(buf_op_t *op);
extern const char *const buf__vector_reduction_attrs[];
buf_status_t buf__vector_reduction_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__vector_reduction_print(buf_printer_t *pr, buf_op_t *op);
buf_status_t buf__vector_reduction_verify(buf_op_t *op);
buf_type_t buf__vector_reduction_mask_type(const buf_op_t *op);
buf_op_t *buf__vector_reduction_apply_mask(buf_op_t *op, buf_value_t *mask);

/* vector_contract.c */
extern const char *const buf__vector_contract_attrs[];
void buf__vector_contract_fill_defaults(buf_op_t *op);
buf_status_t buf__vector_contract_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__vector_contract_print(buf_printer_t *pr, buf_op_t *op);
buf_status_t buf__vector_contract_verify(buf_op_t *op);

/* vector_mask.c: vector.mask and vector.yield */
buf_status_t buf__vector_mask_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__vector_mask_print(buf_printer_t *pr, buf_op_t *op);
bool buf__vector_mask_parses_back(const buf_op_t *op);
buf_status_t buf__vector_mask_verify(buf_op_t *op);
void buf__vector_yield_print(buf_printer_t *pr, buf_op_t *op);

/* vector.c: the mask type of a transfer (MaskableOpInterface), NULL when
 * its types are not a vector and a shaped source. */
buf_type_t buf__vector_transfer_mask_type(const buf_op_t *op);

#endif /* BUF_VECTOR_INTERNAL_H */
