/*
 * hx_csv: results as CSV. See hx_csv.h.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_csv.h"
#include "hx_fields.h"
#include "hx_file.h"
#include "hx_params.h"
#include "hx_result.h"

static void
csv_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s != NULL && *s != '\0'; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void
csv_row(FILE *f, const json_t *r, const json_t *columns)
{
	fprintf(f, "%s,%s,%s,", hx_field_string(r, HX_F_WORKLOAD),
	    hx_field_string(r, HX_F_VARIANT), hx_result_status(r));
	csv_string(f, hx_field_string(r, HX_F_MACHINE_ALLOCATOR));
	fputc(',', f);
	hx_params_csv_row(f, json_object_get(r, "params"), columns);
	hx_field_csv_row(f, r);
	csv_string(f, hx_field_string(r, HX_F_REASON));
	fputc('\n', f);
}

int
hx_csv_write(FILE *f, void *arg)
{
	const json_t *results = arg;
	/* The table's columns and one per parameter a workload declares
	 * itself. */
	json_t *columns = hx_params_csv_columns(results), *r;
	size_t i;

	if (columns == NULL)
		return -1;
	fputs("workload,variant,status,allocator,", f);
	hx_params_csv_header(f, columns);
	hx_field_csv_header(f);
	fputs("reason\n", f);
	json_array_foreach(results, i, r)
	{
		csv_row(f, r, columns);
	}
	json_decref(columns);
	return ferror(f) ? -1 : 0;
}

int
hx_csv_jsonl_write(FILE *f, void *arg)
{
	const json_t *results = arg;
	size_t i;
	json_t *r;

	json_array_foreach(results, i, r)
	{
		if (json_dumpf(r, f, JSON_COMPACT) != 0 ||
		    fputc('\n', f) == EOF)
			return -1;
	}
	return 0;
}

int
hx_csv_save(const char *path, json_t *results, char *msg, size_t msglen)
{
	return hx_file_write_atomic(path, hx_csv_write, results, msg, msglen);
}
