/* math.c: the math dialect's op table (to be filled in). */
#include "buf/ir.h"

const buf_dialect_t buf_dialect_math = {"math", NULL, 0};
