#include <stdio.h>
#include "hx_compare.h"
int hx_compare_main(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "harness compare: not yet built\n"); return 1; }
