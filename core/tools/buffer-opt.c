/*
 * buffer-opt.c: the offline driver, spelled like mlir-opt.
 *
 *   buffer-opt [pass flags] [--emit=mlir|json|llvm|obj|run] [--run=FUNC] [-o FILE] [FILE|-]
 *              [--bufferization-report=FILE]
 *
 * Reads a program (MLIR text or the JSON form), verifies it, runs the given
 * passes, and prints the result, or interprets a function (--run), or
 * compiles and runs it natively (--emit=run --run). What it prints is an
 * artifact of the compile driver (buf/compile.h), the same bytes bufferd
 * serves: --emit=NAME names a row of its table (mlir is memref, run is
 * run-native), --run=FUNC alone is the run artifact, --emit=ptx also makes
 * gpu-manifest. Every input is
 * handled as mlir-opt would: with --split-input-file each "// -----" chunk
 * is an independent program; with --verify-diagnostics the diagnostics a
 * chunk produces are matched against its expected-error/-warning/-note/
 * -remark comments instead of being printed.
 *
 * Exit status: 0 on success, 1 on any error (diagnostics on stderr), 2 on a
 * usage error.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "buf/bufferize.h"
#include "buf/compile.h"
#include "buf/interp.h"
#include "buf/ir.h"
#include "buf/lower.h"
#include "buf/pipeline.h"
#include "buf/syntax.h"
#include "args.h"
#include "test_passes.h"
#include "verify_diagnostics.h"

#define BUFFER_OPT_VERSION "0.1.0"

/* Everything the command line says. */
typedef struct options {
  const char *input;          /* file name or "-" */
  const char *output;         /* -o, NULL for stdout */
  bool split_input;           /* --split-input-file */
  const char *split_marker;   /* --split-input-file=MARKER ("// -----") */
  const char *output_marker;  /* --output-split-marker ("// -----") */
  bool verify_diagnostics;    /* --verify-diagnostics */
  bool only_expected;         /* --verify-diagnostics=only-expected */
  bool generic;               /* --mlir-print-op-generic */
  bool elide_resources;       /* --mlir-elide-resource-strings-if-larger=N */
  uint64_t elide_above;       /* its N */
  bool debug_info;            /* --mlir-print-debuginfo */
  bool allow_unregistered;    /* --allow-unregistered-dialect */
  bool json_input;            /* --input-format=json */
  const buf_artifact_def_t *emit; /* --emit=: a row of buf_artifacts */
  bool default_pipeline;      /* --default-pipeline: BUF_DEFAULT_PIPELINE first */
  const char *run_func;       /* --run=FUNC */
  const char *inputs_file;    /* --inputs=FILE.json */
  bool leak_check;            /* --run-leak-check */
  bool run_stats;             /* --run-stats: interpreter stats to stderr */
  uint64_t run_max_steps;     /* --run-max-steps=N; 0: the interpreter's default */
  int llvm_opt_level;         /* --llvm-opt-level=N, -ON; -1: the default */
  bool timing;                /* --timing */
  bool verify_each;           /* --verify-each: verify after each pass (default true) */
  const char *report_file;    /* --bufferization-report=FILE */
  bool dump_pass_pipeline;    /* --dump-pass-pipeline */
  bool local_scope;           /* --mlir-print-local-scope */
  bool disable_threading;     /* --mlir-disable-threading (accepted) */
  bool pass_statistics;       /* --mlir-pass-statistics */
  bool statistics_as_list;    /* --mlir-pass-statistics-display=list */
  bool ir_before_all, ir_after_all, ir_after_change, ir_after_failure;
  bool ir_module_scope;       /* --mlir-print-ir-module-scope */
  const char *ir_before;      /* --mlir-print-ir-before=a,b */
  const char *ir_after;       /* --mlir-print-ir-after=a,b */
  const char *gpu_arch;       /* --gpu-arch=sm_XX (default sm_90) */
  const char *gpu_manifest;   /* --gpu-manifest=FILE */
  const char *libdevice;      /* --libdevice=PATH */
  /* Pass flags in command-line order: name and options text. */
  struct pass_flag {
    const char *name;          /* pass name, or NULL for a --pass-pipeline */
    const char *text;          /* options, or the pipeline text */
    const buf_pass_def_t *test_pass; /* a buffer-opt test pass, or NULL */
  } *passes;
  uint32_t num_passes;
} options_t;

/* Wall-clock phases for --timing. */
typedef struct timing {
  double parse, verify, passes, output, total;
  bool lowered;               /* an artifact was lowered: lower holds its phases */
  buf_lower_timing_t lower;   /* part of output */
  buf_pass_timing_t *pass_times;
  uint32_t num_pass_times;
} timing_t;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Returns the value of "--flag=value" when arg starts with prefix "--flag=". */
static const char *flag_value(const char *arg, const char *flag) {
  size_t n = strlen(flag);
  if (strncmp(arg, flag, n) == 0 && arg[n] == '=')
    return arg + n + 1;
  return NULL;
}

static bool parse_bool_flag(const char *arg, const char *flag, bool *out) {
  const char *v = flag_value(arg, flag);
  if (strcmp(arg, flag) == 0) {
    *out = true;
    return true;
  }
  if (v && (strcmp(v, "true") == 0 || strcmp(v, "1") == 0)) {
    *out = true;
    return true;
  }
  if (v && (strcmp(v, "false") == 0 || strcmp(v, "0") == 0)) {
    *out = false;
    return true;
  }
  return false;
}

/* Parses a decimal number of at most max into *out. */
static bool parse_uint(const char *v, uint64_t max, uint64_t *out) {
  char *end;
  errno = 0;
  unsigned long long n = strtoull(v, &end, 10);
  if (!*v || *end || errno || *v == '-' || *v == '+' || n > max)
    return false;
  *out = n;
  return true;
}

static int usage_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "buffer-opt: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n(see buffer-opt --help)\n");
  va_end(ap);
  return 2;
}

static int compare_names(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Parses argv into o; returns -1 on success or an exit status. */
static int parse_args(int argc, char **argv, options_t *o) {
  o->input = "-";
  o->verify_each = true;
  o->llvm_opt_level = -1;
  o->passes = calloc((size_t)argc, sizeof *o->passes);
  bool have_input = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      buffer_opt_print_help(stdout);
      return 0;
    }
    if (strcmp(a, "--list-passes") == 0) {
      buffer_opt_list_passes(stdout);
      return 0;
    }
    if (strcmp(a, "--show-dialects") == 0) {
      /* sorted, as mlir-opt lists them */
      const char *names[64];
      uint32_t n = buf_num_dialects < 64 ? buf_num_dialects : 64;
      for (uint32_t d = 0; d < n; d++)
        names[d] = buf_dialects[d]->name;
      qsort(names, n, sizeof *names, compare_names);
      printf("Available Dialects: ");
      for (uint32_t d = 0; d < n; d++)
        printf("%s%s", d ? "," : "", names[d]);
      printf("\n");
      return 0;
    }
    if (strcmp(a, "--version") == 0) {
      printf("buffer-opt %s (bufferd)\n", BUFFER_OPT_VERSION);
      return 0;
    }
    if (strcmp(a, "-o") == 0) {
      if (++i >= argc)
        return usage_error("-o needs a file name");
      o->output = argv[i];
    } else if ((v = flag_value(a, "-o"))) {
      o->output = v;
    } else if ((v = flag_value(a, "--split-input-file")) && *v &&
               strcmp(v, "true") != 0 && strcmp(v, "false") != 0 &&
               strcmp(v, "1") != 0 && strcmp(v, "0") != 0) {
      /* mlir-opt's option takes the marker as its value. */
      o->split_input = true;
      o->split_marker = v;
    } else if ((v = flag_value(a, "--output-split-marker"))) {
      o->output_marker = v;
    } else if (parse_bool_flag(a, "--split-input-file", &o->split_input) ||
               parse_bool_flag(a, "--verify-diagnostics", &o->verify_diagnostics) ||
               parse_bool_flag(a, "--mlir-print-op-generic", &o->generic) ||
               parse_bool_flag(a, "--mlir-print-debuginfo", &o->debug_info) ||
               parse_bool_flag(a, "--allow-unregistered-dialect", &o->allow_unregistered) ||
               parse_bool_flag(a, "--run-leak-check", &o->leak_check) ||
               parse_bool_flag(a, "--run-stats", &o->run_stats) ||
               parse_bool_flag(a, "--timing", &o->timing) ||
               parse_bool_flag(a, "--mlir-timing", &o->timing) ||
               parse_bool_flag(a, "--verify-each", &o->verify_each) ||
               parse_bool_flag(a, "--dump-pass-pipeline", &o->dump_pass_pipeline) ||
               parse_bool_flag(a, "--mlir-print-local-scope", &o->local_scope) ||
               parse_bool_flag(a, "--mlir-disable-threading", &o->disable_threading) ||
               parse_bool_flag(a, "--mlir-pass-statistics", &o->pass_statistics) ||
               parse_bool_flag(a, "--mlir-print-ir-before-all", &o->ir_before_all) ||
               parse_bool_flag(a, "--mlir-print-ir-after-all", &o->ir_after_all) ||
               parse_bool_flag(a, "--mlir-print-ir-after-change", &o->ir_after_change) ||
               parse_bool_flag(a, "--mlir-print-ir-after-failure", &o->ir_after_failure) ||
               parse_bool_flag(a, "--mlir-print-ir-module-scope", &o->ir_module_scope)) {
      /* handled */
    } else if ((v = flag_value(a, "--mlir-elide-resource-strings-if-larger"))) {
      char *end;
      errno = 0;
      unsigned long long n = strtoull(v, &end, 10);
      if (!*v || *end || errno || *v == '-')
        return usage_error("--mlir-elide-resource-strings-if-larger needs a "
                           "number, not '%s'", v);
      o->elide_resources = true;
      o->elide_above = n;
    } else if ((v = flag_value(a, "--verify-diagnostics")) &&
               (!strcmp(v, "all") || !strcmp(v, "only-expected"))) {
      o->verify_diagnostics = true;
      o->only_expected = !strcmp(v, "only-expected");
    } else if ((v = flag_value(a, "--mlir-print-ir-before"))) {
      o->ir_before = v;
    } else if ((v = flag_value(a, "--mlir-print-ir-after"))) {
      o->ir_after = v;
    } else if ((v = flag_value(a, "--mlir-pass-statistics-display"))) {
      if (strcmp(v, "list") != 0 && strcmp(v, "pipeline") != 0)
        return usage_error("--mlir-pass-statistics-display is list or pipeline, not '%s'", v);
      o->statistics_as_list = strcmp(v, "list") == 0;
    } else if ((v = flag_value(a, "--input-format"))) {
      if (strcmp(v, "json") == 0)
        o->json_input = true;
      else if (strcmp(v, "mlir") == 0)
        o->json_input = false;
      else
        return usage_error("unknown input format '%s' (expected mlir or json)", v);
    } else if ((v = flag_value(a, "--emit"))) {
      /* mlir-opt's spelling of memref; --emit=run has always been the JIT
       * (--run=FUNC alone is the interpreter's run artifact). */
      const char *name = !strcmp(v, "mlir") ? "memref" : !strcmp(v, "run") ? "run-native" : v;
      o->emit = buf_artifact_lookup(name);
      if (!o->emit || !strcmp(name, "run"))
        return usage_error("unknown --emit kind '%s' (this build offers mlir, json, report, llvm, "
                           "obj, ptx, gpu-manifest and run)", v);
    } else if (parse_bool_flag(a, "--default-pipeline", &o->default_pipeline)) {
      /* handled */
    } else if ((v = flag_value(a, "--gpu-arch"))) {
      if (strncmp(v, "sm_", 3) != 0 || !v[3])
        return usage_error("--gpu-arch expects sm_XX (e.g. sm_90), not '%s'", v);
      o->gpu_arch = v;
    } else if ((v = flag_value(a, "--gpu-manifest"))) {
      o->gpu_manifest = v;
    } else if ((v = flag_value(a, "--libdevice"))) {
      if (!*v)
        return usage_error("--libdevice needs a file name");
      o->libdevice = v;

    } else if ((v = flag_value(a, "--llvm-opt-level")) ||
               (a[0] == '-' && a[1] == 'O' && a[2] && (v = a + 2)) ||
               /* -O2 as the one-or-two-dash rule spells it */
               (strncmp(a, "--O", 3) == 0 && a[3] && (v = a + 3))) {
      uint64_t level;
      if (!parse_uint(v, 3, &level))
        return usage_error("-O/--llvm-opt-level: the LLVM optimization level is 0, 1, 2 or 3, not '%s'", v);
      o->llvm_opt_level = (int)level;
    } else if ((v = flag_value(a, "--run-max-steps"))) {
      if (!parse_uint(v, UINT64_MAX, &o->run_max_steps) || o->run_max_steps == 0)
        return usage_error("--run-max-steps needs a positive number of ops, not '%s'", v);
    } else if ((v = flag_value(a, "--run"))) {
      o->run_func = v[0] == '@' ? v + 1 : v;
    } else if ((v = flag_value(a, "--inputs"))) {
      o->inputs_file = v;
    } else if ((v = flag_value(a, "--bufferization-report"))) {
      if (!*v)
        return usage_error("--bufferization-report needs a file name");
      o->report_file = v;
    } else if ((v = flag_value(a, "--pass-pipeline"))) {
      o->passes[o->num_passes++] = (struct pass_flag){NULL, v, NULL};
    } else if (strncmp(a, "--", 2) == 0 && a[2]) {
      /* A pass flag: --name or --name=options. */
      const char *eq = strchr(a, '=');
      size_t n = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
      char *name = strndup(a + 2, n);
      const buf_pass_def_t *test_pass = buffer_opt_test_pass_lookup(name);
      if (!buf_pass_lookup(name) && !test_pass) {
        int rc = usage_error("unknown option or pass '%s'", a);
        free(name);
        return rc;
      }
      o->passes[o->num_passes++] = (struct pass_flag){name, eq ? eq + 1 : "", test_pass};
    } else if (a[0] == '-' && a[1]) {
      return usage_error("unknown option '%s'", a);
    } else {
      if (have_input)
        return usage_error("more than one input file ('%s' and '%s')", o->input, a);
      o->input = a;
      have_input = true;
    }
  }
  if (o->inputs_file && !o->run_func)
    return usage_error("--inputs needs --run=FUNC");
  bool gpu = o->emit && (o->emit->uses & BUF_USES_GPU);
  bool native = o->emit && !strcmp(o->emit->name, "run-native");
  if ((o->gpu_arch || o->gpu_manifest || o->libdevice) && !gpu)
    return usage_error("--gpu-arch, --gpu-manifest and --libdevice need --emit=ptx");
  if (gpu && o->split_input)
    return usage_error("--emit=ptx takes one program (no --split-input-file)");
  if (native && !o->run_func)
    return usage_error("--emit=run needs --run=FUNC");
  if (native && (o->leak_check || o->run_stats))
    return usage_error("--run-leak-check and --run-stats are the interpreter's; --emit=run runs natively");

  if (o->leak_check && !o->run_func)
    return usage_error("--run-leak-check needs --run=FUNC");
  if (o->run_max_steps && (!o->run_func || native))
    return usage_error("--run-max-steps bounds the interpreter: it needs --run=FUNC without "
                       "--emit=run");
  if (o->llvm_opt_level >= 0 && !(o->emit && o->emit->lowers))
    return usage_error("--llvm-opt-level and -O%d need a lowering: --emit=llvm, obj, ptx or run",
                       o->llvm_opt_level);
  return -1;
}

/* Reads the whole file (or stdin for "-") into a malloc'd buffer. */
static char *read_file(const char *path, size_t *len) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f)
    return NULL;
  /* A regular file is read into a buffer of its size (plus one byte, which
   * also detects growth); pipes grow by doubling. */
  size_t cap = 1 << 16, n = 0;
  struct stat sb;
  if (fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size >= 0)
    cap = (size_t)sb.st_size + 1;
  char *buf = malloc(cap + 1);
  for (;;) {
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (n < cap)
      break;
    cap *= 2;
    buf = realloc(buf, cap + 1);
  }
  bool failed = ferror(f);
  if (f != stdin)
    fclose(f);
  if (failed) {
    free(buf);
    return NULL;
  }
  buf[n] = 0;
  *len = n;
  return buf;
}

/* The input program. A regular file is mapped rather than read: no copy,
 * and once a chunk is parsed its pages can leave the resident set
 * (forget_source_pages) while the IR is verified and printed; a later
 * diagnostic that shows a source line faults them back in from the file.
 * On a 10 MB program this takes the file's size off the peak memory. */
typedef struct source {
  char *text;
  size_t len;
  size_t mapped; /* bytes mapped; 0 when text is malloc'd */
} source_t;

static source_t input_source;

static bool load_source(const char *path, source_t *src) {
  memset(src, 0, sizeof *src);
  if (strcmp(path, "-") != 0) {
    int fd = open(path, O_RDONLY);
    if (fd < 0)
      return false;
    struct stat sb;
    long page = sysconf(_SC_PAGESIZE);
    /* A size that is a whole number of pages is read instead: the lexer
     * never reads past len, but the NUL that read_file adds keeps every
     * text a C string for anyone who looks one byte further. */
    if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0 &&
        page > 0 && (size_t)sb.st_size % (size_t)page != 0) {
      void *m = mmap(NULL, (size_t)sb.st_size, PROT_READ,
                     MAP_PRIVATE | MAP_POPULATE, fd, 0);
      if (m != MAP_FAILED) {
        close(fd);
        src->text = m;
        src->len = (size_t)sb.st_size;
        src->mapped = (size_t)sb.st_size;
        return true;
      }
    }
    close(fd);
  }
  src->text = read_file(path, &src->len);
  return src->text != NULL;
}

static void free_source(source_t *src) {
  if (src->mapped)
    munmap(src->text, src->mapped);
  else
    free(src->text);
  memset(src, 0, sizeof *src);
}

/* Drops the resident pages that lie wholly inside [text, text + len) of
 * the mapped input (nothing for a read input). Called as the parser moves
 * on (consumed_source) and once a chunk is parsed. */
static void forget_source_pages(const char *text, size_t len) {
  const source_t *src = &input_source;
  long page = sysconf(_SC_PAGESIZE);
  if (!src->mapped || page <= 0 || text < src->text ||
      text + len > src->text + src->len)
    return;
  uintptr_t lo = ((uintptr_t)text + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
  uintptr_t hi = ((uintptr_t)text + len) & ~((uintptr_t)page - 1);
  if (hi > lo)
    madvise((void *)lo, hi - lo, MADV_DONTNEED);
}

/* buf_parse_options_t.consumed: the parser has read the chunk that starts
 * at user up to offset. */
static void consumed_source(void *user, size_t offset) {
  forget_source_pages(user, offset);
}

/* --mlir-print-ir-*: the instrument that prints the IR around passes, as
 * mlir-opt's IRPrinterInstrumentation does, to stderr. */
typedef struct ir_printer {
  const options_t *o;
  char *before_text;   /* the op before the pass, for --mlir-print-ir-after-change */
} ir_printer_t;

/* Is pass p named in the comma-separated list (its argument, as upstream)? */
static bool pass_listed(const char *list, const buf_pass_def_t *p) {
  size_t n = strlen(p->name);
  for (const char *s = list; s && *s;) {
    const char *e = strchr(s, ',');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    if (len == n && strncmp(s, p->name, n) == 0)
      return true;
    s = e ? e + 1 : NULL;
  }
  return false;
}

static void print_ir(const ir_printer_t *ip, const char *when,
                     const buf_pass_def_t *p, buf_op_t *op, bool failed) {
  char name[128];
  /* With module scope a nested op's dump shows the whole module, and the
   * header names the op the pass ran on, as mlir-opt's does. */
  char scope[256] = "";
  if (ip->o->ir_module_scope && buf_op_parent(op)) {
    buf_attr_t sym = buf_op_attr(op, "sym_name");
    snprintf(scope, sizeof scope, " ('%s' operation%s%s)", op->name,
             sym && sym->kind == BUF_ATTR_STRING ? ": @" : "",
             sym && sym->kind == BUF_ATTR_STRING ? sym->u.str.data : "");
    while (buf_op_parent(op))
      op = buf_op_parent(op);
  }
  fprintf(stderr, "// -----// IR Dump %s %s%s (%s)%s //----- //\n", when,
          buf_pass_class_name(p, name, sizeof name), failed ? " Failed" : "", p->name,
          scope);
  buf_print_options_t po = buf_print_options_default();
  po.generic = ip->o->generic;
  po.debug_info = ip->o->debug_info;
  po.use_aliases = !ip->o->local_scope;
  buf_print_op(op, &po, stderr);
  /* mlir-opt ends a module's dump with two more newlines, another op's
   * with one. */
  fputs(buf_op_parent(op) ? "\n" : "\n\n", stderr);
}

static char *op_text(buf_op_t *op) {
  buf_print_options_t po = buf_print_options_default();
  po.generic = true;
  return buf_print_op_to_string(op, &po, NULL);
}

static void ir_before(void *user, const buf_pass_def_t *p, buf_op_t *op) {
  ir_printer_t *ip = user;
  if (ip->o->ir_before_all || pass_listed(ip->o->ir_before, p))
    print_ir(ip, "Before", p, op, false);
  if (ip->o->ir_after_change) {
    free(ip->before_text);
    ip->before_text = op_text(op);
  }
}

static void ir_after(void *user, const buf_pass_def_t *p, buf_op_t *op,
                     bool failed) {
  ir_printer_t *ip = user;
  const options_t *o = ip->o;
  bool wanted = o->ir_after_all || pass_listed(o->ir_after, p);
  if (failed) {
    if (wanted || o->ir_after_failure)
      print_ir(ip, "After", p, op, true);
  } else if (wanted && !o->ir_after_failure) {
    bool same = false;
    if (o->ir_after_change && ip->before_text) {
      char *now = op_text(op);
      same = strcmp(now, ip->before_text) == 0;
      free(now);
    }
    if (!same)
      print_ir(ip, "After", p, op, false);
  }
  free(ip->before_text);
  ip->before_text = NULL;
}

static bool wants_ir_printer(const options_t *o) {
  return o->ir_before_all || o->ir_after_all || o->ir_after_failure ||
         o->ir_before || o->ir_after;
}

/* --mlir-pass-statistics, in mlir-opt's format: the passes as a pipeline
 * (or, with =list, only those that count something), each counter as
 * "(S) VALUE name - help". */
static void print_statistics(const buf_pipeline_t *pl, bool as_list) {
  fprintf(stderr,
          "===-------------------------------------------------------------------------===\n"
          "                         ... Pass statistics report ...\n"
          "===-------------------------------------------------------------------------===\n");
  if (!as_list)
    fprintf(stderr, "'builtin.module' Pipeline\n");
  for (uint32_t i = 0; i < buf_pipeline_num_passes(pl); i++) {
    const buf_pass_def_t *p = buf_pipeline_pass(pl, i);
    uint32_t n = 0;
    const buf_pass_statistic_t *st = buf_pipeline_statistics(pl, i, &n);
    if (as_list && !n)
      continue;
    char name[128];
    int indent = as_list ? 0 : 2;
    fprintf(stderr, "%*s%s\n", indent, "", buf_pass_class_name(p, name, sizeof name));
    int width = 1;
    for (uint32_t k = 0; k < n; k++) {
      int w = snprintf(NULL, 0, "%llu", (unsigned long long)st[k].value);
      width = w > width ? w : width;
    }
    /* by name, as upstream sorts them */
    bool *done = calloc(n ? n : 1, sizeof *done);
    for (uint32_t left = n; left > 0; left--) {
      uint32_t m = UINT32_MAX;
      for (uint32_t k = 0; k < n; k++)
        if (!done[k] && (m == UINT32_MAX || strcmp(st[k].name, st[m].name) < 0))
          m = k;
      done[m] = true;
      fprintf(stderr, "%*s(S) %*llu %s - %s\n", indent + 2, "", width,
              (unsigned long long)st[m].value, st[m].name, st[m].help);
    }
    free(done);
  }
  fputc('\n', stderr);
}

/* Builds the pipeline of the command line in ctx. */
static buf_pipeline_t *build_pipeline(buf_ctx_t *ctx, const options_t *o) {
  buf_pipeline_t *pl = buf_pipeline_create(ctx);
  buf_pipeline_set_verify_each(pl, o->verify_each);
  if (o->default_pipeline && BUF_FAILED(buf_pipeline_parse(pl, BUF_DEFAULT_PIPELINE)))
    return NULL;
  for (uint32_t i = 0; i < o->num_passes; i++) {
    const struct pass_flag *f = &o->passes[i];
    buf_status_t s = f->test_pass ? buf_pipeline_add_def(pl, f->test_pass, f->text)
                     : f->name    ? buf_pipeline_add(pl, f->name, f->text)
                                  : buf_pipeline_parse(pl, f->text);
    if (BUF_FAILED(s))
      return NULL;
  }
  if (o->dump_pass_pipeline)
    fprintf(stderr, "Pass Manager with %u passes:\n%s\n\n",
            buf_pipeline_num_top_level(pl), buf_pipeline_to_upstream_string(pl));
  return pl;
}

static void print_timing(const timing_t *t, FILE *out) {
  fprintf(out,
          "===-------------------------------------------------------------------------===\n"
          "                         ... Execution time report ...\n"
          "===-------------------------------------------------------------------------===\n"
          "  Total Execution Time: %.4f seconds\n\n"
          "  ----Wall Time----  ----Name----\n",
          t->total);
  double total = t->total > 0 ? t->total : 1e-12;
#define ROW(sec, name)                                                          \
  fprintf(out, "    %.4f (%5.1f%%)  %s\n", (sec), 100.0 * (sec) / total, (name))
  ROW(t->parse, "Parser");
  ROW(t->verify, "Verifier");
  for (uint32_t i = 0; i < t->num_pass_times; i++)
    ROW(t->pass_times[i].seconds, t->pass_times[i].name);
  double output = t->output;
  if (t->lowered) {
    const buf_lower_timing_t *l = &t->lower;
    /* A tensor program is bufferized by the lowering itself (without
     * --default-pipeline): those two rows appear only then. */
    if (l->bufferize > 0 || l->dealloc > 0) {
      ROW(l->bufferize, "Bufferize (lowering: one-shot-bufferize)");
      ROW(l->dealloc, "Deallocation (lowering: buffer-deallocation-pipeline)");
    }
    ROW(l->loops, "Lowering to loops (linalg, affine, scf to cf)");
    ROW(l->llvm_build, "LLVM build (LLVM loaded, module built and verified)");
    ROW(l->llvm_optimize, "LLVM optimize");
    ROW(l->llvm_emit, "LLVM emit (IR text, object code or PTX)");
    output -= l->bufferize + l->dealloc + l->loops + l->llvm_build + l->llvm_optimize +
              l->llvm_emit;
    if (output < 0)
      output = 0;
  }
  ROW(output, "Output");
  ROW(t->total, "Total");
#undef ROW
}

/* The manifest's file: --gpu-manifest, else next to -o FILE; NULL when
 * the PTX goes to stdout without --gpu-manifest. */
static char *manifest_path(const options_t *o) {
  if (o->gpu_manifest)
    return strdup(o->gpu_manifest);
  if (!o->output || strcmp(o->output, "-") == 0)
    return NULL;
  size_t n = strlen(o->output);
  if (n > 4 && strcmp(o->output + n - 4, ".ptx") == 0)
    n -= 4;
  char *p = malloc(n + sizeof ".manifest.json");
  memcpy(p, o->output, n);
  strcpy(p + n, ".manifest.json");
  return p;
}

/* Where one chunk's artifacts go: the primary one to out, the manifest of
 * --emit=ptx to its own file (opened when the driver makes it). */
typedef struct chunk_io {
  const buf_artifact_def_t *primary;
  FILE *out;
  char *manifest_path;        /* malloc'd, or NULL */
  FILE *manifest;             /* opened by artifact_stream */
  int manifest_errno;         /* why it could not be opened */
} chunk_io_t;

/* buf_compile_request_t.stream: every artifact is written where it goes
 * as it is made; nothing is kept in memory. */
static FILE *artifact_stream(void *user, const buf_artifact_def_t *artifact) {
  chunk_io_t *io = user;
  if (artifact == io->primary)
    return io->out;
  if (io->manifest_path && strcmp(artifact->name, "gpu-manifest") == 0) {
    errno = 0;
    io->manifest = fopen(io->manifest_path, "w");
    io->manifest_errno = io->manifest ? 0 : errno;
    return io->manifest;
  }
  return NULL;
}

/* Processes one program (a whole file or one chunk) with the compile
 * driver. Output goes to out; diagnostics stay in ctx for the caller to
 * print or match. */
static buf_status_t process_chunk(buf_ctx_t *ctx, const options_t *o,
                                  const char *file, const char *text,
                                  size_t len, uint32_t first_line, FILE *out,
                                  timing_t *t, buf_bz_report_t *report) {
  buf_pipeline_t *pl = build_pipeline(ctx, o);
  if (!pl)
    return BUF_FAILURE;
  ir_printer_t printer = {.o = o};
  if (wants_ir_printer(o))
    buf_pipeline_set_instrument(
        pl, &(buf_pass_instrument_t){ir_before, ir_after, &printer});
  /* --run=FUNC is the interpreter's run artifact unless --emit=run asks
   * for the JIT; without --emit the program is printed. */
  const buf_artifact_def_t *primary = o->emit;
  if (o->run_func && (!primary || !(primary->uses & BUF_USES_RUN)))
    primary = buf_artifact_lookup("run");
  if (!primary)
    primary = buf_artifact_lookup("memref");
  chunk_io_t io = {.primary = primary, .out = out};
  const char *names[2] = {primary->name, NULL};
  uint32_t num_names = 1;
  if (strcmp(primary->name, "ptx") == 0 && (io.manifest_path = manifest_path(o)))
    names[num_names++] = "gpu-manifest";
  buf_compile_request_t req = {
      .program = text,
      .program_len = len,
      .program_is_json = o->json_input,
      .file_name = file,
      .first_line = first_line,
      .built_pipeline = pl,
      .artifacts = names,
      .num_artifacts = num_names,
      .gpu_arch = o->gpu_arch,
      .libdevice = o->libdevice,
      .run_func = o->run_func,
      .run_leak_check = o->leak_check,
      .run_max_steps = o->run_max_steps,
      .llvm_opt_level_set = o->llvm_opt_level >= 0,
      .llvm_opt_level = o->llvm_opt_level,
      .print_generic = o->generic,
      .print_debug_info = o->debug_info,
      .print_local_scope = o->local_scope,
      .print_elide_resources = o->elide_resources,
      .print_elide_resources_above = o->elide_above,
      .ctx = ctx,
      .report = report,
      .consumed = consumed_source,
      .consumed_user = (void *)text,
      .stream = artifact_stream,
      .stream_user = &io,
  };
  char *inputs = NULL;
  if (o->inputs_file) {
    size_t n;
    inputs = read_file(o->inputs_file, &n);
    if (!inputs) {
      buf_emit_error(ctx, BUF_LOC_UNKNOWN, "cannot read inputs file '%s': %s",
                     o->inputs_file, strerror(errno));
      free(io.manifest_path);
      return BUF_FAILURE;
    }
    req.run_inputs = inputs;
  }
  buf_compilation_t *c = buf_compilation_create(&req);
  buf_status_t status = buf_compilation_prepare(c);
  forget_source_pages(text, len);
  if (!BUF_FAILED(status)) {
    status = buf_compilation_run(c);
    fflush(out);
  }
  if (io.manifest && (fflush(io.manifest) != 0 || ferror(io.manifest)))
    io.manifest_errno = errno ? errno : EIO;
  if (io.manifest && fclose(io.manifest) != 0 && !io.manifest_errno)
    io.manifest_errno = errno;
  if (io.manifest_errno || (io.manifest_path && !io.manifest && !BUF_FAILED(status))) {
    buf_emit_error(ctx, BUF_LOC_UNKNOWN, "cannot write the GPU manifest '%s': %s",
                   io.manifest_path, strerror(io.manifest_errno ? io.manifest_errno : EIO));
    status = BUF_FAILURE;
  }
  buf_interp_stats_t stats;
  if (o->run_stats && buf_compilation_run_stats(c, &stats))
    fprintf(stderr,
            "run-stats: heap_allocs=%llu stack_allocs=%llu copies=%llu "
            "peak_live_bytes=%llu steps=%llu peak_heap_bytes=%llu copied_bytes=%llu\n",
            (unsigned long long)stats.heap_allocs, (unsigned long long)stats.stack_allocs,
            (unsigned long long)stats.copies, (unsigned long long)stats.peak_live_bytes,
            (unsigned long long)stats.steps, (unsigned long long)stats.peak_heap_bytes,
            (unsigned long long)stats.copied_bytes);
  t->parse += buf_compilation_time(c, "parse");
  t->verify += buf_compilation_time(c, "verify");
  t->passes += buf_compilation_time(c, "passes");
  t->output += buf_compilation_time(c, "emit");
  const buf_lower_timing_t *lt = buf_compilation_lower_timing(c);
  if (lt) {
    t->lowered = true;
    t->lower.bufferize += lt->bufferize;
    t->lower.dealloc += lt->dealloc;
    t->lower.loops += lt->loops;
    t->lower.llvm_build += lt->llvm_build;
    t->lower.llvm_optimize += lt->llvm_optimize;
    t->lower.llvm_emit += lt->llvm_emit;
  }
  uint32_t n = 0;
  const buf_pass_timing_t *times = buf_compilation_pass_timings(c, &n);
  free(t->pass_times);
  t->pass_times = times && n ? malloc(n * sizeof *times) : NULL;
  if (t->pass_times)
    memcpy(t->pass_times, times, n * sizeof *times);
  t->num_pass_times = t->pass_times ? n : 0;
  if (o->pass_statistics)
    print_statistics(pl, o->statistics_as_list);
  free(printer.before_text);
  buf_compilation_destroy(c);
  free(io.manifest_path);
  free(inputs);
  return status;
}

/* Writes the bufferization report to path; false (with a message) when
 * the file cannot be written. */
static bool write_report(const buf_bz_report_t *report, const char *path) {
  bool to_stdout = strcmp(path, "-") == 0;
  errno = 0;
  FILE *f = to_stdout ? stdout : fopen(path, "w");
  bool ok = f && buf_compile_report_write(report, f);
  if (f && !to_stdout && fclose(f) != 0)
    ok = false;
  if (!ok)
    fprintf(stderr, "buffer-opt: cannot write the bufferization report to '%s'%s%s\n",
            path, errno ? ": " : "", errno ? strerror(errno) : "");
  return ok;
}

int main(int raw_argc, char **raw_argv) {
  options_t o = {0};
  int argc;
  char **argv = buffer_opt_normalize_args(raw_argc, raw_argv, &argc);
  int rc = parse_args(argc, argv, &o);
  if (rc >= 0) {
    buffer_opt_free_args(argc, argv);
    for (uint32_t i = 0; i < o.num_passes; i++)
      free((char *)o.passes[i].name);
    free(o.passes);
    return rc;
  }

  if (!load_source(o.input, &input_source)) {
    fprintf(stderr, "buffer-opt: cannot read '%s': %s\n", o.input, strerror(errno));
    return 1;
  }
  const char *text = input_source.text;
  size_t len = input_source.len;
  const char *file = strcmp(o.input, "-") == 0 ? "<stdin>" : o.input;
  FILE *out = stdout;
  if (o.output && strcmp(o.output, "-") != 0) {
    out = fopen(o.output, "w");
    if (!out) {
      fprintf(stderr, "buffer-opt: cannot write '%s': %s\n", o.output, strerror(errno));
      free_source(&input_source);
      return 1;
    }
  }

  double start = now();
  timing_t timing = {0};
  bool failed = false;
  /* One context per chunk: chunks are independent programs, and the arena
   * is released between them. */
  /* One report for all chunks: its records are JSON, not context memory. */
  buf_bz_report_t *report = o.report_file ? buf_bz_report_create() : NULL;
  buf_ctx_t *split_ctx = buf_ctx_create();
  buf_chunk_t whole = {text, len, 1}, *chunks = &whole;
  uint32_t num_chunks = 1;
  if (o.split_input)
    num_chunks = buf_split_input_at(split_ctx, text, len,
                                    o.split_marker ? o.split_marker : "// -----", &chunks);
  for (uint32_t i = 0; i < num_chunks; i++) {
    buf_ctx_t *ctx = buf_ctx_create();
    buf_ctx_set_allow_unregistered(ctx, o.allow_unregistered);
    /* mlir-opt registers upstream's test dialect; its ops stand in for
     * opaque ops in upstream's tests. */
    buf_ctx_set_opaque_dialects(ctx, "test");
    if (report)
      buf_bz_report_attach(report, ctx);
    if (i > 0)
      fprintf(out, "%s\n", o.output_marker ? o.output_marker : "// -----");
    buf_status_t s = process_chunk(ctx, &o, file, chunks[i].text, chunks[i].len,
                                   chunks[i].first_line, out, &timing, report);
    if (o.verify_diagnostics) {
      if (BUF_FAILED(buf_verify_expected_diagnostics(ctx, file, chunks[i].text,
                                                     chunks[i].len,
                                                     chunks[i].first_line,
                                                     o.only_expected, stderr)))
        failed = true;
    } else {
      if (BUF_FAILED(s) && buf_ctx_num_errors(ctx) == 0)
        buf_emit_error(ctx, BUF_LOC_UNKNOWN, "failed without a diagnostic");
      buf_diags_print(ctx, stderr);
      if (BUF_FAILED(s))
        failed = true;
    }
    buf_ctx_destroy(ctx);
  }
  buf_ctx_destroy(split_ctx);
  if (report) {
    if (!write_report(report, o.report_file))
      failed = true;
    buf_bz_report_destroy(report);
  }
  timing.total = now() - start;
  if (o.timing)
    print_timing(&timing, stderr);
  free(timing.pass_times);
  if (out != stdout && fclose(out) != 0) {
    fprintf(stderr, "buffer-opt: error writing '%s'\n", o.output);
    failed = true;
  }
  fflush(stdout);
  free_source(&input_source);
  for (uint32_t i = 0; i < o.num_passes; i++)
    if (o.passes[i].name)
      free((char *)o.passes[i].name);
  free(o.passes);
  buffer_opt_free_args(argc, argv);
  return failed ? 1 : 0;
}
