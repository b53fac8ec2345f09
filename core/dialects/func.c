/* func.c: the func dialect's op table (to be filled in). */
#include "buf/ir.h"

const buf_dialect_t buf_dialect_func = {"func", NULL, 0};
