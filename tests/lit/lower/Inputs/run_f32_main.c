#include <stdio.h>

/* Calls @run of an object made by buffer-opt --emit=obj and prints it. */
float run(void);

int main(void) {
  printf("%.9g\n", run());
  return 0;
}
