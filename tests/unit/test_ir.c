/*
 * test_ir.c: unit tests of the IR core (core/ir): interning, canonical
 * attribute values, affine simplification, memref strides, building and
 * mutating IR, use lists, clone, walk, the verifier's structural checks,
 * diagnostic printing, and two contexts on two threads.
 *
 * Each check prints the failing expression with its line; the process
 * exits nonzero when any check failed.
 */
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf/ir.h"
#include "test.h"

static buf_loc_t L(buf_ctx_t *ctx, uint32_t line, uint32_t col) {
  return (buf_loc_t){buf_ident_cstr(ctx, "t.mlir"), line, col};
}

/* True when some recorded diagnostic's message contains s. */
static bool has_diag(buf_ctx_t *ctx, const char *s) {
  for (const buf_diag_t *d = buf_ctx_diags(ctx); d; d = d->next)
    if (strstr(d->message, s)) return true;
  return false;
}

/* ---- arena -------------------------------------------------------------- */

static void test_arena(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_arena_t *a = buf_ctx_arena(ctx);
  for (int i = 0; i < 1000; i++) {
    size_t n = (size_t)(i * 37 % 301) + 1;
    unsigned char *p = buf_arena_alloc(a, n);
    CHECK(((uintptr_t)p & 15) == 0);
    bool zero = true;
    for (size_t k = 0; k < n; k++) zero &= p[k] == 0;
    CHECK(zero);
    memset(p, 0xab, n);
  }
  unsigned char *big = buf_arena_alloc(a, 1 << 20);
  CHECK(((uintptr_t)big & 15) == 0);
  CHECK(big[0] == 0 && big[(1 << 20) - 1] == 0);
  unsigned char *small = buf_arena_alloc(a, 8);
  CHECK(small[0] == 0);
  char *s = buf_arena_printf(a, "%s-%d", "x", 42);
  CHECK(strcmp(s, "x-42") == 0);
  char *d = buf_arena_strndup(a, "hello world", 5);
  CHECK(strcmp(d, "hello") == 0);
  int64_t *arr = buf_arena_alloc(a, 3 * sizeof *arr);
  arr[0] = 1, arr[1] = 2, arr[2] = 3;
  int64_t *g = buf_arena_grow(a, arr, 3, 6, sizeof *arr);
  CHECK(g[0] == 1 && g[2] == 3 && g[3] == 0 && g[5] == 0);
  buf_ctx_destroy(ctx);
}

/* ---- interning ---------------------------------------------------------- */

static void test_interning(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  CHECK(buf_ident_cstr(ctx, "abc") == buf_ident(ctx, "abcdef", 3));
  CHECK(buf_ident_cstr(ctx, "abc") != buf_ident_cstr(ctx, "abd"));

  buf_type_t f32 = buf_type_f32(ctx);
  CHECK(f32 == buf_type_float(ctx, BUF_F32));
  CHECK(buf_type_i32(ctx) == buf_type_integer(ctx, 32, BUF_SIGNLESS));
  CHECK(buf_type_i32(ctx) != buf_type_integer(ctx, 32, BUF_SIGNED));
  int64_t s1[] = {4, BUF_DYNAMIC};
  int64_t s2[] = {4, BUF_DYNAMIC};
  buf_type_t t1 = buf_type_tensor(ctx, 2, s1, f32, NULL);
  CHECK(t1 == buf_type_tensor(ctx, 2, s2, f32, NULL));
  CHECK(t1 != buf_type_tensor(ctx, 2, s2, buf_type_f64(ctx), NULL));
  CHECK(t1->u.shaped.shape != s1); /* copied into the arena */
  /* Rank-0 shapes and empty lists are non-NULL (safe for memcmp). */
  CHECK(buf_type_tensor(ctx, 0, NULL, f32, NULL)->u.shaped.shape != NULL);
  CHECK(buf_type_function(ctx, 0, NULL, 0, NULL)->u.func.inputs != NULL);

  /* Scalable vectors: the flags are part of the type; all-false flags are
   * the fixed vector itself. */
  int64_t v48[] = {4, 8};
  bool none[] = {false, false}, inner[] = {false, true}, inner2[] = {false, true},
       outer[] = {true, false};
  buf_type_t fixed = buf_type_vector(ctx, 2, v48, f32);
  buf_type_t sc = buf_type_vector_scalable(ctx, 2, v48, inner, f32);
  CHECK(buf_type_vector_scalable(ctx, 2, v48, none, f32) == fixed);
  CHECK(buf_type_vector_scalable(ctx, 2, v48, NULL, f32) == fixed);
  CHECK(fixed->u.shaped.scalable == NULL && !buf_type_is_scalable_vector(fixed));
  CHECK(sc != fixed && buf_type_is_scalable_vector(sc));
  CHECK(sc == buf_type_vector_scalable(ctx, 2, v48, inner2, f32));
  CHECK(sc != buf_type_vector_scalable(ctx, 2, v48, outer, f32));
  CHECK(sc->u.shaped.scalable != inner); /* copied into the arena */
  CHECK(!buf_type_vector_dim_scalable(sc, 0) && buf_type_vector_dim_scalable(sc, 1) &&
        !buf_type_vector_dim_scalable(sc, 2) && !buf_type_vector_dim_scalable(fixed, 1));
  CHECK(buf_attr_array(ctx, 0, NULL)->u.array.elems != NULL);
  buf_type_t m1 = buf_type_memref_for_tensor(ctx, t1, NULL);
  CHECK(m1->kind == BUF_TYPE_MEMREF && m1->u.shaped.rank == 2 &&
        m1->u.shaped.layout == NULL && m1->u.shaped.elem == f32);
  CHECK(buf_type_tensor_for_memref(ctx, m1) == t1);
  CHECK(buf_type_memref_for_tensor(ctx, buf_type_unranked_tensor(ctx, f32),
                                   NULL) ==
        buf_type_unranked_memref(ctx, f32, NULL));
  buf_type_t ins[] = {t1, f32};
  buf_type_t fn = buf_type_function(ctx, 2, ins, 1, &f32);
  buf_type_t ins2[] = {t1, f32};
  CHECK(fn == buf_type_function(ctx, 2, ins2, 1, &f32));
  CHECK(fn != buf_type_function(ctx, 1, ins2, 1, &f32));
  CHECK(buf_type_opaque(ctx, "!a.b", 4) == buf_type_opaque(ctx, "!a.bc", 4));
  CHECK(buf_type_num_elements(t1) == -1);
  int64_t s3[] = {2, 3};
  CHECK(buf_type_num_elements(buf_type_tensor(ctx, 2, s3, f32, NULL)) == 6);
  CHECK(buf_type_bitwidth(buf_type_index(ctx)) == 64);
  CHECK(buf_type_bitwidth(buf_type_float(ctx, BUF_BF16)) == 16);

  /* Attributes. */
  buf_type_t i8 = buf_type_integer(ctx, 8, BUF_SIGNLESS);
  buf_type_t ui8 = buf_type_integer(ctx, 8, BUF_UNSIGNED);
  CHECK(buf_attr_integer(ctx, i8, 255)->u.i == -1);
  CHECK(buf_attr_integer(ctx, i8, 255) == buf_attr_integer(ctx, i8, -1));
  CHECK(buf_attr_integer(ctx, ui8, -1)->u.i == 255);
  CHECK(buf_attr_integer(ctx, buf_type_i1(ctx), 3) == buf_attr_bool(ctx, true));
  CHECK(buf_attr_bool(ctx, true)->u.b);
  CHECK(!buf_attr_bool(ctx, false)->u.b);
  CHECK(buf_attr_index(ctx, 7) == buf_attr_integer(ctx, buf_type_index(ctx), 7));
  CHECK(buf_attr_index(ctx, 7) != buf_attr_integer(ctx, buf_type_i64(ctx), 7));
  buf_attr_t f = buf_attr_float(ctx, f32, 0.1);
  CHECK(f->u.f == (double)(float)0.1);
  CHECK(f == buf_attr_float(ctx, f32, (double)(float)0.1));
  CHECK(buf_attr_float(ctx, buf_type_float(ctx, BUF_F16), 0.1)->u.f ==
        0.0999755859375);
  CHECK(buf_attr_float(ctx, buf_type_float(ctx, BUF_F16), 65520.0)->u.f ==
        INFINITY);
  CHECK(buf_attr_float(ctx, buf_type_float(ctx, BUF_F16), 65504.0)->u.f ==
        65504.0);
  CHECK(buf_attr_float(ctx, buf_type_float(ctx, BUF_F16), 1e-7)->u.f ==
        ldexp(1.0, -24) * 2); /* nearest subnormal: 1e-7 ~ 1.68 * 2^-24 */
  CHECK(buf_attr_float(ctx, buf_type_float(ctx, BUF_BF16), 1.0 / 3)->u.f ==
        0.333984375);
  CHECK(buf_attr_string_cstr(ctx, "hi") == buf_attr_string(ctx, "hix", 2));
  CHECK(buf_attr_string_cstr(ctx, "hi")->u.str.data[2] == 0);

  buf_attr_t e1[] = {buf_attr_index(ctx, 1), buf_attr_unit(ctx)};
  buf_attr_t e2[] = {buf_attr_index(ctx, 1), buf_attr_unit(ctx)};
  CHECK(buf_attr_array(ctx, 2, e1) == buf_attr_array(ctx, 2, e2));
  CHECK(buf_attr_array(ctx, 2, e1) != buf_attr_array(ctx, 1, e2));

  buf_named_attr_t d1[] = {{"zeta", buf_attr_unit(ctx)},
                           {"alpha", buf_attr_index(ctx, 3)}};
  buf_named_attr_t d2[] = {{"alpha", buf_attr_index(ctx, 3)},
                           {"zeta", buf_attr_unit(ctx)}};
  buf_attr_t da = buf_attr_dict(ctx, 2, d1);
  CHECK(da == buf_attr_dict(ctx, 2, d2));
  CHECK(strcmp(da->u.dict.entries[0].name, "alpha") == 0);
  CHECK(buf_attr_dict_get(da, "zeta") == buf_attr_unit(ctx));
  CHECK(buf_attr_dict_get(da, "beta") == NULL);
  CHECK(buf_attr_dict(ctx, 0, NULL) == buf_attr_dict(ctx, 0, NULL));

  int64_t four[] = {4};
  buf_type_t t4 = buf_type_tensor(ctx, 1, four, f32, NULL);
  double v1[] = {1.0, 2.0, 3.0, 4.0}, v2[] = {1.0, 2.0, 3.0, 4.0};
  buf_attr_t dn = buf_attr_dense(ctx, t4, 4, NULL, v1);
  CHECK(dn == buf_attr_dense(ctx, t4, 4, NULL, v2));
  CHECK(!dn->u.dense.splat && dn->u.dense.count == 4);
  CHECK(buf_attr_dense_float(dn, 2) == 3.0);
  double same[] = {5.0, 5.0, 5.0, 5.0}, one = 5.0;
  buf_attr_t sp = buf_attr_dense(ctx, t4, 4, NULL, same);
  CHECK(sp->u.dense.splat && sp == buf_attr_dense(ctx, t4, 1, NULL, &one));
  CHECK(buf_attr_dense_float(sp, 3) == 5.0);
  double tenth[] = {0.1};
  CHECK(buf_attr_dense(ctx, t4, 1, NULL, tenth)->u.dense.floats[0] ==
        (double)(float)0.1);
  buf_type_t ti8 = buf_type_tensor(ctx, 1, four, i8, NULL);
  int64_t iv[] = {1, 255, 3, 4};
  buf_attr_t di = buf_attr_dense(ctx, ti8, 4, iv, NULL);
  CHECK(buf_attr_dense_int(di, 1) == -1);
  int64_t a1[] = {1, 2, 3}, a2[] = {1, 2, 3};
  CHECK(buf_attr_i64_array(ctx, 3, a1) == buf_attr_i64_array(ctx, 3, a2));
  CHECK(buf_attr_i64_array(ctx, 0, NULL) == buf_attr_i64_array(ctx, 0, a1));
  CHECK(buf_attr_i64_array(ctx, 0, NULL)->u.dense_array.ints != NULL);
  CHECK(buf_attr_flat_symbol_ref(ctx, "f") ==
        buf_attr_flat_symbol_ref(ctx, "f"));
  buf_ident_t nested[] = {"a", "b"};
  CHECK(buf_attr_symbol_ref(ctx, 2, nested)->u.symref.n == 2);
  int64_t st[] = {BUF_DYNAMIC, 1};
  CHECK(buf_attr_strided(ctx, 2, st, 0) == buf_attr_strided(ctx, 2, st, 0));
  CHECK(buf_attr_strided(ctx, 2, st, 0) != buf_attr_strided(ctx, 2, st, 1));
  CHECK(buf_attr_type(ctx, f32) == buf_attr_type(ctx, f32));
  CHECK(buf_attr_opaque(ctx, "#x.y", 4) == buf_attr_opaque(ctx, "#x.y", 4));
  buf_affine_map_t *m = buf_affine_map_identity(ctx, 2);
  buf_affine_map_t *m2 = buf_affine_map_identity(ctx, 2);
  CHECK(buf_attr_affine_map(ctx, m) == buf_attr_affine_map(ctx, m2));
  buf_ctx_destroy(ctx);
}

/* ---- affine ---------------------------------------------------------------- */

static void test_affine(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_affine_expr_t *d0 = buf_affine_dim(ctx, 0), *d1 = buf_affine_dim(ctx, 1);
  buf_affine_expr_t *s0 = buf_affine_symbol(ctx, 0);
#define C(v) buf_affine_const(ctx, v)
#define B(k, a, b) buf_affine_binary(ctx, BUF_AFFINE_##k, a, b)
  /* 2 + d0 * 1 -> d0 + 2 */
  buf_affine_expr_t *e = B(ADD, C(2), B(MUL, d0, C(1)));
  CHECK(e->kind == BUF_AFFINE_ADD && e->lhs == d0 && e->rhs->value == 2);
  /* d1 * 3 + 0 -> d1 * 3 */
  e = B(ADD, B(MUL, d1, C(3)), C(0));
  CHECK(e->kind == BUF_AFFINE_MUL && e->lhs == d1 && e->rhs->value == 3);
  /* 3 * d0 -> d0 * 3 ; s0 * d0 -> d0 * s0 ; s0 + d0 -> d0 + s0 */
  e = B(MUL, C(3), d0);
  CHECK(e->kind == BUF_AFFINE_MUL && e->lhs == d0);
  e = B(MUL, s0, d0);
  CHECK(e->kind == BUF_AFFINE_MUL && e->lhs == d0 && e->rhs == s0);
  e = B(ADD, s0, d0);
  CHECK(e->lhs == d0 && e->rhs == s0);
  /* d1 + d0 -> d0 + d1 */
  e = B(ADD, d1, d0);
  CHECK(e->lhs == d0 && e->rhs == d1);
  /* constants */
  CHECK(B(FLOORDIV, C(7), C(-2))->value == -4);
  CHECK(B(FLOORDIV, C(-7), C(2))->value == -4);
  CHECK(B(CEILDIV, C(7), C(2))->value == 4);
  CHECK(B(CEILDIV, C(-7), C(2))->value == -3);
  CHECK(B(MOD, C(-7), C(3))->value == 2);
  CHECK(B(MUL, C(6), C(7))->value == 42);
  /* d0 * 0 -> 0; d0 - d0 -> 0; (d0 + 2) + 3 -> d0 + 5; (d0*2)*3 -> d0*6 */
  CHECK(B(MUL, d0, C(0))->kind == BUF_AFFINE_CONST);
  e = B(ADD, d0, B(MUL, d0, C(-1)));
  CHECK(e->kind == BUF_AFFINE_CONST && e->value == 0);
  e = B(ADD, B(ADD, d0, C(2)), C(3));
  CHECK(e->kind == BUF_AFFINE_ADD && e->lhs == d0 && e->rhs->value == 5);
  e = B(MUL, B(MUL, d0, C(2)), C(3));
  CHECK(e->kind == BUF_AFFINE_MUL && e->rhs->value == 6);
  /* (d0 + 1) + d1 -> (d0 + d1) + 1 */
  e = B(ADD, B(ADD, d0, C(1)), d1);
  CHECK(e->kind == BUF_AFFINE_ADD && e->rhs->kind == BUF_AFFINE_CONST &&
        e->rhs->value == 1 && e->lhs->kind == BUF_AFFINE_ADD);
  /* (d0 * 4) floordiv 2 -> d0 * 2 ; (d0 * 4) mod 2 -> 0 ; d0 mod 1 -> 0 */
  e = B(FLOORDIV, B(MUL, d0, C(4)), C(2));
  CHECK(e->kind == BUF_AFFINE_MUL && e->rhs->value == 2);
  CHECK(B(MOD, B(MUL, d0, C(4)), C(2))->kind == BUF_AFFINE_CONST);
  CHECK(B(MOD, d0, C(1))->kind == BUF_AFFINE_CONST);
  CHECK(B(FLOORDIV, d0, C(1)) == d0);
  /* (d1 + 36) floordiv 3 -> d1 floordiv 3 + 12 (mlir-opt's form) */
  e = B(FLOORDIV, B(ADD, d1, C(36)), C(3));
  CHECK(e->kind == BUF_AFFINE_ADD && e->lhs->kind == BUF_AFFINE_FLOORDIV &&
        e->rhs->value == 12);
  /* (d0 floordiv 4) floordiv 2 is left alone, as mlir-opt does */
  e = B(FLOORDIV, B(FLOORDIV, d0, C(4)), C(2));
  CHECK(e->kind == BUF_AFFINE_FLOORDIV && e->lhs->kind == BUF_AFFINE_FLOORDIV);
  /* (d0 + 4) mod 2 -> d0 mod 2 ; (d0 mod 6) mod 2 -> d0 mod 2 */
  e = B(MOD, B(ADD, d0, C(4)), C(2));
  CHECK(e->kind == BUF_AFFINE_MOD && e->lhs == d0);
  e = B(MOD, B(MOD, d0, C(6)), C(2));
  CHECK(e->kind == BUF_AFFINE_MOD && e->lhs == d0 && e->rhs->value == 2);
  /* d0 - (d0 floordiv 4) * 4 -> d0 mod 4 */
  e = B(ADD, d0, B(MUL, B(FLOORDIV, d0, C(4)), C(-4)));
  CHECK(e->kind == BUF_AFFINE_MOD && e->lhs == d0 && e->rhs->value == 4);
  /* s1 * s0 -> s0 * s1; ceildiv/mod by a non-positive constant stay */
  buf_affine_expr_t *s1 = buf_affine_symbol(ctx, 1);
  e = B(MUL, s1, s0);
  CHECK(e->kind == BUF_AFFINE_MUL && e->lhs == s0 && e->rhs == s1);
  CHECK(B(MOD, C(7), C(-2))->kind == BUF_AFFINE_MOD);
  CHECK(B(CEILDIV, C(7), C(0))->kind == BUF_AFFINE_CEILDIV);
  CHECK(B(FLOORDIV, d0, C(3))->kind == BUF_AFFINE_FLOORDIV);
  /* evaluation */
  int64_t dims[] = {-7, 5}, syms[] = {10};
  CHECK(buf_affine_expr_eval(B(FLOORDIV, d0, C(2)), dims, syms) == -4);
  CHECK(buf_affine_expr_eval(B(MOD, d0, C(3)), dims, syms) == 2);
  CHECK(buf_affine_expr_eval(B(CEILDIV, d0, C(2)), dims, syms) == -3);
  CHECK(buf_affine_expr_eval(B(ADD, B(MUL, d1, s0), C(1)), dims, syms) == 51);
  /* maps */
  buf_affine_expr_t *r1[] = {d0, d1};
  buf_affine_expr_t *r2[] = {buf_affine_dim(ctx, 0), buf_affine_dim(ctx, 1)};
  buf_affine_map_t *m1 = buf_affine_map(ctx, 2, 0, 2, r1);
  CHECK(buf_affine_map_is_identity(m1));
  CHECK(buf_affine_map_equal(m1, buf_affine_map(ctx, 2, 0, 2, r2)));
  CHECK(buf_affine_map_equal(m1, buf_affine_map_identity(ctx, 2)));
  buf_affine_expr_t *r3[] = {d1, d0};
  buf_affine_map_t *perm = buf_affine_map(ctx, 2, 0, 2, r3);
  CHECK(!buf_affine_map_is_identity(perm));
  CHECK(!buf_affine_map_equal(m1, perm));
  CHECK(!buf_affine_map_equal(m1, buf_affine_map(ctx, 2, 1, 2, r1)));
#undef C
#undef B

  /* memref strides */
  buf_type_t f32 = buf_type_f32(ctx);
  int64_t sh[] = {2, 3, 4}, strides[3], off = -1;
  buf_type_t mr = buf_type_memref(ctx, 3, sh, f32, NULL, NULL);
  CHECK(buf_type_memref_strides(mr, strides, &off) == BUF_SUCCESS);
  CHECK(strides[0] == 12 && strides[1] == 4 && strides[2] == 1 && off == 0);
  int64_t dsh[] = {2, BUF_DYNAMIC, 4};
  mr = buf_type_memref(ctx, 3, dsh, f32, NULL, NULL);
  CHECK(buf_type_memref_strides(mr, strides, &off) == BUF_SUCCESS);
  CHECK(strides[0] == BUF_DYNAMIC && strides[1] == 4 && strides[2] == 1);
  int64_t st[] = {BUF_DYNAMIC, 7, 1};
  mr = buf_type_memref(ctx, 3, sh, f32, buf_attr_strided(ctx, 3, st, 5), NULL);
  CHECK(buf_type_memref_strides(mr, strides, &off) == BUF_SUCCESS);
  CHECK(strides[0] == BUF_DYNAMIC && strides[1] == 7 && off == 5);
  buf_affine_expr_t *p3[] = {buf_affine_dim(ctx, 1), buf_affine_dim(ctx, 0),
                             buf_affine_dim(ctx, 2)};
  mr = buf_type_memref(ctx, 3, sh, f32,
                       buf_attr_affine_map(ctx, buf_affine_map(ctx, 3, 0, 3, p3)),
                       NULL);
  CHECK(buf_type_memref_strides(mr, strides, &off) == BUF_FAILURE);
  /* An identity affine layout is the identity layout. */
  CHECK(buf_type_memref(ctx, 3, sh, f32,
                        buf_attr_affine_map(ctx, buf_affine_map_identity(ctx, 3)),
                        NULL) == buf_type_memref(ctx, 3, sh, f32, NULL, NULL));
  CHECK(buf_type_memref_strides(buf_type_f32(ctx), strides, &off) ==
        BUF_FAILURE);
  buf_ctx_destroy(ctx);
}

/* ---- building and mutating IR ------------------------------------------------------ */

/* A detached unregistered container op with one region and one block. */
static buf_op_t *make_container(buf_ctx_t *ctx, const char *name,
                                buf_block_t **body) {
  buf_op_state_t st;
  buf_state_init(&st, ctx, name, BUF_LOC_UNKNOWN);
  buf_region_t *r = buf_state_add_region(&st);
  buf_op_t *op = buf_op_create(&st);
  *body = buf_block_create(ctx);
  buf_region_append_block(r, *body);
  CHECK(r->op == op && (*body)->region == r);
  return op;
}

static void test_build_and_mutate(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_type_t idx = buf_type_index(ctx);
  buf_block_t *body;
  buf_op_t *top = make_container(ctx, "test.top", &body);
  buf_value_t *arg = buf_block_add_arg(body, idx, BUF_LOC_UNKNOWN);
  CHECK(arg->block == body && arg->index == 0 && arg->def == NULL);

  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_block_end(&b, body);
  buf_value_t *c0 = buf_build_index_constant(&b, 0);
  CHECK(c0->def && strcmp(c0->def->name, "arith.constant") == 0);
  CHECK(c0->type == idx);
  CHECK(buf_op_attr(c0->def, "value") == buf_attr_index(ctx, 0));
  buf_value_t *ops2[] = {arg, c0};
  buf_op_t *add = buf_build(&b, "test.add", idx, 2, ops2, "flag",
                            buf_attr_unit(ctx), "n", buf_attr_index(ctx, 2),
                            NULL);
  CHECK(add->num_operands == 2 && buf_op_operand(add, 1) == c0);
  CHECK(buf_op_has_attr(add, "flag") && !buf_op_has_attr(add, "other"));
  CHECK(buf_op_parent(add) == top);
  CHECK(buf_value_parent_block(buf_op_result(add, 0)) == body);
  CHECK(buf_op_ctx(add) == ctx);
  CHECK(add->def->traits & BUF_TRAIT_UNREGISTERED);
  CHECK(add->name == add->def->name);
  buf_value_t *ops3[] = {buf_op_result(add, 0), buf_op_result(add, 0), c0};
  buf_op_t *use = buf_build(&b, "test.use", NULL, 3, ops3, NULL);
  CHECK(use->num_results == 0);
  CHECK(buf_value_num_uses(buf_op_result(add, 0)) == 2);
  CHECK(buf_value_num_uses(c0) == 2);
  CHECK(buf_value_has_one_use(arg));

  /* Registered names share the table's pointer. */
  const buf_opdef_t *fdef = buf_ctx_lookup_opdef(ctx, "func.func");
  if (fdef) CHECK(buf_ident_cstr(ctx, "func.func") == fdef->name);
  CHECK(buf_ctx_lookup_opdef(ctx, "test.add") == NULL);
  CHECK(buf_ctx_dialect_known(ctx, "arith", 5));
  CHECK(!buf_ctx_dialect_known(ctx, "mystery", 7));
  /* the test dialect lets ops it does not define through as unregistered
   * ops; other dialects reject theirs */
  CHECK(buf_ctx_dialect_known(ctx, "test", 4));
  CHECK(!buf_ctx_rejects_unknown_op(ctx, "test.dummy_op"));
  CHECK(!buf_ctx_rejects_unknown_op(ctx, "test.copy"));
  CHECK(buf_ctx_rejects_unknown_op(ctx, "arith.frobnicate"));
  CHECK(!buf_ctx_rejects_unknown_op(ctx, "mystery.op"));

  /* Attributes. */
  buf_op_set_attr(add, "flag", NULL);
  CHECK(!buf_op_has_attr(add, "flag"));
  buf_op_set_attr(add, "n", buf_attr_index(ctx, 9));
  CHECK(buf_op_attr(add, "n") == buf_attr_index(ctx, 9));
  buf_op_set_attr(add, "a", buf_attr_unit(ctx));
  CHECK(add->attrs->u.dict.n == 2);
  CHECK(strcmp(add->attrs->u.dict.entries[0].name, "a") == 0);

  /* Operand mutation keeps use lists right. */
  buf_op_set_operand(use, 2, arg);
  CHECK(buf_value_num_uses(c0) == 1 && buf_value_num_uses(arg) == 2);
  buf_op_erase_operand(use, 0);
  CHECK(use->num_operands == 2 && use->operands[1].index == 1);
  CHECK(buf_op_operand(use, 0) == buf_op_result(add, 0));
  CHECK(buf_op_operand(use, 1) == arg);
  CHECK(buf_value_num_uses(buf_op_result(add, 0)) == 1);
  buf_value_t *ops4[] = {c0, c0, c0, arg};
  buf_op_set_operands(use, 4, ops4);
  CHECK(use->num_operands == 4 && buf_value_num_uses(c0) == 4);
  CHECK(!buf_value_has_uses(buf_op_result(add, 0)));
  CHECK(buf_value_num_uses(arg) == 2);
  for (buf_use_t *u = c0->first_use; u; u = u->next_use)
    CHECK(u->value == c0 && u->owner->operands[u->index].value == c0);

  /* replace-all-uses and replace_uses_if */
  buf_value_replace_all_uses(c0, arg);
  CHECK(!buf_value_has_uses(c0) && buf_value_num_uses(arg) == 6);
  buf_op_set_operands(use, 2, ops2);
  CHECK(buf_value_num_uses(c0) == 1);

  /* order queries with insertion in the middle */
  CHECK(buf_op_is_before_in_block(c0->def, add));
  CHECK(!buf_op_is_before_in_block(add, c0->def));
  buf_builder_set_before(&b, add);
  buf_op_t *mid = buf_build(&b, "test.mid", NULL, 0, NULL, NULL);
  CHECK(mid->prev == c0->def && mid->next == add);
  CHECK(buf_op_is_before_in_block(c0->def, mid));
  CHECK(buf_op_is_before_in_block(mid, add));
  for (int i = 0; i < 100; i++) { /* exhaust gaps: renumbering kicks in */
    buf_builder_set_after(&b, c0->def);
    buf_build(&b, "test.pad", NULL, 0, NULL, NULL);
    CHECK(buf_op_is_before_in_block(c0->def, c0->def->next));
    CHECK(buf_op_is_before_in_block(c0->def->next, mid));
  }
  buf_op_move_after(c0->def, use);
  CHECK(body->last == c0->def && buf_op_is_before_in_block(use, c0->def));
  buf_op_move_before(c0->def, body->first);
  CHECK(body->first == c0->def);
  buf_builder_set_block_start(&b, body);
  buf_op_t *first = buf_build(&b, "test.first", NULL, 0, NULL, NULL);
  CHECK(body->first == first && buf_op_is_before_in_block(first, c0->def));

  /* erase */
  buf_op_erase(mid);
  CHECK(mid->block == NULL && add->prev != mid);
  buf_op_t *inner_parent;
  {
    buf_block_t *ib;
    inner_parent = make_container(ctx, "test.wrap", &ib);
    buf_block_append_op(body, inner_parent);
    buf_builder_t ibld;
    buf_builder_init(&ibld, ctx);
    buf_builder_set_block_end(&ibld, ib);
    buf_value_t *o[] = {c0, arg};
    buf_op_t *in = buf_build(&ibld, "test.in", idx, 2, o, NULL);
    buf_value_t *o2[] = {buf_op_result(in, 0)};
    buf_build(&ibld, "test.in2", NULL, 1, o2, NULL);
  }
  CHECK(buf_value_num_uses(c0) == 2);
  buf_op_erase(inner_parent);
  CHECK(buf_value_num_uses(c0) == 1);
  CHECK(body->last == use);

  /* buf_op_replace */
  buf_value_t *rep[] = {arg};
  buf_value_t *addres = buf_op_result(add, 0);
  buf_op_set_operand(use, 0, addres);
  buf_op_replace(add, rep);
  CHECK(buf_op_operand(use, 0) == arg && !buf_value_has_uses(addres));
  CHECK(add->block == NULL);

  /* block args */
  buf_value_t *args[9];
  buf_block_t *nb = buf_block_create(ctx);
  for (int i = 0; i < 9; i++)
    args[i] = buf_block_add_arg(nb, buf_type_i32(ctx), BUF_LOC_UNKNOWN);
  CHECK(nb->num_args == 9 && nb->args[8] == args[8]);
  buf_block_erase_arg(nb, 3);
  CHECK(nb->num_args == 8 && nb->args[3] == args[4] && args[4]->index == 3);
  for (int i = 0; i < 5; i++) buf_block_add_arg(nb, idx, BUF_LOC_UNKNOWN);
  CHECK(nb->num_args == 13 && nb->args[0] == args[0] && nb->args[7] == args[8]);

  /* regions and blocks */
  buf_region_t *reg = top->regions[0];
  buf_block_t *b2 = buf_block_create(ctx), *b3 = buf_block_create(ctx);
  buf_region_append_block(reg, b3);
  buf_region_insert_block_after(reg, body, b2);
  CHECK(buf_region_num_blocks(reg) == 3 && body->next == b2 && b2->next == b3);
  buf_region_remove_block(reg, b2);
  CHECK(buf_region_num_blocks(reg) == 2 && body->next == b3 && !b2->region);
  CHECK(buf_region_entry(reg) == body && !buf_region_empty(reg));
  CHECK(buf_block_parent_op(body) == top);
  CHECK(buf_block_terminator(body) == NULL);

  /* ancestors and segments */
  CHECK(buf_op_is_ancestor(top, use) && !buf_op_is_ancestor(use, top));
  CHECK(buf_op_ancestor_named(use, "test.top") == top);
  CHECK(buf_op_ancestor_named(use, "test.none") == NULL);
  uint32_t len;
  CHECK(buf_op_segment(use, 0, &len) == 0 && len == 2);
  CHECK(buf_op_segment(use, 1, &len) == 2 && len == 0);
  int32_t dummy = 0;
  (void)dummy;
  buf_type_t i32 = buf_type_i32(ctx);
  int64_t segs[] = {1, 0, 1};
  buf_op_set_attr(use, "operandSegmentSizes",
                  buf_attr_dense_array(ctx, i32, 3, segs, NULL));
  int64_t got[4];
  CHECK(buf_op_segment_sizes(use, NULL, got, 4) == 3 && got[2] == 1);
  CHECK(buf_op_segment(use, 1, &len) == 1 && len == 0);
  CHECK(buf_op_segment(use, 2, &len) == 1 && len == 1);

  /* symbols */
  buf_op_t *sym = buf_build(&b, "test.sym", NULL, 0, NULL, "sym_name",
                            buf_attr_string_cstr(ctx, "foo"), NULL);
  CHECK(buf_symbol_lookup(top, "foo") == sym);
  CHECK(buf_symbol_lookup(top, "fo") == NULL);
  buf_ctx_destroy(ctx);
}

/* ---- clone ------------------------------------------------------------------------ */

static void test_clone(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_type_t idx = buf_type_index(ctx);
  buf_block_t *body;
  buf_op_t *top = make_container(ctx, "test.top", &body);
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_block_end(&b, body);
  buf_value_t *outer = buf_build_index_constant(&b, 5);

  /* test.loop with two blocks: entry(%iv) -> br ^exit ; ^exit: uses outer,
   * %iv and a value from a nested op. */
  buf_op_state_t st;
  buf_state_init(&st, ctx, "test.loop", BUF_LOC_UNKNOWN);
  buf_state_add_operand(&st, outer);
  buf_state_add_result(&st, idx);
  buf_region_t *r = buf_state_add_region(&st);
  buf_op_t *loop = buf_builder_insert(&b, &st);
  buf_block_t *entry = buf_block_create(ctx), *exitb = buf_block_create(ctx);
  buf_region_append_block(r, entry);
  buf_region_append_block(r, exitb);
  entry->label_hint = buf_ident_cstr(ctx, "bb0");
  buf_value_t *iv = buf_block_add_arg(entry, idx, BUF_LOC_UNKNOWN);
  iv->name_hint = buf_ident_cstr(ctx, "iv");
  buf_builder_t ib;
  buf_builder_init(&ib, ctx);
  buf_builder_set_block_end(&ib, entry);
  buf_value_t *o1[] = {iv, outer};
  buf_op_t *sum = buf_build(&ib, "test.sum", idx, 2, o1, NULL);
  buf_op_state_t br;
  buf_state_init(&br, ctx, "test.br", BUF_LOC_UNKNOWN);
  buf_state_add_successor(&br, exitb);
  buf_builder_insert(&ib, &br);
  buf_builder_set_block_end(&ib, exitb);
  buf_value_t *o2[] = {buf_op_result(sum, 0), iv, outer};
  buf_op_t *yield = buf_build(&ib, "test.yield", NULL, 3, o2, NULL);

  buf_irmap_t *map = buf_irmap_create(ctx);
  buf_op_t *cl = buf_op_clone(loop, map);
  CHECK(cl != loop && cl->block == NULL && cl->name == loop->name);
  CHECK(buf_op_operand(cl, 0) == outer);
  CHECK(buf_irmap_value(map, buf_op_result(loop, 0)) == buf_op_result(cl, 0));
  CHECK(buf_region_num_blocks(cl->regions[0]) == 2);
  buf_block_t *ce = cl->regions[0]->first, *cx = ce->next;
  CHECK(ce != entry && cx != exitb);
  CHECK(buf_irmap_block(map, entry) == ce && buf_irmap_block(map, exitb) == cx);
  CHECK(ce->num_args == 1 && ce->args[0] != iv && ce->args[0]->type == idx);
  CHECK(ce->args[0]->name_hint == iv->name_hint && ce->label_hint == entry->label_hint);
  buf_op_t *csum = ce->first;
  CHECK(csum->name == sum->name && buf_op_operand(csum, 0) == ce->args[0]);
  CHECK(buf_op_operand(csum, 1) == outer);
  CHECK(csum->next->num_successors == 1 && csum->next->successors[0] == cx);
  buf_op_t *cy = cx->first;
  CHECK(cy->name == yield->name);
  CHECK(buf_op_operand(cy, 0) == buf_op_result(csum, 0));
  CHECK(buf_op_operand(cy, 1) == ce->args[0] && buf_op_operand(cy, 2) == outer);
  CHECK(buf_value_num_uses(iv) == 2); /* originals untouched */
  CHECK(buf_value_num_uses(outer) == 6); /* 3 original + 3 cloned uses */
  buf_irmap_destroy(map);

  /* Forward references across blocks listed before their definitions. */
  buf_block_t *fb;
  buf_op_t *g = make_container(ctx, "test.graph", &fb);
  buf_builder_set_block_end(&ib, fb);
  buf_op_state_t fw;
  buf_state_init(&fw, ctx, "test.user", BUF_LOC_UNKNOWN);
  buf_state_add_operand(&fw, outer); /* patched below */
  buf_op_t *user = buf_builder_insert(&ib, &fw);
  buf_op_t *late = buf_build(&ib, "test.late", idx, 0, NULL, NULL);
  buf_op_set_operand(user, 0, buf_op_result(late, 0));
  map = buf_irmap_create(ctx);
  buf_op_t *gc = buf_op_clone(g, map);
  buf_op_t *cu = gc->regions[0]->first->first;
  CHECK(buf_op_operand(cu, 0) == buf_op_result(cu->next, 0));
  buf_irmap_destroy(map);

  /* Cloning into a builder location with a premapped value. */
  map = buf_irmap_create(ctx);
  buf_value_t *other = buf_build_index_constant(&b, 6);
  buf_irmap_set_value(map, outer, other);
  buf_op_t *c2 = buf_op_clone(loop, map);
  CHECK(buf_op_operand(c2, 0) == other);
  CHECK(buf_op_operand(c2->regions[0]->first->first, 1) == other);
  buf_block_append_op(body, c2);
  CHECK(buf_op_parent(c2) == top);
  buf_irmap_destroy(map);
  buf_ctx_destroy(ctx);
}

/* ---- walk --------------------------------------------------------------------------- */

typedef struct {
  char names[64][16];
  int n;
  const char *skip, *stop, *erase;
} trace_t;

static buf_walk_result_t tracer(buf_op_t *op, void *user) {
  trace_t *t = user;
  const char *dot = strchr(op->name, '.');
  snprintf(t->names[t->n++], 16, "%s", dot ? dot + 1 : op->name);
  if (t->stop && strcmp(op->name, t->stop) == 0) return BUF_WALK_INTERRUPT;
  if (t->skip && strcmp(op->name, t->skip) == 0) return BUF_WALK_SKIP;
  if (t->erase && strcmp(op->name, t->erase) == 0) buf_op_erase(op);
  return BUF_WALK_ADVANCE;
}

static void join(trace_t *t, char *out) {
  out[0] = 0;
  for (int i = 0; i < t->n; i++) {
    if (i) strcat(out, ",");
    strcat(out, t->names[i]);
  }
}

static void test_walk(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_block_t *body, *ib;
  buf_op_t *top = make_container(ctx, "t.top", &body);
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_block_end(&b, body);
  buf_build(&b, "t.a", NULL, 0, NULL, NULL);
  buf_op_t *w = make_container(ctx, "t.w", &ib);
  buf_block_append_op(body, w);
  buf_build(&b, "t.d", NULL, 0, NULL, NULL);
  buf_builder_set_block_end(&b, ib);
  buf_build(&b, "t.b", NULL, 0, NULL, NULL);
  buf_build(&b, "t.c", NULL, 0, NULL, NULL);

  char s[1024];
  trace_t t = {0};
  CHECK(buf_op_walk(top, BUF_WALK_PRE, tracer, &t) == BUF_WALK_ADVANCE);
  join(&t, s);
  CHECK(strcmp(s, "top,a,w,b,c,d") == 0);
  memset(&t, 0, sizeof t);
  buf_op_walk(top, BUF_WALK_POST, tracer, &t);
  join(&t, s);
  CHECK(strcmp(s, "a,b,c,w,d,top") == 0);
  memset(&t, 0, sizeof t);
  t.skip = "t.w";
  buf_op_walk(top, BUF_WALK_PRE, tracer, &t);
  join(&t, s);
  CHECK(strcmp(s, "top,a,w,d") == 0);
  memset(&t, 0, sizeof t);
  t.stop = "t.b";
  CHECK(buf_op_walk(top, BUF_WALK_PRE, tracer, &t) == BUF_WALK_INTERRUPT);
  join(&t, s);
  CHECK(strcmp(s, "top,a,w,b") == 0);
  memset(&t, 0, sizeof t);
  t.stop = "t.w";
  CHECK(buf_op_walk(top, BUF_WALK_POST, tracer, &t) == BUF_WALK_INTERRUPT);
  join(&t, s);
  CHECK(strcmp(s, "a,b,c,w") == 0);
  /* Post-order erasure of the visited op. */
  memset(&t, 0, sizeof t);
  t.erase = "t.b";
  buf_op_walk(top, BUF_WALK_POST, tracer, &t);
  join(&t, s);
  CHECK(strcmp(s, "a,b,c,w,d,top") == 0);
  CHECK(ib->first && strcmp(ib->first->name, "t.c") == 0 && ib->first == ib->last);
  buf_ctx_destroy(ctx);
}

/* ---- verify --------------------------------------------------------------------------- */

/* Builds builtin.module { func.func @name() { <body> } } and returns the
 * function's entry block in *entry. */
static buf_op_t *make_module_func(buf_ctx_t *ctx, buf_op_t **func,
                                  buf_block_t **entry) {
  buf_op_state_t st;
  buf_state_init(&st, ctx, "builtin.module", L(ctx, 1, 1));
  buf_region_t *mr = buf_state_add_region(&st);
  buf_op_t *module = buf_op_create(&st);
  buf_block_t *mb = buf_block_create(ctx);
  buf_region_append_block(mr, mb);
  buf_state_init(&st, ctx, "func.func", L(ctx, 2, 3));
  buf_state_set_attr(&st, "sym_name", buf_attr_string_cstr(ctx, "f"));
  buf_state_set_attr(&st, "function_type",
                     buf_attr_type(ctx, buf_type_function(ctx, 0, NULL, 0, NULL)));
  buf_region_t *fr = buf_state_add_region(&st);
  *func = buf_op_create(&st);
  buf_block_append_op(mb, *func);
  *entry = buf_block_create(ctx);
  buf_region_append_block(fr, *entry);
  return module;
}

static buf_op_t *build_at(buf_block_t *blk, buf_ctx_t *ctx, const char *name,
                          buf_type_t rt, uint32_t n, buf_value_t **ops,
                          uint32_t line) {
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_block_end(&b, blk);
  b.loc = L(ctx, line, 5);
  return buf_build(&b, name, rt, n, ops, NULL);
}

static void test_verify(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  bool have_func = buf_ctx_lookup_opdef(ctx, "func.func") &&
                   buf_ctx_lookup_opdef(ctx, "func.return") &&
                   buf_ctx_lookup_opdef(ctx, "builtin.module");
  buf_type_t idx = buf_type_index(ctx);

  /* Unknown op in a known dialect; unknown dialect with and without the
   * flag. */
  buf_op_state_t st;
  buf_state_init(&st, ctx, "tensor.nonexistent", L(ctx, 3, 1));
  buf_op_t *bad = buf_op_create(&st);
  CHECK(buf_verify(bad) == BUF_FAILURE);
  CHECK(has_diag(ctx, "unregistered operation 'tensor.nonexistent' found in "
                      "dialect ('tensor') that does not allow unknown "
                      "operations"));
  buf_ctx_clear_diags(ctx);
  CHECK(buf_ctx_num_errors(ctx) == 0 && buf_ctx_diags(ctx) == NULL);
  buf_state_init(&st, ctx, "mystery.op", L(ctx, 3, 1));
  buf_op_t *myst = buf_op_create(&st);
  CHECK(buf_verify(myst) == BUF_SUCCESS);
  buf_ctx_set_allow_unregistered(ctx, false);
  CHECK(buf_verify(myst) == BUF_FAILURE);
  CHECK(has_diag(ctx, "operation being parsed with an unregistered dialect"));
  buf_ctx_set_allow_unregistered(ctx, true);
  buf_ctx_clear_diags(ctx);

  if (!have_func) {
    fprintf(stderr, "note: func/builtin dialect tables not registered; "
                    "skipping registered-op verifier checks\n");
    buf_ctx_destroy(ctx);
    return;
  }

  /* A valid function. */
  buf_op_t *func;
  buf_block_t *entry;
  buf_op_t *module = make_module_func(ctx, &func, &entry);
  buf_op_t *a = build_at(entry, ctx, "test.a", idx, 0, NULL, 3);
  buf_value_t *av = buf_op_result(a, 0);
  build_at(entry, ctx, "test.b", idx, 1, &av, 4);
  buf_op_t *ret = build_at(entry, ctx, "func.return", NULL, 0, NULL, 5);
  CHECK(buf_verify(module) == BUF_SUCCESS);
  CHECK(buf_ctx_num_errors(ctx) == 0);

  /* Dominance violation in one block: move the user before the def. */
  buf_op_t *user = a->next;
  buf_op_move_before(user, a);
  CHECK(buf_verify(module) == BUF_FAILURE);
  CHECK(has_diag(ctx, "operand #0 does not dominate this use"));
  {
    const buf_diag_t *d = buf_ctx_diags(ctx);
    CHECK(d && d->loc.line == 4 && d->notes && d->notes->loc.line == 3);
    CHECK(d && d->notes && strstr(d->notes->message, "operand defined here"));
  }
  buf_ctx_clear_diags(ctx);
  buf_op_move_after(user, a);
  CHECK(buf_verify(module) == BUF_SUCCESS);

  /* Missing terminator and misplaced terminator. */
  buf_op_move_before(ret, a);
  CHECK(buf_verify(module) == BUF_FAILURE);
  CHECK(has_diag(ctx, "'func.return' op must be the last operation in the "
                      "parent block"));
  buf_ctx_clear_diags(ctx);
  buf_op_remove(ret);
  buf_op_t *cast = build_at(entry, ctx, "builtin.unrealized_conversion_cast",
                            idx, 1, &av, 6);
  CHECK(buf_verify(module) == BUF_FAILURE);
  CHECK(has_diag(ctx, "block with no terminator, has "));
  buf_ctx_clear_diags(ctx);
  buf_op_erase(cast);
  buf_block_append_op(entry, ret);
  CHECK(buf_verify(module) == BUF_SUCCESS);

  /* Empty block in a function body. */
  buf_block_t *empty = buf_block_create(ctx);
  buf_region_append_block(func->regions[0], empty);
  CHECK(buf_verify(module) == BUF_FAILURE);
  CHECK(has_diag(ctx, "empty block: expect at least a terminator"));
  buf_ctx_clear_diags(ctx);
  buf_region_remove_block(func->regions[0], empty);

  /* Isolation: a value of the module used inside the function. */
  buf_block_t *mb = module->regions[0]->first;
  buf_op_t *mv = build_at(mb, ctx, "test.outside", idx, 0, NULL, 7);
  buf_op_move_before(mv, func);
  buf_value_t *mvv = buf_op_result(mv, 0);
  buf_builder_t bb;
  buf_builder_init(&bb, ctx);
  buf_builder_set_before(&bb, ret);
  bb.loc = L(ctx, 8, 5);
  buf_op_t *iso = buf_build(&bb, "test.iso", NULL, 1, &mvv, NULL);
  CHECK(buf_verify(module) == BUF_FAILURE);
  CHECK(has_diag(ctx, "'test.iso' op using value defined outside the region"));
  buf_ctx_clear_diags(ctx);
  buf_op_erase(iso);
  /* In the module (a graph region) forward references are fine. */
  buf_op_t *fwd = build_at(mb, ctx, "test.fwd", NULL, 1, &mvv, 9);
  buf_op_move_before(fwd, mv);
  CHECK(buf_verify(module) == BUF_SUCCESS);
  buf_op_erase(fwd);

  /* Multi-block dominance: entry -> (^1, ^2); ^1 defines x; ^2 uses x. */
  buf_op_remove(ret);
  buf_block_t *b1 = buf_block_create(ctx), *b2 = buf_block_create(ctx);
  buf_block_t *b3 = buf_block_create(ctx);
  buf_region_append_block(func->regions[0], b1);
  buf_region_append_block(func->regions[0], b2);
  buf_region_append_block(func->regions[0], b3);
  buf_op_state_t br;
  buf_state_init(&br, ctx, "test.cond_br", L(ctx, 10, 5));
  buf_state_add_successor(&br, b1);
  buf_state_add_successor(&br, b2);
  buf_block_append_op(entry, buf_op_create(&br));
  buf_op_t *x = build_at(b1, ctx, "test.x", idx, 1, &av, 11);
  buf_state_init(&br, ctx, "test.br", L(ctx, 12, 5));
  buf_state_add_successor(&br, b2);
  buf_block_append_op(b1, buf_op_create(&br));
  buf_value_t *xv = buf_op_result(x, 0);
  buf_value_t *uses[] = {av, xv};
  buf_op_t *u2 = build_at(b2, ctx, "test.use2", NULL, 2, uses, 13);
  build_at(b2, ctx, "func.return", NULL, 0, NULL, 14);
  /* b3 is unreachable: anything goes there. */
  build_at(b3, ctx, "test.dead", NULL, 1, &xv, 15);
  build_at(b3, ctx, "func.return", NULL, 0, NULL, 16);
  CHECK(buf_verify(module) == BUF_FAILURE);
  CHECK(has_diag(ctx, "operand #1 does not dominate this use"));
  CHECK(!has_diag(ctx, "operand #0"));
  {
    int n = 0;
    for (const buf_diag_t *d = buf_ctx_diags(ctx); d; d = d->next) n++;
    CHECK(n == 1);
  }
  buf_ctx_clear_diags(ctx);
  /* Now ^1 dominates ^2 when the entry branches only to ^1. */
  buf_op_t *cbr = entry->last;
  buf_op_set_successor(cbr, 1, b1);
  CHECK(buf_verify(module) == BUF_SUCCESS);
  /* A successor in another region. */
  buf_op_set_successor(cbr, 1, mb);
  CHECK(buf_verify(module) == BUF_FAILURE);
  CHECK(has_diag(ctx, "branching to block of a different region"));
  buf_ctx_clear_diags(ctx);
  /* The entry block may not be a branch target. */
  buf_op_set_successor(cbr, 1, entry);
  CHECK(buf_verify(module) == BUF_FAILURE);
  CHECK(has_diag(ctx, "entry block of region may not have predecessors"));
  buf_ctx_clear_diags(ctx);
  buf_op_set_successor(cbr, 1, b1);

  /* Errors in two functions are both reported; within one function only
   * the first (mlir-opt's behaviour). */
  {
    buf_irmap_t *map = buf_irmap_create(ctx);
    buf_op_t *g = buf_op_clone(func, map);
    buf_irmap_destroy(map);
    buf_block_append_op(mb, g);
    /* Same sym_name twice in the module. */
    CHECK(buf_verify(module) == BUF_FAILURE);
    CHECK(has_diag(ctx, "redefinition of symbol named 'f'"));
    CHECK(buf_ctx_diags(ctx) && buf_ctx_diags(ctx)->notes &&
          strcmp(buf_ctx_diags(ctx)->notes->message,
                 "see existing symbol definition here") == 0);
    buf_ctx_clear_diags(ctx);
    buf_op_set_attr(g, "sym_name", buf_attr_string_cstr(ctx, "g"));
    CHECK(buf_verify(module) == BUF_SUCCESS);
    buf_op_t *bad1 = build_at(entry, ctx, "tensor.nonexistent", NULL, 0, NULL, 20);
    buf_op_move_before(bad1, entry->first);
    buf_block_t *gentry = g->regions[0]->first;
    buf_op_t *bad2 = build_at(gentry, ctx, "tensor.nonexistent", NULL, 0, NULL, 21);
    buf_op_move_before(bad2, gentry->first);
    buf_op_t *bad3 = build_at(gentry, ctx, "tensor.nonexistent", NULL, 0, NULL, 22);
    buf_op_move_before(bad3, gentry->first);
    CHECK(buf_verify(module) == BUF_FAILURE);
    CHECK(buf_ctx_num_errors(ctx) == 2);
    const buf_diag_t *d = buf_ctx_diags(ctx);
    CHECK(d && d->loc.line == 20 && d->next && d->next->loc.line == 22);
    buf_ctx_clear_diags(ctx);
    buf_op_erase(bad1);
    buf_op_erase(bad2);
    buf_op_erase(bad3);
    buf_op_erase(g);
    CHECK(buf_verify(module) == BUF_SUCCESS);
  }
  (void)u2;

  /* A big single block verifies in near-linear time (an O(n^2) check
   * would not finish within the test timeout). */
  buf_block_t *big = buf_block_create(ctx);
  buf_region_append_block(func->regions[0], big);
  buf_builder_t gb;
  buf_builder_init(&gb, ctx);
  buf_builder_set_block_end(&gb, big);
  buf_value_t *prev = av;
  buf_value_t *firstv = NULL;
  for (int i = 0; i < 200000; i++) {
    buf_value_t *o[] = {prev, firstv ? firstv : prev};
    prev = buf_op_result(buf_build(&gb, "test.chain", idx, 2, o, NULL), 0);
    if (!firstv) firstv = prev;
  }
  buf_build(&gb, "func.return", NULL, 0, NULL, NULL);
  CHECK(buf_verify(module) == BUF_SUCCESS);
  buf_ctx_destroy(ctx);
}

/* ---- diagnostics ------------------------------------------------------------------------ */

static void test_diagnostics(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  const char *src = "module {\n  %0 = foo\n}\n";
  buf_ctx_add_source(ctx, "in.mlir", src, strlen(src));
  size_t len;
  CHECK(buf_ctx_source(ctx, buf_ident_cstr(ctx, "in.mlir"), &len) != NULL &&
        len == strlen(src));
  buf_loc_t loc = {buf_ident_cstr(ctx, "in.mlir"), 2, 5};
  buf_diag_t *d = buf_emit_error(ctx, loc, "bad thing %d", 7);
  buf_diag_note(ctx, d, (buf_loc_t){loc.file, 1, 1}, "see here");
  buf_emit_warning(ctx, (buf_loc_t){loc.file, 9, 1}, "out of range line");
  buf_emit_remark(ctx, BUF_LOC_UNKNOWN, "somewhere");
  buf_op_state_t st;
  buf_state_init(&st, ctx, "tensor.extract", (buf_loc_t){loc.file, 3, 1});
  buf_op_t *op = buf_op_create(&st);
  buf_op_emit_error(op, "requires %s", "things");
  CHECK(buf_ctx_num_errors(ctx) == 2);

  char *buf = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&buf, &size);
  buf_diags_print(ctx, f);
  fclose(f);
  const char *want =
      "in.mlir:2:5: error: bad thing 7\n"
      "  %0 = foo\n"
      "    ^\n"
      "in.mlir:1:1: note: see here\n"
      "module {\n"
      "^\n"
      "in.mlir:9:1: warning: out of range line\n"
      "<unknown>:0:0: remark: somewhere\n"
      "in.mlir:3:1: error: 'tensor.extract' op requires things\n"
      "}\n"
      "^\n";
  CHECK(strcmp(buf, want) == 0);
  if (strcmp(buf, want) != 0) fprintf(stderr, "got:\n%s", buf);
  free(buf);
  buf_ctx_clear_diags(ctx);
  CHECK(buf_ctx_num_errors(ctx) == 0);

  /* A chunk registered at its first line: carets use file line numbers. */
  const char *chunk = "first\nsecond line\n";
  buf_ctx_add_source_at(ctx, "in.mlir", chunk, strlen(chunk), 10);
  buf_emit_error(ctx, (buf_loc_t){loc.file, 11, 3}, "in chunk");
  buf_emit_error(ctx, (buf_loc_t){loc.file, 2, 1}, "before chunk");
  f = open_memstream(&buf, &size);
  buf_diags_print(ctx, f);
  fclose(f);
  CHECK(strcmp(buf, "in.mlir:11:3: error: in chunk\nsecond line\n  ^\n"
                    "in.mlir:2:1: error: before chunk\n") == 0);
  free(buf);
  buf_ctx_destroy(ctx);
}

/* ---- threads ---------------------------------------------------------------------------- */

typedef struct {
  int seed;
  int ok;
} thread_arg_t;

static void *thread_main(void *p) {
  thread_arg_t *ta = p;
  ta->ok = 1;
  for (int round = 0; round < 20; round++) {
    buf_ctx_t *ctx = buf_ctx_create();
    buf_ctx_set_allow_unregistered(ctx, true);
    buf_block_t *body;
    buf_op_state_t st;
    buf_state_init(&st, ctx, "thr.top", BUF_LOC_UNKNOWN);
    buf_region_t *r = buf_state_add_region(&st);
    buf_op_t *top = buf_op_create(&st);
    body = buf_block_create(ctx);
    buf_region_append_block(r, body);
    buf_builder_t b;
    buf_builder_init(&b, ctx);
    buf_builder_set_block_end(&b, body);
    buf_value_t *prev = buf_build_index_constant(&b, ta->seed);
    for (int i = 0; i < 2000; i++) {
      int64_t shape[] = {i % 7 + ta->seed};
      buf_type_t t = buf_type_tensor(ctx, 1, shape, buf_type_f32(ctx), NULL);
      prev = buf_op_result(
          buf_build(&b, "thr.step", t, 1, &prev, "i",
                    buf_attr_index(ctx, i * ta->seed), NULL),
          0);
    }
    if (buf_verify(top) != BUF_SUCCESS) ta->ok = 0;
    int64_t shape[] = {3 + ta->seed};
    buf_type_t t3 = buf_type_tensor(ctx, 1, shape, buf_type_f32(ctx), NULL);
    int count = 0;
    for (buf_op_t *o = body->first; o; o = o->next)
      if (o->num_results && o->results[0].type == t3) count++;
    if (count != 2000 / 7 + (2000 % 7 > 3)) ta->ok = 0;
    buf_ctx_destroy(ctx);
  }
  return NULL;
}

static void test_threads(void) {
  pthread_t th[2];
  thread_arg_t args[2] = {{1, 0}, {2, 0}};
  for (int i = 0; i < 2; i++)
    CHECK(pthread_create(&th[i], NULL, thread_main, &args[i]) == 0);
  for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
  CHECK(args[0].ok && args[1].ok);
}

/* buf_ctx_release_resource_blobs: a blob larger than a page is given back
 * and then reads as undefined, its hash kept; a small one too. */
static void test_release_resource_blobs(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  enum { BIG = 3 * 65536 };
  uint8_t *bytes = malloc(BIG);
  for (int i = 0; i < BIG; i++) bytes[i] = (uint8_t)(i * 7);
  /* The printer skips its dense_resource search until a handle exists. */
  CHECK(!buf_ctx_has_resources(ctx));
  buf_resource_t *big = buf_ctx_resource_get(ctx, "big", 3);
  CHECK(buf_ctx_has_resources(ctx));
  buf_resource_t *small = buf_ctx_resource_get(ctx, "small", 5);
  buf_resource_set_blob(ctx, big, bytes, BIG, 4);
  buf_resource_set_blob(ctx, small, bytes, 8, 4);
  CHECK(big->data && big->size == BIG && big->data[BIG - 1] == bytes[BIG - 1]);
  uint64_t hash = big->hash;
  buf_ctx_release_resource_blobs(ctx);
  CHECK(big->data == NULL && big->size == 0 && big->hash == hash);
  CHECK(small->data == NULL && small->size == 0);
  CHECK(buf_ctx_resource_lookup(ctx, "big") == big);
  /* The arena stays usable and frees as usual. */
  char *s = buf_arena_strndup(buf_ctx_arena(ctx), "after", 5);
  CHECK(strcmp(s, "after") == 0);
  free(bytes);
  buf_ctx_destroy(ctx);
}

static const test_entry_t tests[] = {
    TEST_ENTRY(test_release_resource_blobs),
    TEST_ENTRY(test_arena),
    TEST_ENTRY(test_interning),
    TEST_ENTRY(test_affine),
    TEST_ENTRY(test_build_and_mutate),
    TEST_ENTRY(test_clone),
    TEST_ENTRY(test_walk),
    TEST_ENTRY(test_verify),
    TEST_ENTRY(test_diagnostics),
    TEST_ENTRY(test_threads),
};

TEST_MAIN(tests)
