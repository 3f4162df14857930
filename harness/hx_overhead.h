/*
 * hx_overhead: `harness overhead`, the instrumentation's own cost.
 * A command module: hx_overhead_main returns the command's exit status.
 */
#ifndef FB_HX_OVERHEAD_H
#define FB_HX_OVERHEAD_H

/* argv[0] is "overhead". Returns 0, 1 or 2. */
int hx_overhead_main(int argc, char **argv);

#endif /* FB_HX_OVERHEAD_H */
