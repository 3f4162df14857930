/*
 * hx_overhead: `harness overhead`, the instrumentation's own cost.
 * A command module: hx_overhead_main returns the command's exit status.
 */
#ifndef FB_HX_OVERHEAD_H
#define FB_HX_OVERHEAD_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

/* argv[0] is "overhead". Returns 0, 1 or 2. */
int hx_overhead_main(int argc, char **argv);

/* `harness overhead --help`, and the options it reads (getopt_long's
 * table in o, HX_CLI_MAX_OPTIONS entries: run's, --timeline left out;
 * the count). */
void hx_overhead_usage(FILE *f);
size_t hx_overhead_options(struct option *o);

#endif /* FB_HX_OVERHEAD_H */
