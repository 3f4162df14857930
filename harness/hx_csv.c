/*
 * hx_csv: results as CSV. See hx_csv.h.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_csv.h"
#include "hx_file.h"
#include "hx_params.h"
#include "hx_result.h"

static void
csv_number(FILE *f, const json_t *r, const char *path)
{
	double v = hx_result_number(r, path);

	if (!isnan(v))
		fprintf(f, "%.10g", v);
	fputc(',', f);
}

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

/* The figures after the parameters, as the CSV's columns. */
static const char *const csv_figures[] = {"time_s.cold", "time_s.median",
    "time_s.min", "time_s.max", "time_s.ci95.0", "time_s.ci95.1",
    "time_s.repeats", "steps_s.first", "steps_s.median", "steps_s.p90",
    "steps_s.p99", "steps_s.max", "memory.model_bytes",
    "memory.model_bare_bytes", "memory.peak_workspace_bytes",
    "memory.peak_rss_bytes", "memory.rss_baseline_bytes", "memory.input_bytes",
    "memory.minor_faults", "memory.cold_minor_faults", "memory.major_faults",
    "work.flops", "work.bytes", "work.gflops_per_s", "work.gbytes_per_s",
    "work.ns_per_unit"};
static const char csv_figure_names[] =
    "time_cold,time_median,time_min,time_max,ci_lo,ci_hi,repeats,"
    "steps_first,steps_median,steps_p90,steps_p99,steps_max,"
    "model_bytes,model_bare_bytes,peak_workspace_bytes,peak_rss_bytes,"
    "rss_baseline_bytes,input_bytes,minor_faults,cold_minor_faults,"
    "major_faults,flops,bytes,gflops_per_s,gbytes_per_s,ns_per_unit,";

static void
csv_row(FILE *f, const json_t *r, const json_t *extra_names)
{
	const json_t *ci =
	    json_object_get(json_object_get(r, "time_s"), "ci95");

	fprintf(f, "%s,%s,%s,",
	    json_string_value(json_object_get(r, "workload")),
	    json_string_value(json_object_get(r, "variant")),
	    hx_result_status(r));
	csv_string(f,
	    json_string_value(
		json_object_get(json_object_get(r, "machine"), "allocator")));
	fputc(',', f);
	hx_params_csv_row(f, json_object_get(r, "params"), extra_names);
	for (size_t k = 0; k < sizeof(csv_figures) / sizeof(csv_figures[0]);
	     k++) {
		if (strncmp(csv_figures[k], "time_s.ci95.", 12) == 0) {
			if (json_array_size(ci) == 2)
				fprintf(f, "%.10g",
				    json_number_value(json_array_get(ci,
					(size_t)(csv_figures[k][12] - '0'))));
			fputc(',', f);
			continue;
		}
		csv_number(f, r, csv_figures[k]);
	}
	csv_string(f, json_string_value(json_object_get(r, "reason")));
	fputc('\n', f);
}

int
hx_csv_write(FILE *f, void *arg)
{
	const json_t *results = arg;
	/* One column per parameter a workload declares itself. */
	json_t *extra = hx_params_extra_names(results), *r;
	size_t i;

	if (extra == NULL)
		return -1;
	fputs("workload,variant,status,allocator,", f);
	hx_params_csv_header(f, extra);
	fprintf(f, "%sreason\n", csv_figure_names);
	json_array_foreach(results, i, r)
	{
		csv_row(f, r, extra);
	}
	json_decref(extra);
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
