/*
 * lower_output.c: where LLVM writes a lowering's output (IR text, bitcode,
 * an object file or PTX), so that a model's weights are held as few times
 * as possible.
 *
 * Why. The weights are in the LLVM module while it is emitted, and the
 * MC layer holds the object's sections too; LLVM's in-memory emitters add
 * more: LLVMTargetMachineEmitToMemoryBuffer fills a growing vector (half
 * as much again while it doubles) and then copies it into the buffer it
 * returns, and LLVMPrintModuleToString prints through an unbuffered string
 * stream (AlexNet's 611 MB of IR text took 30 s and 1.5 GB) and copies the
 * string again. LLVM's file emitters write through a buffered file stream
 * instead, with no copy of the output in memory.
 *
 * How. The output goes to a path LLVM opens itself, one of:
 *   - the caller's FILE, when it is an empty regular file (buffer-opt -o):
 *     its /proc/self/fd link, so the bytes go straight to the disk;
 *   - an anonymous in-memory file (memfd) otherwise (a pipe, the service's
 *     memory stream, or no FILE): one copy of the output, which is copied
 *     to the FILE or read into a malloc'd buffer of its exact size once the
 *     module is gone, so the module and the copy are not alive together
 *     with a third.
 * Where neither can be opened (no /proc, no memfd), the in-memory emitters
 * run as before.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lower_internal.h"

/* The /proc/self/fd link of fd, when that opens as a file for writing. */
static bool fd_path(int fd, char path[static LW_OUTPUT_PATH_MAX]) {
  snprintf(path, LW_OUTPUT_PATH_MAX, "/proc/self/fd/%d", fd);
  int probe = open(path, O_WRONLY | O_CLOEXEC);
  if (probe < 0)
    return false;
  close(probe);
  return true;
}

/* True when out is an empty regular file written from its start, which
 * LLVM may open again, truncate and fill. */
static bool empty_regular_file(FILE *out) {
  if (!out || fflush(out) != 0)
    return false;
  int fd = fileno(out);
  struct stat sb;
  return fd >= 0 && fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size == 0 &&
         lseek(fd, 0, SEEK_CUR) == 0;
}

/* Contract in lower_internal.h. */
void buf__lw_output_open(lw_output_t *o, FILE *out) {
  *o = (lw_output_t){.out = out, .memfd = -1};
  if (empty_regular_file(out) && fd_path(fileno(out), o->path)) {
    o->to_file = true;
    return;
  }
  int fd = memfd_create("bufferd-llvm-output", MFD_CLOEXEC);
  if (fd < 0)
    return;
  if (!fd_path(fd, o->path)) {
    close(fd);
    return;
  }
  o->memfd = fd;
}

/* Contract in lower_internal.h. */
bool buf__lw_output_direct(const lw_output_t *o) { return o->to_file || o->memfd >= 0; }

/* Contract in lower_internal.h. */
bool buf__lw_output_emit(lw_output_t *o, LLVMModuleRef M, LLVMTargetMachineRef tm,
                         buf_llvm_output_t kind, char **err) {
  if (kind == BUF_LLVM_OUTPUT_IR)
    return !LLVMPrintModuleToFile(M, o->path, err);
  if (kind == BUF_LLVM_OUTPUT_BITCODE) {
    if (LLVMWriteBitcodeToFile(M, o->path) == 0)
      return true;
    *err = LLVMCreateMessage("cannot write the LLVM bitcode");
    return false;
  }
  LLVMCodeGenFileType ft = kind == BUF_LLVM_OUTPUT_PTX ? LLVMAssemblyFile : LLVMObjectFile;
  return !LLVMTargetMachineEmitToFile(tm, M, o->path, ft, err);
}

/* Copies the memfd's n bytes to out, a megabyte at a time. */
static bool copy_to_stream(int fd, off_t n, FILE *out) {
  enum { CHUNK = 1 << 20 };
  char *buf = malloc(CHUNK);
  if (!buf)
    abort();
  bool ok = true;
  for (off_t at = 0; ok && at < n;) {
    ssize_t got = pread(fd, buf, CHUNK, at);
    if (got < 0 && errno == EINTR)
      continue;
    ok = got > 0 && fwrite(buf, 1, (size_t)got, out) == (size_t)got;
    at += got > 0 ? got : 0;
  }
  free(buf);
  return ok;
}

/* Reads the memfd's n bytes into a malloc'd, NUL-terminated buffer. */
static char *read_all(int fd, off_t n) {
  char *buf = malloc((size_t)n + 1);
  if (!buf)
    abort();
  for (off_t at = 0; at < n;) {
    ssize_t got = pread(fd, buf + at, (size_t)(n - at), at);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0) {
      free(buf);
      return NULL;
    }
    at += got;
  }
  buf[n] = 0;
  return buf;
}

/* Contract in lower_internal.h. */
bool buf__lw_output_finish(lw_output_t *o, char **bytes, size_t *len) {
  bool ok = true;
  if (o->to_file) {
    /* LLVM wrote through its own descriptor: what the caller writes next
     * goes after it. */
    ok = fseeko(o->out, 0, SEEK_END) == 0;
  } else if (o->memfd >= 0) {
    struct stat sb;
    ok = fstat(o->memfd, &sb) == 0;
    if (ok && o->out) {
      ok = copy_to_stream(o->memfd, sb.st_size, o->out);
    } else if (ok) {
      *bytes = read_all(o->memfd, sb.st_size);
      *len = (size_t)sb.st_size;
      ok = *bytes != NULL;
    }
  }
  buf__lw_output_close(o);
  return ok;
}

/* Contract in lower_internal.h. */
void buf__lw_output_close(lw_output_t *o) {
  if (o->memfd >= 0)
    close(o->memfd);
  o->memfd = -1;
}
