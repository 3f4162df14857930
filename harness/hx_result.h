/*
 * hx_result: the result object (docs/result-schema.md) on its way out: one
 * readable line for the terminal, and the JSON file, written atomically.
 */
#ifndef FB_HX_RESULT_H
#define FB_HX_RESULT_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

/* "ok", "skipped" or "failed"; "failed" when r has no status. */
const char *hx_result_status(const json_t *r);
/* One line: workload/variant, the parameters that differ from the
 * workload's defaults (n always), median time with its interval,
 * cold time, workspace next to its model, RSS, faults, validation. */
void hx_result_print_line(FILE *f, const json_t *r);
/* "median M [LO, HI]" of r's timed runs: no interval after one timed run
 * ("(one timed run: no interval)") nor without one (the cold run alone).
 * The summary lines of run and exec both begin their times with it. */
void hx_result_print_median(FILE *f, const json_t *r);
/* Each of r's warnings as "  warning: ..." on its own line, for under the
 * summary line (--quiet leaves them out). */
void hx_result_print_warnings(FILE *f, const json_t *r);
/* Writes r as indented JSON to path ("-" = stdout), atomically; 0 or -1
 * with msg. */
int hx_result_write(
    const char *path, const json_t *r, char *msg, size_t msglen);
/* The value at path "a.b.c" (borrowed), or NULL when missing; a component
 * of digits indexes an array ("time_s.ci95.0"). */
json_t *hx_result_at(const json_t *r, const char *path);
/* A number field by path "a.b.c" (NAN when missing or not a number). */
double hx_result_number(const json_t *r, const char *path);

/* The one reader of result files: a file holding one (indented) object, an
 * array of objects, or JSON lines (one object a line, blank lines skipped).
 * Every entry must name a workload and a variant. Returns a new array with
 * at least one entry, or NULL with "PATH: why" (PATH:LINE for JSON lines) in
 * msg. */
json_t *hx_result_read(const char *path, char *msg, size_t msglen);

#endif /* FB_HX_RESULT_H */
