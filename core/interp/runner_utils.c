/*
 * runner_utils.c: the functions of MLIR's runner-utils libraries
 * (libmlir_runner_utils, libmlir_c_runner_utils) that programs declare and
 * call: printMemref* and the scalar print helpers, printing byte for byte
 * what upstream prints (checked against mlir-runner 22):
 *
 *   Unranked Memref base@ = 0x... rank = 2 offset = 0 sizes = [2, 3]
 *   strides = [3, 1] data = \n[[1,   2,   3], \n [4,   5,   6]]\n
 *
 * Elements are separated by ", " plus (rank - dim + 1) spaces of
 * indentation; rows of rank > 1 end in ",\n" style "], \n". Floats print
 * like C++ iostream's default (printf %g), i8 as a raw character (upstream
 * streams an int8_t), index as unsigned. The address is a fake but stable
 * per-buffer value (tests normalize it). An empty dimension prints "[]"
 * where upstream reads past the end of the buffer.
 */
#include "interp_internal.h"

#include "buf/syntax.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { P_FLOAT, P_I8, P_SIGNED, P_INDEX };

typedef struct printer {
  buf__interp_t *I;
  buf_op_t *op;
  const buf__memref_t *m;
  int style;
  uint32_t width;
  buf_strbuf_t sb;
  bool failed;
} printer_t;

static void put_elem(printer_t *p, int64_t off) {
  const buf__buffer_t *b = p->m->buf;
  if (!buf__memref_is_init(p->m, off)) {
    if (!p->failed) {
      buf_diag_t *d = buf__err(p->I, p->op,
                               "read of uninitialized memory: element %lld "
                               "of buffer #%llu",
                               (long long)off, (unsigned long long)b->id);
      buf_diag_note(p->I->ctx, d, b->alloc_loc, "buffer allocated here");
    }
    p->failed = true;
    return;
  }
  buf__cell_t c = b->data[off];
  switch (p->style) {
  case P_FLOAT:
    buf_strbuf_printf(&p->sb, "%g", c.f);
    break;
  case P_I8: {
    char ch = (char)(uint8_t)c.i;
    buf_strbuf_append(&p->sb, &ch, 1);
    break;
  }
  case P_SIGNED:
    buf_strbuf_printf(&p->sb, "%" PRId64, buf__sext(c.i, p->width));
    break;
  case P_INDEX:
    buf_strbuf_printf(&p->sb, "%" PRIu64, c.i);
    break;
  }
}

static void spaces(printer_t *p, int64_t n) {
  for (int64_t i = 0; i < n; i++)
    buf_strbuf_append(&p->sb, " ", 1);
}

/* Upstream's MemRefDataPrinter::print, dimension dim counted down. */
static void print_dim(printer_t *p, int64_t dim, int64_t rank, int64_t off,
                      const int64_t *sizes, const int64_t *strides) {
  if (p->failed)
    return;
  if (dim == 0) {
    put_elem(p, off);
    return;
  }
  if (sizes[0] == 0) {
    buf_strbuf_puts(&p->sb, "[]");
    return;
  }
  buf_strbuf_puts(&p->sb, "[");
  print_dim(p, dim - 1, rank, off, sizes + 1, strides + 1);
  if (sizes[0] <= 1) {
    buf_strbuf_puts(&p->sb, "]");
    return;
  }
  buf_strbuf_puts(&p->sb, ", ");
  if (dim > 1)
    buf_strbuf_puts(&p->sb, "\n");
  for (int64_t i = 1; i + 1 < sizes[0]; i++) {
    spaces(p, rank - dim + 1);
    print_dim(p, dim - 1, rank, off + i * strides[0], sizes + 1, strides + 1);
    buf_strbuf_puts(&p->sb, ", ");
    if (dim > 1)
      buf_strbuf_puts(&p->sb, "\n");
  }
  spaces(p, rank - dim + 1);
  print_dim(p, dim - 1, rank, off + strides[0] * (sizes[0] - 1), sizes + 1,
            strides + 1);
  buf_strbuf_puts(&p->sb, "]");
}

/* The row code of a ranked printer, printMemref<N>d<T>(memref<...xT>), the
 * emit_c_interface variants: they print "Memref" where the unranked ones
 * print "Unranked Memref". */
#define RANKED(style, rank) ((style) + 16 * ((rank) + 1))

/* printMemref<T>(memref<*xT>) and the ranked variants: code is the expected
 * element kind, plus the rank for ranked ones (RANKED). */
static buf_status_t print_memref(buf__interp_t *I, buf__frame_t *F,
                                 buf_op_t *call, const buf__ival_t *args,
                                 uint32_t nargs, int code) {
  int ranked = code / 16 - 1; /* -1: unranked */
  int variant = code;
  code %= 16;
  if (nargs != 1 || (args[0].kind != IV_MEMREF && args[0].kind != IV_TENSOR)) {
    buf__err(I, call, "printMemref expects one memref argument");
    return BUF_FAILURE;
  }
  buf_type_t arg_type = buf_op_operand(call, 0)->type;
  if (ranked >= 0 && (!buf_type_is_shaped(arg_type) ||
                      arg_type->u.shaped.rank != (uint32_t)ranked)) {
    buf__err(I, call, "this printer takes a memref of rank %d", ranked);
    return BUF_FAILURE;
  }
  buf_type_t elem = buf_type_elem(arg_type);
  int style = buf_type_is_float(elem) ? P_FLOAT
              : elem->kind == BUF_TYPE_INDEX ? P_INDEX
              : buf__int_width(elem) == 8    ? P_I8
                                             : P_SIGNED;
  if (style != code && !(code == P_SIGNED && style == P_I8)) {
    buf__err(I, call, "printMemref variant does not match the element type");
    return BUF_FAILURE;
  }
  /* A tensor program (declared `(tensor<*xf32>) -> ()`, which
   * bufferization makes a memref) prints its tensor as the buffer that
   * bufferization would pass: a copy in row-major order. */
  if (args[0].kind == IV_TENSOR) {
    buf__memref_t *tmp =
        buf__memref_of_tensor(I, call, elem, args[0].u.t, BUFK_TENSOR);
    if (!tmp)
      return BUF_FAILURE;
    buf__ival_t view = buf__iv_memref(tmp);
    buf_status_t st = print_memref(I, F, call, &view, 1, variant);
    buf__buffer_release(I, tmp->buf, call->loc);
    buf__iv_drop(I, view);
    return st;
  }
  const buf__memref_t *m = args[0].u.m;
  if (BUF_FAILED(buf__memref_check_extent(I, call, m)))
    return BUF_FAILURE;
  printer_t p = {I, call, m, style, buf__int_width(elem), {0}, false};
  buf_strbuf_printf(&p.sb,
                    "%sMemref base@ = 0x%" PRIx64
                    " rank = %u offset = %" PRId64 " sizes = [",
                    ranked >= 0 ? "" : "Unranked ", buf__buffer_addr(m->buf),
                    m->rank, buf__memref_offset(m));
  for (uint32_t i = 0; i < m->rank; i++)
    buf_strbuf_printf(&p.sb, "%s%" PRId64, i ? ", " : "", m->sizes[i]);
  buf_strbuf_puts(&p.sb, "] strides = [");
  for (uint32_t i = 0; i < m->rank; i++)
    buf_strbuf_printf(&p.sb, "%s%" PRId64, i ? ", " : "",
                      buf__memref_stride(m, i));
  buf_strbuf_puts(&p.sb, "] data = \n");
  if (m->rank == 0)
    buf_strbuf_puts(&p.sb, "[");
  print_dim(&p, m->rank, m->rank, m->offset, m->sizes, m->strides);
  if (m->rank == 0)
    buf_strbuf_puts(&p.sb, "]");
  buf_strbuf_puts(&p.sb, "\n");
  if (!p.failed)
    fwrite(p.sb.data, 1, p.sb.len, I->out);
  buf_strbuf_free(&p.sb);
  return p.failed ? BUF_FAILURE : BUF_SUCCESS;
}

enum { S_I64, S_U64, S_F32, S_F64, S_NEWLINE, S_COMMA, S_OPEN, S_CLOSE,
       S_FLOPS, S_RTCLOCK };

static buf_status_t print_scalar(buf__interp_t *I, buf__frame_t *F,
                                 buf_op_t *call, const buf__ival_t *args,
                                 uint32_t nargs, int code) {
  uint32_t want = code <= S_F64 || code == S_FLOPS ? 1 : 0;
  if (nargs != want) {
    buf__err(I, call, "wrong number of arguments for a runner-utils call");
    return BUF_FAILURE;
  }
  if (want && !buf__check_defined(I, call, args[0]))
    return BUF_FAILURE;
  buf_type_t t = want ? buf_op_operand(call, 0)->type : NULL;
  switch (code) {
  case S_I64:
    fprintf(I->out, "%" PRId64, buf__sext(args[0].u.i, buf__int_width(t)));
    break;
  case S_U64:
    fprintf(I->out, "%" PRIu64, args[0].u.i);
    break;
  case S_F32:
  case S_F64:
    fprintf(I->out, "%g", args[0].u.f);
    break;
  case S_NEWLINE:
    fputc('\n', I->out);
    break;
  case S_COMMA:
    fputs(", ", I->out);
    break;
  case S_OPEN:
    fputs("( ", I->out);
    break;
  case S_CLOSE:
    fputs(" )", I->out);
    break;
  case S_FLOPS:
    /* upstream writes this to stderr; keep the program's output clean */
    fprintf(stderr, "%lf GFLOPS\n", args[0].u.f / 1.0E9);
    break;
  case S_RTCLOCK:
    /* a deterministic clock: interpretation must be reproducible */
    if (call->num_results == 1)
      buf__set_result(I, F, call, 0, buf__iv_float(0.0));
    break;
  }
  return BUF_SUCCESS;
}

static const buf__extern_row_t externs[] = {
    {"printMemrefF16", print_memref, P_FLOAT},
    {"printMemrefBF16", print_memref, P_FLOAT},
    {"printMemrefF32", print_memref, P_FLOAT},
    {"printMemrefF64", print_memref, P_FLOAT},
    {"printMemrefI8", print_memref, P_SIGNED},
    {"printMemrefI16", print_memref, P_SIGNED},
    {"printMemrefI32", print_memref, P_SIGNED},
    {"printMemrefI64", print_memref, P_SIGNED},
    {"printMemrefInd", print_memref, P_INDEX},
    {"printMemref0dF32", print_memref, RANKED(P_FLOAT, 0)},
    {"printMemref1dF32", print_memref, RANKED(P_FLOAT, 1)},
    {"printMemref2dF32", print_memref, RANKED(P_FLOAT, 2)},
    {"printMemref3dF32", print_memref, RANKED(P_FLOAT, 3)},
    {"printMemref4dF32", print_memref, RANKED(P_FLOAT, 4)},
    {"printMemref1dF64", print_memref, RANKED(P_FLOAT, 1)},
    {"printMemref1dI8", print_memref, RANKED(P_SIGNED, 1)},
    {"printMemref1dI32", print_memref, RANKED(P_SIGNED, 1)},
    {"printMemref1dI64", print_memref, RANKED(P_SIGNED, 1)},
    {"printMemref1dInd", print_memref, RANKED(P_INDEX, 1)},
    {"printI64", print_scalar, S_I64},
    {"printU64", print_scalar, S_U64},
    {"printF32", print_scalar, S_F32},
    {"printF64", print_scalar, S_F64},
    {"printNewline", print_scalar, S_NEWLINE},
    {"printComma", print_scalar, S_COMMA},
    {"printOpen", print_scalar, S_OPEN},
    {"printClose", print_scalar, S_CLOSE},
    {"printFlops", print_scalar, S_FLOPS},
    {"rtclock", print_scalar, S_RTCLOCK},
};

const buf__extern_row_t *buf__interp_find_extern(const char *name) {
  for (size_t i = 0; i < sizeof externs / sizeof externs[0]; i++)
    if (strcmp(externs[i].name, name) == 0)
      return &externs[i];
  return NULL;
}
