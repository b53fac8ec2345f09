/*
 * test_interp.c: unit tests of the reference interpreter (core/interp).
 *
 * Programs are parsed from strings and run with buf_interp_run. Covered:
 * every kind of undefined behaviour the interpreter reports, each checked
 * at its exact line:col (and the allocation-site note where there is one);
 * value semantics of tensors; strided subviews; scf loops with iter_args,
 * while, forall, parallel; calls and recursion; the runner-utils output
 * format (checked against mlir-runner 22 for the same shapes); JSON inputs
 * and results; the step and memory bounds; two runs on two threads.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf/interp.h"
#include "buf/syntax.h"
#include "test.h"

typedef struct run_result {
  buf_status_t status;
  char *out;     /* what the program printed */
  char *results; /* JSON results, or NULL */
  uint32_t line, col; /* of the first error */
  char msg[512];      /* its message */
  uint32_t note_line; /* of its first note */
  buf_interp_stats_t stats;
} run_result_t;

static run_result_t run_opts(const char *src, const char *func,
                             const char *inputs, bool leak,
                             uint64_t max_steps, uint64_t max_bytes) {
  run_result_t r = {0};
  buf_ctx_t *ctx = buf_ctx_create();
  buf_parse_options_t po = buf_parse_options_default();
  buf_op_t *m = buf_parse_source(ctx, "t.mlir", src, strlen(src), 1, &po);
  if (!m) {
    buf_diags_print(ctx, stderr);
    r.status = BUF_FAILURE;
    strcpy(r.msg, "<parse error>");
    buf_ctx_destroy(ctx);
    return r;
  }
  size_t len;
  FILE *out = open_memstream(&r.out, &len);
  buf_interp_options_t o = {.out = out, .leak_check = leak,
                            .max_steps = max_steps, .max_bytes = max_bytes};
  r.status = buf_interp_run(m, func, inputs, &r.results, &o, &r.stats);
  fclose(out);
  const buf_diag_t *d = buf_ctx_diags(ctx);
  if (d) {
    r.line = d->loc.line;
    r.col = d->loc.col;
    snprintf(r.msg, sizeof r.msg, "%s", d->message);
    if (d->notes)
      r.note_line = d->notes->loc.line;
  }
  buf_ctx_destroy(ctx);
  return r;
}

static run_result_t run(const char *src, const char *func,
                        const char *inputs) {
  return run_opts(src, func, inputs, false, 0, 0);
}

static void free_result(run_result_t *r) {
  free(r->out);
  free(r->results);
}

/* Runs func expecting an error at line:col whose message contains text. */
static void expect_error(const char *src, const char *func, bool leak,
                         uint32_t line, uint32_t col, const char *text,
                         uint32_t note_line) {
  run_result_t r = run_opts(src, func, NULL, leak, 0, 0);
  bool ok = r.status == BUF_FAILURE && r.line == line && r.col == col &&
            strstr(r.msg, text) && strncmp(r.msg, "interpreter: ", 13) == 0 &&
            (!note_line || r.note_line == note_line);
  if (!ok)
    fprintf(stderr, "  @%s: got %u:%u '%s' (note line %u), want %u:%u '%s'\n",
            func, r.line, r.col, r.msg, r.note_line, line, col, text);
  CHECK(ok);
  free_result(&r);
}

static void expect_results(const char *src, const char *func,
                           const char *inputs, const char *want) {
  run_result_t r = run(src, func, inputs);
  bool ok = r.status == BUF_SUCCESS && r.results &&
            strcmp(r.results, want) == 0;
  if (!ok)
    fprintf(stderr, "  @%s: status %d, error '%s', results %s, wanted %s\n",
            func, r.status, r.msg, r.results ? r.results : "(none)", want);
  CHECK(ok);
  free_result(&r);
}

/* ------------------------------------------------------------------------ */

static const char *ub_src =
    "func.func @oob_load() {\n"                                        /* 1 */
    "  %c4 = arith.constant 4 : index\n"                               /* 2 */
    "  %m = memref.alloc() : memref<4xf32>\n"                          /* 3 */
    "  %v = memref.load %m[%c4] : memref<4xf32>\n"                     /* 4 */
    "  return\n"                                                       /* 5 */
    "}\n"                                                              /* 6 */
    "func.func @uaf() {\n"                                             /* 7 */
    "  %c0 = arith.constant 0 : index\n"                               /* 8 */
    "  %m = memref.alloc() : memref<4xf32>\n"                          /* 9 */
    "  memref.dealloc %m : memref<4xf32>\n"                            /* 10 */
    "  %f = arith.constant 1.0 : f32\n"                                /* 11 */
    "  memref.store %f, %m[%c0] : memref<4xf32>\n"                     /* 12 */
    "  return\n"                                                       /* 13 */
    "}\n"                                                              /* 14 */
    "func.func @double_free() {\n"                                     /* 15 */
    "  %m = memref.alloc() : memref<4xf32>\n"                          /* 16 */
    "  memref.dealloc %m : memref<4xf32>\n"                            /* 17 */
    "  memref.dealloc %m : memref<4xf32>\n"                            /* 18 */
    "  return\n"                                                       /* 19 */
    "}\n"                                                              /* 20 */
    "func.func @uninit_load() {\n"                                     /* 21 */
    "  %c1 = arith.constant 1 : index\n"                               /* 22 */
    "  %m = memref.alloca() : memref<4xi32>\n"                         /* 23 */
    "  %v = memref.load %m[%c1] : memref<4xi32>\n"                     /* 24 */
    "  return\n"                                                       /* 25 */
    "}\n"                                                              /* 26 */
    "func.func @leak() {\n"                                            /* 27 */
    "  %m = memref.alloc() : memref<4xf32>\n"                          /* 28 */
    "  %n = memref.alloc() : memref<2xf32>\n"                          /* 29 */
    "  memref.dealloc %n : memref<2xf32>\n"                            /* 30 */
    "  return\n"                                                       /* 31 */
    "}\n"                                                              /* 32 */
    "func.func @div0(%a: i32) -> i32 {\n"                              /* 33 */
    "  %z = arith.constant 0 : i32\n"                                  /* 34 */
    "  %d = arith.remui %a, %z : i32\n"                                /* 35 */
    "  return %d : i32\n"                                              /* 36 */
    "}\n"                                                              /* 37 */
    "func.func @call_div0() -> i32 {\n"                                /* 38 */
    "  %a = arith.constant 7 : i32\n"                                  /* 39 */
    "  %d = func.call @div0(%a) : (i32) -> i32\n"                      /* 40 */
    "  return %d : i32\n"                                              /* 41 */
    "}\n"                                                              /* 42 */
    "func.func @empty_read() -> f32 {\n"                               /* 43 */
    "  %c0 = arith.constant 0 : index\n"                               /* 44 */
    "  %t = tensor.empty() : tensor<4xf32>\n"                          /* 45 */
    "  %v = tensor.extract %t[%c0] : tensor<4xf32>\n"                  /* 46 */
    "  return %v : f32\n"                                              /* 47 */
    "}\n"                                                              /* 48 */
    "memref.global \"private\" constant @g : memref<2xf32> = "
    "dense<[1.0, 2.0]>\n"                                              /* 49 */
    "func.func @ro_write() {\n"                                        /* 50 */
    "  %c0 = arith.constant 0 : index\n"                               /* 51 */
    "  %f = arith.constant 1.0 : f32\n"                                /* 52 */
    "  %g = memref.get_global @g : memref<2xf32>\n"                    /* 53 */
    "  memref.store %f, %g[%c0] : memref<2xf32>\n"                     /* 54 */
    "  return\n"                                                       /* 55 */
    "}\n"                                                              /* 56 */
    "func.func @stack_free() {\n"                                      /* 57 */
    "  %m = memref.alloca() : memref<4xf32>\n"                         /* 58 */
    "  memref.dealloc %m : memref<4xf32>\n"                            /* 59 */
    "  return\n"                                                       /* 60 */
    "}\n"                                                              /* 61 */
    "func.func @subview_oob(%o: index) {\n"                            /* 62 */
    "  %m = memref.alloc() : memref<4x4xf32>\n"                        /* 63 */
    "  %s = memref.subview %m[%o, 0] [3, 4] [1, 1] : memref<4x4xf32> "
    "to memref<3x4xf32, strided<[4, 1], offset: ?>>\n"                 /* 64 */
    "  return\n"                                                       /* 65 */
    "}\n"                                                              /* 66 */
    "func.func @view_free() {\n"                                       /* 67 */
    "  %m = memref.alloc() : memref<4x4xf32>\n"                        /* 68 */
    "  %s = memref.subview %m[2, 0] [2, 4] [1, 1] : memref<4x4xf32> "
    "to memref<2x4xf32, strided<[4, 1], offset: 8>>\n"                 /* 69 */
    "  memref.dealloc %s : memref<2x4xf32, strided<[4, 1], offset: 8>>\n" /* 70 */
    "  return\n"                                                       /* 71 */
    "}\n"                                                              /* 72 */
    "func.func @generic_uninit() -> tensor<4xf32> {\n"                 /* 73 */
    "  %e = tensor.empty() : tensor<4xf32>\n"                          /* 74 */
    "  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], "
    "iterator_types = [\"parallel\"]} outs(%e : tensor<4xf32>) {\n"    /* 75 */
    "  ^bb0(%o: f32):\n"                                               /* 76 */
    "    %x = arith.addf %o, %o : f32\n"                               /* 77 */
    "    linalg.yield %x : f32\n"                                      /* 78 */
    "  } -> tensor<4xf32>\n"                                           /* 79 */
    "  return %r : tensor<4xf32>\n"                                    /* 80 */
    "}\n"                                                              /* 81 */
    "func.func @spin() {\n"                                            /* 82 */
    "  %c0 = arith.constant 0 : index\n"                               /* 83 */
    "  cf.br ^bb1(%c0 : index)\n"                                      /* 84 */
    "^bb1(%i: index):\n"                                               /* 85 */
    "  cf.br ^bb1(%i : index)\n"                                       /* 86 */
    "}\n"                                                              /* 87 */
    "func.func @big() {\n"                                             /* 88 */
    "  %m = memref.alloc() : memref<1024x1024xf32>\n"                  /* 89 */
    "  memref.dealloc %m : memref<1024x1024xf32>\n"                    /* 90 */
    "  return\n"                                                       /* 91 */
    "}\n"                                                              /* 92 */
    "func.func @copy_overlap() {\n"                                    /* 93 */
    "  %m = memref.alloc() : memref<8xf32>\n"                          /* 94 */
    "  %a = memref.subview %m[0] [4] [1] : memref<8xf32> to "
    "memref<4xf32, strided<[1]>>\n"                                    /* 95 */
    "  %b = memref.subview %m[2] [4] [1] : memref<8xf32> to "
    "memref<4xf32, strided<[1], offset: 2>>\n"                         /* 96 */
    "  memref.copy %a, %b : memref<4xf32, strided<[1]>> to "
    "memref<4xf32, strided<[1], offset: 2>>\n"                         /* 97 */
    "  return\n"                                                       /* 98 */
    "}\n"                                                              /* 99 */
    "func.func @copy_shape(%n: index) {\n"                             /* 100 */
    "  %a = memref.alloc(%n) : memref<?xf32>\n"                        /* 101 */
    "  %b = memref.alloc() : memref<4xf32>\n"                          /* 102 */
    "  %c = memref.cast %b : memref<4xf32> to memref<?xf32>\n"         /* 103 */
    "  memref.copy %a, %c : memref<?xf32> to memref<?xf32>\n"          /* 104 */
    "  return\n"                                                       /* 105 */
    "}\n"                                                              /* 106 */
    "func.func @assert_fail() {\n"                                     /* 107 */
    "  %f = arith.constant false\n"                                    /* 108 */
    "  cf.assert %f, \"must hold\"\n"                                  /* 109 */
    "  return\n"                                                       /* 110 */
    "}\n"                                                              /* 111 */
    "func.func @slice_oob(%o: index) -> tensor<2xf32> {\n"             /* 112 */
    "  %t = arith.constant dense<1.0> : tensor<4xf32>\n"               /* 113 */
    "  %s = tensor.extract_slice %t[%o] [2] [1] : tensor<4xf32> to "
    "tensor<2xf32>\n"                                                  /* 114 */
    "  return %s : tensor<2xf32>\n"                                    /* 115 */
    "}\n"                                                              /* 116 */
    "func.func private @mystery()\n"                                   /* 117 */
    "func.func @unknown_extern() {\n"                                  /* 118 */
    "  func.call @mystery() : () -> ()\n"                              /* 119 */
    "  return\n"                                                       /* 120 */
    "}\n"                                                              /* 121 */
    "func.func @divsi_overflow() -> i8 {\n"                            /* 122 */
    "  %a = arith.constant -128 : i8\n"                                /* 123 */
    "  %b = arith.constant -1 : i8\n"                                  /* 124 */
    "  %d = arith.divsi %a, %b : i8\n"                                 /* 125 */
    "  return %d : i8\n"                                               /* 126 */
    "}\n"                                                              /* 127 */
    "func.func @escape_alloca() -> memref<2xf32> {\n"                  /* 128 */
    "  %m = memref.alloca() : memref<2xf32>\n"                         /* 129 */
    "  return %m : memref<2xf32>\n"                                    /* 130 */
    "}\n"                                                              /* 131 */
    "func.func @stack_uaf() -> f32 {\n"                                /* 132 */
    "  %c0 = arith.constant 0 : index\n"                               /* 133 */
    "  %m = func.call @escape_alloca() : () -> memref<2xf32>\n"        /* 134 */
    "  %v = memref.load %m[%c0] : memref<2xf32>\n"                     /* 135 */
    "  return %v : f32\n"                                              /* 136 */
    "}\n";                                                             /* 137 */

static void test_ub(void) {
  expect_error(ub_src, "oob_load", false, 4, 8, "out-of-bounds access", 3);
  expect_error(ub_src, "uaf", false, 12, 3, "use after free", 9);
  expect_error(ub_src, "double_free", false, 18, 3, "double free", 16);
  expect_error(ub_src, "uninit_load", false, 24, 8,
               "read of uninitialized memory", 23);
  expect_error(ub_src, "leak", true, 27, 1, "1 buffer still allocated", 28);
  expect_error(ub_src, "call_div0", false, 35, 8, "division by zero", 0);
  expect_error(ub_src, "empty_read", false, 46, 8, "uninitialized", 0);
  expect_error(ub_src, "ro_write", false, 54, 3, "read-only", 49);
  expect_error(ub_src, "stack_free", false, 59, 3, "stack buffer", 58);
  expect_error(ub_src, "view_free", false, 70, 3,
               "does not start at the allocation's base", 68);
  expect_error(ub_src, "generic_uninit", false, 77, 10,
               "use of an uninitialized value", 0);
  expect_error(ub_src, "copy_overlap", false, 97, 3, "overlapping", 94);
  expect_error(ub_src, "assert_fail", false, 109, 3,
               "assertion failed: must hold", 0);
  expect_error(ub_src, "unknown_extern", false, 119, 3,
               "does not know", 0);
  expect_error(ub_src, "divsi_overflow", false, 125, 8, "overflow", 0);
  expect_error(ub_src, "stack_uaf", false, 135, 8, "use after free", 129);

  /* The same functions with arguments. */
  run_result_t r = run(ub_src, "subview_oob", "[{\"type\":\"index\",\"value\":2}]");
  CHECK(r.status == BUF_FAILURE && r.line == 64 && r.col == 8 &&
        strstr(r.msg, "out-of-bounds subview") && r.note_line == 63);
  free_result(&r);
  r = run(ub_src, "subview_oob", "[{\"type\":\"index\",\"value\":1}]");
  CHECK(r.status == BUF_SUCCESS); /* rows 1..3 are in bounds */
  free_result(&r);
  r = run(ub_src, "copy_shape", "[{\"type\":\"index\",\"value\":3}]");
  CHECK(r.status == BUF_FAILURE && r.line == 104 &&
        strstr(r.msg, "different shapes"));
  free_result(&r);
  r = run(ub_src, "slice_oob", "[{\"type\":\"index\",\"value\":3}]");
  CHECK(r.status == BUF_FAILURE && r.line == 114 && r.col == 8 &&
        strstr(r.msg, "out-of-bounds slice"));
  free_result(&r);
  r = run(ub_src, "slice_oob", "[{\"type\":\"index\",\"value\":2}]");
  CHECK(r.status == BUF_SUCCESS && r.results &&
        strcmp(r.results, "[{\"type\":\"tensor<2xf32>\",\"shape\":[2],"
                          "\"data\":[1.0,1.0]}]") == 0);
  free_result(&r);

  /* Without the leak check a leak is fine; the alloc is counted. */
  r = run(ub_src, "leak", NULL);
  CHECK(r.status == BUF_SUCCESS && r.stats.heap_allocs == 2);
  free_result(&r);

  /* Bounds: steps and bytes. */
  r = run_opts(ub_src, "spin", NULL, false, 10000, 0);
  CHECK(r.status == BUF_FAILURE && strstr(r.msg, "step limit") &&
        r.line == 86);
  free_result(&r);
  r = run_opts(ub_src, "big", NULL, false, 0, 1 << 20);
  CHECK(r.status == BUF_FAILURE && strstr(r.msg, "memory limit") &&
        r.line == 89);
  free_result(&r);
  r = run_opts(ub_src, "big", NULL, false, 0, 8 << 20);
  CHECK(r.status == BUF_SUCCESS && r.stats.peak_live_bytes == 4 << 20);
  free_result(&r);

  /* Missing inputs, unknown function. */
  r = run(ub_src, "div0", NULL);
  CHECK(r.status == BUF_FAILURE && strstr(r.msg, "no inputs"));
  free_result(&r);
  r = run(ub_src, "nope", NULL);
  CHECK(r.status == BUF_FAILURE && strstr(r.msg, "no function named"));
  free_result(&r);
}

/* ------------------------------------------------------------------------ */

static const char *sem_src =
    "func.func @insert_keeps(%t: tensor<3xi32>) -> (tensor<3xi32>, "
    "tensor<3xi32>) {\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %v = arith.constant 9 : i32\n"
    "  %u = tensor.insert %v into %t[%c1] : tensor<3xi32>\n"
    "  return %t, %u : tensor<3xi32>, tensor<3xi32>\n"
    "}\n"
    "func.func @fact(%n: i64) -> i64 {\n"
    "  %c1 = arith.constant 1 : i64\n"
    "  %le = arith.cmpi sle, %n, %c1 : i64\n"
    "  %r = scf.if %le -> i64 {\n"
    "    scf.yield %c1 : i64\n"
    "  } else {\n"
    "    %m = arith.subi %n, %c1 : i64\n"
    "    %f = func.call @fact(%m) : (i64) -> i64\n"
    "    %p = arith.muli %n, %f : i64\n"
    "    scf.yield %p : i64\n"
    "  }\n"
    "  return %r : i64\n"
    "}\n"
    "func.func @sum_loop(%n: index) -> (f32, index) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %z = arith.constant 0.0 : f32\n"
    "  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %k = %c0) "
    "-> (f32, index) {\n"
    "    %ii = arith.index_cast %i : index to i32\n"
    "    %f = arith.sitofp %ii : i32 to f32\n"
    "    %s = arith.addf %a, %f : f32\n"
    "    %k2 = arith.addi %k, %c1 : index\n"
    "    scf.yield %s, %k2 : f32, index\n"
    "  }\n"
    "  return %r#0, %r#1 : f32, index\n"
    "}\n"
    "func.func @collatz(%n: i32) -> i32 {\n"
    "  %c1 = arith.constant 1 : i32\n"
    "  %c2 = arith.constant 2 : i32\n"
    "  %c3 = arith.constant 3 : i32\n"
    "  %z = arith.constant 0 : i32\n"
    "  %r:2 = scf.while (%x = %n, %s = %z) : (i32, i32) -> (i32, i32) {\n"
    "    %go = arith.cmpi ne, %x, %c1 : i32\n"
    "    scf.condition(%go) %x, %s : i32, i32\n"
    "  } do {\n"
    "  ^bb0(%x: i32, %s: i32):\n"
    "    %odd = arith.remui %x, %c2 : i32\n"
    "    %isodd = arith.cmpi eq, %odd, %c1 : i32\n"
    "    %nx = scf.if %isodd -> i32 {\n"
    "      %t = arith.muli %x, %c3 : i32\n"
    "      %t1 = arith.addi %t, %c1 : i32\n"
    "      scf.yield %t1 : i32\n"
    "    } else {\n"
    "      %h = arith.divui %x, %c2 : i32\n"
    "      scf.yield %h : i32\n"
    "    }\n"
    "    %s1 = arith.addi %s, %c1 : i32\n"
    "    scf.yield %nx, %s1 : i32, i32\n"
    "  }\n"
    "  return %r#1 : i32\n"
    "}\n"
    "func.func @wrap() -> (i8, i8, i1, i16) {\n"
    "  %a = arith.constant 127 : i8\n"
    "  %b = arith.constant 1 : i8\n"
    "  %s = arith.addi %a, %b : i8\n"
    "  %d = arith.divui %s, %b : i8\n"
    "  %c = arith.cmpi ult, %a, %s : i8\n"
    "  %e = arith.extui %s : i8 to i16\n"
    "  return %s, %d, %c, %e : i8, i8, i1, i16\n"
    "}\n"
    "func.func @f32_precision() -> (f32, f64) {\n"
    "  %a = arith.constant 16777216.0 : f32\n"
    "  %b = arith.constant 1.0 : f32\n"
    "  %s = arith.addf %a, %b : f32\n"
    "  %x = arith.constant 0.1 : f32\n"
    "  %y = arith.extf %x : f32 to f64\n"
    "  return %s, %y : f32, f64\n"
    "}\n"
    "func.func @forall_rows(%t: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
    "  %e = tensor.empty() : tensor<2x3xf32>\n"
    "  %r = scf.forall (%i) in (2) shared_outs(%o = %e) -> tensor<2x3xf32> {\n"
    "    %row = tensor.extract_slice %t[%i, 0] [1, 3] [1, 1] : "
    "tensor<2x3xf32> to tensor<3xf32>\n"
    "    %neg = arith.negf %row : tensor<3xf32>\n"
    "    scf.forall.in_parallel {\n"
    "      tensor.parallel_insert_slice %neg into %o[%i, 0] [1, 3] [1, 1] : "
    "tensor<3xf32> into tensor<2x3xf32>\n"
    "    }\n"
    "  }\n"
    "  return %r : tensor<2x3xf32>\n"
    "}\n"
    "func.func @par_sum() -> index {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c5 = arith.constant 5 : index\n"
    "  %r = scf.parallel (%i) = (%c0) to (%c5) step (%c1) init (%c0) -> index {\n"
    "    scf.reduce(%i : index) {\n"
    "    ^bb0(%a: index, %b: index):\n"
    "      %s = arith.addi %a, %b : index\n"
    "      scf.reduce.return %s : index\n"
    "    }\n"
    "  }\n"
    "  return %r : index\n"
    "}\n"
    "func.func @strided(%m: memref<4x6xf32>) -> (memref<4x6xf32>, f32) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %sv = memref.subview %m[1, 1] [2, 3] [2, 2] : memref<4x6xf32> to "
    "memref<2x3xf32, strided<[12, 2], offset: 7>>\n"
    "  %v = memref.load %sv[%c1, %c1] : memref<2x3xf32, strided<[12, 2], "
    "offset: 7>>\n"
    "  %minus = arith.constant -1.0 : f32\n"
    "  memref.store %minus, %sv[%c0, %c1] : memref<2x3xf32, strided<[12, 2], "
    "offset: 7>>\n"
    "  return %m, %v : memref<4x6xf32>, f32\n"
    "}\n";

static void test_semantics(void) {
  expect_results(sem_src, "insert_keeps",
                 "[{\"type\":\"tensor<3xi32>\",\"shape\":[3],"
                 "\"data\":[1,2,3]}]",
                 "[{\"type\":\"tensor<3xi32>\",\"shape\":[3],\"data\":[1,2,3]},"
                 "{\"type\":\"tensor<3xi32>\",\"shape\":[3],\"data\":[1,9,3]}]");
  expect_results(sem_src, "fact", "[{\"type\":\"i64\",\"value\":20}]",
                 "[{\"type\":\"i64\",\"value\":2432902008176640000}]");
  expect_results(sem_src, "sum_loop", "[{\"type\":\"index\",\"value\":5}]",
                 "[{\"type\":\"f32\",\"value\":10.0},"
                 "{\"type\":\"index\",\"value\":5}]");
  expect_results(sem_src, "sum_loop", "[{\"type\":\"index\",\"value\":0}]",
                 "[{\"type\":\"f32\",\"value\":0.0},"
                 "{\"type\":\"index\",\"value\":0}]");
  expect_results(sem_src, "collatz", "[{\"type\":\"i32\",\"value\":27}]",
                 "[{\"type\":\"i32\",\"value\":111}]");
  expect_results(sem_src, "wrap", "[]",
                 "[{\"type\":\"i8\",\"value\":-128},"
                 "{\"type\":\"i8\",\"value\":-128},"
                 "{\"type\":\"i1\",\"value\":true},"
                 "{\"type\":\"i16\",\"value\":128}]");
  /* f32 math stays in float: 2^24 + 1 rounds back to 2^24. */
  expect_results(sem_src, "f32_precision", "[]",
                 "[{\"type\":\"f32\",\"value\":16777216.0},"
                 "{\"type\":\"f64\",\"value\":0.10000000149011612}]");
  expect_results(sem_src, "forall_rows",
                 "[{\"type\":\"tensor<2x3xf32>\",\"shape\":[2,3],"
                 "\"data\":[[1,2,3],[4,5,\"inf\"]]}]",
                 "[{\"type\":\"tensor<2x3xf32>\",\"shape\":[2,3],"
                 "\"data\":[-1.0,-2.0,-3.0,-4.0,-5.0,\"-inf\"]}]");
  expect_results(sem_src, "par_sum", "[]",
                 "[{\"type\":\"index\",\"value\":10}]");
  /* Element (r, c) of the subview is element (1 + 2r, 1 + 2c). */
  char in[512], want[1024];
  strcpy(in, "[{\"type\":\"memref<4x6xf32>\",\"shape\":[4,6],\"data\":[");
  strcpy(want, "[{\"type\":\"memref<4x6xf32>\",\"shape\":[4,6],\"data\":[");
  for (int i = 0; i < 24; i++) {
    sprintf(in + strlen(in), "%s%d", i ? "," : "", i);
    if (i == 9)
      sprintf(want + strlen(want), "%s-1.0", i ? "," : "");
    else
      sprintf(want + strlen(want), "%s%d.0", i ? "," : "", i);
  }
  strcat(in, "]}]");
  strcat(want, "]},{\"type\":\"f32\",\"value\":21.0}]");
  expect_results(sem_src, "strided", in, want);

  /* Bad inputs are located errors, not crashes. */
  run_result_t r = run(sem_src, "fact", "[{\"type\":\"f32\",\"value\":1}]");
  CHECK(r.status == BUF_FAILURE && strstr(r.msg, "does not match"));
  free_result(&r);
  r = run(sem_src, "fact", "[1");
  CHECK(r.status == BUF_FAILURE && strstr(r.msg, "not valid JSON"));
  free_result(&r);
  r = run(sem_src, "insert_keeps",
          "[{\"type\":\"tensor<3xi32>\",\"shape\":[3],\"data\":[1,2]}]");
  CHECK(r.status == BUF_FAILURE && strstr(r.msg, "data values"));
  free_result(&r);
}

/* ------------------------------------------------------------------------ */

static const char *print_src =
    "func.func private @printMemrefF32(memref<*xf32>)\n"
    "func.func private @printMemrefI32(memref<*xi32>)\n"
    "func.func private @printMemrefInd(memref<*xindex>)\n"
    "func.func private @printI64(i64)\n"
    "func.func private @printU64(i64)\n"
    "func.func private @printF32(f32)\n"
    "func.func private @printF64(f64)\n"
    "func.func private @printNewline()\n"
    "func.func private @printComma()\n"
    "func.func private @printOpen()\n"
    "func.func private @printClose()\n"
    "func.func @floats() {\n"
    "  %t = arith.constant dense<[0.333333333, 1.0e20, 0x7FC00000, -0.0, "
    "0x7F800000, 123456789.0]> : tensor<6xf32>\n"
    "  %m = bufferization.to_buffer %t : tensor<6xf32> to memref<6xf32>\n"
    "  %u = memref.cast %m : memref<6xf32> to memref<*xf32>\n"
    "  call @printMemrefF32(%u) : (memref<*xf32>) -> ()\n"
    "  return\n"
    "}\n"
    "func.func @rank0_rank3() {\n"
    "  %a = arith.constant dense<2.5> : tensor<f32>\n"
    "  %ma = bufferization.to_buffer %a : tensor<f32> to memref<f32>\n"
    "  %ua = memref.cast %ma : memref<f32> to memref<*xf32>\n"
    "  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()\n"
    "  %b = tensor.generate {\n"
    "  ^bb0(%i: index, %j: index, %k: index):\n"
    "    %c6 = arith.constant 6 : index\n"
    "    %c3 = arith.constant 3 : index\n"
    "    %x = arith.muli %i, %c6 : index\n"
    "    %y = arith.muli %j, %c3 : index\n"
    "    %s = arith.addi %x, %y : index\n"
    "    %s2 = arith.addi %s, %k : index\n"
    "    %c1 = arith.constant 1 : index\n"
    "    %s3 = arith.addi %s2, %c1 : index\n"
    "    %w = arith.index_cast %s3 : index to i32\n"
    "    %f = arith.sitofp %w : i32 to f32\n"
    "    tensor.yield %f : f32\n"
    "  } : tensor<2x2x3xf32>\n"
    "  %mb = bufferization.to_buffer %b : tensor<2x2x3xf32> to "
    "memref<2x2x3xf32>\n"
    "  %ub = memref.cast %mb : memref<2x2x3xf32> to memref<*xf32>\n"
    "  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()\n"
    "  return\n"
    "}\n"
    "func.func @ints() {\n"
    "  %a = arith.constant dense<[[-3], [65]]> : tensor<2x1xi32>\n"
    "  %ma = bufferization.to_buffer %a : tensor<2x1xi32> to memref<2x1xi32>\n"
    "  %ua = memref.cast %ma : memref<2x1xi32> to memref<*xi32>\n"
    "  call @printMemrefI32(%ua) : (memref<*xi32>) -> ()\n"
    "  %b = arith.constant dense<[-3, 65]> : tensor<2xindex>\n"
    "  %mb = bufferization.to_buffer %b : tensor<2xindex> to memref<2xindex>\n"
    "  %ub = memref.cast %mb : memref<2xindex> to memref<*xindex>\n"
    "  call @printMemrefInd(%ub) : (memref<*xindex>) -> ()\n"
    "  %m = arith.constant -5 : i64\n"
    "  call @printI64(%m) : (i64) -> ()\n"
    "  call @printComma() : () -> ()\n"
    "  call @printU64(%m) : (i64) -> ()\n"
    "  call @printNewline() : () -> ()\n"
    "  call @printOpen() : () -> ()\n"
    "  %f = arith.constant 0x7FC00000 : f32\n"
    "  call @printF32(%f) : (f32) -> ()\n"
    "  %nf = arith.negf %f : f32\n"
    "  call @printF32(%nf) : (f32) -> ()\n"
    "  call @printClose() : () -> ()\n"
    "  %d = arith.constant 3.14159265358979 : f64\n"
    "  call @printF64(%d) : (f64) -> ()\n"
    "  %nz = arith.constant -0.0 : f64\n"
    "  call @printF64(%nz) : (f64) -> ()\n"
    "  call @printNewline() : () -> ()\n"
    "  return\n"
    "}\n"
    "func.func @column() {\n"
    "  %t = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : "
    "tensor<3x2xf32>\n"
    "  %m = bufferization.to_buffer %t : tensor<3x2xf32> to memref<3x2xf32>\n"
    "  %c = memref.subview %m[0, 1] [3, 1] [1, 1] : memref<3x2xf32> to "
    "memref<3xf32, strided<[2], offset: 1>>\n"
    "  %u = memref.cast %c : memref<3xf32, strided<[2], offset: 1>> to "
    "memref<*xf32>\n"
    "  call @printMemrefF32(%u) : (memref<*xf32>) -> ()\n"
    "  return\n"
    "}\n"
    "func.func @uninit_print() {\n"
    "  %m = memref.alloc() : memref<2xf32>\n"
    "  %u = memref.cast %m : memref<2xf32> to memref<*xf32>\n"
    "  call @printMemrefF32(%u) : (memref<*xf32>) -> ()\n"
    "  return\n"
    "}\n";

/* Replaces every "base@ = 0x<hex>" with "base@ = ADDR" in place. */
static void normalize(char *s) {
  char *p;
  while ((p = strstr(s, "base@ = 0x"))) {
    char *q = p + 10;
    while ((*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'f'))
      q++;
    memcpy(p, "base@ = ADDR", 12);
    memmove(p + 12, q, strlen(q) + 1);
  }
}

static void expect_print(const char *func, const char *want) {
  run_result_t r = run(print_src, func, NULL);
  if (r.out)
    normalize(r.out);
  bool ok = r.status == BUF_SUCCESS && r.out && strcmp(r.out, want) == 0;
  if (!ok)
    fprintf(stderr, "  @%s: '%s'\n----\n%s----\nwanted\n%s----\n", func,
            r.msg, r.out ? r.out : "", want);
  CHECK(ok);
  free_result(&r);
}

static void test_printing(void) {
  /* Expected texts are what mlir-runner 22 printed for the same data. */
  expect_print("floats",
               "Unranked Memref base@ = ADDR rank = 1 offset = 0 sizes = [6] "
               "strides = [1] data = \n"
               "[0.333333,  1e+20,  nan,  -0,  inf,  1.23457e+08]\n");
  expect_print("rank0_rank3",
               "Unranked Memref base@ = ADDR rank = 0 offset = 0 sizes = [] "
               "strides = [] data = \n"
               "[2.5]\n"
               "Unranked Memref base@ = ADDR rank = 3 offset = 0 sizes = "
               "[2, 2, 3] strides = [6, 3, 1] data = \n"
               "[[[1,    2,    3], \n"
               "  [4,    5,    6]], \n"
               " [[7,    8,    9], \n"
               "  [10,    11,    12]]]\n");
  expect_print("ints",
               "Unranked Memref base@ = ADDR rank = 2 offset = 0 sizes = "
               "[2, 1] strides = [1, 1] data = \n"
               "[[-3], \n"
               " [65]]\n"
               "Unranked Memref base@ = ADDR rank = 1 offset = 0 sizes = [2] "
               "strides = [1] data = \n"
               "[18446744073709551613,  65]\n"
               "-5, 18446744073709551611\n"
               "( nan-nan )3.14159-0\n");
  expect_print("column",
               "Unranked Memref base@ = ADDR rank = 1 offset = 1 sizes = [3] "
               "strides = [2] data = \n"
               "[2,  4,  6]\n");
  run_result_t r = run(print_src, "uninit_print", NULL);
  CHECK(r.status == BUF_FAILURE && strstr(r.msg, "uninitialized") &&
        r.line == 81 && r.col == 3 && r.out && r.out[0] == 0);
  free_result(&r);
}

/* ------------------------------------------------------------------------ */

static void *thread_main(void *arg) {
  run_result_t *r = arg;
  *r = run(sem_src, "collatz", "[{\"type\":\"i32\",\"value\":97}]");
  return NULL;
}

static void test_threads(void) {
  pthread_t t[2];
  run_result_t r[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, thread_main, &r[i]);
  for (int i = 0; i < 2; i++) {
    pthread_join(t[i], NULL);
    CHECK(r[i].status == BUF_SUCCESS && r[i].results &&
          strcmp(r[i].results, "[{\"type\":\"i32\",\"value\":118}]") == 0);
    free_result(&r[i]);
  }
}

static const test_entry_t tests[] = {
    TEST_ENTRY(test_ub),
    TEST_ENTRY(test_semantics),
    TEST_ENTRY(test_printing),
    TEST_ENTRY(test_threads),
};

TEST_MAIN(tests)
