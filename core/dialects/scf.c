/* scf.c: the scf dialect's op table (to be filled in). */
#include "buf/ir.h"

const buf_dialect_t buf_dialect_scf = {"scf", NULL, 0};
