/*
 * jit_internal.h: what jit.c needs from jit_runtime.c, the project's own
 * runner-utils functions that JIT-compiled programs call, and from
 * jit_builtins.c, the compiler-runtime helpers.
 */
#ifndef BUF_JIT_INTERNAL_H
#define BUF_JIT_INTERNAL_H

#include <stddef.h>
#include <stdio.h>

typedef struct buf__jit_symbol {
  const char *name; /* the symbol programs call (printMemrefF32, ...) */
  void *address;
} buf__jit_symbol_t;

/* Every runtime function, for the JIT's absolute symbols. */
extern const buf__jit_symbol_t buf__jit_runtime_symbols[];
extern const size_t buf__jit_runtime_num_symbols;

/* Every compiler-runtime helper the back end may call (jit_builtins.c):
 * the only `__` names the JIT resolves. */
extern const buf__jit_symbol_t buf__jit_builtin_symbols[];
extern const size_t buf__jit_builtin_num_symbols;

/* Where the print functions write on the calling thread (stdout if NULL):
 * thread-local, so runs on two threads print to their own streams. */
void buf__jit_runtime_set_out(FILE *out);

#endif /* BUF_JIT_INTERNAL_H */
