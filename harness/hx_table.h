/*
 * hx_table: results as tables for the terminal, from result objects (so a
 * table and the JSON can never disagree): the relative table that ends a
 * call measuring several commands or variants (the fastest is 1.00x), and
 * the console table that ends a sweep (one row per result).
 *
 * Columns are as wide as their widest cell; every figure is formatted with
 * its unit (hx_format). A result that is not ok shows "-" for what it
 * lacks and its status in the last column.
 *
 * Limits: at most HX_TABLE_MAX_ROWS rows (the rest are counted in a last
 * line); a cell is cut at HX_TABLE_CELL bytes.
 */
#ifndef FB_HX_TABLE_H
#define FB_HX_TABLE_H

#include <jansson.h>
#include <stdio.h>

#define HX_TABLE_MAX_ROWS 4096
#define HX_TABLE_CELL 96

/* The relative table of results (a JSON array) under the heading what
 * ("command", "variant"): label (the variant), median
 * time, its 95% interval, the median against the fastest ok median, peak
 * RSS, status (ok, or "exit N", "signal N", "failed", "skipped"). 0, or -1
 * on a write error or out of memory. */
int hx_table_relative(FILE *f, const json_t *results, const char *what);

/* The console table of a sweep: variant, the parameters that label a run,
 * median and interval, the peak workspace (the peak RSS where there is
 * none), the memory model, status. 0, or -1. */
int hx_table_results(FILE *f, const json_t *results);

/* The status cell of result r: "ok", "exit N" or "signal N" (a command's
 * own exit, harness exec), else the result's status. */
void hx_table_status(const json_t *r, char *buf, size_t len);

#endif /* FB_HX_TABLE_H */
