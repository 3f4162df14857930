/*
 * hx_gbench: results in Google Benchmark's JSON format, both ways, so that
 * its tools (compare.py from libbenchmark-tools) and the CI actions that
 * read that format work on fusebench results, and `harness compare` reads
 * theirs.
 *
 * Writing: a "context" (date, host, CPU count, caches, load average, the
 * frequency scaling, and fusebench's own provenance under "fusebench"),
 * then per result one "iteration" entry per timed sample (repetition_index,
 * real_time and cpu_time in ns, one iteration each) and the mean, median
 * and stddev aggregates. Memory goes in the names Google Benchmark's memory
 * manager uses (max_bytes_used: the peak workspace; total_allocated_bytes
 * and allocs_per_iter: the allocations), and RSS, faults and every counter
 * that counted go in as user counters. A result that is not ok is one entry
 * with error_occurred and its reason. The benchmark name is
 * WORKLOAD/VARIANT/param:value/... .
 *
 * Reading: iteration entries grouped by run_name (or name) become result
 * objects with time_s.samples (seconds), time_s.median, the peak workspace
 * from max_bytes_used, and workload, variant and params parsed back from
 * names this module wrote (a foreign name becomes workload "gbench",
 * variant NAME).
 *
 * Limits: cpu_time is the wall time (the harness times each run with the
 * monotonic clock; the task-clock counter, where counted, is a user
 * counter); the cold and warm-up runs are not written.
 */
#ifndef FB_HX_GBENCH_H
#define FB_HX_GBENCH_H

#include <getopt.h>
#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

/* The Google Benchmark JSON of results (an array of result objects). A new
 * reference; NULL when out of memory. */
json_t *hx_gbench_from_results(const json_t *results);

/* 1 when o is a Google Benchmark JSON document (an object with a
 * "benchmarks" array). */
int hx_gbench_is(const json_t *o);

/* Result objects (a new array) from Google Benchmark JSON, or NULL with a
 * one-line reason in msg (no timed entry in it). */
json_t *hx_gbench_to_results(const json_t *gb, char *msg, size_t msglen);

/* Converts results and writes them to path ("-": stdout) atomically. 0, or
 * -1 with msg. */
int hx_gbench_write(
    const char *path, const json_t *results, char *msg, size_t msglen);

/* The same; with aggregates_only (Google Benchmark's
 * --benchmark_report_aggregates_only) only the mean, median and stddev
 * rows of each result (and the error row of one that failed). */
int hx_gbench_write_opts(const char *path, const json_t *results,
    int aggregates_only, char *msg, size_t msglen);

/* Drops gb's iteration rows but error rows. */
void hx_gbench_aggregates_only(json_t *gb);

/* `harness convert FILE [--to gbench] [--out OUT]`; the exit status. */
int hx_gbench_main(int argc, char **argv);

/* `harness convert --help`, and the options it reads (getopt_long's
 * table in o, at least 8 entries; the count). */
void hx_gbench_usage(FILE *f);
size_t hx_gbench_options(struct option *o);

#endif /* FB_HX_GBENCH_H */
