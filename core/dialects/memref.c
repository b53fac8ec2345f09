/* memref.c: the memref dialect's op table (to be filled in). */
#include "buf/ir.h"

const buf_dialect_t buf_dialect_memref = {"memref", NULL, 0};
