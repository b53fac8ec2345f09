/* cf.c: the cf dialect's op table (to be filled in). */
#include "buf/ir.h"

const buf_dialect_t buf_dialect_cf = {"cf", NULL, 0};
