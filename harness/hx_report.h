/*
 * hx_report: `harness report DATA_DIR OUT_DIR`, the teaching report from
 * saved sweep data, without measuring anything.
 *
 * Reads every *.jsonl in DATA_DIR (the file's name, less ".jsonl", is the
 * run's set: interp-main*, interp-scale, interp-chunk, interp-glibc,
 * colony-main, colony-scale, colony-cells, colony-spread*, as
 * reports/make-report.sh writes them), DATA_DIR/ceilings.json,
 * the .json files in DATA_DIR/cachesim (single result objects with a
 * "cachesim" member) and the CSV files in DATA_DIR/timelines. Writes
 * OUT_DIR/REPORT.md and, per figure, OUT_DIR/figures/NAME.gp (a self-contained
 * gnuplot script, its data inline), then runs gnuplot on each to make NAME.svg
 * and NAME.png.
 *
 * Every number in the prose and tables is printed from the data; every
 * verdict is decided from measured ratios against thresholds the report
 * states. A missing run (a smaller quick report, a skipped or failed run)
 * makes the affected rows say so and the verdict "not testable here".
 *
 * Limits: needs gnuplot on PATH for the figures (without it REPORT.md and
 * the scripts are written and the command fails); the figure and verdict
 * choices are fusebench's own two workloads, not a general report tool.
 */
#ifndef FB_HX_REPORT_H
#define FB_HX_REPORT_H

/* argv[0] is "report". Returns 0, 1 (a failure: unwritable output, no
 * gnuplot, gnuplot failed) or 2 (bad usage, no data). */
int hx_report_main(int argc, char **argv);

#endif /* FB_HX_REPORT_H */
