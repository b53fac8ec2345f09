/* args.h: mlir-opt's command-line spellings and --help for buffer-opt
 * (buffer-opt-args.c). */
#ifndef BUF_TOOLS_ARGS_H
#define BUF_TOOLS_ARGS_H

#include <stdio.h>

#include "buf/pipeline.h"

/* argv rewritten into one spelling: every long option as "--name" or
 * "--name=value" (one dash or two, a value joined by '=' or given as the
 * next argument), "-o" and "-h" and file names as given. The caller frees
 * the result with buffer_opt_free_args. */
char **buffer_opt_normalize_args(int argc, char **argv, int *out_argc);
void buffer_opt_free_args(int argc, char **argv);

/* --help, grouped as mlir-opt --help groups it. */
void buffer_opt_print_help(FILE *out);
/* --list-passes: every pass and pipeline with its options. */
void buffer_opt_list_passes(FILE *out);
/* One pass row and its option rows, the pass row indented by indent. */
void buffer_opt_print_pass(FILE *out, const buf_pass_def_t *p, int indent);

#endif
