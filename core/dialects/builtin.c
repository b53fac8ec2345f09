/* builtin.c: the builtin dialect's op table (to be filled in). */
#include "buf/ir.h"

const buf_dialect_t buf_dialect_builtin = {"builtin", NULL, 0};
