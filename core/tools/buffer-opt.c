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
#include "test_passes.h"
#include "verify_diagnostics.h"

#define BUFFER_OPT_VERSION "0.1.0"

/* Everything the command line says. */
typedef struct options {
  const char *input;          /* file name or "-" */
  const char *output;         /* -o, NULL for stdout */
  bool split_input;           /* --split-input-file */
  bool verify_diagnostics;    /* --verify-diagnostics */
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

static void usage(FILE *out) {
  fprintf(out,
          "usage: buffer-opt [options] [pass flags] [FILE|-]\n"
          "\n"
          "Reads a tensor program (MLIR text, or the JSON form), runs passes and\n"
          "prints the result, or interprets a function.\n"
          "\n"
          "options:\n"
          "  -o FILE                      write the output to FILE\n"
          "  --split-input-file           treat '// -----' chunks as separate inputs\n"
          "  --verify-diagnostics         check expected-error/... comments\n"
          "  --mlir-print-op-generic      print the generic op form\n"
          "  --mlir-elide-resource-strings-if-larger=N\n"
          "                               leave out resource values longer than N characters\n"
          "  --mlir-print-debuginfo       print locations\n"
          "  --allow-unregistered-dialect accept ops of unknown dialects\n"
          "  --input-format=mlir|json     how to read the input (default: mlir)\n"
          "  --emit=mlir|json|llvm|obj|ptx|report|gpu-manifest|run\n"
          "                               what to print (default: mlir; llvm: LLVM IR, obj: x86-64 object,\n"
          "                               ptx: every top-level parallel loop nest as a PTX kernel,\n"
          "                               report: the bufferization report,\n"
          "                               run: compile --run's FUNC with LLVM's JIT and run it natively);\n"
          "                               the artifacts of bufferd (mlir is 'memref', run is 'run-native')\n"
          "  --default-pipeline           run bufferd's default pipeline first:\n"
          "                               " BUF_DEFAULT_PIPELINE "\n"
          "  --gpu-arch=sm_XX             --emit=ptx: the GPU architecture (default: sm_90)\n"
          "  --gpu-manifest=FILE          --emit=ptx: write the JSON launch manifest to FILE (default:\n"
          "                               next to -o FILE, as FILE without .ptx plus .manifest.json)\n"
          "  --libdevice=PATH             --emit=ptx: CUDA's libdevice bitcode, linked for math ops in\n"
          "                               kernels (default: $BUFFERD_LIBDEVICE, else\n"
          "                               " BUF_LIBDEVICE_DEFAULT ")\n"

          "  --run=FUNC                   interpret FUNC after the passes\n"
          "  --inputs=FILE.json           arguments for --run (schema/run-values.schema.json);\n"
          "                               results are printed as JSON\n"
          "  --run-leak-check             buffers live at the end of --run are errors\n"
          "  --run-stats                  print --run's statistics (allocations, peak bytes) to stderr\n"
          "  --run-max-steps=N            --run: fail once the interpreter has executed N ops\n"
          "                               (default: 1000000000)\n"
          "  --llvm-opt-level=0|1|2|3, -O0..-O3\n"
          "                               --emit=llvm|obj|ptx|run: LLVM's default<ON> pipeline\n"
          "                               (default: 2; 0 runs no LLVM pass)\n"
          "  --timing                     print wall time per phase (like --mlir-timing)\n"
          "  --verify-each=false          do not verify the IR after each pass (default: verify,\n"
          "                               naming a pass that leaves invalid IR); the IR is then\n"
          "                               printed as it is (the generic form when invalid) and\n"
          "                               verified once before anything else reads it\n"
          "  --pass-pipeline=PIPELINE     e.g. \"builtin.module(symbol-dce)\"\n"
          "  --bufferization-report=FILE  write one JSON record per allocation and copy that\n"
          "                               bufferization introduces, with its reason\n"
          "                               (schema/bufferization-report.schema.json)\n"
          "  --version, --help\n"
          "\n"
          "passes (--NAME or --NAME=\"opt1 opt2=value\"):\n");
  for (uint32_t i = 0; i < buf_num_passes; i++) {
    const buf_pass_def_t *p = buf_passes[i];
    fprintf(out, "  --%-40s %s\n", p->name, p->summary);
    for (uint32_t j = 0; j < p->num_options; j++)
      fprintf(out, "      %-38s %s (default: %s)\n", p->options[j].name,
              p->options[j].help ? p->options[j].help : "",
              p->options[j].default_value ? p->options[j].default_value : "");
  }
  fprintf(out, "\ntest passes (buffer-opt only):\n");
  for (uint32_t i = 0; i < buffer_opt_num_test_passes; i++)
    fprintf(out, "  --%-40s %s\n", buffer_opt_test_passes[i]->name,
            buffer_opt_test_passes[i]->summary);
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
      usage(stdout);
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
    } else if (parse_bool_flag(a, "--split-input-file", &o->split_input) ||
               parse_bool_flag(a, "--verify-diagnostics", &o->verify_diagnostics) ||
               parse_bool_flag(a, "--mlir-print-op-generic", &o->generic) ||
               parse_bool_flag(a, "--mlir-print-debuginfo", &o->debug_info) ||
               parse_bool_flag(a, "--allow-unregistered-dialect", &o->allow_unregistered) ||
               parse_bool_flag(a, "--run-leak-check", &o->leak_check) ||
               parse_bool_flag(a, "--run-stats", &o->run_stats) ||
               parse_bool_flag(a, "--timing", &o->timing) ||
               parse_bool_flag(a, "--mlir-timing", &o->timing) ||
               parse_bool_flag(a, "--verify-each", &o->verify_each)) {
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
               (a[0] == '-' && a[1] == 'O' && a[2] && (v = a + 2))) {
      uint64_t level;
      if (!parse_uint(v, 3, &level))
        return usage_error("%s: the LLVM optimization level is 0, 1, 2 or 3, not '%s'", a, v);
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
            "peak_live_bytes=%llu steps=%llu peak_heap_bytes=%llu\n",
            (unsigned long long)stats.heap_allocs, (unsigned long long)stats.stack_allocs,
            (unsigned long long)stats.copies, (unsigned long long)stats.peak_live_bytes,
            (unsigned long long)stats.steps, (unsigned long long)stats.peak_heap_bytes);
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

int main(int argc, char **argv) {
  options_t o = {0};
  int rc = parse_args(argc, argv, &o);
  if (rc >= 0) {
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
    num_chunks = buf_split_input(split_ctx, text, len, &chunks);
  for (uint32_t i = 0; i < num_chunks; i++) {
    buf_ctx_t *ctx = buf_ctx_create();
    buf_ctx_set_allow_unregistered(ctx, o.allow_unregistered);
    if (report)
      buf_bz_report_attach(report, ctx);
    if (i > 0)
      fputs("// -----\n", out);
    buf_status_t s = process_chunk(ctx, &o, file, chunks[i].text, chunks[i].len,
                                   chunks[i].first_line, out, &timing, report);
    if (o.verify_diagnostics) {
      if (BUF_FAILED(buf_verify_expected_diagnostics(ctx, file, chunks[i].text,
                                                     chunks[i].len,
                                                     chunks[i].first_line,
                                                     stderr)))
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
  return failed ? 1 : 0;
}
