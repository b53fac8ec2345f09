/*
 * test_linalg_info.c: unit tests of the uniform linalg view (buf/linalg.h,
 * core/dialects/linalg_info.c): for every kind of linalg op, the
 * input/output split, the indexing maps (compared as text with what
 * mlir-opt --linalg-generalize-named-ops prints for the same op), the
 * iterator kinds, the body block and its argument per operand, and
 * buf_linalg_output_is_read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf/linalg.h"
#include "buf/syntax.h"
#include "test.h"

static const char program[] =
    "#mat = affine_map<(d0, d1) -> (d0, d1)>\n"
    "#row = affine_map<(d0, d1) -> (d0)>\n"
    "func.func @f(%a: tensor<4x5x6xf32>, %t: tensor<6x4x5xf32>,\n"
    "             %b: tensor<4x8xf32>, %bb: tensor<4x3x8xf32>, %v: f32,\n"
    "             %r: tensor<4x6xf32>, %x: tensor<4xf32>,\n"
    "             %y: tensor<8xf32>, %c: tensor<8x16xf32>,\n"
    "             %d: tensor<4x16xf32>, %mm: memref<4x8xf32>,\n"
    "             %p: tensor<4x8xi1>) {\n"
    "  %0 = linalg.matmul ins(%b, %c : tensor<4x8xf32>, tensor<8x16xf32>)"
    " outs(%d : tensor<4x16xf32>) -> tensor<4x16xf32>\n"
    "  %1 = linalg.transpose ins(%a : tensor<4x5x6xf32>)"
    " outs(%t : tensor<6x4x5xf32>) permutation = [2, 0, 1]\n"
    "  %2 = linalg.broadcast ins(%b : tensor<4x8xf32>)"
    " outs(%bb : tensor<4x3x8xf32>) dimensions = [1]\n"
    "  %3 = linalg.fill ins(%v : f32) outs(%b : tensor<4x8xf32>)"
    " -> tensor<4x8xf32>\n"
    "  %4 = linalg.reduce { arith.addf } ins(%a : tensor<4x5x6xf32>)"
    " outs(%r : tensor<4x6xf32>) dimensions = [1]\n"
    "  %5 = linalg.vecmat ins(%x, %b : tensor<4xf32>, tensor<4x8xf32>)"
    " outs(%y : tensor<8xf32>) -> tensor<8xf32>\n"
    "  %6 = linalg.generic {indexing_maps = [#mat, #row],"
    " iterator_types = [\"parallel\", \"reduction\"]}"
    " ins(%b : tensor<4x8xf32>) outs(%x : tensor<4xf32>) {\n"
    "  ^bb0(%in: f32, %out: f32):\n"
    "    %s = arith.addf %in, %out : f32\n"
    "    linalg.yield %s : f32\n"
    "  } -> tensor<4xf32>\n"
    "  %7 = linalg.map { math.exp } ins(%b : tensor<4x8xf32>)"
    " outs(%b : tensor<4x8xf32>)\n"
    "  linalg.exp ins(%mm : memref<4x8xf32>) outs(%mm : memref<4x8xf32>)\n"
    "  %8 = linalg.elementwise kind=#linalg.elementwise_kind<select>"
    " ins(%p, %b, %b : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>)"
    " outs(%b : tensor<4x8xf32>) -> tensor<4x8xf32>\n"
    "  return\n"
    "}\n";

/* The map as mlir-opt spells it. */
static const char *map_str(buf_ctx_t *ctx, buf_affine_map_t *m) {
  return buf_attr_to_string(ctx, buf_attr_affine_map(ctx, m));
}

static bool map_is(buf_ctx_t *ctx, const buf_linalg_info_t *info, int i,
                   const char *want) {
  const char *got = map_str(ctx, info->maps[i]);
  if (strcmp(got, want) != 0) {
    fprintf(stderr, "map #%d: got %s, want %s\n", i, got, want);
    return false;
  }
  return true;
}

/* "ppr" for parallel, parallel, reduction. */
static bool iters_are(const buf_linalg_info_t *info, const char *want) {
  if (strlen(want) != info->num_loops)
    return false;
  for (uint32_t l = 0; l < info->num_loops; l++)
    if ((want[l] == 'r') != (info->iterators[l] == BUF_ITER_REDUCTION))
      return false;
  return true;
}

/* Every operand's element reaches the body through argument i. */
static bool args_are_operands(const buf_linalg_info_t *info) {
  uint32_t n = info->num_inputs + info->num_outputs;
  if (!info->body || info->body->num_args != n)
    return false;
  for (uint32_t i = 0; i < n; i++)
    if (info->body_arg_of_operand[i] != (int32_t)i)
      return false;
  return true;
}

static void test_views(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_parse_options_t o = buf_parse_options_default();
  buf_op_t *module =
      buf_parse_source(ctx, "t.mlir", program, strlen(program), 1, &o);
  CHECK(module != NULL);
  if (!module) {
    buf_diags_print(ctx, stderr);
    buf_ctx_destroy(ctx);
    return;
  }
  buf_op_t *func = buf_region_entry(module->regions[0])->first;
  buf_op_t *ops[16];
  int n = 0;
  for (buf_op_t *op = buf_region_entry(func->regions[0])->first; op && n < 16;
       op = op->next)
    ops[n++] = op;
  CHECK(n == 11);
  if (n != 11) {
    buf_ctx_destroy(ctx);
    return;
  }
  buf_linalg_info_t info;

  /* matmul */
  CHECK(buf_linalg_get_info(ops[0], &info));
  CHECK(info.num_inputs == 2 && info.num_outputs == 1);
  CHECK(iters_are(&info, "ppr"));
  CHECK(map_is(ctx, &info, 0, "affine_map<(d0, d1, d2) -> (d0, d2)>"));
  CHECK(map_is(ctx, &info, 1, "affine_map<(d0, d1, d2) -> (d2, d1)>"));
  CHECK(map_is(ctx, &info, 2, "affine_map<(d0, d1, d2) -> (d0, d1)>"));
  CHECK(args_are_operands(&info));
  CHECK(buf_linalg_output_is_read(ops[0], 0)); /* accumulates into out */
  CHECK(!buf_linalg_output_is_read(ops[0], 1)); /* no such output */

  /* transpose: input indexed by the inverse permutation */
  CHECK(buf_linalg_get_info(ops[1], &info));
  CHECK(iters_are(&info, "ppp"));
  CHECK(map_is(ctx, &info, 0, "affine_map<(d0, d1, d2) -> (d1, d2, d0)>"));
  CHECK(map_is(ctx, &info, 1, "affine_map<(d0, d1, d2) -> (d0, d1, d2)>"));
  CHECK(args_are_operands(&info));
  CHECK(!buf_linalg_output_is_read(ops[1], 0));

  /* broadcast */
  CHECK(buf_linalg_get_info(ops[2], &info));
  CHECK(iters_are(&info, "ppp"));
  CHECK(map_is(ctx, &info, 0, "affine_map<(d0, d1, d2) -> (d0, d2)>"));

  /* fill: a scalar input with a zero-result map */
  CHECK(buf_linalg_get_info(ops[3], &info));
  CHECK(info.num_inputs == 1 && info.num_outputs == 1);
  CHECK(iters_are(&info, "pp"));
  CHECK(info.maps[0]->num_results == 0);
  CHECK(map_is(ctx, &info, 0, "affine_map<(d0, d1) -> ()>"));
  CHECK(map_is(ctx, &info, 1, "affine_map<(d0, d1) -> (d0, d1)>"));
  CHECK(!buf_linalg_output_is_read(ops[3], 0));

  /* reduce: the init drops the reduced dimension */
  CHECK(buf_linalg_get_info(ops[4], &info));
  CHECK(iters_are(&info, "prp"));
  CHECK(map_is(ctx, &info, 0, "affine_map<(d0, d1, d2) -> (d0, d1, d2)>"));
  CHECK(map_is(ctx, &info, 1, "affine_map<(d0, d1, d2) -> (d0, d2)>"));
  CHECK(args_are_operands(&info));
  CHECK(buf_linalg_output_is_read(ops[4], 0)); /* the combiner reads init */

  /* vecmat */
  CHECK(buf_linalg_get_info(ops[5], &info));
  CHECK(iters_are(&info, "pr"));
  CHECK(map_is(ctx, &info, 0, "affine_map<(d0, d1) -> (d1)>"));
  CHECK(map_is(ctx, &info, 1, "affine_map<(d0, d1) -> (d1, d0)>"));
  CHECK(map_is(ctx, &info, 2, "affine_map<(d0, d1) -> (d0)>"));

  /* generic: maps and iterators from its attributes */
  CHECK(buf_linalg_get_info(ops[6], &info));
  CHECK(iters_are(&info, "pr"));
  CHECK(map_is(ctx, &info, 1, "affine_map<(d0, d1) -> (d0)>"));
  CHECK(buf_linalg_output_is_read(ops[6], 0));

  /* map (short form): identity maps, the init is not read */
  CHECK(buf_linalg_get_info(ops[7], &info));
  CHECK(info.num_inputs == 1 && info.num_outputs == 1);
  CHECK(iters_are(&info, "pp"));
  CHECK(args_are_operands(&info));
  CHECK(!buf_linalg_output_is_read(ops[7], 0));

  /* a named elementwise op on memrefs */
  CHECK(buf_linalg_get_info(ops[8], &info));
  CHECK(ops[8]->num_results == 0);
  CHECK(map_is(ctx, &info, 0, "affine_map<(d0, d1) -> (d0, d1)>"));
  CHECK(!buf_linalg_output_is_read(ops[8], 0));

  /* linalg.elementwise select: three inputs */
  CHECK(buf_linalg_get_info(ops[9], &info));
  CHECK(info.num_inputs == 3 && info.num_outputs == 1);
  CHECK(args_are_operands(&info));

  /* not a linalg op */
  CHECK(!buf_linalg_get_info(ops[10], &info));
  CHECK(!buf_linalg_output_is_read(ops[10], 0));
  buf_ctx_destroy(ctx);
}

/* The view of an op built by a pass (no text) is the same as parsed. */
static void test_body_arg_use_changes(void) {
  static const char src[] =
      "#id = affine_map<(d0) -> (d0)>\n"
      "func.func @f(%x: tensor<5xf32>, %e: tensor<5xf32>) -> tensor<5xf32> {\n"
      "  %0 = linalg.generic {indexing_maps = [#id, #id],"
      " iterator_types = [\"parallel\"]} ins(%x : tensor<5xf32>)"
      " outs(%e : tensor<5xf32>) {\n"
      "  ^bb0(%in: f32, %out: f32):\n"
      "    linalg.yield %in : f32\n"
      "  } -> tensor<5xf32>\n"
      "  return %0 : tensor<5xf32>\n"
      "}\n";
  buf_ctx_t *ctx = buf_ctx_create();
  buf_parse_options_t o = buf_parse_options_default();
  buf_op_t *module = buf_parse_source(ctx, "t.mlir", src, strlen(src), 1, &o);
  CHECK(module != NULL);
  if (module) {
    buf_op_t *func = buf_region_entry(module->regions[0])->first;
    buf_op_t *gen = buf_region_entry(func->regions[0])->first;
    buf_linalg_info_t info;
    CHECK(buf_linalg_get_info(gen, &info));
    CHECK(!buf_linalg_output_is_read(gen, 0));
    /* Make the body yield %out: now the output is read. */
    buf_op_t *yield = info.body->first;
    buf_op_set_operand(yield, 0, info.body->args[1]);
    CHECK(buf_linalg_output_is_read(gen, 0));
  }
  buf_ctx_destroy(ctx);
}

static const test_entry_t tests[] = {
    TEST_ENTRY(test_views),
    TEST_ENTRY(test_body_arg_use_changes),
};

TEST_MAIN(tests)
