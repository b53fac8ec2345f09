/* Driver of llvm-half.mlir's object: runs its @run and prints through the
 * runner-utils functions it calls, as the JIT and the interpreter do. */
#include <inttypes.h>
#include <stdio.h>

void run(void);

void printI64(int64_t v) { printf("%" PRId64, v); }
void printComma(void) { fputs(", ", stdout); }
void printNewline(void) { fputc('\n', stdout); }

int main(void) {
  run();
  return 0;
}
