/*
 * The field table (harness/hx_fields.h) and the writers made from it, with
 * a hand-made finished record and a hand-made machine: no variant runs and
 * this machine is not read. Every field of the table with a CSV column or
 * a Google Benchmark name is found there with the value the JSON holds.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_csv.h"
#include "hx_fields.h"
#include "hx_gbench.h"
#include "hx_record.h"
#include "hx_result.h"
#include "variant.h"

static double *
copy(const double *x, size_t n)
{
	double *y = malloc(n * sizeof(*y));

	memcpy(y, x, n * sizeof(*y));
	return y;
}

/* A run with every section the CSV and gbench read, and a machine. */
static void
record_fill(hx_record_t *rec)
{
	static const double t[] = {0.30, 0.10, 0.20, 0.25, 0.15};
	static const double st[] = {0.05, 0.15, 0.04, 0.06};

	hx_record_init(rec);
	rec->workload = "interp";
	rec->variant = "hand";
	rec->params_of = workload_find("interp");
	rec->params_of->defaults(&rec->params);
	rec->has_settings = 1;
	rec->repeat = 5;
	rec->has_model = 1;
	rec->model_bytes = 8192;
	rec->model_bare_bytes = 8000;
	rec->input_bytes = 100;
	rec->model_formula = "N*4";
	rec->has_work = 1;
	rec->unit = "point";
	rec->units = 1e6;
	rec->flops = 4e9;
	rec->bytes = 2e9;
	rec->has_time = 1;
	rec->cold_s = 0.5;
	rec->nsamples = 5;
	rec->samples = copy(t, 5);
	rec->cpu_samples = copy(t, 5);
	rec->has_steps = 1;
	rec->first_step_s = 0.25;
	rec->nsteps = 4;
	rec->step_samples = copy(st, 4);
	rec->has_baseline = 1;
	rec->rss_baseline_bytes = 3 << 20;
	rec->has_peaks = 1;
	rec->has_workspace = 1;
	rec->peak_workspace_bytes = 4096;
	rec->peak_rss_bytes = 5 << 20;
	rec->minor_faults = 7;
	rec->cold_minor_faults = 9;
	rec->major_faults = 2;
	rec->has_allocs = 1;
	rec->alloc_bytes_per_run = 6000;
	rec->allocs_per_run = 3;
	rec->steps_per_run = 1;
	rec->machine = json_pack("{s:s, s:s, s:i}", "cpu", "hand-made CPU",
	    "allocator", "none", "cores", 3);
}

/* The column of name in the header head, or -1. */
static int
csv_column(const char *head, const char *name)
{
	size_t n = strlen(name);
	int col = 0;

	for (const char *c = head; *c != '\0' && *c != '\n'; c++) {
		if ((c == head || c[-1] == ',') && strncmp(c, name, n) == 0 &&
		    (c[n] == ',' || c[n] == '\n' || c[n] == '\0'))
			return col;
		col += *c == ',';
	}
	return -1;
}

/* The comma-separated cell k of line (a copy in buf). */
static const char *
csv_cell(const char *line, int k, char *buf, size_t len)
{
	const char *p = line;

	for (int i = 0; i < k && p != NULL; i++)
		if ((p = strchr(p, ',')) != NULL)
			p++;
	cr_assert_not_null(p, "no cell %d in %s", k, line);
	snprintf(buf, len, "%.*s", (int)strcspn(p, ",\n"), p);
	return buf;
}

Test(fields, finish_reads_no_machine_when_one_is_given)
{
	hx_record_t rec;
	json_t *r, *given;

	record_fill(&rec);
	given = rec.machine;
	cr_expect_null(hx_record_format(&rec),
	    "an unfinished record is "
	    "written");
	cr_assert_eq(hx_record_finish(&rec), 0);
	cr_expect_eq(rec.machine, given, "finish replaced the machine");
	cr_expect(fabs(rec.median_s - 0.20) < 1e-12, "median %g", rec.median_s);
	cr_expect(fabs(rec.gflops_per_s - 20.0) < 1e-9, "%g", rec.gflops_per_s);
	r = hx_record_format(&rec);
	cr_assert_not_null(r);
	cr_expect_str_eq(hx_field_string(r, HX_F_MACHINE_CPU), "hand-made CPU");
	cr_expect(fabs(hx_field_number(r, HX_F_TIME_MEDIAN) - 0.20) < 1e-12);
	cr_expect(fabs(hx_field_number(r, HX_F_STEPS_MAX) - 0.15) < 1e-12);
	json_decref(r);
	hx_record_free(&rec);
}

Test(fields, each_field_is_in_the_json_csv_and_gbench)
{
	hx_record_t rec;
	json_t *r, *all, *gb, *e;
	char *csv = NULL, head[4096], row[4096], cell[64], want[64];
	size_t len = 0;
	FILE *f;
	int ncsv = 0, ngb = 0;

	record_fill(&rec);
	r = hx_record_to_json(&rec);
	cr_assert_not_null(r);
	all = json_pack("[O]", r);
	/* The CSV as sweep, run and exec write it. */
	f = open_memstream(&csv, &len);
	cr_assert(hx_csv_write(f, all) == 0);
	fclose(f);
	cr_assert(sscanf(csv, "%4095[^\n]\n%4095[^\n]", head, row) == 2);
	gb = hx_gbench_from_results(all);
	/* The first iteration entry of the one result. */
	e = json_array_get(json_object_get(gb, "benchmarks"), 0);
	cr_assert_not_null(e);
	for (int i = 0; i < HX_F_COUNT; i++) {
		const hx_field_t *d = &hx_fields[i];
		double v = hx_field_number(r, (hx_field_id_t)i);
		if (d->csv != NULL) {
			int col = csv_column(head, d->csv);
			cr_assert(col >= 0, "no column %s in %s", d->csv, head);
			cr_expect(!isnan(v), "%s: not in the JSON", d->path);
			snprintf(want, sizeof(want), "%.10g", v);
			cr_expect_str_eq(csv_cell(row, col, cell, sizeof(cell)),
			    want, "%s in the CSV", d->path);
			ncsv++;
		}
		if (d->gbench != NULL) {
			const json_t *g = json_object_get(e, d->gbench);
			cr_expect(
			    json_is_number(g) && json_number_value(g) == v,
			    "%s: %s in gbench, %g in the JSON", d->path,
			    d->gbench, v);
			ngb++;
		}
	}
	cr_expect(
	    ncsv >= 26 && ngb >= 6, "%d CSV, %d gbench fields", ncsv, ngb);
	free(csv);
	json_decref(gb);
	json_decref(all);
	json_decref(r);
	hx_record_free(&rec);
}

/* A figure measured with hx_record_set lands at its path, and a field a
 * section writes is not overwritten by one. */
Test(fields, a_set_figure_is_written_at_its_path)
{
	hx_record_t rec;
	json_t *r;
	char *line = NULL;
	size_t len = 0;
	FILE *f;

	record_fill(&rec);
	hx_record_set(&rec, HX_F_SIM_D1_PER_UNIT, 0.5);
	hx_record_set(&rec, HX_F_SIM_LL_PER_UNIT, 0.25);
	hx_record_set(&rec, HX_F_TIME_COLD, 99.0);
	r = hx_record_to_json(&rec);
	cr_assert_not_null(r);
	cr_expect_eq(hx_result_number(r, "cachesim.D1_misses_per_unit"), 0.5);
	cr_expect_eq(hx_field_number(r, HX_F_SIM_LL_PER_UNIT), 0.25);
	cr_expect_eq(hx_field_number(r, HX_F_TIME_COLD), 0.5);
	f = open_memstream(&line, &len);
	hx_result_print_line(f, r);
	fclose(f);
	cr_expect(strstr(line, "D1 0.5") != NULL, "%s", line);
	free(line);
	json_decref(r);
	hx_record_free(&rec);
}

Test(fields, paths_columns_and_names_are_unique)
{
	for (int i = 0; i < HX_F_COUNT; i++) {
		for (int j = i + 1; j < HX_F_COUNT; j++) {
			const hx_field_t *a = &hx_fields[i], *b = &hx_fields[j];
			cr_expect(
			    strcmp(a->path, b->path) != 0, "%s twice", a->path);
			cr_expect(a->csv == NULL || b->csv == NULL ||
				strcmp(a->csv, b->csv) != 0,
			    "column %s twice", a->csv);
			cr_expect(a->gbench == NULL || b->gbench == NULL ||
				strcmp(a->gbench, b->gbench) != 0,
			    "gbench %s twice", a->gbench);
		}
	}
}
