/* arith.c: the arith dialect's op table (to be filled in). */
#include "buf/ir.h"

const buf_dialect_t buf_dialect_arith = {"arith", NULL, 0};
