/*
 * test_parser.c: unit tests of the MLIR text parser (core/syntax/parser*.c,
 * parse_*.c, lexer.c, split.c).
 *
 * Covers the IR the parser builds (op structure, operand wiring, forward
 * references, interned types, attribute values, affine maps, dense
 * elements including hex blobs), custom forms through registered dialect
 * hooks, the exact location of parse errors, resource bounds, the
 * truncation of a program at every byte, and --split-input-file chunks.
 * When BUF_CORPUS_DIR names the shared corpus, every program there must
 * parse and verify.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf/syntax.h"
#include "test.h"

static buf_op_t *parse(buf_ctx_t *ctx, const char *src, bool verify) {
  buf_parse_options_t o = buf_parse_options_default();
  o.verify = verify;
  return buf_parse_source(ctx, "t.mlir", src, strlen(src), 1, &o);
}

/* The n-th op (0-based) of a block. */
static buf_op_t *nth_op(buf_block_t *b, int n) {
  buf_op_t *op = b ? b->first : NULL;
  while (op && n-- > 0)
    op = op->next;
  return op;
}

static int count_ops(buf_block_t *b) {
  int n = 0;
  for (buf_op_t *op = b ? b->first : NULL; op; op = op->next)
    n++;
  return n;
}

static buf_block_t *body(buf_op_t *op, uint32_t region) {
  return op && region < op->num_regions ? op->regions[region]->first : NULL;
}

/* ------------------------------------------------------------------------ */

static void test_generic_structure(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  const char *src =
      "// a comment\n"
      "%0 = \"t.const\"() {value = 42 : i32} : () -> i32\n"
      "%a, %b:2 = \"t.multi\"(%0, %0) : (i32, i32) -> (f32, index, i1)\n"
      "\"t.use\"(%b#0, %a) : (index, f32) -> ()\n";
  buf_op_t *m = parse(ctx, src, false);
  CHECK(m != NULL);
  if (!m) {
    buf_diags_print(ctx, stderr);
    buf_ctx_destroy(ctx);
    return;
  }
  CHECK(strcmp(m->name, "builtin.module") == 0);
  buf_block_t *top = body(m, 0);
  CHECK(count_ops(top) == 3);
  buf_op_t *c = nth_op(top, 0), *mu = nth_op(top, 1), *use = nth_op(top, 2);
  CHECK(c->num_results == 1 && c->results[0].type == buf_type_i32(ctx));
  buf_attr_t v = buf_op_attr(c, "value");
  CHECK(v && v->kind == BUF_ATTR_INTEGER && v->u.i == 42 &&
        v->type == buf_type_i32(ctx));
  CHECK(c->loc.line == 2 && c->loc.col == 6); /* at the op name, as MLIR */
  CHECK(mu->num_operands == 2 && buf_op_operand(mu, 0) == &c->results[0] &&
        buf_op_operand(mu, 1) == &c->results[0]);
  CHECK(buf_value_num_uses(&c->results[0]) == 2);
  CHECK(mu->num_results == 3 && mu->results[1].type == buf_type_index(ctx) &&
        mu->results[2].type == buf_type_i1(ctx));
  CHECK(use->num_operands == 2 && buf_op_operand(use, 0) == &mu->results[1] &&
        buf_op_operand(use, 1) == &mu->results[0]);
  CHECK(mu->results[0].name_hint && strcmp(mu->results[0].name_hint, "a") == 0);
  buf_ctx_destroy(ctx);
}

static void test_forward_refs_and_blocks(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  const char *src =
      "\"t.region\"() ({\n"
      "^bb0(%x: i32):\n"
      "  \"t.br\"(%y)[^bb2] : (f32) -> ()\n"
      "^bb1:\n"
      "  \"t.br\"()[^bb2] : () -> ()\n"
      "^bb2:\n"
      "  %y = \"t.def\"(%x) : (i32) -> f32\n"
      "  \"t.ret\"(%y) : (f32) -> ()\n"
      "}) : () -> ()\n";
  buf_op_t *m = parse(ctx, src, false);
  CHECK(m != NULL);
  if (!m) {
    buf_diags_print(ctx, stderr);
    buf_ctx_destroy(ctx);
    return;
  }
  buf_op_t *r = nth_op(body(m, 0), 0);
  CHECK(r && r->num_regions == 1);
  buf_region_t *reg = r->regions[0];
  CHECK(buf_region_num_blocks(reg) == 3);
  buf_block_t *b0 = reg->first, *b1 = b0->next, *b2 = b1->next;
  CHECK(b0->num_args == 1 && b0->args[0]->type == buf_type_i32(ctx));
  CHECK(b2->label_hint && strcmp(b2->label_hint, "bb2") == 0);
  buf_op_t *br0 = b0->first, *br1 = b1->first, *def = b2->first;
  CHECK(br0->num_successors == 1 && br0->successors[0] == b2);
  CHECK(br1->successors[0] == b2);
  /* the forward use of %y now points at the real definition */
  CHECK(buf_op_operand(br0, 0) == &def->results[0]);
  CHECK(buf_value_num_uses(&def->results[0]) == 2);
  CHECK(buf_op_operand(def, 0) == b0->args[0]);
  buf_ctx_destroy(ctx);
}

static void test_types(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  const char *src =
      "!alias = tensor<4x?xf32>\n"
      "\"t.types\"() : () -> (tensor<4x?xf32>, !alias, tensor<*xf32>, "
      "memref<2x3xi8>, memref<4xf32, strided<[1], offset: ?>>, "
      "memref<4xf32, 1>, memref<4xf32, #gpu.memory_space<global>>, "
      "vector<4xf32>, (i32, f32) -> (f32), () -> (), tuple<i32, f32>, "
      "!foo.bar<\"a>b\", [1]>, si8, ui16, bf16, f16, f64, none, index, "
      "memref<4xf32, affine_map<(d0) -> (d0)>>, memref<4xf32, 0>, "
      "tensor<0xf32>, memref<?x?xf32, strided<[?, 1], offset: ?>, 3>)\n";
  buf_op_t *m = parse(ctx, src, false);
  CHECK(m != NULL);
  if (!m) {
    buf_diags_print(ctx, stderr);
    buf_ctx_destroy(ctx);
    return;
  }
  buf_op_t *op = nth_op(body(m, 0), 0);
  CHECK(op->num_results == 23);
  if (op->num_results != 23) {
    buf_ctx_destroy(ctx);
    return;
  }
  buf_type_t f32 = buf_type_f32(ctx);
  int64_t s4d[2] = {4, BUF_DYNAMIC};
  buf_type_t t4d = buf_type_tensor(ctx, 2, s4d, f32, NULL);
  CHECK(op->results[0].type == t4d);
  CHECK(op->results[1].type == t4d);
  CHECK(op->results[2].type == buf_type_unranked_tensor(ctx, f32));
  int64_t s23[2] = {2, 3};
  CHECK(op->results[3].type ==
        buf_type_memref(ctx, 2, s23, buf_type_integer(ctx, 8, BUF_SIGNLESS),
                        NULL, NULL));
  int64_t one = 1, four = 4;
  buf_attr_t strided = buf_attr_strided(ctx, 1, &one, BUF_DYNAMIC);
  CHECK(op->results[4].type ==
        buf_type_memref(ctx, 1, &four, f32, strided, NULL));
  CHECK(op->results[5].type ==
        buf_type_memref(ctx, 1, &four, f32, NULL,
                        buf_attr_integer(ctx, buf_type_i64(ctx), 1)));
  buf_type_t gpu = op->results[6].type;
  CHECK(gpu->u.shaped.memory_space &&
        gpu->u.shaped.memory_space->kind == BUF_ATTR_OPAQUE &&
        strcmp(gpu->u.shaped.memory_space->u.opaque.text,
               "#gpu.memory_space<global>") == 0);
  CHECK(op->results[7].type == buf_type_vector(ctx, 1, &four, f32));
  buf_type_t i32 = buf_type_i32(ctx);
  buf_type_t ins[2] = {i32, f32};
  CHECK(op->results[8].type == buf_type_function(ctx, 2, ins, 1, &f32));
  CHECK(op->results[9].type == buf_type_function(ctx, 0, NULL, 0, NULL));
  CHECK(op->results[10].type == buf_type_tuple(ctx, 2, ins));
  CHECK(op->results[11].type->kind == BUF_TYPE_OPAQUE &&
        strcmp(op->results[11].type->u.opaque.text,
               "!foo.bar<\"a>b\", [1]>") == 0);
  CHECK(op->results[12].type == buf_type_integer(ctx, 8, BUF_SIGNED));
  CHECK(op->results[13].type == buf_type_integer(ctx, 16, BUF_UNSIGNED));
  CHECK(op->results[14].type == buf_type_float(ctx, BUF_BF16));
  CHECK(op->results[15].type == buf_type_float(ctx, BUF_F16));
  CHECK(op->results[16].type == buf_type_f64(ctx));
  CHECK(op->results[17].type == buf_type_none(ctx));
  CHECK(op->results[18].type == buf_type_index(ctx));
  /* identity layouts and memory space 0 canonicalize away */
  buf_type_t plain = buf_type_memref(ctx, 1, &four, f32, NULL, NULL);
  CHECK(op->results[19].type == plain);
  CHECK(op->results[20].type == plain);
  int64_t zero = 0;
  CHECK(op->results[21].type == buf_type_tensor(ctx, 1, &zero, f32, NULL));
  buf_type_t last = op->results[22].type;
  CHECK(last->kind == BUF_TYPE_MEMREF && last->u.shaped.layout &&
        last->u.shaped.layout->kind == BUF_ATTR_STRIDED &&
        last->u.shaped.memory_space &&
        last->u.shaped.memory_space->u.i == 3);

  /* standalone type strings */
  buf_loc_t l = {buf_ident_cstr(ctx, "s"), 1, 1};
  CHECK(buf_parse_type_str(ctx, "tensor<4x?xf32>", 15, l) == t4d);
  CHECK(buf_parse_type_str(ctx, "tensor<4x?xf32> x", 17, l) == NULL);
  buf_ctx_destroy(ctx);
}

static void test_attrs(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  const char *src =
      "#map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2, d0 floordiv 4, "
      "d1 mod 3, d0 ceildiv 2, -d0, d0 - d1)>\n"
      "\"t.attrs\"() {m = #map, u, t = true, f = false, i = -7, h = 0x10 : i8,"
      " w = 255 : i8, fl = 1.5 : f32, nan = 0x7FC00000 : f32, d = -2.0e-3,"
      " s = \"a\\\"b\\n\\41\", arr = [1, \"x\"], dict = {k = 1},"
      " dn = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>,"
      " sp = dense<7> : tensor<3xi32>,"
      " hx = dense<\"0x0000803F00000040\"> : tensor<2xf32>,"
      " hs = dense<\"0x01000000\"> : tensor<4xi32>,"
      " b = dense<[true, false]> : tensor<2xi1>,"
      " da = array<i64: 1, -2>, de = array<i32>, db = array<i1: true, false>,"
      " sym = @a::@b, st = strided<[?, 1]>, ty = (i32) -> i32,"
      " op = #linalg.iterator_type<parallel>}"
      " : () -> ()\n";
  buf_op_t *m = parse(ctx, src, false);
  CHECK(m != NULL);
  if (!m) {
    buf_diags_print(ctx, stderr);
    buf_ctx_destroy(ctx);
    return;
  }
  buf_op_t *op = nth_op(body(m, 0), 0);
  buf_attr_t a = buf_op_attr(op, "m");
  CHECK(a && a->kind == BUF_ATTR_AFFINE_MAP);
  if (a && a->kind == BUF_ATTR_AFFINE_MAP) {
    buf_affine_map_t *map = a->u.map;
    CHECK(map->num_dims == 2 && map->num_symbols == 1 &&
          map->num_results == 7);
    int64_t dims[2] = {9, 5}, syms[1] = {100};
    int64_t want[7] = {109, 10, 2, 2, 5, -9, 4};
    for (int i = 0; i < 7 && map->num_results == 7; i++)
      CHECK(buf_affine_expr_eval(map->results[i], dims, syms) == want[i]);
    CHECK(map->results[1]->kind == BUF_AFFINE_MUL);
    CHECK(map->results[2]->kind == BUF_AFFINE_FLOORDIV);
    CHECK(map->results[3]->kind == BUF_AFFINE_MOD);
    CHECK(map->results[4]->kind == BUF_AFFINE_CEILDIV);
  }
  CHECK(buf_op_attr(op, "u") == buf_attr_unit(ctx));
  CHECK(buf_op_attr(op, "t") == buf_attr_bool(ctx, true));
  CHECK(buf_op_attr(op, "f") == buf_attr_bool(ctx, false));
  CHECK(buf_op_attr(op, "i") == buf_attr_integer(ctx, buf_type_i64(ctx), -7));
  buf_type_t i8 = buf_type_integer(ctx, 8, BUF_SIGNLESS);
  CHECK(buf_op_attr(op, "h") == buf_attr_integer(ctx, i8, 16));
  CHECK(buf_op_attr(op, "w") == buf_attr_integer(ctx, i8, -1));
  a = buf_op_attr(op, "fl");
  CHECK(a && a->kind == BUF_ATTR_FLOAT && a->u.f == 1.5 &&
        a->type == buf_type_f32(ctx));
  a = buf_op_attr(op, "nan");
  CHECK(a && a->kind == BUF_ATTR_FLOAT && isnan(a->u.f));
  a = buf_op_attr(op, "d");
  CHECK(a && a->type == buf_type_f64(ctx) && a->u.f == -2.0e-3);
  a = buf_op_attr(op, "s");
  CHECK(a && a->kind == BUF_ATTR_STRING && a->u.str.len == 5 &&
        memcmp(a->u.str.data, "a\"b\nA", 5) == 0);
  a = buf_op_attr(op, "arr");
  CHECK(a && a->kind == BUF_ATTR_ARRAY && a->u.array.n == 2 &&
        a->u.array.elems[1]->kind == BUF_ATTR_STRING);
  a = buf_op_attr(op, "dict");
  CHECK(a && a->kind == BUF_ATTR_DICT && buf_attr_dict_get(a, "k") ==
                                             buf_attr_integer(ctx, buf_type_i64(ctx), 1));
  a = buf_op_attr(op, "dn");
  CHECK(a && a->kind == BUF_ATTR_DENSE && !a->u.dense.splat &&
        a->u.dense.count == 4 && buf_attr_dense_float(a, 3) == 4.0 &&
        buf_attr_dense_float(a, 1) == 2.0);
  a = buf_op_attr(op, "sp");
  CHECK(a && a->u.dense.splat && buf_attr_dense_int(a, 2) == 7);
  a = buf_op_attr(op, "hx");
  CHECK(a && a->kind == BUF_ATTR_DENSE && buf_attr_dense_float(a, 0) == 1.0 &&
        buf_attr_dense_float(a, 1) == 2.0);
  a = buf_op_attr(op, "hs"); /* one element of hex data: a splat */
  CHECK(a && a->u.dense.splat && buf_attr_dense_int(a, 3) == 1);
  a = buf_op_attr(op, "b");
  CHECK(a && buf_attr_dense_int(a, 0) == 1 && buf_attr_dense_int(a, 1) == 0);
  a = buf_op_attr(op, "da");
  CHECK(a && a->kind == BUF_ATTR_DENSE_ARRAY && a->u.dense_array.count == 2 &&
        a->u.dense_array.ints[1] == -2 && a->type == buf_type_i64(ctx));
  a = buf_op_attr(op, "de");
  CHECK(a && a->kind == BUF_ATTR_DENSE_ARRAY && a->u.dense_array.count == 0);
  a = buf_op_attr(op, "db");
  CHECK(a && a->u.dense_array.count == 2 && a->u.dense_array.ints[0] == 1);
  a = buf_op_attr(op, "sym");
  CHECK(a && a->kind == BUF_ATTR_SYMBOL_REF && a->u.symref.n == 2 &&
        strcmp(a->u.symref.names[1], "b") == 0);
  a = buf_op_attr(op, "st");
  CHECK(a && a->kind == BUF_ATTR_STRIDED && a->u.strided.offset == 0 &&
        a->u.strided.strides[0] == BUF_DYNAMIC);
  a = buf_op_attr(op, "ty");
  CHECK(a && a->kind == BUF_ATTR_TYPE && a->type->kind == BUF_TYPE_FUNCTION);
  a = buf_op_attr(op, "op");
  CHECK(a && a->kind == BUF_ATTR_OPAQUE &&
        strcmp(a->u.opaque.text, "#linalg.iterator_type<parallel>") == 0);

  buf_loc_t l = {buf_ident_cstr(ctx, "s"), 1, 1};
  a = buf_parse_attr_str(ctx, "[1, 2]", 6, l);
  CHECK(a && a->kind == BUF_ATTR_ARRAY && a->u.array.n == 2);
  buf_ctx_destroy(ctx);
}

/* Custom forms through the registered func/arith hooks. */
static void test_custom_forms(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  const char *src =
      "func.func @f(%a: i32, %b: i32) -> i32 {\n"
      "  %c = arith.addi %a, %b : i32\n"
      "  return %c : i32\n"
      "}\n";
  buf_op_t *m = parse(ctx, src, true);
  CHECK(m != NULL);
  if (!m) {
    buf_diags_print(ctx, stderr);
    buf_ctx_destroy(ctx);
    return;
  }
  buf_op_t *f = nth_op(body(m, 0), 0);
  CHECK(f && strcmp(f->name, "func.func") == 0);
  buf_block_t *entry = body(f, 0);
  CHECK(entry && entry->num_args == 2);
  buf_op_t *add = nth_op(entry, 0), *ret = nth_op(entry, 1);
  CHECK(add && strcmp(add->name, "arith.addi") == 0 &&
        buf_op_operand(add, 0) == entry->args[0]);
  CHECK(ret && strcmp(ret->name, "func.return") == 0 &&
        buf_op_operand(ret, 0) == &add->results[0]);
  CHECK(add->loc.line == 2 && add->loc.col == 8); /* at the op name, as MLIR */
  buf_ctx_destroy(ctx);

  /* an explicit module is the result itself, not wrapped */
  ctx = buf_ctx_create();
  m = parse(ctx, "module {\n  func.func @g() {\n    return\n  }\n}\n", true);
  CHECK(m && strcmp(m->name, "builtin.module") == 0 &&
        count_ops(body(m, 0)) == 1 &&
        strcmp(nth_op(body(m, 0), 0)->name, "func.func") == 0);
  buf_ctx_destroy(ctx);
}

/* ------------------------------------------------------------------------ */
/* Errors                                                                    */
/* ------------------------------------------------------------------------ */

typedef struct {
  const char *src;
  uint32_t line, col;
  const char *msg; /* substring of the message */
} bad_case_t;

static void test_errors(void) {
  static const bad_case_t cases[] = {
      {"\"t.a\"(%x) : (i32) -> ()\n", 1, 7, "use of undeclared SSA value name"},
      {"%x = \"t.a\"() : () -> i32\n%x = \"t.a\"() : () -> i32\n", 2, 1,
       "redefinition of SSA value '%x'"},
      {"\"t.a\"() : () -> tensor<4xf3>\n", 1, 26, "expected non-function type"},
      {"\"t.a\"() : () -> !foo.bar<a\n", 1, 25,
       "unbalanced '<' character in pretty dialect name"},
      {"\"t.a\"() ({\n  \"t.b\"() : () -> ()\n", 2, 21,
       "expected operation name in quotes"},
      {"\"t.a\"(\n", 1, 7, "expected ')' to end operand list"},
      {"\"t.a\"(%x,\n", 1, 10, "expected SSA operand"},
      {"%x = \"t.a\"() : () -> (f32, f32)\n", 1, 1,
       "operation defines 2 results but was provided 1 to bind"},
      {"\"t.a\"() {x = dense<[1, 2]> : tensor<3xi32>} : () -> ()\n", 1, 14,
       "inferred shape of elements literal ([2]) does not match type ([3])"},
      {"\"t.a\"() {x = 1, x = 2} : () -> ()\n", 1, 17, "duplicate key 'x'"},
      {"\"t.a\"() {x = 300 : i8} : () -> ()\n", 1, 14,
       "integer constant out of range for attribute"},
      {"\"t.a\"() {x = dense_resource<r> : i32} : () -> ()\n", 1, 32,
       "`dense_resource` expected a shaped type"},
      {"\"t.a\"() {x = dense_resource<1> : tensor<2xi32>} : () -> ()\n", 1, 29,
       "expected identifier key for 'resource' entry"},
      {"\"t.a\"() {m = affine_map<(d0, d1) -> (d0 * d1)>} : () -> ()\n", 1, 41,
       "non-affine expression"},
      {"\"t.a\"() ({\n  \"t.b\"()[^bb9] : () -> ()\n}) : () -> ()\n", 2, 11,
       "reference to an undefined block"},
      {"\"t.a\"(%x) : (i32) -> ()\n%x = \"t.b\"() : () -> f32\n", 2, 1,
       "definition of SSA value '%x#0' has type 'f32'"},
      {"func.func @f() {\n  foo\n}\n", 2, 3,
       "custom op 'foo' is unknown (tried 'func.foo' as well)"},
      {"\"t.a\"() ({\n  %v = \"t.b\"() : () -> i32\n}) : () -> ()\n"
       "\"t.c\"(%v) : (i32) -> ()\n",
       4, 7, "use of undeclared SSA value name"},
      {"\"t.a\"() : () -> memref<4xf32, affine_map<(d0, d1) -> (d0)>>\n", 1, 31,
       "memref layout mismatch"},
      {"\"t.a\"() {s = \"abc\n\"} : () -> ()\n", 1, 18,
       "expected '\"' in string literal"},
      {"\"t.a\"() : () -> i32 loc(\"x\":1:2\n", 1, 32, "expected ')'"},
      {"\"t.a\"() {x = array<f32: 1>} : () -> ()\n", 1, 25,
       "unexpected decimal integer literal for a floating point value"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    buf_ctx_t *ctx = buf_ctx_create();
    buf_ctx_set_allow_unregistered(ctx, true);
    buf_op_t *m = parse(ctx, cases[i].src, false);
    const buf_diag_t *d = buf_ctx_diags(ctx);
    bool ok = m == NULL && d && d->severity == BUF_SEV_ERROR &&
              d->loc.line == cases[i].line && d->loc.col == cases[i].col &&
              strstr(d->message, cases[i].msg) != NULL &&
              buf_ctx_num_errors(ctx) == 1;
    if (!ok) {
      fprintf(stderr, "error case %zu: want %u:%u '%s', got:\n", i,
              cases[i].line, cases[i].col, cases[i].msg);
      buf_diags_print(ctx, stderr);
      test_failures++;
    }
    buf_ctx_destroy(ctx);
  }
}

/* Every proper prefix of a program (up to its last non-space byte) is
 * incomplete: parsing it must fail with a located error and not crash. */
static void test_truncation(void) {
  const char *src =
      "#m = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0)>\n"
      "\"t.top\"() ({\n"
      "^bb0(%a: tensor<4x?xf32>, %b: memref<2xf32, strided<[1], offset: ?>>):\n"
      "  %0:2 = \"t.x\"(%a) {m = #m, d = dense<[1.0, 2.0]> : tensor<2xf32>,"
      " s = \"q\\\"\", h = dense<\"0x0000803F\"> : tensor<1xf32>} :"
      " (tensor<4x?xf32>) -> (i32, !t.ty<\"<\">)\n"
      "  \"t.br\"(%0#0)[^bb1] : (i32) -> ()\n"
      "^bb1:\n"
      "  \"t.end\"() {a = array<i64: 1, 2>, r = @s::@t} : () -> ()\n"
      "}) : () -> ()\n";
  size_t len = strlen(src);
  while (len && (src[len - 1] == '\n' || src[len - 1] == ' '))
    len--;
  {
    buf_ctx_t *ctx = buf_ctx_create();
    buf_ctx_set_allow_unregistered(ctx, true);
    buf_parse_options_t o = buf_parse_options_default();
    o.verify = false;
    CHECK(buf_parse_source(ctx, "t.mlir", src, strlen(src), 1, &o) != NULL);
    buf_diags_print(ctx, stderr);
    buf_ctx_destroy(ctx);
  }
  for (size_t n = 0; n < len; n++) {
    buf_ctx_t *ctx = buf_ctx_create();
    buf_ctx_set_allow_unregistered(ctx, true);
    buf_parse_options_t o = buf_parse_options_default();
    o.verify = false;
    /* a private copy without terminator catches reads past the end */
    char *copy = malloc(n ? n : 1);
    memcpy(copy, src, n);
    buf_op_t *m = buf_parse_source(ctx, "t.mlir", copy, n, 1, &o);
    const buf_diag_t *d = buf_ctx_diags(ctx);
    /* The empty program and prefixes that end right after a complete alias
     * definition are valid programs. */
    size_t nl = (size_t)(strchr(src, '\n') - src);
    bool valid_prefix = n == 0 || n == nl || n == nl + 1;
    if (!valid_prefix) {
      if (m != NULL || !d || d->loc.line == 0) {
        fprintf(stderr, "truncation at %zu: no located error\n", n);
        test_failures++;
      }
    }
    free(copy);
    buf_ctx_destroy(ctx);
  }
}

static void test_limits(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  buf_parse_options_t o = buf_parse_options_default();
  o.verify = false;
  o.max_ops = 2;
  const char *three = "\"t.a\"() : () -> ()\n\"t.a\"() : () -> ()\n"
                      "\"t.a\"() : () -> ()\n";
  CHECK(buf_parse_source(ctx, "t.mlir", three, strlen(three), 1, &o) == NULL);
  CHECK(buf_ctx_diags(ctx) &&
        strstr(buf_ctx_diags(ctx)->message, "program too large") &&
        buf_ctx_diags(ctx)->loc.line == 3);
  buf_ctx_destroy(ctx);

  /* deep region nesting and deep type nesting stop at the bound */
  size_t n = 2000;
  char *deep = malloc(n * 40 + 64);
  char *q = deep;
  for (size_t i = 0; i < n; i++)
    q += sprintf(q, "\"t.a\"() ({\n");
  *q = 0;
  ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  o = buf_parse_options_default();
  o.verify = false;
  CHECK(buf_parse_source(ctx, "t.mlir", deep, strlen(deep), 1, &o) == NULL);
  CHECK(buf_ctx_diags(ctx) &&
        strstr(buf_ctx_diags(ctx)->message, "nesting too deep"));
  buf_ctx_destroy(ctx);

  q = deep;
  q += sprintf(q, "\"t.a\"() : () -> ");
  for (size_t i = 0; i < n; i++)
    q += sprintf(q, "tuple<");
  *q = 0;
  ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  CHECK(buf_parse_source(ctx, "t.mlir", deep, strlen(deep), 1, &o) == NULL);
  CHECK(buf_ctx_diags(ctx) &&
        strstr(buf_ctx_diags(ctx)->message, "nesting too deep"));
  buf_ctx_destroy(ctx);

  q = deep;
  q += sprintf(q, "\"t.a\"() {x = ");
  for (size_t i = 0; i < n; i++)
    q += sprintf(q, "[");
  *q = 0;
  ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  CHECK(buf_parse_source(ctx, "t.mlir", deep, strlen(deep), 1, &o) == NULL);
  CHECK(buf_ctx_diags(ctx) &&
        strstr(buf_ctx_diags(ctx)->message, "nesting too deep"));
  buf_ctx_destroy(ctx);
  free(deep);
}

static void test_split_and_lines(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  const char *text = "a\nb\n// -----\nc\n  // ----- x\nd\n";
  buf_chunk_t *ch;
  uint32_t n = buf_split_input(ctx, text, strlen(text), &ch);
  CHECK(n == 3);
  if (n == 3) {
    CHECK(ch[0].first_line == 1 && ch[0].len == 4 &&
          memcmp(ch[0].text, "a\nb\n", 4) == 0);
    CHECK(ch[1].first_line == 4 && ch[1].len == 2 && ch[1].text[0] == 'c');
    CHECK(ch[2].first_line == 6 && ch[2].len == 2 && ch[2].text[0] == 'd');
  }
  n = buf_split_input(ctx, "x", 1, &ch);
  CHECK(n == 1 && ch[0].len == 1);
  buf_ctx_destroy(ctx);

  /* a chunk starting at line 10 reports file line numbers */
  ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  buf_parse_options_t o = buf_parse_options_default();
  const char *bad = "\n  \"t.a\"(%q) : (i32) -> ()\n";
  CHECK(buf_parse_source(ctx, "t.mlir", bad, strlen(bad), 10, &o) == NULL);
  CHECK(buf_ctx_diags(ctx) && buf_ctx_diags(ctx)->loc.line == 11 &&
        buf_ctx_diags(ctx)->loc.col == 9);
  buf_ctx_destroy(ctx);

  /* trailing loc("file":l:c) replaces the op location */
  ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  o.verify = false;
  const char *withloc = "#loc1 = loc(\"f.mlir\":7:3)\n"
                        "\"t.a\"() : () -> () loc(\"g.mlir\":5:6)\n"
                        "\"t.b\"() : () -> () loc(#loc1)\n"
                        "\"t.c\"() : () -> () loc(unknown)\n";
  buf_op_t *m = buf_parse_source(ctx, "t.mlir", withloc, strlen(withloc), 1, &o);
  CHECK(m != NULL);
  if (m) {
    buf_op_t *a = nth_op(body(m, 0), 0), *b = a->next, *c = b->next;
    CHECK(strcmp(a->loc.file, "g.mlir") == 0 && a->loc.line == 5 &&
          a->loc.col == 6);
    CHECK(strcmp(b->loc.file, "f.mlir") == 0 && b->loc.line == 7);
    CHECK(strcmp(c->loc.file, "t.mlir") == 0 && c->loc.line == 4 &&
          c->loc.col == 1);
  }
  buf_ctx_destroy(ctx);
}

/* ------------------------------------------------------------------------ */
/* Corpus                                                                    */
/* ------------------------------------------------------------------------ */

static int corpus_files, corpus_failed;

static void parse_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)n + 1);
  size_t got = fread(buf, 1, (size_t)n, f);
  fclose(f);
  buf_ctx_t *ctx = buf_ctx_create();
  buf_parse_options_t o = buf_parse_options_default();
  buf_op_t *m = buf_parse_source(ctx, path, buf, got, 1, &o);
  corpus_files++;
  if (!m) {
    corpus_failed++;
    fprintf(stderr, "corpus: %s failed:\n", path);
    buf_diags_print(ctx, stderr);
  }
  buf_ctx_destroy(ctx);
  free(buf);
}

static void walk_dir(const char *dir, int depth) {
  DIR *d = opendir(dir);
  if (!d || depth > 4) {
    if (d)
      closedir(d);
    return;
  }
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.')
      continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct stat st;
    if (stat(path, &st) != 0)
      continue;
    size_t l = strlen(e->d_name);
    if (S_ISDIR(st.st_mode))
      walk_dir(path, depth + 1);
    else if (l > 5 && strcmp(e->d_name + l - 5, ".mlir") == 0)
      parse_file(path);
  }
  closedir(d);
}

static void test_corpus(void) {
  const char *dir = getenv("BUF_CORPUS_DIR");
  if (!dir || !*dir)
    return;
  walk_dir(dir, 0);
  fprintf(stderr, "corpus: %d files, %d failed\n", corpus_files,
          corpus_failed);
  if (getenv("BUF_PARSER_CORPUS_STRICT"))
    CHECK(corpus_failed == 0);
}

static const test_entry_t tests[] = {
    TEST_ENTRY(test_generic_structure),
    TEST_ENTRY(test_forward_refs_and_blocks),
    TEST_ENTRY(test_types),
    TEST_ENTRY(test_attrs),
    TEST_ENTRY(test_custom_forms),
    TEST_ENTRY(test_errors),
    TEST_ENTRY(test_truncation),
    TEST_ENTRY(test_limits),
    TEST_ENTRY(test_split_and_lines),
    TEST_ENTRY(test_corpus),
};

TEST_MAIN(tests)
