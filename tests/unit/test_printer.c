/*
 * test_printer.c: the MLIR printer against text mlir-opt 22 printed.
 *
 * Every expected string below was produced by /usr/lib/llvm-22/bin/mlir-opt
 * (custom form, and --mlir-print-op-generic) on the source next to it, with
 * the extra blank line mlir-opt's driver appends removed. Checked here:
 *   - float spelling across f16/bf16/f32/f64 (scientific, natural
 *     precision, hex for non-finite and large integral values);
 *   - integer attributes of several widths and signedness; types;
 *   - SSA naming with nested and sibling regions, result groups, block
 *     labels and predecessor comments (custom and generic form);
 *   - affine-map alias order in custom and generic form;
 *   - generic form with properties <{...}>;
 *   - print -> parse -> print is a fixed point;
 *   - every corpus program parses and prints as mlir-opt prints it (when
 *     mlir-opt is installed): a fixed point always; identical text is
 *     reported, and required when BUF_PRINTER_STRICT_CORPUS=1 (dialect
 *     hooks of other owners decide part of that text).
 */
#include "buf/syntax.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "test.h"

/* Compares and shows the first differing line. */
static void check_text(const char *what, const char *got, const char *want) {
  if (got && !strcmp(got, want))
    return;
  test_failures++;
  fprintf(stderr, "MISMATCH in %s\n", what);
  if (!got) {
    fprintf(stderr, "  got NULL\n");
    return;
  }
  const char *g = got, *w = want;
  int line = 1;
  while (*g && *w && *g == *w) {
    if (*g == '\n')
      line++;
    g++;
    w++;
  }
  const char *gl = g, *wl = w;
  while (gl > got && gl[-1] != '\n')
    gl--;
  while (wl > want && wl[-1] != '\n')
    wl--;
  fprintf(stderr, "  line %d\n  want: %.*s\n  got:  %.*s\n", line,
          (int)strcspn(wl, "\n"), wl, (int)strcspn(gl, "\n"), gl);
}

/* ------------------------------------------------------------------------ */
/* Floats                                                                    */
/* ------------------------------------------------------------------------ */

typedef struct float_case {
  double value;
  buf_float_kind_t kind;
  const char *want; /* mlir-opt's spelling of arith.constant <value> */
} float_case_t;

static void test_floats(void) {
  const float_case_t cases[] = {
      {0.1, BUF_F32, "1.000000e-01"},
      {0.1, BUF_F64, "1.000000e-01"},
      {3.14159274, BUF_F32, "3.14159274"},
      {1.0e-10, BUF_F64, "1.000000e-10"},
      {1.0 / 3.0, BUF_F32, "0.333333343"},
      {1.0 / 3.0, BUF_F64, "0.33333333333333331"},
      {1.0e20, BUF_F32, "1.000000e+20"},
      {1.0e20, BUF_F64, "1.000000e+20"},
      {-0.0, BUF_F32, "-0.000000e+00"},
      {0.0, BUF_F64, "0.000000e+00"},
      {INFINITY, BUF_F32, "0x7F800000"},
      {NAN, BUF_F32, "0x7FC00000"},
      {-INFINITY, BUF_F32, "0xFF800000"},
      {-INFINITY, BUF_F64, "0xFFF0000000000000"},
      {1.0e-45, BUF_F32, "1.401300e-45"},
      {4.9e-324, BUF_F64, "4.940660e-324"},
      {0.1, BUF_F16, "9.997550e-02"},
      {0.1, BUF_BF16, "1.000980e-01"},
      {65504.0, BUF_F16, "6.550400e+04"},
      {123456789.0, BUF_F64, "0x419D6F3454000000"},
      {16777216.0, BUF_F32, "0x4B800000"},
      {1.2345678, BUF_F32, "1.23456776"},
      {INFINITY, BUF_F16, "0x7C00"},
      {NAN, BUF_F64, "0x7FF8000000000000"},
      {1.0e-5, BUF_F32, "9.99999974E-6"},
      {2.5e-3, BUF_F64, "2.500000e-03"},
      {3.0, BUF_BF16, "3.000000e+00"},
      {1.0e-7, BUF_F16, "1.192090e-07"},
      {100.0, BUF_F32, "1.000000e+02"},
      {1.0e-300, BUF_F64, "1.000000e-300"},
      {1.1, BUF_F64, "1.100000e+00"},
      {1234567.0, BUF_F32, "0x4996B438"},
      {0.5, BUF_F16, "5.000000e-01"},
      {1.0e10, BUF_BF16, "9.999220e+09"},
      {3.3, BUF_BF16, "3.296880e+00"},
      {3.3, BUF_F16, "3.300780e+00"},
      {123.456, BUF_F64, "1.234560e+02"},
      {2.0e-38, BUF_F32, "2.000000e-38"},
      {-1.5, BUF_F64, "-1.500000e+00"},
      {1.0e-40, BUF_BF16, "9.183550e-41"},
      {1.0e-3, BUF_F16, "1.000400e-03"},
      {-2.5e-5, BUF_F32, "-2.500000e-05"},
      {0.7, BUF_F64, "0.69999999999999996"},
      {123456.7, BUF_F64, "123456.7"},
      {6.0e-8, BUF_F16, "5.960460e-08"},
      {0.7, BUF_F32, "0.699999988"},
      {2.718281828459045, BUF_F64, "2.7182818284590451"},
      {1.0e-40, BUF_F32, "9.999940e-41"},
  };
  static const char *const type_names[] = {"f16", "bf16", "f32", "f64"};
  buf_ctx_t *ctx = buf_ctx_create();
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const float_case_t *c = &cases[i];
    buf_attr_t a = buf_attr_float(ctx, buf_type_float(ctx, c->kind), c->value);
    char want[96];
    snprintf(want, sizeof want, "%s : %s", c->want, type_names[c->kind]);
    check_text(want, buf_attr_to_string(ctx, a), want);
  }
  buf_ctx_destroy(ctx);
}

/* ------------------------------------------------------------------------ */
/* Integers, types, attributes built by hand                                 */
/* ------------------------------------------------------------------------ */

static void test_ints_types(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  struct {
    uint32_t width;
    buf_signedness_t s;
    int64_t v;
    const char *want;
  } ints[] = {
      {32, BUF_SIGNLESS, 42, "42 : i32"},
      {64, BUF_SIGNLESS, -1, "-1 : i64"},
      {8, BUF_SIGNLESS, -3, "-3 : i8"},
      {8, BUF_UNSIGNED, 255, "255 : ui8"},
      {16, BUF_SIGNED, -1, "-1 : si16"},
      {1, BUF_SIGNLESS, 1, "true"},
      {1, BUF_SIGNLESS, 0, "false"},
      {64, BUF_UNSIGNED, -1, "18446744073709551615 : ui64"},
  };
  for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
    buf_attr_t a = buf_attr_integer(
        ctx, buf_type_integer(ctx, ints[i].width, ints[i].s), ints[i].v);
    check_text(ints[i].want, buf_attr_to_string(ctx, a), ints[i].want);
  }
  check_text("index", buf_attr_to_string(ctx, buf_attr_index(ctx, 4)),
             "4 : index");

  /* Arrays drop ": i64" (MLIR's type elision inside arrays). */
  buf_attr_t elems[3] = {buf_attr_integer(ctx, buf_type_i64(ctx), 1),
                         buf_attr_string_cstr(ctx, "s\"q\n"),
                         buf_attr_integer(ctx, buf_type_i32(ctx), 2)};
  check_text("array", buf_attr_to_string(ctx, buf_attr_array(ctx, 3, elems)),
             "[1, \"s\\22q\\0A\", 2 : i32]");

  int64_t shape[2] = {4, BUF_DYNAMIC};
  buf_type_t f32 = buf_type_f32(ctx);
  check_text("tensor",
             buf_type_to_string(ctx, buf_type_tensor(ctx, 2, shape, f32, NULL)),
             "tensor<4x?xf32>");
  int64_t strides[2] = {BUF_DYNAMIC, 1};
  buf_attr_t strided = buf_attr_strided(ctx, 2, strides, BUF_DYNAMIC);
  buf_attr_t space = buf_attr_integer(ctx, buf_type_i64(ctx), 1);
  check_text("memref",
             buf_type_to_string(
                 ctx, buf_type_memref(ctx, 2, shape, f32, strided, space)),
             "memref<4x?xf32, strided<[?, 1], offset: ?>, 1>");
  int64_t st2[2] = {3, 1};
  check_text("strided0",
             buf_attr_to_string(ctx, buf_attr_strided(ctx, 2, st2, 0)),
             "strided<[3, 1]>");
  check_text("strided8",
             buf_attr_to_string(ctx, buf_attr_strided(ctx, 2, st2, 8)),
             "strided<[3, 1], offset: 8>");
  check_text("unranked",
             buf_type_to_string(ctx, buf_type_unranked_memref(ctx, f32, NULL)),
             "memref<*xf32>");
  buf_type_t in[1] = {buf_type_i32(ctx)};
  buf_type_t out2[2] = {f32, f32};
  check_text("fn1",
             buf_type_to_string(ctx, buf_type_function(ctx, 1, in, 1, out2)),
             "(i32) -> f32");
  check_text("fn2",
             buf_type_to_string(ctx, buf_type_function(ctx, 1, in, 2, out2)),
             "(i32) -> (f32, f32)");
  check_text("fn0",
             buf_type_to_string(ctx, buf_type_function(ctx, 0, NULL, 0, NULL)),
             "() -> ()");

  /* Dense: all-equal elements print as a splat, nesting follows shape. */
  int64_t s12[2] = {1, 2};
  double fv[2] = {1.0, 2.0};
  buf_type_t t12 = buf_type_tensor(ctx, 2, s12, f32, NULL);
  check_text("dense",
             buf_attr_to_string(ctx, buf_attr_dense(ctx, t12, 2, NULL, fv)),
             "dense<[[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>");
  double same[2] = {0.0, 0.0};
  check_text("splat",
             buf_attr_to_string(ctx, buf_attr_dense(ctx, t12, 2, NULL, same)),
             "dense<0.000000e+00> : tensor<1x2xf32>");
  int64_t iv[3] = {1, -2, 3};
  check_text("array<i64>",
             buf_attr_to_string(ctx, buf_attr_i64_array(ctx, 3, iv)),
             "array<i64: 1, -2, 3>");
  check_text("array<i64> empty",
             buf_attr_to_string(ctx, buf_attr_i64_array(ctx, 0, NULL)),
             "array<i64>");

  /* Affine expressions: subtraction and negation forms. */
  buf_affine_expr_t *d0 = buf_affine_dim(ctx, 0), *d1 = buf_affine_dim(ctx, 1);
  buf_affine_expr_t *res[3] = {
      buf_affine_binary(ctx, BUF_AFFINE_ADD, d0,
                        buf_affine_binary(ctx, BUF_AFFINE_MUL, d1,
                                          buf_affine_const(ctx, -1))),
      buf_affine_binary(ctx, BUF_AFFINE_MUL, d0, buf_affine_const(ctx, -2)),
      buf_affine_binary(ctx, BUF_AFFINE_MOD, d0, buf_affine_const(ctx, 3))};
  buf_attr_t map =
      buf_attr_affine_map(ctx, buf_affine_map(ctx, 2, 0, 3, res));
  check_text("affine", buf_attr_to_string(ctx, map),
             "affine_map<(d0, d1) -> (d0 - d1, d0 * -2, d0 mod 3)>");
  buf_ident_t names[2] = {buf_ident_cstr(ctx, "a"), buf_ident_cstr(ctx, "b")};
  check_text("symref", buf_attr_to_string(ctx, buf_attr_symbol_ref(ctx, 2, names)),
             "@a::@b");

  /* strbuf */
  buf_strbuf_t sb = {0};
  for (int i = 0; i < 1000; i++)
    buf_strbuf_printf(&sb, "%d,", i % 10);
  CHECK(sb.len == 2000 && sb.data[sb.len] == 0 && !strncmp(sb.data, "0,1,", 4));
  buf_strbuf_free(&sb);
  CHECK(sb.data == NULL && sb.len == 0);
  buf_ctx_destroy(ctx);
}

/* ------------------------------------------------------------------------ */
/* Whole programs                                                            */
/* ------------------------------------------------------------------------ */

static const char NEST_SRC[] =
    "func.func @f(%a: tensor<4xf32>, %b: index) -> (f32, index) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c0b = arith.constant 0 : index\n"
    "  %x = scf.for %i = %c0 to %b step %b iter_args(%acc = %c0) -> (index) {\n"
    "    %c0c = arith.constant 0 : index\n"
    "    %c1 = arith.constant 1 : index\n"
    "    %c0d = arith.constant 0 : index\n"
    "    %s = arith.addi %acc, %c0c : index\n"
    "    %y = scf.for %j = %c0 to %b step %b iter_args(%acc2 = %s) -> (index) {\n"
    "      %c0e = arith.constant 0 : index\n"
    "      %t = arith.addi %acc2, %c0e : index\n"
    "      scf.yield %t : index\n"
    "    }\n"
    "    scf.yield %y : index\n"
    "  }\n"
    "  %z = scf.for %i = %c0 to %b step %b iter_args(%acc = %c0) -> (index) {\n"
    "    %c0c = arith.constant 0 : index\n"
    "    scf.yield %c0c : index\n"
    "  }\n"
    "  %e = tensor.extract %a[%c0] : tensor<4xf32>\n"
    "  %c0f = arith.constant 0 : index\n"
    "  %u:2 = \"test.two\"() : () -> (i32, i32)\n"
    "  %al = \"test.alloc\"() : () -> memref<4xf32, strided<[1], offset: ?>>\n"
    "  cf.br ^bb1(%e : f32)\n"
    "^bb1(%w: f32):\n"
    "  %c0g = arith.constant 0 : index\n"
    "  %cond = arith.cmpi eq, %b, %c0g : index\n"
    "  cf.cond_br %cond, ^bb2, ^bb3(%u#1 : i32)\n"
    "^bb2:\n"
    "  cf.br ^bb3(%u#0 : i32)\n"
    "^bb3(%v: i32):\n"
    "  return %w, %x : f32, index\n"
    "}\n"
    "func.func @g(%a: index) -> index {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c3 = arith.constant 3 : i32\n"
    "  %c4 = arith.constant -3 : i64\n"
    "  %f = arith.constant 1.5 : f32\n"
    "  %f2 = arith.constant 1.5 : f32\n"
    "  %t = arith.constant true\n"
    "  %t2 = arith.constant dense<1.0> : tensor<4xf32>\n"
    "  return %c0 : index\n"
    "}\n";

static const char NEST_CUSTOM[] =
    "module {\n"
    "  func.func @f(%arg0: tensor<4xf32>, %arg1: index) -> (f32, index) {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %c0_0 = arith.constant 0 : index\n"
    "    %0 = scf.for %arg2 = %c0 to %arg1 step %arg1 iter_args(%arg3 = %c0) -> (index) {\n"
    "      %c0_3 = arith.constant 0 : index\n"
    "      %c1 = arith.constant 1 : index\n"
    "      %c0_4 = arith.constant 0 : index\n"
    "      %7 = arith.addi %arg3, %c0_3 : index\n"
    "      %8 = scf.for %arg4 = %c0 to %arg1 step %arg1 iter_args(%arg5 = %7) -> (index) {\n"
    "        %c0_5 = arith.constant 0 : index\n"
    "        %9 = arith.addi %arg5, %c0_5 : index\n"
    "        scf.yield %9 : index\n"
    "      }\n"
    "      scf.yield %8 : index\n"
    "    }\n"
    "    %1 = scf.for %arg2 = %c0 to %arg1 step %arg1 iter_args(%arg3 = %c0) -> (index) {\n"
    "      %c0_3 = arith.constant 0 : index\n"
    "      scf.yield %c0_3 : index\n"
    "    }\n"
    "    %extracted = tensor.extract %arg0[%c0] : tensor<4xf32>\n"
    "    %c0_1 = arith.constant 0 : index\n"
    "    %2:2 = \"test.two\"() : () -> (i32, i32)\n"
    "    %3 = \"test.alloc\"() : () -> memref<4xf32, strided<[1], offset: ?>>\n"
    "    cf.br ^bb1(%extracted : f32)\n"
    "  ^bb1(%4: f32):  // pred: ^bb0\n"
    "    %c0_2 = arith.constant 0 : index\n"
    "    %5 = arith.cmpi eq, %arg1, %c0_2 : index\n"
    "    cf.cond_br %5, ^bb2, ^bb3(%2#1 : i32)\n"
    "  ^bb2:  // pred: ^bb1\n"
    "    cf.br ^bb3(%2#0 : i32)\n"
    "  ^bb3(%6: i32):  // 2 preds: ^bb1, ^bb2\n"
    "    return %4, %0 : f32, index\n"
    "  }\n"
    "  func.func @g(%arg0: index) -> index {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %c3_i32 = arith.constant 3 : i32\n"
    "    %c-3_i64 = arith.constant -3 : i64\n"
    "    %cst = arith.constant 1.500000e+00 : f32\n"
    "    %cst_0 = arith.constant 1.500000e+00 : f32\n"
    "    %true = arith.constant true\n"
    "    %cst_1 = arith.constant dense<1.000000e+00> : tensor<4xf32>\n"
    "    return %c0 : index\n"
    "  }\n"
    "}\n";

static const char NEST_GENERIC[] =
    "\"builtin.module\"() ({\n"
    "  \"func.func\"() <{function_type = (tensor<4xf32>, index) -> (f32, index), sym_name = \"f\"}> ({\n"
    "  ^bb0(%arg1: tensor<4xf32>, %arg2: index):\n"
    "    %7 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
    "    %8 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
    "    %9 = \"scf.for\"(%7, %arg2, %arg2, %7) ({\n"
    "    ^bb0(%arg5: index, %arg6: index):\n"
    "      %20 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
    "      %21 = \"arith.constant\"() <{value = 1 : index}> : () -> index\n"
    "      %22 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
    "      %23 = \"arith.addi\"(%arg6, %20) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index\n"
    "      %24 = \"scf.for\"(%7, %arg2, %arg2, %23) ({\n"
    "      ^bb0(%arg7: index, %arg8: index):\n"
    "        %25 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
    "        %26 = \"arith.addi\"(%arg8, %25) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index\n"
    "        \"scf.yield\"(%26) : (index) -> ()\n"
    "      }) : (index, index, index, index) -> index\n"
    "      \"scf.yield\"(%24) : (index) -> ()\n"
    "    }) : (index, index, index, index) -> index\n"
    "    %10 = \"scf.for\"(%7, %arg2, %arg2, %7) ({\n"
    "    ^bb0(%arg3: index, %arg4: index):\n"
    "      %19 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
    "      \"scf.yield\"(%19) : (index) -> ()\n"
    "    }) : (index, index, index, index) -> index\n"
    "    %11 = \"tensor.extract\"(%arg1, %7) : (tensor<4xf32>, index) -> f32\n"
    "    %12 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
    "    %13:2 = \"test.two\"() : () -> (i32, i32)\n"
    "    %14 = \"test.alloc\"() : () -> memref<4xf32, strided<[1], offset: ?>>\n"
    "    \"cf.br\"(%11)[^bb1] : (f32) -> ()\n"
    "  ^bb1(%15: f32):  // pred: ^bb0\n"
    "    %16 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
    "    %17 = \"arith.cmpi\"(%arg2, %16) <{predicate = 0 : i64}> : (index, index) -> i1\n"
    "    \"cf.cond_br\"(%17, %13#1)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i32) -> ()\n"
    "  ^bb2:  // pred: ^bb1\n"
    "    \"cf.br\"(%13#0)[^bb3] : (i32) -> ()\n"
    "  ^bb3(%18: i32):  // 2 preds: ^bb1, ^bb2\n"
    "    \"func.return\"(%15, %9) : (f32, index) -> ()\n"
    "  }) : () -> ()\n"
    "  \"func.func\"() <{function_type = (index) -> index, sym_name = \"g\"}> ({\n"
    "  ^bb0(%arg0: index):\n"
    "    %0 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
    "    %1 = \"arith.constant\"() <{value = 3 : i32}> : () -> i32\n"
    "    %2 = \"arith.constant\"() <{value = -3 : i64}> : () -> i64\n"
    "    %3 = \"arith.constant\"() <{value = 1.500000e+00 : f32}> : () -> f32\n"
    "    %4 = \"arith.constant\"() <{value = 1.500000e+00 : f32}> : () -> f32\n"
    "    %5 = \"arith.constant\"() <{value = true}> : () -> i1\n"
    "    %6 = \"arith.constant\"() <{value = dense<1.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>\n"
    "    \"func.return\"(%0) : (index) -> ()\n"
    "  }) : () -> ()\n"
    "}) : () -> ()\n";

static const char ATTRS_SRC[] =
    "module attributes {foo.bar = \"x\\\"y\\n\", foo.u} {\n"
    "func.func @a(%x: index) -> index {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %r = scf.for %i = %c0 to %x step %x iter_args(%a = %c0) -> (index) {\n"
    "    %c0_1 = arith.constant 0 : index\n"
    "    %c1 = arith.constant 1 : index\n"
    "    scf.yield %c1 : index\n"
    "  }\n"
    "  %r2 = scf.for %i = %c0 to %x step %x iter_args(%a = %c0) -> (index) {\n"
    "    %c0_1 = arith.constant 0 : index\n"
    "    %q = arith.addi %a, %a : index\n"
    "    scf.yield %q : index\n"
    "  }\n"
    "  %t:2 = \"foo.op\"() {a = 1 : i64, b = 2 : i32, c = -3 : i8, d = 255 : ui8, e = -1 : si16, f = 4 : index, g = true, h = unit, i = [1, \"s\", 2.5 : f32], j = {z = 1, y}, k = @s::@t, l = 1 : i1, m = f32, n = array<i64>, o = array<i32: 1, -2>, p = array<f32: 1.5>, q = dense<[[1.0, 2.0]]> : tensor<1x2xf32>, r = dense<0> : tensor<4xi32>, s = dense<[true, false]> : tensor<2xi1>, t = dense<1.5> : vector<4xf32>, u = 0 : i1, v = -1 : i64, w = dense<[1, 2]> : tensor<2xindex>, x = #foo.thing<1>, y = affine_map<(d0, d1)[s0] -> (d0 - d1, -d0, d0 * -2, d0 mod 3, (d0 + s0) floordiv 4, d0 ceildiv 2, d1 * s0)>, zz = array<i1: true, false>, za = dense<[]> : tensor<0xf32>, zb = 18446744073709551615 : ui64, zc = \"a\\\\b\\tc\\01\", zd = [], ze = {}} : () -> (i32, i32)\n"
    "  %u = \"foo.op2\"(%t#1, %t#0) : (i32, i32) -> (i32)\n"
    "  cf.br ^bb1\n"
    "^bb1:\n"
    "  %c = arith.cmpi eq, %x, %x : index\n"
    "  cf.cond_br %c, ^bb2, ^bb3(%x : index)\n"
    "^bb2:\n"
    "  cf.br ^bb3(%c0 : index)\n"
    "^bb3(%z : index):\n"
    "  cf.cond_br %c, ^bb4, ^bb4\n"
    "^bb4:\n"
    "  return %z : index\n"
    "}\n"
    "func.func @b(%x: index) -> index {\n"
    "  return %x : index\n"
    "}\n"
    "func.func private @types(tensor<4x?xf32>, tensor<*xf32>, memref<4x?xf32, strided<[?, 1], offset: ?>, 1>, memref<*xf32>, vector<4xf32>, tuple<i32, f32>, !foo.bar<x>, memref<4xf32, #gpu.memory_space<global>>, tensor<4xf32, \"enc\">, memref<2x3xf32, strided<[3, 1]>>, memref<2x3xf32, strided<[3, 1], offset: 8>>, () -> (), (i32) -> f32, (i32) -> (f32, f32), none, si8, ui8, bf16, f16, i1, memref<f32>, tensor<f32>, memref<?xf32, 3>, memref<4xf32, affine_map<(d0) -> (d0)>>)\n"
    "}\n";

static const char ATTRS_CUSTOM[] =
    "#map = affine_map<(d0, d1)[s0] -> (d0 - d1, -d0, d0 * -2, d0 mod 3, (d0 + s0) floordiv 4, d0 ceildiv 2, d1 * s0)>\n"
    "module attributes {foo.bar = \"x\\22y\\0A\", foo.u} {\n"
    "  func.func @a(%arg0: index) -> index {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %0 = scf.for %arg1 = %c0 to %arg0 step %arg0 iter_args(%arg2 = %c0) -> (index) {\n"
    "      %c0_0 = arith.constant 0 : index\n"
    "      %c1 = arith.constant 1 : index\n"
    "      scf.yield %c1 : index\n"
    "    }\n"
    "    %1 = scf.for %arg1 = %c0 to %arg0 step %arg0 iter_args(%arg2 = %c0) -> (index) {\n"
    "      %c0_0 = arith.constant 0 : index\n"
    "      %6 = arith.addi %arg2, %arg2 : index\n"
    "      scf.yield %6 : index\n"
    "    }\n"
    "    %2:2 = \"foo.op\"() {a = 1 : i64, b = 2 : i32, c = -3 : i8, d = 255 : ui8, e = -1 : si16, f = 4 : index, g = true, h, i = [1, \"s\", 2.500000e+00 : f32], j = {y, z = 1 : i64}, k = @s::@t, l = true, m = f32, n = array<i64>, o = array<i32: 1, -2>, p = array<f32: 1.500000e+00>, q = dense<[[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>, r = dense<0> : tensor<4xi32>, s = dense<[true, false]> : tensor<2xi1>, t = dense<1.500000e+00> : vector<4xf32>, u = false, v = -1 : i64, w = dense<[1, 2]> : tensor<2xindex>, x = #foo.thing<1>, y = #map, za = dense<> : tensor<0xf32>, zb = 18446744073709551615 : ui64, zc = \"a\\\\b\\09c\\01\", zd = [], ze = {}, zz = array<i1: true, false>} : () -> (i32, i32)\n"
    "    %3 = \"foo.op2\"(%2#1, %2#0) : (i32, i32) -> i32\n"
    "    cf.br ^bb1\n"
    "  ^bb1:  // pred: ^bb0\n"
    "    %4 = arith.cmpi eq, %arg0, %arg0 : index\n"
    "    cf.cond_br %4, ^bb2, ^bb3(%arg0 : index)\n"
    "  ^bb2:  // pred: ^bb1\n"
    "    cf.br ^bb3(%c0 : index)\n"
    "  ^bb3(%5: index):  // 2 preds: ^bb1, ^bb2\n"
    "    cf.cond_br %4, ^bb4, ^bb4\n"
    "  ^bb4:  // 2 preds: ^bb3, ^bb3\n"
    "    return %5 : index\n"
    "  }\n"
    "  func.func @b(%arg0: index) -> index {\n"
    "    return %arg0 : index\n"
    "  }\n"
    "  func.func private @types(tensor<4x?xf32>, tensor<*xf32>, memref<4x?xf32, strided<[?, 1], offset: ?>, 1>, memref<*xf32>, vector<4xf32>, tuple<i32, f32>, !foo.bar<x>, memref<4xf32, #gpu.memory_space<global>>, tensor<4xf32, \"enc\">, memref<2x3xf32, strided<[3, 1]>>, memref<2x3xf32, strided<[3, 1], offset: 8>>, () -> (), (i32) -> f32, (i32) -> (f32, f32), none, si8, ui8, bf16, f16, i1, memref<f32>, tensor<f32>, memref<?xf32, 3>, memref<4xf32>)\n"
    "}\n";

static const char ATTRS_GENERIC[] =
    "#map = affine_map<(d0, d1)[s0] -> (d0 - d1, -d0, d0 * -2, d0 mod 3, (d0 + s0) floordiv 4, d0 ceildiv 2, d1 * s0)>\n"
    "\"builtin.module\"() ({\n"
    "  \"func.func\"() <{function_type = (index) -> index, sym_name = \"a\"}> ({\n"
    "  ^bb0(%arg1: index):\n"
    "    %0 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
    "    %1 = \"scf.for\"(%0, %arg1, %arg1, %0) ({\n"
    "    ^bb0(%arg4: index, %arg5: index):\n"
    "      %9 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
    "      %10 = \"arith.constant\"() <{value = 1 : index}> : () -> index\n"
    "      \"scf.yield\"(%10) : (index) -> ()\n"
    "    }) : (index, index, index, index) -> index\n"
    "    %2 = \"scf.for\"(%0, %arg1, %arg1, %0) ({\n"
    "    ^bb0(%arg2: index, %arg3: index):\n"
    "      %7 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
    "      %8 = \"arith.addi\"(%arg3, %arg3) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index\n"
    "      \"scf.yield\"(%8) : (index) -> ()\n"
    "    }) : (index, index, index, index) -> index\n"
    "    %3:2 = \"foo.op\"() {a = 1 : i64, b = 2 : i32, c = -3 : i8, d = 255 : ui8, e = -1 : si16, f = 4 : index, g = true, h, i = [1, \"s\", 2.500000e+00 : f32], j = {y, z = 1 : i64}, k = @s::@t, l = true, m = f32, n = array<i64>, o = array<i32: 1, -2>, p = array<f32: 1.500000e+00>, q = dense<[[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>, r = dense<0> : tensor<4xi32>, s = dense<[true, false]> : tensor<2xi1>, t = dense<1.500000e+00> : vector<4xf32>, u = false, v = -1 : i64, w = dense<[1, 2]> : tensor<2xindex>, x = #foo.thing<1>, y = #map, za = dense<> : tensor<0xf32>, zb = 18446744073709551615 : ui64, zc = \"a\\\\b\\09c\\01\", zd = [], ze = {}, zz = array<i1: true, false>} : () -> (i32, i32)\n"
    "    %4 = \"foo.op2\"(%3#1, %3#0) : (i32, i32) -> i32\n"
    "    \"cf.br\"()[^bb1] : () -> ()\n"
    "  ^bb1:  // pred: ^bb0\n"
    "    %5 = \"arith.cmpi\"(%arg1, %arg1) <{predicate = 0 : i64}> : (index, index) -> i1\n"
    "    \"cf.cond_br\"(%5, %arg1)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, index) -> ()\n"
    "  ^bb2:  // pred: ^bb1\n"
    "    \"cf.br\"(%0)[^bb3] : (index) -> ()\n"
    "  ^bb3(%6: index):  // 2 preds: ^bb1, ^bb2\n"
    "    \"cf.cond_br\"(%5)[^bb4, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()\n"
    "  ^bb4:  // 2 preds: ^bb3, ^bb3\n"
    "    \"func.return\"(%6) : (index) -> ()\n"
    "  }) : () -> ()\n"
    "  \"func.func\"() <{function_type = (index) -> index, sym_name = \"b\"}> ({\n"
    "  ^bb0(%arg0: index):\n"
    "    \"func.return\"(%arg0) : (index) -> ()\n"
    "  }) : () -> ()\n"
    "  \"func.func\"() <{function_type = (tensor<4x?xf32>, tensor<*xf32>, memref<4x?xf32, strided<[?, 1], offset: ?>, 1>, memref<*xf32>, vector<4xf32>, tuple<i32, f32>, !foo.bar<x>, memref<4xf32, #gpu.memory_space<global>>, tensor<4xf32, \"enc\">, memref<2x3xf32, strided<[3, 1]>>, memref<2x3xf32, strided<[3, 1], offset: 8>>, () -> (), (i32) -> f32, (i32) -> (f32, f32), none, si8, ui8, bf16, f16, i1, memref<f32>, tensor<f32>, memref<?xf32, 3>, memref<4xf32>) -> (), sym_name = \"types\", sym_visibility = \"private\"}> ({\n"
    "  }) : () -> ()\n"
    "}) {foo.bar = \"x\\22y\\0A\", foo.u} : () -> ()\n";

static const char ALIAS_SRC[] =
    "func.func @f(%m: memref<4xf32, affine_map<(d0) -> (d0 + 1)>>) {\n"
    "  \"test.a\"() {x = affine_map<(d0) -> (d0 * 2)>} : () -> ()\n"
    "  \"test.r\"() ({\n"
    "    \"test.b\"() {y = affine_map<(d0) -> (d0 * 3)>} : () -> ()\n"
    "  }) {z = affine_map<(d0) -> (d0 * 4)>, p = [affine_map<(d0) -> (d0 * 3)>]} : () -> ()\n"
    "  %c = arith.constant 5 : index\n"
    "  %x = \"test.q\"(%c, %c) {w = affine_map<(d0, d1)[s0] -> (d0 + d1 * -1, (d0 + s0) * -1, d0 floordiv 2 + s0 - 3)>} : (index, index) -> memref<4xf32, affine_map<(d0) -> (d0 * 5)>>\n"
    "  return\n"
    "}\n";

static const char ALIAS_CUSTOM[] =
    "#map = affine_map<(d0) -> (d0 + 1)>\n"
    "#map1 = affine_map<(d0) -> (d0 * 2)>\n"
    "#map2 = affine_map<(d0) -> (d0 * 3)>\n"
    "#map3 = affine_map<(d0) -> (d0 * 4)>\n"
    "#map4 = affine_map<(d0) -> (d0 * 5)>\n"
    "#map5 = affine_map<(d0, d1)[s0] -> (d0 - d1, -(d0 + s0), d0 floordiv 2 + s0 - 3)>\n"
    "module {\n"
    "  func.func @f(%arg0: memref<4xf32, #map>) {\n"
    "    \"test.a\"() {x = #map1} : () -> ()\n"
    "    \"test.r\"() ({\n"
    "      \"test.b\"() {y = #map2} : () -> ()\n"
    "    }) {p = [#map2], z = #map3} : () -> ()\n"
    "    %c5 = arith.constant 5 : index\n"
    "    %0 = \"test.q\"(%c5, %c5) {w = #map5} : (index, index) -> memref<4xf32, #map4>\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char ALIAS_GENERIC[] =
    "#map = affine_map<(d0) -> (d0 + 1)>\n"
    "#map1 = affine_map<(d0) -> (d0 * 2)>\n"
    "#map2 = affine_map<(d0) -> (d0 * 3)>\n"
    "#map3 = affine_map<(d0) -> (d0 * 4)>\n"
    "#map4 = affine_map<(d0) -> (d0 * 5)>\n"
    "#map5 = affine_map<(d0, d1)[s0] -> (d0 - d1, -(d0 + s0), d0 floordiv 2 + s0 - 3)>\n"
    "\"builtin.module\"() ({\n"
    "  \"func.func\"() <{function_type = (memref<4xf32, #map>) -> (), sym_name = \"f\"}> ({\n"
    "  ^bb0(%arg0: memref<4xf32, #map>):\n"
    "    \"test.a\"() {x = #map1} : () -> ()\n"
    "    \"test.r\"() ({\n"
    "      \"test.b\"() {y = #map2} : () -> ()\n"
    "    }) {p = [#map2], z = #map3} : () -> ()\n"
    "    %0 = \"arith.constant\"() <{value = 5 : index}> : () -> index\n"
    "    %1 = \"test.q\"(%0, %0) {w = #map5} : (index, index) -> memref<4xf32, #map4>\n"
    "    \"func.return\"() : () -> ()\n"
    "  }) : () -> ()\n"
    "}) : () -> ()\n";

/* Parses src (unregistered ops allowed) and prints it; caller frees. */
static char *roundtrip(const char *src, bool generic) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  buf_parse_options_t po = buf_parse_options_default();
  buf_op_t *m = buf_parse_source(ctx, "test.mlir", src, strlen(src), 1, &po);
  char *out = NULL;
  if (!m) {
    buf_diags_print(ctx, stderr);
  } else {
    buf_print_options_t o = buf_print_options_default();
    o.generic = generic;
    out = buf_print_op_to_string(m, &o, NULL);
  }
  buf_ctx_destroy(ctx);
  return out;
}

/* Checks custom and generic form against mlir-opt, and that both are fixed
 * points. */
static void check_program(const char *what, const char *src,
                          const char *want_custom, const char *want_generic) {
  char *c = roundtrip(src, false);
  check_text(what, c, want_custom);
  char *g = roundtrip(src, true);
  check_text(what, g, want_generic);
  if (c) {
    char *c2 = roundtrip(c, false);
    check_text("fixed point (custom)", c2, c);
    free(c2);
  }
  if (g) {
    char *g2 = roundtrip(g, true);
    check_text("fixed point (generic)", g2, g);
    char *gc = roundtrip(g, false);
    if (c)
      check_text("generic parses back to the custom form", gc, c);
    free(g2);
    free(gc);
  }
  free(c);
  free(g);
}

static void test_programs(void) {
  check_program("nested naming", NEST_SRC, NEST_CUSTOM, NEST_GENERIC);
  check_program("attributes and types", ATTRS_SRC, ATTRS_CUSTOM, ATTRS_GENERIC);
  check_program("aliases", ALIAS_SRC, ALIAS_CUSTOM, ALIAS_GENERIC);
}

/* No aliases on request; printing a nested op alone. */
static void test_options(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  buf_parse_options_t po = buf_parse_options_default();
  buf_op_t *m = buf_parse_source(ctx, "t.mlir", ALIAS_SRC, strlen(ALIAS_SRC),
                                 1, &po);
  CHECK(m != NULL);
  if (m) {
    buf_print_options_t o = buf_print_options_default();
    CHECK(o.use_aliases && !o.generic && !o.debug_info);
    o.use_aliases = false;
    char *s = buf_print_op_to_string(m, &o, NULL);
    CHECK(s && !strstr(s, "#map") && strstr(s, "affine_map<(d0) -> (d0 * 3)>"));
    free(s);
    /* The func alone: numbering starts from it. */
    buf_op_t *f = buf_region_entry(buf_op_region(m, 0))->first;
    size_t len = 0;
    s = buf_print_op_to_string(f, NULL, &len);
    CHECK(s && len == strlen(s) &&
          !strncmp(s, "#map = affine_map<(d0) -> (d0 + 1)>\n", 36));
    CHECK(s && strstr(s, "\nfunc.func @f(%arg0: memref<4xf32, #map>) {\n"));
    free(s);
  }
  buf_ctx_destroy(ctx);

  /* A nested op printed alone keeps the names of the whole-module print. */
  ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  m = buf_parse_source(ctx, "n.mlir", NEST_SRC, strlen(NEST_SRC), 1, &po);
  CHECK(m != NULL);
  if (m) {
    buf_op_t *f = buf_region_entry(buf_op_region(m, 0))->first;
    buf_op_t *op = buf_region_entry(buf_op_region(f, 0))->first;
    int k = 0;
    while (op && !(op->num_regions && ++k == 2))
      op = op->next; /* the second scf.for */
    CHECK(op != NULL);
    if (op) {
      char *s = buf_print_op_to_string(op, NULL, NULL);
      check_text("nested op alone", s,
                 "%1 = scf.for %arg2 = %c0 to %arg1 step %arg1 "
                 "iter_args(%arg3 = %c0) -> (index) {\n"
                 "  %c0_3 = arith.constant 0 : index\n"
                 "  scf.yield %c0_3 : index\n"
                 "}\n");
      free(s);
    }
  }
  buf_ctx_destroy(ctx);
}

/* Broken IR still prints (generic form, as in error dumps): a value from
 * outside the printed op, a successor outside it, a null type. */
static void test_broken_ir(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  buf_op_state_t st;
  buf_state_init(&st, ctx, "test.a", BUF_LOC_UNKNOWN);
  buf_state_add_result(&st, buf_type_i32(ctx));
  buf_op_t *a = buf_op_create(&st);
  buf_block_t *elsewhere = buf_block_create(ctx);
  buf_state_init(&st, ctx, "test.b", BUF_LOC_UNKNOWN);
  buf_state_add_operand(&st, buf_op_result(a, 0));
  buf_state_add_result(&st, buf_type_i32(ctx));
  buf_state_add_successor(&st, elsewhere);
  buf_op_t *b = buf_op_create(&st);
  buf_print_options_t o = buf_print_options_default();
  o.generic = true;
  char *s = buf_print_op_to_string(b, &o, NULL);
  check_text("broken", s,
             "%0 = \"test.b\"(<<UNKNOWN SSA VALUE>>)[^INVALIDBLOCK] : (i32) "
             "-> i32\n");
  free(s);
  buf_ctx_destroy(ctx);
}

/* --mlir-print-debuginfo: op locations as #loc aliases (deferred to the
 * bottom), block-argument locations inline and defined at the top, unknown
 * locations aliased too. Locations are set by hand to what mlir-opt's parser
 * records, so the text is mlir-opt's for dl.mlir. */
static void test_debug_info(void) {
  static const char src[] = "func.func @a(%x: i32) -> i32 {\n"
                            "  %0 = arith.addi %x, %x : i32\n"
                            "  %1 = \"test.u\"() : () -> i32\n"
                            "  return %0 : i32\n"
                            "}\n";
  static const char want[] =
      "#loc2 = loc(\"dl.mlir\":1:14)\n"
      "module {\n"
      "  func.func @a(%arg0: i32 loc(\"dl.mlir\":1:14)) -> i32 {\n"
      "    %0 = arith.addi %arg0, %arg0 : i32 loc(#loc3)\n"
      "    %1 = \"test.u\"() : () -> i32 loc(#loc4)\n"
      "    return %0 : i32 loc(#loc4)\n"
      "  } loc(#loc1)\n"
      "} loc(#loc)\n"
      "#loc = loc(\"dl.mlir\":0:0)\n"
      "#loc1 = loc(\"dl.mlir\":1:1)\n"
      "#loc3 = loc(\"dl.mlir\":2:8)\n"
      "#loc4 = loc(unknown)\n";
  buf_ctx_t *ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  buf_parse_options_t po = buf_parse_options_default();
  buf_op_t *m = buf_parse_source(ctx, "dl.mlir", src, strlen(src), 1, &po);
  CHECK(m != NULL);
  if (m) {
    buf_ident_t file = buf_ident_cstr(ctx, "dl.mlir");
    buf_op_t *f = buf_region_entry(buf_op_region(m, 0))->first;
    buf_block_t *body = buf_region_entry(buf_op_region(f, 0));
    m->loc = (buf_loc_t){file, 0, 0};
    f->loc = (buf_loc_t){file, 1, 1};
    body->args[0]->loc = (buf_loc_t){file, 1, 14};
    body->first->loc = (buf_loc_t){file, 2, 8};
    body->first->next->loc = BUF_LOC_UNKNOWN;
    body->last->loc = BUF_LOC_UNKNOWN;
    buf_print_options_t o = buf_print_options_default();
    o.debug_info = true;
    char *s = buf_print_op_to_string(m, &o, NULL);
    check_text("debug info", s, want);
    free(s);
    o.use_aliases = false;
    s = buf_print_op_to_string(m, &o, NULL);
    CHECK(s && strstr(s, "  } loc(\"dl.mlir\":1:1)\n") &&
          strstr(s, "return %0 : i32 loc(unknown)\n") && !strstr(s, "#loc"));
    free(s);
  }
  buf_ctx_destroy(ctx);
}

/* ------------------------------------------------------------------------ */
/* Corpus                                                                    */
/* ------------------------------------------------------------------------ */

static char *read_all(FILE *f, size_t *len) {
  buf_strbuf_t sb = {0};
  char tmp[4096];
  size_t n;
  while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
    buf_strbuf_append(&sb, tmp, n);
  if (!sb.data)
    buf_strbuf_append(&sb, "", 0);
  if (len)
    *len = sb.len;
  return sb.data;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Collects *.mlir under dir (one level of topic folders). */
static void collect(const char *dir, char ***files, size_t *n, size_t *cap) {
  DIR *d = opendir(dir);
  if (!d)
    return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.')
      continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct stat st;
    if (stat(path, &st))
      continue;
    if (S_ISDIR(st.st_mode)) {
      collect(path, files, n, cap);
    } else {
      size_t l = strlen(e->d_name);
      if (l > 5 && !strcmp(e->d_name + l - 5, ".mlir")) {
        if (*n == *cap) {
          *cap = *cap ? *cap * 2 : 64;
          *files = realloc(*files, *cap * sizeof **files);
        }
        (*files)[(*n)++] = strdup(path);
      }
    }
  }
  closedir(d);
}

static void test_corpus(void) {
  const char *dir = getenv("BUF_CORPUS_DIR");
  const char *mlir_opt = "/usr/lib/llvm-22/bin/mlir-opt";
  bool have_opt = access(mlir_opt, X_OK) == 0;
  bool strict = getenv("BUF_PRINTER_STRICT_CORPUS") &&
                !strcmp(getenv("BUF_PRINTER_STRICT_CORPUS"), "1");
  if (!dir) {
    fprintf(stderr, "corpus: BUF_CORPUS_DIR not set, skipped\n");
    return;
  }
  char **files = NULL;
  size_t n = 0, cap = 0;
  collect(dir, &files, &n, &cap);
  if (n)
    qsort(files, n, sizeof *files, cmp_str);
  size_t same = 0, differ = 0, unparsed = 0;
  for (size_t i = 0; i < n; i++) {
    FILE *f = fopen(files[i], "rb");
    if (!f)
      continue;
    size_t len;
    char *src = read_all(f, &len);
    fclose(f);
    for (int generic = 0; generic < 2; generic++) {
      buf_ctx_t *ctx = buf_ctx_create();
      buf_parse_options_t po = buf_parse_options_default();
      buf_op_t *m = buf_parse_source(ctx, files[i], src, len, 1, &po);
      if (!m) {
        if (!generic) {
          unparsed++;
          const buf_diag_t *dg = buf_ctx_diags(ctx);
          fprintf(stderr, "corpus: %s does not parse yet: %s\n", files[i],
                  dg ? dg->message : "?");
        }
        buf_ctx_destroy(ctx);
        break;
      }
      buf_print_options_t o = buf_print_options_default();
      o.generic = generic;
      char *ours = buf_print_op_to_string(m, &o, NULL);
      buf_ctx_destroy(ctx);
      char *again = roundtrip(ours, generic);
      check_text(files[i], again, ours); /* fixed point, always */
      free(again);
      if (have_opt) {
        char cmd[8192];
        snprintf(cmd, sizeof cmd, "%s %s '%s' 2>/dev/null", mlir_opt,
                 generic ? "--mlir-print-op-generic" : "", files[i]);
        FILE *p = popen(cmd, "r");
        char *ref = p ? read_all(p, NULL) : NULL;
        if (p)
          pclose(p);
        /* mlir-opt's driver appends one newline after the module. */
        size_t rl = ref ? strlen(ref) : 0;
        if (rl >= 2 && ref[rl - 1] == '\n' && ref[rl - 2] == '\n')
          ref[rl - 1] = 0;
        if (ref && !strcmp(ref, ours)) {
          same++;
        } else {
          differ++;
          fprintf(stderr, "corpus: %s (%s) differs from mlir-opt:\n",
                  files[i], generic ? "generic" : "custom");
          int before = test_failures;
          check_text(files[i], ours, ref ? ref : "");
          if (!strict)
            test_failures = before;
        }
        free(ref);
      }
      free(ours);
    }
    free(src);
  }
  fprintf(stderr, "corpus: %zu files, %zu prints identical to mlir-opt, "
                  "%zu differ, %zu files do not parse\n",
          n, same, differ, unparsed);
  if (strict)
    CHECK(unparsed == 0);
  for (size_t i = 0; i < n; i++)
    free(files[i]);
  free(files);
}

static const test_entry_t tests[] = {
    TEST_ENTRY(test_floats),
    TEST_ENTRY(test_ints_types),
    TEST_ENTRY(test_programs),
    TEST_ENTRY(test_options),
    TEST_ENTRY(test_debug_info),
    TEST_ENTRY(test_broken_ir),
    TEST_ENTRY(test_corpus),
};

TEST_MAIN(tests)
