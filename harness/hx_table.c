/*
 * hx_table: results as tables for the terminal. See hx_table.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_fields.h"
#include "hx_format.h"
#include "hx_params.h"
#include "hx_result.h"
#include "hx_stats.h"
#include "hx_table.h"

#define TABLE_MAX_COLS 8

typedef char table_cell_t[HX_TABLE_CELL];

/* Cells of nrows rows (header first), ncols each. */
typedef struct table_s {
	size_t ncols, nrows;
	table_cell_t *cells;
} table_t;

static char *
table_cell(table_t *t, size_t row, size_t col)
{
	return t->cells[row * t->ncols + col];
}

/* Prints t: columns left-aligned, two blanks apart. 0, or -1. */
static int
table_print(FILE *f, const table_t *t)
{
	size_t width[TABLE_MAX_COLS] = {0};

	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			size_t w = strlen(t->cells[r * t->ncols + c]);
			width[c] = w > width[c] ? w : width[c];
		}
	}
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			const char *s = t->cells[r * t->ncols + c];
			if (c + 1 == t->ncols)
				fprintf(f, "%s\n", s);
			else
				fprintf(f, "%-*s  ", (int)width[c], s);
		}
	}
	return ferror(f) ? -1 : 0;
}

static int
table_alloc(table_t *t, size_t ncols, size_t nresults)
{
	size_t n = nresults < HX_TABLE_MAX_ROWS ? nresults : HX_TABLE_MAX_ROWS;

	t->ncols = ncols;
	t->nrows = n + 1;
	t->cells = calloc(t->nrows * ncols, sizeof(table_cell_t));
	return t->cells != NULL ? 0 : -1;
}

void
hx_table_status(const json_t *r, char *buf, size_t len)
{
	const char *status = hx_result_status(r);
	const json_t *exit = json_object_get(r, "exit_status");
	const json_t *sig = json_object_get(r, "signal");
	const char *reason = json_string_value(json_object_get(r, "reason"));

	if (json_is_integer(sig))
		snprintf(buf, len, "%s (signal %lld)", status,
		    (long long)json_integer_value(sig));
	else if (json_is_integer(exit) && json_integer_value(exit) == 127 &&
	    reason != NULL &&
	    (strstr(reason, "cannot run") != NULL ||
		strstr(reason, "not found") != NULL))
		snprintf(buf, len, "%s (not found)", status);
	else if (json_is_integer(exit) && json_integer_value(exit) != 0)
		snprintf(buf, len, "%s (exit %lld)", status,
		    (long long)json_integer_value(exit));
	else
		snprintf(buf, len, "%s", status);
}

/* Median and interval cells of r ("-" when it has none). */
static void
table_time(const json_t *r, char *med, char *ci)
{
	const json_t *iv = hx_field_get(r, HX_F_TIME_CI);
	double m = hx_field_number(r, HX_F_TIME_MEDIAN);
	char lo[HX_FORMAT_LEN], hi[HX_FORMAT_LEN];

	if (strcmp(hx_result_status(r), "ok") != 0 || isnan(m)) {
		snprintf(med, HX_TABLE_CELL, "-");
		snprintf(ci, HX_TABLE_CELL, "-");
		return;
	}
	hx_format_time(med, HX_TABLE_CELL, m);
	if (hx_field_number(r, HX_F_TIME_REPEATS) == 1) {
		snprintf(ci, HX_TABLE_CELL, "- (one run)");
		return;
	}
	if (json_array_size(iv) != 2) {
		snprintf(ci, HX_TABLE_CELL, "-");
		return;
	}
	snprintf(ci, HX_TABLE_CELL, "%s [%s, %s]",
	    hx_field_number(r, HX_F_TIME_REPEATS) < HX_STATS_CI_MIN ? "range"
								    : "95%",
	    hx_format_time(
		lo, sizeof(lo), json_number_value(json_array_get(iv, 0))),
	    hx_format_time(
		hi, sizeof(hi), json_number_value(json_array_get(iv, 1))));
}

static void
table_bytes(const json_t *r, hx_field_id_t id, char *out)
{
	double v = hx_field_number(r, id);

	if (isnan(v))
		snprintf(out, HX_TABLE_CELL, "-");
	else
		hx_format_bytes(out, HX_TABLE_CELL, v);
}

/* The fastest ok median of results; NAN when none is ok. */
static double
table_fastest(const json_t *results)
{
	double best = NAN;
	size_t i;
	const json_t *r;

	json_array_foreach(results, i, r)
	{
		double m = hx_field_number(r, HX_F_TIME_MEDIAN);
		if (strcmp(hx_result_status(r), "ok") == 0 && m > 0 &&
		    (isnan(best) || m < best))
			best = m;
	}
	return best;
}

/* The last line when rows were left out. */
static int
table_rest(FILE *f, const json_t *results)
{
	if (json_array_size(results) > HX_TABLE_MAX_ROWS &&
	    fprintf(f, "(%zu more rows not shown)\n",
		json_array_size(results) - HX_TABLE_MAX_ROWS) < 0)
		return -1;
	return 0;
}

int
hx_table_relative(FILE *f, const json_t *results, const char *what)
{
	const char *const head[] = {
	    what, "median", "interval", "relative", "peak rss", "status"};
	const double best = table_fastest(results);
	table_t t;
	size_t i;
	const json_t *r;
	int rc;

	if (table_alloc(&t, 6, json_array_size(results)) != 0)
		return -1;
	for (size_t c = 0; c < t.ncols; c++)
		snprintf(table_cell(&t, 0, c), HX_TABLE_CELL, "%s", head[c]);
	json_array_foreach(results, i, r)
	{
		double m = hx_field_number(r, HX_F_TIME_MEDIAN);
		if (i + 1 >= t.nrows)
			break;
		snprintf(table_cell(&t, i + 1, 0), HX_TABLE_CELL, "%s",
		    json_string_value(json_object_get(r, "variant")));
		table_time(
		    r, table_cell(&t, i + 1, 1), table_cell(&t, i + 1, 2));
		if (strcmp(hx_result_status(r), "ok") == 0 && !isnan(best) &&
		    !isnan(m))
			snprintf(table_cell(&t, i + 1, 3), HX_TABLE_CELL,
			    "%.2fx", m / best);
		else
			snprintf(table_cell(&t, i + 1, 3), HX_TABLE_CELL, "-");
		table_bytes(r, HX_F_PEAK_RSS, table_cell(&t, i + 1, 4));
		hx_table_status(r, table_cell(&t, i + 1, 5), HX_TABLE_CELL);
	}
	rc = table_print(f, &t) != 0 || table_rest(f, results) != 0 ? -1 : 0;
	free(t.cells);
	return rc;
}

/* The parameters that label a run (as the progress line shows them). */
static void
table_params(const json_t *r, char *out)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	out[0] = '\0';
	if (m == NULL)
		return;
	hx_params_label(
	    m, hx_params_workload_of(r), json_object_get(r, "params"));
	fclose(m);
	snprintf(out, HX_TABLE_CELL, "%s",
	    buf != NULL && buf[0] == ' ' ? buf + 1 : "");
	free(buf);
}

int
hx_table_results(FILE *f, const json_t *results)
{
	static const char *const head[] = {"variant", "parameters", "median",
	    "interval", "peak", "model", "status"};
	table_t t;
	size_t i;
	const json_t *r;
	int rc;

	if (table_alloc(&t, 7, json_array_size(results)) != 0)
		return -1;
	for (size_t c = 0; c < t.ncols; c++)
		snprintf(table_cell(&t, 0, c), HX_TABLE_CELL, "%s", head[c]);
	json_array_foreach(results, i, r)
	{
		hx_field_id_t peak =
		    isnan(hx_field_number(r, HX_F_PEAK_WORKSPACE))
		    ? HX_F_PEAK_RSS
		    : HX_F_PEAK_WORKSPACE;
		if (i + 1 >= t.nrows)
			break;
		snprintf(table_cell(&t, i + 1, 0), HX_TABLE_CELL, "%s",
		    json_string_value(json_object_get(r, "variant")));
		table_params(r, table_cell(&t, i + 1, 1));
		table_time(
		    r, table_cell(&t, i + 1, 2), table_cell(&t, i + 1, 3));
		table_bytes(r, peak, table_cell(&t, i + 1, 4));
		table_bytes(r, HX_F_MODEL_BYTES, table_cell(&t, i + 1, 5));
		hx_table_status(r, table_cell(&t, i + 1, 6), HX_TABLE_CELL);
	}
	rc = table_print(f, &t) != 0 || table_rest(f, results) != 0 ? -1 : 0;
	free(t.cells);
	return rc;
}
