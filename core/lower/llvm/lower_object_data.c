/*
 * lower_object_data.c: an object file whose large constants (a model's
 * weights) bufferd writes itself, next to the code LLVM generates.
 *
 * Why. Handed to LLVM, 476 MB of weights are copied into its constants,
 * copied again into the assembler's fragments and written out by it, and
 * with parallel code generation read and written once more by `ld -r`:
 * for EfficientNet-V2-L most of the time to object code. The bytes need
 * none of that: they are already laid out as the object wants them.
 *
 * How. Each constant of at least LW_DATA_APART_MIN_BYTES is a declaration
 * in the LLVM module (lower_symbols.c: hidden when the memref.global is
 * private, so code refers to it PC-relative), and its bytes stay where
 * they are (a resource blob, or the lowering's own copy of a dense
 * value). LLVM makes the code object; this file then adds one section,
 * `.rodata.bufferd`, holding the constants the code refers to, and turns
 * each undefined symbol naming one into its definition: a local symbol
 * for a private global (as LLVM would have made it; symbols are re-ordered
 * so locals stay first, and relocations follow their symbol), a global
 * one otherwise. Constants no code refers to are left out. The output is
 * the code object (patched), the new section's bytes written straight
 * from where they lie, the section names with the new one, and the
 * section headers with the new one.
 *
 * Only 64-bit little-endian ELF relocatable files are handled: the host
 * objects bufferd makes (x86-64 Linux).
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lower_internal.h"

static const char SECTION_NAME[] = ".rodata.bufferd";

static bool fail_with(char **err, const char *message) {
  *err = strdup(message);
  return false;
}

static uint64_t align_up(uint64_t x, uint64_t a) { return (x + a - 1) / a * a; }

static uint64_t hash_name(const char *s) { return buf_hash_bytes(BUF_HASH_SEED, s, strlen(s)); }

/* Symbol names to data: open addressing over datum indices + 1. */
typedef struct {
  uint32_t *slot;
  size_t mask;
} name_index_t;

static void index_data(name_index_t *ix, const lw_datum_t *data, size_t n) {
  size_t cap = 16;
  while (cap < 2 * n)
    cap *= 2;
  ix->slot = calloc(cap, sizeof *ix->slot);
  if (!ix->slot)
    abort();
  ix->mask = cap - 1;
  for (size_t d = 0; d < n; d++) {
    size_t i = hash_name(data[d].symbol) & ix->mask;
    while (ix->slot[i])
      i = (i + 1) & ix->mask;
    ix->slot[i] = (uint32_t)d + 1;
  }
}

/* The datum named name, or -1. */
static int64_t find_datum(const name_index_t *ix, const lw_datum_t *data, const char *name) {
  for (size_t i = hash_name(name) & ix->mask; ix->slot[i]; i = (i + 1) & ix->mask)
    if (strcmp(data[ix->slot[i] - 1].symbol, name) == 0)
      return ix->slot[i] - 1;
  return -1;
}

/* Writes n bytes of p, or n zero bytes when p is NULL. */
static bool write_all(int fd, const void *p, uint64_t n) {
  static const char zeros[4096];
  const char *b = p;
  while (n > 0) {
    size_t step = p ? (n > (1u << 30) ? 1u << 30 : (size_t)n)
                    : (n > sizeof zeros ? sizeof zeros : (size_t)n);
    ssize_t got = write(fd, p ? b : zeros, step);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      return false;
    if (p)
      b += got;
    n -= (uint64_t)got;
  }
  return true;
}

/* A section's file contents lie inside the object. */
static bool contents_inside(const Elf64_Shdr *s, size_t len) {
  return s->sh_type == SHT_NOBITS || (s->sh_offset <= len && s->sh_size <= len - s->sh_offset);
}

/* Gives every relocation and group signature of the symbol table at
 * index symtab the symbol's new index. */
static bool renumber_references(uint8_t *obj, const Elf64_Shdr *sh, Elf64_Shdr *shw,
                                uint32_t ns, uint32_t symtab, const uint32_t *new_index,
                                size_t nsym) {
  for (uint32_t i = 0; i < ns; i++) {
    if (sh[i].sh_link != symtab)
      continue;
    if (sh[i].sh_type == SHT_GROUP) {
      if (sh[i].sh_info >= nsym)
        return false;
      shw[i].sh_info = new_index[sh[i].sh_info];
      continue;
    }
    size_t size = sh[i].sh_type == SHT_RELA ? sizeof(Elf64_Rela)
                  : sh[i].sh_type == SHT_REL ? sizeof(Elf64_Rel)
                                             : 0;
    if (!size)
      continue;
    if (sh[i].sh_entsize != size)
      return false;
    /* r_info is at the same place in both kinds of entry */
    for (uint64_t at = 0; at + size <= sh[i].sh_size; at += size) {
      uint8_t *p = obj + sh[i].sh_offset + at + offsetof(Elf64_Rel, r_info);
      uint64_t info;
      memcpy(&info, p, sizeof info);
      if (ELF64_R_SYM(info) >= nsym)
        return false;
      info = ELF64_R_INFO(new_index[ELF64_R_SYM(info)], ELF64_R_TYPE(info));
      memcpy(p, &info, sizeof info);
    }
  }
  return true;
}

/* Writes to fd the object file obj (len bytes) with the data its
 * undefined symbols name added (see the top of the file). */
static bool add_data(const uint8_t *code, size_t len, const lw_datum_t *data, size_t n, int fd,
                     char **err) {
  const char *not_elf = "the code's object file is not a 64-bit little-endian ELF relocatable file";
  Elf64_Ehdr eh;
  if (len < sizeof eh)
    return fail_with(err, not_elf);
  memcpy(&eh, code, sizeof eh);
  if (memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
      eh.e_ident[EI_DATA] != ELFDATA2LSB || eh.e_type != ET_REL ||
      eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shnum == 0 ||
      eh.e_shnum >= SHN_LORESERVE - 1 || eh.e_shstrndx >= eh.e_shnum || eh.e_shoff > len ||
      (len - eh.e_shoff) / sizeof(Elf64_Shdr) < eh.e_shnum)
    return fail_with(err, not_elf);
  uint32_t ns = eh.e_shnum;
  /* sh: the sections as read; shw: as written, one more */
  Elf64_Shdr *sh = malloc(ns * sizeof *sh), *shw = malloc((ns + 1) * sizeof *shw);
  uint8_t *obj = malloc(len);
  if (!sh || !shw || !obj)
    abort();
  memcpy(sh, code + eh.e_shoff, ns * sizeof *sh);
  memcpy(shw, sh, ns * sizeof *sh);
  memcpy(obj, code, len);
  bool ok = false;
  const char *why = not_elf;
  uint32_t symtab = 0;
  for (uint32_t i = 0; i < ns; i++) {
    if (!contents_inside(&sh[i], len) || sh[i].sh_type == SHT_SYMTAB_SHNDX)
      goto done;
    if (sh[i].sh_type == SHT_SYMTAB) {
      if (symtab)
        goto done;
      symtab = i;
    }
  }
  const Elf64_Shdr *st = &sh[symtab];
  if (!symtab || st->sh_entsize != sizeof(Elf64_Sym) || st->sh_link >= ns ||
      sh[st->sh_link].sh_type != SHT_STRTAB || sh[eh.e_shstrndx].sh_type != SHT_STRTAB)
    goto done;
  size_t nsym = st->sh_size / sizeof(Elf64_Sym);
  uint32_t first_global = st->sh_info;
  const char *names = (const char *)code + sh[st->sh_link].sh_offset;
  uint64_t names_size = sh[st->sh_link].sh_size;
  if (first_global > nsym || names_size == 0 || names[names_size - 1] != 0)
    goto done;
  Elf64_Sym *sym = malloc(nsym * sizeof *sym), *out = malloc(nsym * sizeof *out);
  uint32_t *new_index = malloc(nsym * sizeof *new_index);
  int64_t *datum_of = malloc(nsym * sizeof *datum_of);
  uint64_t *offset = malloc((n ? n : 1) * sizeof *offset);
  uint32_t *placed = malloc((n ? n : 1) * sizeof *placed);
  if (!sym || !out || !new_index || !datum_of || !offset || !placed)
    abort();
  memcpy(sym, code + st->sh_offset, nsym * sizeof *sym);

  /* Place each datum some undefined symbol names, in symbol order. */
  name_index_t ix;
  index_data(&ix, data, n);
  for (size_t d = 0; d < n; d++)
    offset[d] = UINT64_MAX;
  uint64_t section_size = 0, max_align = 1;
  size_t nplaced = 0;
  for (size_t i = 0; i < nsym; i++) {
    datum_of[i] = -1;
    if (i < first_global || sym[i].st_shndx != SHN_UNDEF || sym[i].st_name >= names_size)
      continue;
    int64_t d = find_datum(&ix, data, names + sym[i].st_name);
    if (d < 0)
      continue;
    datum_of[i] = d;
    if (offset[d] != UINT64_MAX)
      continue;
    uint64_t a = data[d].align ? data[d].align : 1;
    section_size = align_up(section_size, a);
    offset[d] = section_size;
    section_size += data[d].size;
    max_align = a > max_align ? a : max_align;
    placed[nplaced++] = (uint32_t)d;
  }
  free(ix.slot);

  /* Locals first (ELF's rule), then the data made local, then globals. */
  size_t k = 0;
  for (int pass = 0; pass < 3; pass++) {
    if (pass == 2) /* the locals end here */
      shw[symtab].sh_info = (uint32_t)k;
    for (size_t i = 0; i < nsym; i++) {
      bool local = i < first_global;
      bool made_local = !local && datum_of[i] >= 0 && data[datum_of[i]].local;
      if ((pass == 0) != local || (pass == 1) != made_local)
        continue;
      Elf64_Sym s = sym[i];
      if (datum_of[i] >= 0) {
        const lw_datum_t *dt = &data[datum_of[i]];
        s.st_shndx = (Elf64_Section)ns;
        s.st_value = offset[datum_of[i]];
        s.st_size = dt->size;
        s.st_info = ELF64_ST_INFO(dt->local ? STB_LOCAL : STB_GLOBAL, STT_OBJECT);
        if (dt->local)
          s.st_other = STV_DEFAULT;
      }
      new_index[i] = (uint32_t)k;
      out[k++] = s;
    }
  }
  memcpy(obj + st->sh_offset, out, nsym * sizeof *out);
  why = "the code's object file has a relocation or group naming no symbol";
  if (!renumber_references(obj, sh, shw, ns, symtab, new_index, nsym))
    goto free_symbols;

  /* The new section, its name after the others, the headers last. */
  const Elf64_Shdr *shstr = &sh[eh.e_shstrndx];
  uint64_t data_at = align_up(len, max_align);
  uint64_t shstr_at = data_at + section_size;
  uint64_t headers_at = align_up(shstr_at + shstr->sh_size + sizeof SECTION_NAME, 8);
  shw[ns] = (Elf64_Shdr){.sh_name = (Elf64_Word)shstr->sh_size,
                         .sh_type = SHT_PROGBITS,
                         .sh_flags = SHF_ALLOC,
                         .sh_offset = data_at,
                         .sh_size = section_size,
                         .sh_addralign = max_align};
  shw[eh.e_shstrndx].sh_offset = shstr_at;
  shw[eh.e_shstrndx].sh_size = shstr->sh_size + sizeof SECTION_NAME;
  eh.e_shoff = headers_at;
  eh.e_shnum = (Elf64_Half)(ns + 1);
  memcpy(obj, &eh, sizeof eh);

  why = "cannot write the object file";
  uint64_t at = len;
  ok = write_all(fd, obj, len);
  for (size_t p = 0; ok && p < nplaced; p++) {
    const lw_datum_t *dt = &data[placed[p]];
    uint64_t to = data_at + offset[placed[p]];
    ok = write_all(fd, NULL, to - at) && write_all(fd, dt->bytes, dt->size);
    at = to + dt->size;
  }
  ok = ok && write_all(fd, NULL, shstr_at - at) &&
       write_all(fd, code + shstr->sh_offset, shstr->sh_size) &&
       write_all(fd, SECTION_NAME, sizeof SECTION_NAME) &&
       write_all(fd, NULL, headers_at - (shstr_at + shw[eh.e_shstrndx].sh_size)) &&
       write_all(fd, shw, (ns + 1) * sizeof *shw);
free_symbols:
  free(sym);
  free(out);
  free(new_index);
  free(datum_of);
  free(offset);
  free(placed);
done:
  if (!ok)
    fail_with(err, why);
  free(sh);
  free(shw);
  free(obj);
  return ok;
}

/* Contract in lower_internal.h. */
bool buf__lw_emit_object_with_data(lw_t *L, LLVMTargetMachineRef tm, const char *triple,
                                   const char *cpu, LLVMCodeGenOptLevel level,
                                   unsigned threads, const char *path, char **err) {
  *err = NULL;
  /* The code goes to an in-memory file first. */
  int code_fd = memfd_create("bufferd-code", MFD_CLOEXEC);
  if (code_fd < 0)
    return fail_with(err, "cannot make an in-memory file for the object's code");
  char code_path[LW_OUTPUT_PATH_MAX];
  snprintf(code_path, sizeof code_path, "/proc/self/fd/%d", code_fd);
  bool ok = true;
  int parallel = buf__lw_emit_object_parallel(L->M, triple, cpu, level, threads, code_path, err);
  if (parallel < 0) {
    ok = false;
  } else if (parallel == 0) {
    char *message = NULL;
    if (LLVMTargetMachineEmitToFile(tm, L->M, code_path, LLVMObjectFile, &message)) {
      fail_with(err, message ? message : "code generation failed");
      ok = false;
    }
    if (message)
      LLVMDisposeMessage(message);
  }
  struct stat sb;
  void *code = MAP_FAILED;
  if (ok && (fstat(code_fd, &sb) != 0 ||
             (code = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, code_fd, 0)) ==
                 MAP_FAILED))
    ok = fail_with(err, "cannot read the object's code back");
  int out = ok ? open(path, O_WRONLY | O_TRUNC | O_CLOEXEC) : -1;
  if (ok && out < 0)
    ok = fail_with(err, "cannot open the object file for writing");
  if (ok)
    ok = add_data(code, (size_t)sb.st_size, L->data, L->ndata, out, err);
  if (out >= 0 && close(out) != 0 && ok)
    ok = fail_with(err, "cannot write the object file");
  if (code != MAP_FAILED)
    munmap(code, (size_t)sb.st_size);
  close(code_fd);
  return ok;
}

/* Contract in lower_internal.h. */
void buf__lw_data_free(lw_t *L) {
  for (size_t d = 0; d < L->ndata; d++) {
    free(L->data[d].symbol);
    if (L->data[d].owned)
      free((void *)L->data[d].bytes);
  }
  free(L->data);
  L->data = NULL;
  L->ndata = L->data_cap = 0;
}
