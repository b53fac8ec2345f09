/*
 * llvm_load.c: loads libLLVM on the first LLVM request (see llvm_api.h for
 * why it is not linked). The library path is the one CMake found
 * (BUF_LLVM_LIBRARY); the soname is tried next so that a build moved to
 * another machine with LLVM 22 elsewhere still works.
 */
#define BUF_LLVM_API_LOADER /* the names below mean the real prototypes */
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "llvm_api.h"

#ifndef BUF_LLVM_LIBRARY
#error "BUF_LLVM_LIBRARY (the path of libLLVM) must be defined by the build"
#endif

buf_llvm_api_t buf__llvm;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_error; /* NULL once everything resolved */

static void load(void) {
  void *lib = dlopen(BUF_LLVM_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    lib = dlopen(BUF_LLVM_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    load_error = "cannot load libLLVM (" BUF_LLVM_LIBRARY ")";
    return;
  }
  /* dlsym returns void *; going through memcpy keeps the conversion to a
   * function pointer well-defined for the compiler. */
#define BUF_LLVM_RESOLVE(name)                                                 \
  {                                                                            \
    void *sym = dlsym(lib, #name);                                             \
    if (!sym) {                                                                \
      load_error = "libLLVM lacks " #name;                                     \
      return;                                                                  \
    }                                                                          \
    _Static_assert(sizeof sym == sizeof buf__llvm.name, "pointer sizes");      \
    memcpy(&buf__llvm.name, &sym, sizeof sym);                                 \
  }
  BUF_LLVM_FUNCTIONS(BUF_LLVM_RESOLVE)
#undef BUF_LLVM_RESOLVE
}

bool buf__llvm_load(const char **why) {
  pthread_once(&load_once, load);
  if (load_error && why)
    *why = load_error;
  return !load_error;
}
