/* bufferization.c: the bufferization dialect's op table (to be filled in). */
#include "buf/ir.h"

const buf_dialect_t buf_dialect_bufferization = {"bufferization", NULL, 0};
