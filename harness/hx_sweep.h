/*
 * hx_sweep: `harness sweep`, many isolated runs to JSON lines and CSV.
 * A command module: hx_sweep_main returns the command's exit status.
 */
#ifndef FB_HX_SWEEP_H
#define FB_HX_SWEEP_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

/* argv[0] is "sweep". Returns 0, 1 (a run failed, or interrupted) or 2. */
int hx_sweep_main(int argc, char **argv);

/* `harness sweep --help`, and the options it reads (getopt_long's table
 * in o, HX_CLI_MAX_OPTIONS entries; the count). */
void hx_sweep_usage(FILE *f);
size_t hx_sweep_options(struct option *o);

#endif /* FB_HX_SWEEP_H */
