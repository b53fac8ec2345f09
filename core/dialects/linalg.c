/* linalg.c: the linalg dialect's op table (to be filled in). */
#include "buf/ir.h"

const buf_dialect_t buf_dialect_linalg = {"linalg", NULL, 0};
