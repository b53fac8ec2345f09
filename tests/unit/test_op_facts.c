/*
 * test_op_facts.c: the op facts passes ask instead of op names (traits,
 * views, allocation kinds, operand effects, callees, constants; core/ir/
 * op_facts.c), and the registry that attaches the subsystems' rows to op
 * definitions (buf_op_model): every row names an op the context knows, so
 * a misspelt row cannot silently make an op "unknown".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf/lower.h"
#include "buf/syntax.h"
#include "test.h"

static const char program[] =
    "func.func private @ext(memref<8xf32>)\n"
    "func.func @f(%a: memref<8xf32>, %i: index) -> memref<8xf32> {\n"
    "  %c2 = arith.constant 2 : index\n"                                 /* 0 */
    "  %m = memref.alloc() : memref<8xf32>\n"                            /* 1 */
    "  %s = memref.alloca() : memref<8xf32>\n"                           /* 2 */
    "  %v = memref.subview %m[%c2] [4] [1] : memref<8xf32> to"
    " memref<4xf32, strided<[1], offset: ?>>\n"                          /* 3 */
    "  %w = memref.cast %v : memref<4xf32, strided<[1], offset: ?>> to"
    " memref<?xf32, strided<[1], offset: ?>>\n"                          /* 4 */
    "  memref.copy %a, %s : memref<8xf32> to memref<8xf32>\n"            /* 5 */
    "  %x = memref.load %s[%i] : memref<8xf32>\n"                        /* 6 */
    "  memref.store %x, %m[%i] : memref<8xf32>\n"                        /* 7 */
    "  %d = memref.dim %w, %c2 : memref<?xf32, strided<[1], offset: ?>>\n" /* 8 */
    "  func.call @ext(%s) : (memref<8xf32>) -> ()\n"                     /* 9 */
    "  %r = memref.realloc %m : memref<8xf32> to memref<16xf32>\n"       /* 10 */
    "  memref.dealloc %r : memref<16xf32>\n"                             /* 11 */
    "  scf.for %k = %c2 to %d step %c2 {\n"                              /* 12 */
    "  }\n"
    "  return %a : memref<8xf32>\n"                                      /* 13 */
    "}\n";

static void test_facts(void) {
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
  buf_op_t *func = buf_region_entry(module->regions[0])->first->next;
  buf_op_t *ops[16];
  int n = 0;
  for (buf_op_t *op = buf_region_entry(func->regions[0])->first; op && n < 16;
       op = op->next)
    ops[n++] = op;
  CHECK(n == 14);
  if (n != 14) {
    buf_ctx_destroy(ctx);
    return;
  }
  int64_t k = 0;
  CHECK(buf_value_constant_int(&ops[0]->results[0], &k) && k == 2);
  CHECK(!buf_value_constant_int(&ops[1]->results[0], &k));
  CHECK(buf_op_alloc_kind(ops[1]) == BUF_ALLOC_HEAP);
  CHECK(buf_op_alloc_kind(ops[2]) == BUF_ALLOC_STACK);
  CHECK(buf_op_alloc_kind(ops[10]) == BUF_ALLOC_HEAP);
  CHECK(buf_op_alloc_kind(ops[3]) == BUF_ALLOC_NONE);
  /* The cast of the subview of %m: its root is %m. */
  CHECK(buf_op_view_source(ops[4]) == &ops[3]->results[0]);
  CHECK(buf_value_view_root(&ops[4]->results[0]) == &ops[1]->results[0]);
  CHECK(buf_value_view_root(func->regions[0]->first->args[0]) ==
        func->regions[0]->first->args[0]);
  CHECK(buf_op_view_source(ops[1]) == NULL);
  /* Effects, operand by operand. */
  CHECK(buf_op_operand_effect(ops[5], 0) == BUF_EFFECT_READ);
  CHECK(buf_op_operand_effect(ops[5], 1) == BUF_EFFECT_WRITE);
  CHECK(buf_op_operand_effect(ops[6], 0) == BUF_EFFECT_READ);
  CHECK(buf_op_operand_effect(ops[6], 1) == BUF_EFFECT_NONE);
  CHECK(buf_op_operand_effect(ops[7], 0) == BUF_EFFECT_NONE);
  CHECK(buf_op_operand_effect(ops[7], 1) == BUF_EFFECT_WRITE);
  CHECK(buf_op_operand_effect(ops[8], 0) == BUF_EFFECT_NONE);
  CHECK(buf_op_operand_effect(ops[3], 0) == BUF_EFFECT_NONE);
  CHECK(buf_op_operand_effect(ops[9], 0) ==
        (BUF_EFFECT_READ | BUF_EFFECT_WRITE));
  CHECK(buf_op_operand_effect(ops[10], 0) ==
        (BUF_EFFECT_READ | BUF_EFFECT_FREE));
  CHECK(buf_op_operand_effect(ops[11], 0) == BUF_EFFECT_FREE);
  CHECK(buf_op_writes_memory(ops[7]) && !buf_op_writes_memory(ops[6]));
  /* Structure. */
  CHECK(buf_op_callee(ops[9]) == buf_region_entry(module->regions[0])->first);
  CHECK(buf_op_has_trait(ops[12], BUF_TRAIT_LOOP));
  CHECK(ops[12]->def->forward_first == 3 && ops[12]->def->forward_arg == 1);
  CHECK(buf_op_has_trait(ops[11], BUF_TRAIT_FREE));
  CHECK(buf_op_is_function_return(ops[13]));
  CHECK(!buf_op_is_function_return(buf_region_entry(ops[12]->regions[0])->last));
  CHECK(buf_op_has_trait(func, BUF_TRAIT_FUNCTION));
  CHECK(buf_op_isa(ops[5], "memref.copy") && !buf_op_isa(ops[5], "memref.load"));
  buf_ctx_destroy(ctx);
}

/* Every row of every subsystem names an op the context registers (or, for
 * "dialect.*", a known dialect), and each row is what buf_op_model gives
 * that op. */
static void test_model_rows_name_known_ops(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  for (int kind = 0; kind < BUF_NUM_MODEL_KINDS; kind++) {
    const buf_model_table_t *t = &buf_model_tables[kind];
    uint32_t rows = 0;
    for (const char *name; (name = t->row_name(rows)); rows++) {
      size_t len = strlen(name);
      if (len >= 2 && strcmp(name + len - 2, ".*") == 0) {
        bool known = buf_ctx_dialect_known(ctx, name, len - 2);
        if (!known)
          fprintf(stderr, "%s row '%s': no such dialect\n", t->subsystem, name);
        CHECK(known);
        continue;
      }
      bool registered = buf_ctx_lookup_opdef(ctx, name) != NULL;
      if (!registered)
        fprintf(stderr, "%s row '%s': no such op\n", t->subsystem, name);
      CHECK(registered);
    }
    if (kind != BUF_MODEL_LLVM || buf_llvm_available())
      CHECK(rows > 10);
  }
  buf_ctx_destroy(ctx);
}

/* buf_op_model attaches the same row on every call and per context. */
static void test_models_resolve_once(void) {
  static const char text[] =
      "func.func @g(%x: i32) -> i32 {\n"
      "  %y = arith.addi %x, %x : i32\n"
      "  return %y : i32\n"
      "}\n";
  buf_ctx_t *ctx = buf_ctx_create();
  buf_parse_options_t o = buf_parse_options_default();
  buf_op_t *module = buf_parse_source(ctx, "g.mlir", text, strlen(text), 1, &o);
  CHECK(module != NULL);
  if (module) {
    buf_op_t *func = buf_region_entry(module->regions[0])->first;
    buf_op_t *add = buf_region_entry(func->regions[0])->first;
    const void *row = buf_op_model(add, BUF_MODEL_INTERP);
    CHECK(row != NULL);
    CHECK(buf_op_model(add, BUF_MODEL_INTERP) == row);
    CHECK(row == buf_model_tables[BUF_MODEL_INTERP].resolve("arith.addi"));
    CHECK(buf_op_model(add, BUF_MODEL_BUFFERIZE) ==
          buf_model_tables[BUF_MODEL_BUFFERIZE].resolve("arith.addi"));
    CHECK(buf_op_model(func, BUF_MODEL_INTERP) == NULL);
  }
  buf_ctx_destroy(ctx);
}

static const test_entry_t tests[] = {
    TEST_ENTRY(test_facts),
    TEST_ENTRY(test_model_rows_name_known_ops),
    TEST_ENTRY(test_models_resolve_once),
};

TEST_MAIN(tests)
