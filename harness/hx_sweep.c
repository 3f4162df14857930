#include <stdio.h>
#include "hx_sweep.h"
int hx_sweep_main(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "harness sweep: not yet built\n"); return 1; }
