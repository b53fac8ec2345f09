/*
 * lower_parallel.c: an object file made by several LLVM code generators at
 * once, one thread each, from one optimized module.
 *
 * Why. Code generation is most of the time to object code for a large
 * network (EfficientNet-B7: 7 of 10 s) and it is linear in the code: one
 * thread per share of the functions divides it. outline-function-segments
 * first cuts a forward function into functions of similar size.
 *
 * How. LLVM contexts are single-threaded, so each share is a module of its
 * own context:
 *   - symbols become linkable across shares: every internal definition
 *     becomes a hidden global whose name ends in .bufferd.<hash of the
 *     module's shape> (as ThinLTO promotes locals to name.llvm.<hash>), so
 *     objects linked together do not clash and a shared library does not
 *     export them;
 *   - share 0 is the module itself, with the functions of the other shares
 *     turned into declarations; it keeps every global's data (what is
 *     not written apart by lower_object_data.c), written by LLVM straight
 *     to its part file, so it is neither held twice nor serialized;
 *   - the other shares come from one bitcode image of a copy of the module
 *     whose globals are declarations (no weights in it): each thread reads
 *     it into its own context and declares the functions not its own;
 *   - each thread makes an object file with its own target machine, and
 *     `ld -r` joins the parts into the output.
 * Functions are dealt to shares largest first, each to the share with the
 * least code so far. Without ld (binutils) in PATH, or when one share
 * would hold nearly all the code, the caller emits as before.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lower_internal.h"

extern char **environ;

enum { MAX_SHARES = 16 };

/* Instructions in f: the share sizes are balanced on this. */
static uint64_t function_size(LLVMValueRef f) {
  uint64_t n = 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
      n++;
  return n;
}

static bool is_unnamed_definition(LLVMValueRef v) {
  size_t len;
  LLVMGetValueName2(v, &len);
  return !LLVMIsDeclaration(v) && len == 0;
}

static bool is_local(LLVMValueRef v) {
  return LLVMGetLinkage(v) == LLVMInternalLinkage ||
         LLVMGetLinkage(v) == LLVMPrivateLinkage;
}

/* v, local to the module, becomes a hidden global named name+suffix. */
static void promote(LLVMValueRef v, const char *suffix) {
  size_t len, slen = strlen(suffix);
  const char *name = LLVMGetValueName2(v, &len);
  char *full = malloc(len + slen + 1);
  if (!full)
    abort();
  memcpy(full, name, len);
  memcpy(full + len, suffix, slen + 1);
  LLVMSetLinkage(v, LLVMExternalLinkage);
  LLVMSetVisibility(v, LLVMHiddenVisibility);
  LLVMSetValueName2(v, full, len + slen);
  free(full);
}

/* f (a definition) becomes a declaration of the same name and type. */
static void declare_only(LLVMModuleRef M, LLVMValueRef f) {
  size_t len;
  char *name = strdup(LLVMGetValueName2(f, &len));
  LLVMValueRef d = LLVMAddFunction(M, "", LLVMGlobalGetValueType(f));
  LLVMSetFunctionCallConv(d, LLVMGetFunctionCallConv(f));
  LLVMSetVisibility(d, LLVMGetVisibility(f));
  LLVMReplaceAllUsesWith(f, d);
  LLVMDeleteFunction(f);
  LLVMSetValueName2(d, name, len);
  free(name);
}

/* Global g (a definition) becomes a declaration of the same name. */
static void declare_global_only(LLVMModuleRef M, LLVMValueRef g) {
  size_t len;
  char *name = strdup(LLVMGetValueName2(g, &len));
  LLVMValueRef d = LLVMAddGlobal(M, LLVMGlobalGetValueType(g), "");
  LLVMSetGlobalConstant(d, LLVMIsGlobalConstant(g));
  LLVMSetAlignment(d, LLVMGetAlignment(g));
  LLVMSetVisibility(d, LLVMHiddenVisibility);
  LLVMReplaceAllUsesWith(g, d);
  LLVMDeleteGlobal(g);
  LLVMSetValueName2(d, name, len);
  free(name);
}

/* share_of[k] is the share of the k-th defined function of M (in module
 * order, which cloning and bitcode keep). Turns the functions of other
 * shares into declarations. */
static void keep_share(LLVMModuleRef M, const uint8_t *share_of, uint32_t share) {
  uint32_t k = 0;
  LLVMValueRef next;
  for (LLVMValueRef f = LLVMGetFirstFunction(M); f; f = next) {
    next = LLVMGetNextFunction(f);
    if (LLVMIsDeclaration(f))
      continue;
    if (share_of[k++] != share)
      declare_only(M, f);
  }
}

typedef struct {
  /* in */
  uint32_t share;
  LLVMModuleRef module;        /* share 0: the caller's module */
  const char *image;           /* the others: the bitcode image */
  size_t image_len;
  const uint8_t *share_of;
  const char *triple, *cpu;
  LLVMCodeGenOptLevel level;
  const char *file;             /* write the object here (else: object) */
  /* out */
  LLVMMemoryBufferRef object;
  char *error;
} share_job_t;

static void *emit_share(void *arg) {
  share_job_t *j = arg;
  LLVMContextRef C = NULL;
  LLVMModuleRef M = j->module;
  if (!M) {
    C = LLVMContextCreate();
    LLVMMemoryBufferRef mb =
        LLVMCreateMemoryBufferWithMemoryRange(j->image, j->image_len, "share", 0);
    if (LLVMParseBitcodeInContext2(C, mb, &M)) {
      j->error = strdup("cannot read back the module's bitcode");
      LLVMDisposeMemoryBuffer(mb);
      LLVMContextDispose(C);
      return NULL;
    }
    LLVMDisposeMemoryBuffer(mb);
    keep_share(M, j->share_of, j->share);
  }
  LLVMTargetRef target;
  char *err = NULL;
  if (LLVMGetTargetFromTriple(j->triple, &target, &err)) {
    j->error = strdup(err ? err : "no target");
  } else {
    LLVMTargetMachineRef tm = LLVMCreateTargetMachine(
        target, j->triple, j->cpu, "", j->level, LLVMRelocPIC, LLVMCodeModelDefault);
    bool failed = j->file ? LLVMTargetMachineEmitToFile(tm, M, j->file, LLVMObjectFile, &err)
                          : LLVMTargetMachineEmitToMemoryBuffer(tm, M, LLVMObjectFile, &err,
                                                                &j->object);
    if (failed)
      j->error = strdup(err ? err : "code generation failed");
    LLVMDisposeTargetMachine(tm);
  }
  if (err)
    LLVMDisposeMessage(err);
  if (C) {
    LLVMDisposeModule(M);
    LLVMContextDispose(C);
  }
  return NULL;
}

/* Runs argv (argv[0] looked up in PATH), output discarded; true on exit 0. */
static bool run_tool(char *const argv[]) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid;
  int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0)
    return false;
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static bool tool_found(const char *name) {
  const char *path = getenv("PATH");
  if (!path)
    return false;
  char buf[4096];
  for (const char *p = path; *p;) {
    const char *end = strchr(p, ':');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    if (n && snprintf(buf, sizeof buf, "%.*s/%s", (int)n, p, name) < (int)sizeof buf &&
        access(buf, X_OK) == 0)
      return true;
    if (!end)
      break;
    p = end + 1;
  }
  return false;
}

static bool write_file(const char *path, const char *bytes, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return false;
  bool ok = fwrite(bytes, 1, n, f) == n;
  return fclose(f) == 0 && ok;
}

/* Copies file `from` to `to` (a path LLVM's output would have gone to). */
static bool copy_file(const char *from, const char *to) {
  FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
  bool ok = in && out;
  char buf[1 << 16];
  size_t n;
  while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
    ok = fwrite(buf, 1, n, out) == n;
  ok = ok && !ferror(in);
  if (in)
    fclose(in);
  if (out && fclose(out) != 0)
    ok = false;
  return ok;
}

/* Contract in lower_internal.h. */
unsigned buf__lw_codegen_threads(void) {
  const char *env = getenv("BUFFERD_CODEGEN_THREADS");
  long n = env && *env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
  if (n < 1)
    n = 1;
  return n > MAX_SHARES ? MAX_SHARES : (unsigned)n;
}

/* Code generators running in this process besides the compiles' own
 * threads. The daemon runs several compiles at once: each taking every
 * CPU would oversubscribe them, so together they take at most
 * buf__lw_codegen_threads() - 1 more. A compile that gets fewer makes
 * the same shares and generates the rest in its own thread: the object
 * does not depend on how busy the process is. */
static atomic_uint extra_threads_in_use;

/* Up to want more threads for one compile (0: none free now). */
static unsigned take_extra_threads(unsigned want) {
  unsigned limit = buf__lw_codegen_threads() - 1;
  unsigned used = atomic_load(&extra_threads_in_use);
  for (;;) {
    unsigned room = used < limit ? limit - used : 0;
    unsigned got = want < room ? want : room;
    if (got == 0 ||
        atomic_compare_exchange_weak(&extra_threads_in_use, &used, used + got))
      return got;
  }
}

/* Below this many instructions in all, one code generator is quick
 * enough: starting threads and ld costs more than it saves. */
enum { PARALLEL_MIN_INSTRUCTIONS = 4000 };

/* Contract in lower_internal.h. */
int buf__lw_emit_object_parallel(LLVMModuleRef M, const char *triple, const char *cpu,
                                 LLVMCodeGenOptLevel level, unsigned threads,
                                 const char *path, char **err) {
  *err = NULL;
  if (threads < 2 || !tool_found("ld"))
    return 0;
  /* The defined functions, largest first, dealt to the lightest share. */
  uint32_t nf = 0;
  uint64_t total = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(M); f; f = LLVMGetNextFunction(f))
    nf += !LLVMIsDeclaration(f);
  if (nf < 2)
    return 0;
  uint64_t *size = malloc(nf * sizeof *size);
  uint32_t *order = malloc(nf * sizeof *order);
  uint8_t *share_of = malloc(nf);
  if (!size || !order || !share_of)
    abort();
  uint32_t k = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(M); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f)) {
      size[k] = function_size(f);
      total += size[k];
      order[k] = k;
      k++;
    }
  for (uint32_t i = 1; i < nf; i++) /* insertion sort, largest first */
    for (uint32_t j = i; j > 0 && size[order[j]] > size[order[j - 1]]; j--) {
      uint32_t t = order[j];
      order[j] = order[j - 1];
      order[j - 1] = t;
    }
  unsigned shares = threads < nf ? threads : nf;
  uint64_t load[MAX_SHARES] = {0};
  for (uint32_t i = 0; i < nf; i++) {
    unsigned best = 0;
    for (unsigned s = 1; s < shares; s++)
      if (load[s] < load[best])
        best = s;
    share_of[order[i]] = (uint8_t)best;
    load[best] += size[order[i]];
  }
  free(order);
  free(size);
  /* Unnamed definitions cannot be referred to from another share. */
  bool unnamed = false;
  for (LLVMValueRef f = LLVMGetFirstFunction(M); f; f = LLVMGetNextFunction(f))
    unnamed |= is_unnamed_definition(f);
  for (LLVMValueRef g = LLVMGetFirstGlobal(M); g; g = LLVMGetNextGlobal(g))
    unnamed |= is_unnamed_definition(g);
  if (unnamed) {
    free(share_of);
    return 0;
  }
  /* When one share holds nearly all the code (one large function and
   * small helpers), threads gain nothing. */
  for (unsigned s = 0; s < shares; s++)
    if (load[s] * 10 > total * 9 || total < PARALLEL_MIN_INSTRUCTIONS) {
      free(share_of);
      return 0;
    }

  /* Every internal definition visible to the other shares: a hidden
   * global whose name gets a suffix from a hash of the module's shape, as
   * ThinLTO promotes locals (name.llvm.<hash>), so two objects linked
   * together do not clash. */
  uint64_t h = BUF_HASH_SEED;
  for (LLVMValueRef f = LLVMGetFirstFunction(M); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    h = buf_hash_bytes(h, name, len);
    uint64_t n = LLVMIsDeclaration(f) ? 0 : function_size(f);
    h = buf_hash_bytes(h, &n, sizeof n);
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(M); g; g = LLVMGetNextGlobal(g)) {
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    h = buf_hash_bytes(h, name, len);
  }
  char suffix[40];
  snprintf(suffix, sizeof suffix, ".bufferd.%016llx", (unsigned long long)h);
  for (LLVMValueRef f = LLVMGetFirstFunction(M); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && is_local(f))
      promote(f, suffix);
  for (LLVMValueRef g = LLVMGetFirstGlobal(M); g; g = LLVMGetNextGlobal(g))
    if (!LLVMIsDeclaration(g) && is_local(g))
      promote(g, suffix);

  /* The other shares' image: a copy without the globals' data. */
  LLVMModuleRef copy = LLVMCloneModule(M);
  LLVMValueRef nextg;
  for (LLVMValueRef g = LLVMGetFirstGlobal(copy); g; g = nextg) {
    nextg = LLVMGetNextGlobal(g);
    if (!LLVMIsDeclaration(g))
      declare_global_only(copy, g);
  }
  LLVMMemoryBufferRef image = LLVMWriteBitcodeToMemoryBuffer(copy);
  LLVMDisposeModule(copy);
  keep_share(M, share_of, 0);

  const char *tmp = getenv("TMPDIR");
  char dir[512], part[MAX_SHARES][600], all[600];
  snprintf(dir, sizeof dir, "%s/bufferd-codegen-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  bool have_dir = mkdtemp(dir) != NULL;
  for (unsigned s = 0; s < shares; s++)
    snprintf(part[s], sizeof part[s], "%s/part%u.o", dir, s);
  snprintf(all, sizeof all, "%s/all.o", dir);

  /* Threads for the shares this process can spare now; the calling
   * thread generates the others, one after another. */
  unsigned extra = take_extra_threads(shares - 1);
  share_job_t jobs[MAX_SHARES];
  pthread_t tid[MAX_SHARES];
  bool started[MAX_SHARES] = {false};
  for (unsigned s = 0; s < shares; s++) {
    jobs[s] = (share_job_t){.share = s,
                            .module = s == 0 ? M : NULL,
                            .image = LLVMGetBufferStart(image),
                            .image_len = LLVMGetBufferSize(image),
                            .share_of = share_of,
                            .triple = triple,
                            .cpu = cpu,
                            .level = level,
                            /* the weights' share: no copy in memory */
                            .file = s == 0 && have_dir ? part[0] : NULL};
    if (s > 0 && s <= extra && have_dir)
      started[s] = pthread_create(&tid[s], NULL, emit_share, &jobs[s]) == 0;
  }
  if (have_dir)
    emit_share(&jobs[0]);
  for (unsigned s = 1; s < shares && have_dir; s++) {
    if (started[s])
      pthread_join(tid[s], NULL);
    else /* no thread: this one does it */
      emit_share(&jobs[s]);
  }
  atomic_fetch_sub(&extra_threads_in_use, extra);
  LLVMDisposeMemoryBuffer(image);
  free(share_of);

  int rc = 1;
  if (!have_dir) {
    *err = strdup("cannot make a temporary directory for the object's parts");
    rc = -1;
  }
  for (unsigned s = 0; s < shares && rc == 1; s++)
    if (jobs[s].error) {
      *err = jobs[s].error;
      jobs[s].error = NULL;
      rc = -1;
    }
  for (unsigned s = 1; s < shares && rc == 1; s++)
    if (!write_file(part[s], LLVMGetBufferStart(jobs[s].object),
                    LLVMGetBufferSize(jobs[s].object))) {
      *err = strdup("cannot write an object part to the temporary directory");
      rc = -1;
    }
  if (rc == 1) {
    /* ld writes the output itself where it can open it (the caller's
     * file or in-memory file, through this process's /proc entry), else
     * into the temporary directory, copied from there. */
    char direct[64];
    int fd = -1;
    if (sscanf(path, "/proc/self/fd/%d", &fd) == 1)
      snprintf(direct, sizeof direct, "/proc/%d/fd/%d", (int)getpid(), fd);
    else
      snprintf(direct, sizeof direct, "%.63s", path);
    char *ld[MAX_SHARES + 5];
    unsigned n = 0;
    ld[n++] = "ld";
    ld[n++] = "-r";
    ld[n++] = "-o";
    ld[n++] = direct;
    for (unsigned s = 0; s < shares; s++)
      ld[n++] = part[s];
    ld[n] = NULL;
    if (!run_tool(ld)) {
      ld[3] = all;
      if (!run_tool(ld)) {
        *err = strdup("joining the object's parts with ld -r failed");
        rc = -1;
      } else if (!copy_file(all, path)) {
        *err = strdup("cannot write the object file");
        rc = -1;
      }
    }
  }
  for (unsigned s = 0; s < shares; s++) {
    if (jobs[s].object)
      LLVMDisposeMemoryBuffer(jobs[s].object);
    free(jobs[s].error);
  }
  if (have_dir) {
    for (unsigned s = 0; s < shares; s++)
      unlink(part[s]);
    unlink(all);
    rmdir(dir);
  }
  return rc;
}
