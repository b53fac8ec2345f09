/*
 * resource_release.c: giving the memory of a context's dialect_resources
 * blobs back before the context dies (buf_ctx_release_resource_blobs in
 * buf/ir.h). A compilation whose weights are tens of megabytes has them in
 * its arena (decoded once by the parser) and, while it lowers, in LLVM's
 * module too; once LLVM holds its copy, the last lowering lets the arena's
 * go, so the two are not resident together.
 */
#include <sys/mman.h>
#include <unistd.h>

#include "ir_internal.h"

/* Contract in buf/ir.h. The blobs live in the arena, which frees all at
 * once: their whole pages go back to the system now (MADV_DONTNEED; the
 * arena's own bytes around them stay), the rest when the context dies. */
void buf_ctx_release_resource_blobs(buf_ctx_t *ctx) {
  long page = sysconf(_SC_PAGESIZE);
  for (size_t i = 0; i < ctx->resources.cap; i++) {
    buf_resource_t *r = ctx->resources.slots[i].ptr;
    if (!r || !r->data)
      continue;
    if (page > 0) {
      uintptr_t lo = ((uintptr_t)r->data + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
      uintptr_t hi = ((uintptr_t)r->data + r->size) & ~((uintptr_t)page - 1);
      if (hi > lo)
        madvise((void *)lo, hi - lo, MADV_DONTNEED);
    }
    r->data = NULL; /* reads now fail as for an undefined blob */
    r->size = 0;
  }
}
