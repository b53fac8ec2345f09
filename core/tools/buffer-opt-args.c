/*
 * buffer-opt-args.c: mlir-opt's command-line spellings, and its --help.
 *
 * mlir-opt parses its command line with LLVM's cl library, whose rules an
 * upstream RUN line relies on: a long option takes one dash or two
 * (-split-input-file, --split-input-file), a value is joined by '=' or
 * given as the next argument (-pass-pipeline "...", -o FILE), -o is the
 * one short option and -p the one alias (of --pass-pipeline). buffer_opt_normalize_args rewrites argv into the
 * single spelling parse_args reads ("--name" or "--name=value", "-o"
 * with its own argument), so the flag table is written once.
 *
 * buffer_opt_print_help prints the options grouped as mlir-opt --help
 * groups them: General options, then "Compiler passes to run" with its
 * Passes and Pass Pipelines, then Generic Options.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "buf/compile.h"
#include "buf/lower.h"
#include "test_passes.h"

/* Options whose value mlir-opt (cl::opt with a required value) also takes
 * from the next argument when no '=' joins it. Boolean options and pass
 * flags never take the next argument: their value is optional. */
static const char *const value_options[] = {
    "pass-pipeline", "emit", "run", "inputs", "input-format",
    "bufferization-report", "gpu-arch", "gpu-manifest", "libdevice",
    "mlir-elide-resource-strings-if-larger", "mlir-print-ir-after",
    "mlir-print-ir-before", "mlir-pass-statistics-display", NULL,
};

static bool takes_value(const char *name) {
  for (const char *const *v = value_options; *v; v++)
    if (strcmp(*v, name) == 0)
      return true;
  return false;
}

char **buffer_opt_normalize_args(int argc, char **argv, int *out_argc) {
  char **out = calloc((size_t)argc + 1, sizeof *out);
  int n = 0;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    /* The program name, "-" (stdin), a file name, and the short options
     * -o and -h stay as they are. */
    if (i == 0 || a[0] != '-' || !a[1] || strcmp(a, "-o") == 0 ||
        strncmp(a, "-o=", 3) == 0 || strcmp(a, "-h") == 0 ||
        strcmp(a, "--") == 0) {
      out[n++] = strdup(a);
      continue;
    }
    const char *name = a + (a[1] == '-' ? 2 : 1);
    size_t len = strlen(name);
    const char *eq = strchr(name, '=');
    size_t name_len = eq ? (size_t)(eq - name) : len;
    char key[128];
    if (name_len < sizeof key) {
      memcpy(key, name, name_len);
      key[name_len] = 0;
    } else {
      key[0] = 0;
    }
    /* -p is mlir-opt's alias of --pass-pipeline (cl::alias). */
    static const char pipeline_flag[] = "pass-pipeline";
    if (strcmp(key, "p") == 0) {
      const char *v = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
      char *spelled = malloc(sizeof pipeline_flag + (v ? strlen(v) : 0) + 4);
      sprintf(spelled, "--%s%s%s", pipeline_flag, v ? "=" : "", v ? v : "");
      out[n++] = spelled;
      continue;
    }
    if (!eq && takes_value(key) && i + 1 < argc) {
      const char *v = argv[++i];
      char *joined = malloc(len + strlen(v) + 4);
      sprintf(joined, "--%s=%s", name, v);
      out[n++] = joined;
      continue;
    }
    char *dashed = malloc(len + 3);
    sprintf(dashed, "--%s", name);
    out[n++] = dashed;
  }
  *out_argc = n;
  return out;
}

void buffer_opt_free_args(int argc, char **argv) {
  for (int i = 0; i < argc; i++)
    free(argv[i]);
  free(argv);
}

/* One row as cl prints it: the flag padded to a column, then " - help". */
static void row(FILE *out, int indent, const char *flag, const char *help) {
  int width = 72 - indent;
  fprintf(out, "%*s%-*s - %s\n", indent, "", width < 1 ? 1 : width, flag, help);
}

static const char *kind_suffix(const buf_option_spec_t *o) {
  switch (o->kind) {
  case BUF_OPT_BOOL:
    return "";
  case BUF_OPT_INT:
    return "=<long>";
  case BUF_OPT_ENUM:
    return "=<value>";
  case BUF_OPT_STRING:
  case BUF_OPT_LIST:
    return "=<string>";
  }
  return "";
}

/* A pass and its options, as the "Passes:" section and --list-passes
 * print it; indent is the pass row's. */
void buffer_opt_print_pass(FILE *out, const buf_pass_def_t *p, int indent) {
  char flag[160];
  snprintf(flag, sizeof flag, "--%s", p->name);
  char help[512];
  snprintf(help, sizeof help, "  %s", p->summary);
  row(out, indent, flag, help);
  for (uint32_t j = 0; j < p->num_options; j++) {
    const buf_option_spec_t *o = &p->options[j];
    snprintf(flag, sizeof flag, "--%s%s", o->name, kind_suffix(o));
    if (o->default_value && *o->default_value)
      snprintf(help, sizeof help, "%s (default: %s)", o->help ? o->help : "", o->default_value);
    else
      snprintf(help, sizeof help, "%s", o->help ? o->help : "");
    row(out, indent + 2, flag, help);
    /* enum values as mlir-opt lists them: "    =value" */
    if (o->kind == BUF_OPT_ENUM)
      for (const char *const *e = o->enum_values; *e; e++)
        fprintf(out, "    =%s\n", *e);
  }
}

void buffer_opt_list_passes(FILE *out) {
  fprintf(out, "Passes:\n");
  for (uint32_t i = 0; i < buf_num_passes; i++)
    if (!buf_passes[i]->is_pipeline)
      buffer_opt_print_pass(out, buf_passes[i], 2);
  fprintf(out, "Pass Pipelines:\n");
  for (uint32_t i = 0; i < buf_num_passes; i++)
    if (buf_passes[i]->is_pipeline)
      buffer_opt_print_pass(out, buf_passes[i], 2);
}

void buffer_opt_print_help(FILE *out) {
  fprintf(out,
          "OVERVIEW: bufferd's offline driver: tensor programs to buffers, "
          "spelled like mlir-opt\n\n"
          "USAGE: buffer-opt [options] <input file>\n\n"
          "OPTIONS:\n\n"
          "General options:\n\n");
  static const char *const general[][2] = {
      {"--allow-unregistered-dialect", "Allow operation with no registered dialects"},
      {"--bufferization-report=<filename>",
       "One JSON record per allocation and copy that bufferization introduces, with its "
       "reason (schema/bufferization-report.schema.json)"},
      {"--default-pipeline", "Run bufferd's default pipeline first: " BUF_DEFAULT_PIPELINE},
      {"--dump-pass-pipeline", "Print the pipeline that will be run"},
      {"--emit=<value>",
       "What to print: mlir (default), json, report, llvm, obj, ptx, gpu-manifest, run "
       "(bufferd's artifacts; run: JIT-compile --run's function and run it natively)"},
      {"--gpu-arch=<string>", "--emit=ptx: the GPU architecture (default: sm_90)"},
      {"--gpu-manifest=<filename>",
       "--emit=ptx: the JSON launch manifest (default: next to -o FILE)"},
      {"--input-format=<value>", "How to read the input: mlir (default) or json"},
      {"--inputs=<filename>",
       "Arguments for --run (schema/run-values.schema.json); results print as JSON"},
      {"--libdevice=<filename>",
       "--emit=ptx: CUDA's libdevice (default: $BUFFERD_LIBDEVICE, else " BUF_LIBDEVICE_DEFAULT ")"},
      {"--list-passes", "Print the list of registered passes and exit"},
      {"--mlir-disable-threading", "Disable multi-threading (accepted: buffer-opt runs one thread)"},
      {"--mlir-elide-resource-strings-if-larger=<uint>",
       "Elide printing value of resources if string is too long in chars"},
      {"--mlir-pass-statistics", "Display the statistics of each pass"},
      {"--mlir-pass-statistics-display=<value>", "Display method for pass statistics: list or pipeline"},
      {"--mlir-print-debuginfo", "Print debug info in MLIR output"},
      {"--mlir-print-ir-after=<pass-arg>", "Print IR after specified passes"},
      {"--mlir-print-ir-after-all", "Print IR after each pass"},
      {"--mlir-print-ir-after-change", "When printing the IR after a pass, only print if the IR changed"},
      {"--mlir-print-ir-after-failure", "When printing the IR after a pass, only print if the pass failed"},
      {"--mlir-print-ir-before=<pass-arg>", "Print IR before specified passes"},
      {"--mlir-print-ir-before-all", "Print IR before each pass"},
      {"--mlir-print-ir-module-scope",
       "When printing IR for print-ir-[before|after]{-all} always print the top-level operation"},
      {"--mlir-print-local-scope",
       "Print with local scope and inline information (eliding aliases for attributes, types, "
       "and locations)"},
      {"--mlir-print-op-generic", "Print the generic op form"},
      {"--mlir-timing", "Display execution times (also --timing)"},
      {"--llvm-opt-level=<uint>",
       "LLVM's default<ON> pipeline for --emit=llvm|obj|ptx|run: 0 to 3 (default: 2; also -O0..-O3)"},
      {"-o <filename>", "Output filename"},
      {"--output-split-marker=<string>", "Split marker to use for merging the output (default: '// -----')"},
      {"--pass-pipeline=<string>", "Textual description of the pass pipeline to run"},
      {"-p", "Alias for --pass-pipeline"},
      {"--run=<string>", "Interpret this function after the passes"},
      {"--run-leak-check", "Buffers live at the end of --run are errors"},
      {"--run-max-steps=<uint>", "Fail --run once the interpreter has executed this many ops (default: 1000000000)"},
      {"--run-stats", "Print --run's statistics (allocations, peak bytes) to stderr"},
      {"--show-dialects", "Print the list of registered dialects and exit"},
      {"--split-input-file[=<string>]", "Split the input file into chunks using the given or default marker ('// -----') and process each chunk independently"},
      {"--verify-diagnostics", "Check that emitted diagnostics match expected-* lines on the corresponding line"},
      {"--verify-diagnostics=<value>",
       "all (the same) or only-expected (diagnostics no expected-* line names are let pass)"},
      {"--verify-each", "Run the verifier after each transformation pass (default: true)"},
  };
  for (size_t i = 0; i < sizeof general / sizeof general[0]; i++)
    row(out, 2, general[i][0], general[i][1]);
  fprintf(out, "  Compiler passes to run\n    Passes:\n");
  for (uint32_t i = 0; i < buf_num_passes; i++)
    if (!buf_passes[i]->is_pipeline)
      buffer_opt_print_pass(out, buf_passes[i], 6);
  for (uint32_t i = 0; i < buffer_opt_num_test_passes; i++)
    buffer_opt_print_pass(out, buffer_opt_test_passes[i], 6);
  fprintf(out, "    Pass Pipelines:\n");
  for (uint32_t i = 0; i < buf_num_passes; i++)
    if (buf_passes[i]->is_pipeline)
      buffer_opt_print_pass(out, buf_passes[i], 6);
  fprintf(out, "\nGeneric Options:\n\n");
  row(out, 2, "--help", "Display available options");
  row(out, 2, "--version", "Display the version of this program");
  fprintf(out,
          "\nEvery long option takes one dash or two; a value follows '=' or comes as the\n"
          "next argument. Pass options: -NAME=\"opt1 opt2=value\" or "
          "--pass-pipeline=\"builtin.module(NAME{opt1 opt2=value})\".\n"
          "Exit status: 0 on success, 1 on any error, 2 on a usage error.\n");
}
