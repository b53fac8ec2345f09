/* tensor.c: the tensor dialect's op table (to be filled in). */
#include "buf/ir.h"

const buf_dialect_t buf_dialect_tensor = {"tensor", NULL, 0};
