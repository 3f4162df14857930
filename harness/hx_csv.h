/*
 * hx_csv: results as CSV or as JSON lines. CSV: one row a result: workload,
 * variant, status, allocator, every parameter (the workloads' own as columns of
 * their own), the figure columns of the field table (hx_fields.h), the reason.
 * One column list for every command that writes CSV (sweep, run, exec).
 */
#ifndef FB_HX_CSV_H
#define FB_HX_CSV_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

/* Writes the header and one row per result object of the JSON array arg
 * (a const json_t *) to f; the shape of hx_file_write_atomic's writer.
 * 0, or -1 on a write error or out of memory. */
int hx_csv_write(FILE *f, void *arg);

/* The result objects of the JSON array arg as JSON lines (one compact
 * object a line), the same writer shape. 0, or -1. */
int hx_csv_jsonl_write(FILE *f, void *arg);

/* Writes results (a JSON array) as CSV to path, atomically (hx_file). 0,
 * or -1 with msg. */
int hx_csv_save(const char *path, json_t *results, char *msg, size_t msglen);

#endif /* FB_HX_CSV_H */
