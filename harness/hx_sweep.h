/*
 * hx_sweep: `harness sweep`, many isolated runs to JSON lines and CSV.
 * A command module: hx_sweep_main returns the command's exit status.
 */
#ifndef FB_HX_SWEEP_H
#define FB_HX_SWEEP_H

/* argv[0] is "sweep". Returns 0, 1 (a run failed, or interrupted) or 2. */
int hx_sweep_main(int argc, char **argv);

#endif /* FB_HX_SWEEP_H */
