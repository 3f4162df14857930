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
 * The file is read once (a pipe works), duplicate keys are refused and
 * every entry must pass hx_result_check. Returns a new array with at least
 * one entry, or NULL with "PATH: why" in msg (PATH:LINE where the line is
 * known: JSON lines, and a syntax error in an indented object). */
json_t *hx_result_read(const char *path, char *msg, size_t msglen);

/* The whole of path read once (a pipe or process substitution is read
 * once, never reopened), NUL-terminated, its length in *len; a FIFO with
 * no writer reads as empty rather than waiting. A new buffer (free it), or
 * NULL with "PATH: why" in msg. */
char *hx_result_slurp(const char *path, size_t *len, char *msg, size_t msglen);
/* buf (len bytes, path its name for messages) parsed as hx_result_read
 * reads a file; buf is modified. */
json_t *hx_result_parse(
    const char *path, char *buf, size_t len, char *msg, size_t msglen);
/* One JSON value from buf, duplicate keys refused; NULL with "PATH:LINE:
 * not JSON (why)" in msg. */
json_t *hx_result_parse_json(
    const char *path, const char *buf, size_t len, char *msg, size_t msglen);
/* hx_result_slurp then hx_result_parse_json: any JSON input file (ceilings,
 * cache simulation, explain) read as strictly as results are. */
json_t *hx_result_load_json(const char *path, char *msg, size_t msglen);
/* 0 when r is a result object this harness may read: workload and variant
 * strings, schema_version (when present) this harness's, each field of
 * hx_fields of its kind (null where a number could not be had), status
 * one of ok, skipped, failed, params an object, and an ok result's
 * time_s.median, when there, a number. -1 with the first reason in msg. */
int hx_result_check(const json_t *r, char *msg, size_t msglen);

#endif /* FB_HX_RESULT_H */
