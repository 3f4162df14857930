/*
 * Unit tests of the report's data module (reports/rp_data) and figure
 * gathering (reports/rp_figure) on crafted result files in a temporary
 * folder: variants in the data's order, runs found by name and parameters
 * whatever their position, set patterns, allocators, why a run is missing,
 * the "data measured" date from the results' own fields, two runs' times
 * compared by their samples (rp_data_speedup) and a simulation's
 * instructions per unit. Then the committed reports/data: every declared
 * figure has rows, and loading and freeing leaks nothing (the sanitizer
 * build checks).
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fb_data_dir.h"
#include "rp_data.h"
#include "rp_figure.h"
#include "rp_report.h"
#include "variant.h"

static char dir[] = "/tmp/fb_rp_data_XXXXXX";

/* dir/name with text. */
static void
write_file(const char *name, const char *text)
{
	fb_write_file(dir, name, text);
}

#define RUN(set_variant, status, n, alloc, date)                               \
	"{\"workload\":\"interp\",\"variant\":\"" set_variant                  \
	"\",\"status\":\"" status "\",\"reason\":\"crashed\",\"params\":"      \
	"{\"n\":" n "},\"machine\":{\"allocator\":\"" alloc "\"}" date "}\n"
#define DATE(d) ",\"date\":\"" d "\""

static void
make_data(int with_dates)
{
	cr_assert(mkdtemp(dir) != NULL);
	/* main: b before a; b at two sizes; x failed. */
	write_file("interp-main.jsonl",
	    RUN("b", "ok", "100", "jemalloc 5.3", "") RUN("a", "ok", "1000",
		"jemalloc 5.3", "") RUN("b", "ok", "1000", "jemalloc 5.3", "")
		RUN("x", "failed", "1000", "jemalloc 5.3", ""));
	write_file("interp-scale.jsonl",
	    with_dates ? RUN("c", "ok", "10", "jemalloc 5.3",
			     DATE("2026-11-30T12:34:56Z")) RUN("a", "ok", "10",
			     "jemalloc 5.3", DATE("2026-12-01T01:02:03Z"))
		       : RUN("c", "ok", "10", "jemalloc 5.3", "")
			     RUN("a", "ok", "10", "jemalloc 5.3", ""));
	write_file(
	    "interp-glibc.jsonl", RUN("a", "ok", "10", "glibc 2.36", ""));
}

static void
remove_data(void)
{
	char cmd[256];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_expect_eq(system(cmd), 0);
	strcpy(dir, "/tmp/fb_rp_data_XXXXXX");
}

static void
load(rp_data_t *D)
{
	char msg[512] = "";
	cr_assert_eq(rp_data_load(D, dir, msg, sizeof(msg)), 0, "%s", msg);
}

Test(report_data, variants_in_the_data_order_main_sets_first)
{
	rp_data_t D;
	const char *vs[8];
	rp_query_t glibc = {.set = "interp-glibc*", .alloc = RP_ALLOC_GLIBC};
	size_t n;

	make_data(0);
	load(&D);
	n = rp_data_variants(&D, "interp", NULL, vs, 8);
	cr_assert_eq(n, 4);
	cr_expect_str_eq(vs[0], "b");
	cr_expect_str_eq(vs[1], "a");
	cr_expect_str_eq(vs[2], "x");
	cr_expect_str_eq(vs[3], "c");
	n = rp_data_variants(&D, "interp", &glibc, vs, 8);
	cr_assert_eq(n, 1);
	cr_expect_str_eq(vs[0], "a");
	cr_expect_eq(rp_data_variants(&D, "colony", NULL, vs, 8), 0);
	rp_data_free(&D);
	remove_data();
}

/* A variant's loops and notes: from its result, else (data older than
 * the fields) from the variant table, else none. */
Test(report_data, variant_text_from_the_result_then_the_table)
{
	rp_data_t D;

	cr_assert(mkdtemp(dir) != NULL);
	write_file("interp-main.jsonl",
	    "{\"workload\":\"interp\",\"variant\":\"new\",\"status\":"
	    "\"ok\",\"params\":{\"n\":10},\"loops\":\"for a: b\","
	    "\"notes\":\"keeps c\"}\n"
	    "{\"workload\":\"interp\",\"variant\":\"fused\",\"status\":"
	    "\"ok\",\"params\":{\"n\":10}}\n"
	    "{\"workload\":\"interp\",\"variant\":\"old\",\"status\":"
	    "\"ok\",\"params\":{\"n\":10}}\n");
	load(&D);
	cr_expect_str_eq(
	    rp_data_variant_text(&D, "interp", "new", "loops"), "for a: b");
	cr_expect_str_eq(
	    rp_data_variant_text(&D, "interp", "new", "notes"), "keeps c");
	/* interp/fused's result predates the fields: its variant's own. */
	cr_expect_str_eq(rp_data_variant_text(&D, "interp", "fused", "loops"),
	    variant_find("interp", "fused")->loops);
	cr_expect(strstr(rp_data_variant_text(&D, "interp", "fused", "loops"),
		      "for n: for i:") != NULL);
	cr_expect(rp_data_variant_text(&D, "interp", "old", "loops") == NULL);
	cr_expect(rp_data_variant_text(&D, "interp", "new", "other") == NULL);
	rp_data_free(&D);
	remove_data();
}

Test(report_data, runs_found_by_name_and_parameters)
{
	rp_data_t D;
	rp_query_t q = {.set = "interp-main",
	    .workload = "interp",
	    .variant = "b",
	    .n = 100};
	const json_t *r;

	make_data(0);
	load(&D);
	r = rp_data_find(&D, &q);
	cr_assert(r != NULL);
	cr_expect_eq(rp_num(r, "params.n"), 100);
	/* The main run is at the set's largest N, not the first line. */
	r = rp_data_main(&D, "interp-main*", "interp", "b");
	cr_assert(r != NULL);
	cr_expect_eq(rp_num(r, "params.n"), 1000);
	cr_expect_eq(rp_data_max_n(&D, "interp-main*", "interp"), 1000);
	cr_expect(isnan(rp_data_max_n(&D, "colony-main*", "colony")));
	/* The largest N of a query: a's at 1000 of its three runs, the
	 * first of a and b at 1000 when any variant will do. */
	q = (rp_query_t){.variant = "a"};
	cr_assert_not_null(r = rp_data_largest(&D, &q));
	cr_expect_eq(rp_field(r, RP_F_N), 1000);
	cr_expect_str_eq(rp_field_str(r, RP_F_VARIANT), "a");
	q = (rp_query_t){.set = "interp-main"};
	cr_assert_not_null(r = rp_data_largest(&D, &q));
	cr_expect_str_eq(rp_field_str(r, RP_F_VARIANT), "a");
	q.set = "colony-main";
	cr_expect_null(rp_data_largest(&D, &q));
	q = (rp_query_t){.set = "interp-main",
	    .workload = "interp",
	    .variant = "b",
	    .n = 100};
	/* A set name is exact; a trailing '*' makes it a prefix. */
	q.set = "interp";
	cr_expect_null(rp_data_find(&D, &q));
	q.set = "interp*";
	cr_expect_not_null(rp_data_find(&D, &q));
	/* Allocators. */
	q = (rp_query_t){.variant = "a", .n = 10, .alloc = RP_ALLOC_GLIBC};
	cr_assert_not_null(r = rp_data_find(&D, &q));
	cr_expect_str_eq(rp_str(r, "_set"), "interp-glibc");
	cr_expect_str_eq(rp_data_alloc_name(r), "glibc malloc");
	q.alloc = RP_ALLOC_JEMALLOC;
	cr_assert_not_null(r = rp_data_find(&D, &q));
	cr_expect_str_eq(rp_str(r, "_set"), "interp-scale");
	/* A failed run is not found unless asked for. */
	q = (rp_query_t){.set = "interp-main*", .variant = "x"};
	cr_expect_null(rp_data_find(&D, &q));
	cr_expect_null(rp_data_main(&D, "interp-main*", "interp", "x"));
	q.any_status = 1;
	cr_expect_not_null(rp_data_find(&D, &q));
	rp_data_free(&D);
	remove_data();
}

/* A run without params.n (a plugin's own data) is smaller than any run
 * with one, whichever comes first, for the largest N and its run alike:
 * the two once disagreed, rp_data_largest keeping the first run when it
 * had no N. */
Test(report_data, a_run_without_n_is_the_smallest)
{
	rp_data_t D;
	rp_query_t q = {.set = "interp-odd", .variant = "a"};
	const json_t *r;

	cr_assert(mkdtemp(dir) != NULL);
	write_file("interp-odd.jsonl",
	    "{\"workload\":\"interp\",\"variant\":\"a\",\"status\":"
	    "\"ok\",\"params\":{\"m\":3}}\n" RUN("a", "ok", "50",
		"jemalloc 5.3", "") RUN("a", "ok", "20", "jemalloc 5.3", ""));
	load(&D);
	cr_expect_eq(rp_data_max_n(&D, "interp-odd", "interp"), 50);
	cr_assert_not_null(r = rp_data_largest(&D, &q));
	cr_expect_eq(rp_field(r, RP_F_N), 50);
	cr_assert_not_null(r = rp_data_main(&D, "interp-odd", "interp", "a"));
	cr_expect_eq(rp_field(r, RP_F_N), 50);
	rp_data_free(&D);
	remove_data();
}

/* A field read by identifier is the field at its path: the harness's by
 * its own table, the report's own list beside them, each path once. */
Test(report_data, a_query_keeps_runs_timed_often_enough)
{
	json_t *once = json_loads(
	    "{\"status\":\"ok\",\"time_s\":{\"repeats\":1}}", 0, NULL);
	json_t *twice = json_loads(
	    "{\"status\":\"ok\",\"time_s\":{\"repeats\":2}}", 0, NULL);
	json_t *cold = json_loads("{\"status\":\"ok\"}", 0, NULL);
	rp_data_t D = {.runs = json_array()};
	rp_query_t q = {.min_repeats = 2};
	size_t i = 0;

	cr_assert(once != NULL && twice != NULL && cold != NULL);
	json_array_append_new(D.runs, once);
	json_array_append_new(D.runs, twice);
	json_array_append_new(D.runs, cold);
	/* Timed twice: twice only. */
	cr_expect_eq(rp_data_next(&D, &q, &i), twice);
	cr_expect_null(rp_data_next(&D, &q, &i));
	/* Any repeats: every run. */
	q.min_repeats = 0;
	i = 0;
	cr_expect_eq(rp_data_next(&D, &q, &i), once);
	cr_expect_eq(rp_data_next(&D, &q, &i), twice);
	cr_expect_eq(rp_data_next(&D, &q, &i), cold);
	json_decref(D.runs);
}

Test(report_data, fields_by_identifier)
{
	json_t *r = json_loads("{\"params\":{\"n\":300,\"m\":7},"
			       "\"time_s\":{\"median\":0.5,\"ci95\":[0.25,1]},"
			       "\"variant\":\"fused\"}",
	    0, NULL);

	cr_assert_not_null(r);
	cr_expect_eq(rp_field(r, RP_F_N), 300);
	cr_expect_eq(rp_field(r, RP_F_M), 7);
	cr_expect_eq(rp_field(r, RP_F_TIME_MEDIAN), 0.5);
	cr_expect_eq(rp_field(r, RP_F_TIME_CI_HI), 1);
	cr_expect(isnan(rp_field(r, RP_F_STEPS)));
	cr_expect(isnan(rp_field(NULL, RP_F_N)));
	cr_expect(isnan(rp_field(r, RP_F_COUNT)));
	cr_expect_str_eq(rp_field_str(r, RP_F_VARIANT), "fused");
	cr_expect_str_eq(rp_field_str(r, RP_F_WORKLOAD), "");
	cr_expect_str_eq(rp_field_str(NULL, RP_F_VARIANT), "");
	cr_expect_eq(
	    rp_field_json(r, RP_F_PARAMS), json_object_get(r, "params"));
	cr_expect_eq(json_array_size(rp_field_json(r, RP_F_TIME_CI)), 2);
	cr_expect_null(rp_field_json(r, RP_F_COUNTERS));
	for (int i = 0; i < HX_F_COUNT; i++)
		cr_expect_str_eq(rp_field_path((rp_field_t)(i + 1)),
		    hx_fields[i].path, "%d", i);
	cr_expect_null(rp_field_path(RP_F_NONE));
	cr_expect(isnan(rp_field(r, RP_F_NONE)));
	for (int i = 1; i < RP_F_COUNT; i++) {
		cr_assert_not_null(rp_field_path((rp_field_t)i));
		for (int j = i + 1; j < RP_F_COUNT; j++)
			cr_expect_str_neq(rp_field_path((rp_field_t)i),
			    rp_field_path((rp_field_t)j));
	}
	cr_expect_null(rp_field_path(RP_F_COUNT));
	json_decref(r);
}

Test(report_data, says_why_a_run_is_missing)
{
	rp_data_t D;
	rp_query_t q = {
	    .set = "interp-main*", .workload = "interp", .variant = "x"};
	char why[256];

	make_data(0);
	load(&D);
	cr_expect_str_eq(rp_data_why_missing(&D, &q, why, sizeof(why)),
	    "interp/x was failed: crashed");
	q.variant = "z";
	cr_expect_str_eq(rp_data_why_missing(&D, &q, why, sizeof(why)),
	    "no interp/z run in the interp-main data");
	rp_data_free(&D);
	remove_data();
}

Test(report_data, date_from_the_results_not_the_files)
{
	rp_data_t D;
	char when[64];

	make_data(0);
	load(&D);
	cr_expect_str_eq(
	    rp_data_date(&D, when, sizeof(when)), "not recorded in the data");
	rp_data_free(&D);
	remove_data();
	make_data(1);
	load(&D);
	cr_expect_str_eq(rp_data_date(&D, when, sizeof(when)),
	    "2026-12-01 01:02 UTC", "the latest of the two dates");
	rp_data_free(&D);
	remove_data();
}

Test(report_data, refuses_a_folder_without_results)
{
	rp_data_t D;
	char msg[512] = "";

	cr_assert(mkdtemp(dir) != NULL);
	cr_expect_eq(rp_data_load(&D, dir, msg, sizeof(msg)), -1);
	cr_expect(strstr(msg, "no *.jsonl result files") != NULL, "%s", msg);
	write_file("bad.jsonl", "{\"not\": \"a result\"}\n");
	cr_expect_eq(rp_data_load(&D, dir, msg, sizeof(msg)), -1);
	cr_expect(strstr(msg, "bad.jsonl") != NULL, "%s", msg);
	cr_expect_eq(rp_data_load(&D, "/nonexistent", msg, sizeof(msg)), -1);
	remove_data();
}

/* Whether any run was measured with more than one thread. */
static int
data_has_threads(const rp_data_t *D)
{
	size_t i;
	json_t *r;

	json_array_foreach(D->runs, i, r)
	{
		if (rp_num(r, "params.threads") > 1)
			return 1;
	}
	return 0;
}

/* The committed data: every declared figure has rows, and the date line is
 * fixed (the data predates the "date" field), so the report regenerates
 * the same. */
Test(report_data, committed_data_fills_every_figure)
{
	rp_data_t D;
	char msg[512] = "", when[64];

	if (access("reports/data/interp-main.jsonl", R_OK) != 0)
		cr_skip_test("run from the repository root");
	cr_assert_eq(
	    rp_data_load(&D, "reports/data", msg, sizeof(msg)), 0, "%s", msg);
	cr_expect_gt(json_array_size(D.runs), 50);
	cr_expect_not_null(D.ceilings);
	cr_expect_not_null(D.overhead);
	for (size_t i = 0; i < rp_figures_count; i++) {
		rp_plot_t P;
		/* Data from before --threads has no threaded sets (their
		 * figures are checked once make report has made them). */
		if (strstr(rp_figures[i].name, "-threads") != NULL &&
		    !data_has_threads(&D)) {
			cr_log_info("%s: the committed data has no threaded "
				    "runs",
			    rp_figures[i].name);
			continue;
		}
		cr_expect_eq(rp_figure_collect(&D, &rp_figures[i], &P), 0);
		cr_expect_gt(rp_figure_rows(&P), 0, "%s has no rows",
		    rp_figures[i].name);
		rp_figure_free(&P);
	}
	if (strcmp(rp_data_date(&D, when, sizeof(when)),
		"not recorded in the data") != 0)
		cr_log_info("committed data carries dates: %s", when);
	rp_data_free(&D);
}

/* A scaling figure reads its sets in their order, and a variant's row at
 * an N is the first set's: colony's time figure draws colony-eager's
 * eager (N=512 to 2048) and keeps naive's rows colony-scale's, one an N,
 * though colony-eager has naive at three of them too. */
Test(report_data, a_scaling_figure_takes_each_n_from_its_first_set)
{
	rp_data_t D;
	rp_plot_t P;
	char msg[512] = "";
	const rp_block_t *eager, *naive;
	rp_query_t q = {.set = "colony-scale",
	    .workload = "colony",
	    .variant = "naive",
	    .n = 512,
	    .alloc = RP_ALLOC_JEMALLOC};

	if (access("reports/data/colony-eager.jsonl", R_OK) != 0)
		cr_skip_test("run from the repository root");
	cr_assert_eq(
	    rp_data_load(&D, "reports/data", msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(
	    rp_figure_collect(&D, rp_figure_find("fig-colony-time"), &P), 0);
	eager = rp_figure_block(&P, "eager");
	naive = rp_figure_block(&P, "naive");
	cr_assert_not_null(eager, "no eager in the colony time figure");
	cr_assert_not_null(naive);
	cr_expect_eq(eager->nrows, 3);
	cr_expect_eq(eager->rows[0].v[0], 512);
	cr_expect_eq(eager->rows[2].v[0], 2048);
	cr_expect_eq(naive->nrows, 5, "naive: %zu rows", naive->nrows);
	for (size_t j = 1; j < naive->nrows; j++)
		cr_expect_gt(naive->rows[j].v[0], naive->rows[j - 1].v[0]);
	cr_expect_eq(naive->rows[0].v[1],
	    rp_field(rp_data_find(&D, &q), RP_F_STEPS_MEDIAN),
	    "naive at 512 is not colony-scale's");
	rp_figure_free(&P);
	rp_data_free(&D);
}

/* The interval is called a confidence interval only from six timed runs
 * (the range of five holds the median 93.75% of the time, under 95%);
 * a peak under jemalloc's 64 KiB grain is never printed as measured. */
Test(report_data, intervals_and_small_peaks_as_printed)
{
	static const struct {
		const char *json, *want;
	} cases[] = {
	    {"{\"time_s\":{\"repeats\":6,\"min\":1,\"max\":4,\"ci95\":[2,3]}}",
		"95% CI 2 s-3 s, n = 6"},
	    {"{\"time_s\":{\"repeats\":5,\"min\":1,\"max\":4,\"ci95\":[1,4]}}",
		"range 1 s-4 s, n = 5"},
	    {"{\"time_s\":{\"repeats\":4,\"min\":1,\"max\":4,\"ci95\":[2,3]}}",
		"range 1 s-4 s, n = 4"},
	    {"{\"time_s\":{\"repeats\":1,\"min\":1,\"max\":1}}",
		"one timed run"},
	    {"{\"time_s\":{\"repeats\":0}}", "cold run only"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		json_t *r = json_loads(cases[i].json, 0, NULL);
		cr_assert(r != NULL);
		cr_expect_str_eq(
		    rp_report_interval(r), cases[i].want, "%s", cases[i].json);
		json_decref(r);
	}
	json_t *p = json_loads(
	    "{\"memory\":{\"peak_workspace_bytes\":65535}}", 0, NULL);
	cr_expect_str_eq(rp_report_peak(p), "< 64 KiB");
	json_object_set_new(json_object_get(p, "memory"),
	    "peak_workspace_bytes", json_real(65536));
	cr_expect_str_eq(rp_report_peak(p), "65.5 kB");
	json_object_set_new(
	    json_object_get(p, "memory"), "peak_workspace_bytes", json_real(0));
	cr_expect_str_eq(rp_report_peak(p), "< 64 KiB");
	json_decref(p);
}

/* A run timed by samples (a JSON list; NULL: none) and, where steps is
 * not NULL, by steps. */
static json_t *
timed_run(const char *samples, const char *steps)
{
	char text[512];
	json_t *r;

	snprintf(text, sizeof(text), "{\"time_s\":{%s%s%s}%s%s%s}",
	    samples ? "\"samples\":[" : "", samples ? samples : "",
	    samples ? "]" : "", steps ? ",\"steps_s\":{\"samples\":[" : "",
	    steps ? steps : "", steps ? "]}" : "");
	cr_assert_not_null(r = json_loads(text, 0, NULL), "%s", text);
	return r;
}

/* Two runs whose samples lie apart: the second is faster, its speed-up
 * (not the ratio of medians the verdict computes) inside the span the
 * medians allow; the other way round: 0, not undecided; a margin past
 * the speed-up: the same within it (0), one short of it: faster. */
Test(report_data, speedup_of_separated_runs)
{
	/* a: medians 2.0, spread 0.04 / 2.0; b: median 1.0, spread 0.04. */
	json_t *a = timed_run("2.0,2.02,1.98,2.01,1.99,2.0", NULL);
	json_t *b = timed_run("1.0,1.03,0.99,1.005,0.995", NULL);
	rp_speedup_t s = rp_data_speedup(a, b, 0.0, 0.95);

	cr_expect_eq(s.faster, 1.0, "faster %g", s.faster);
	cr_expect(s.lo >= 1.98 / 1.03 && s.lo <= 2.0, "lo %g", s.lo);
	cr_expect(s.hi >= 2.0 && s.hi <= 2.02 / 0.99, "hi %g", s.hi);
	cr_expect_float_eq(s.spread, 0.04, 1e-12, "spread %g", s.spread);
	cr_expect_eq(s.samples, 5, "samples %zu", s.samples);

	s = rp_data_speedup(b, a, 0.0, 0.95);
	cr_expect_eq(s.faster, 0.0, "faster %g", s.faster);
	cr_expect(
	    s.lo >= 0.99 / 2.02 && s.hi <= 1.03 / 1.98, "%g to %g", s.lo, s.hi);
	/* About 2x: beyond 1.9x, not beyond 2.1x. */
	cr_expect_eq(rp_data_speedup(a, b, 0.9, 0.95).faster, 1.0);
	cr_expect_eq(rp_data_speedup(a, b, 1.1, 0.95).faster, 0.0);
	json_decref(a);
	json_decref(b);
}

/* The claim "b is faster beyond the margin" decided no where the interval
 * of the speed-up lies at or below 1 + margin, though the verdict's word
 * is "not decided" (the interval reaches below 1 / (1 + margin), so it is
 * neither "first is faster" nor "the same"): b about 7% slower. Beyond a
 * margin it could still reach, not decided. */
Test(report_data, speedup_excluded_by_its_interval_is_no)
{
	json_t *a = timed_run("1.0,1.05,0.95,1.02,0.98", NULL);
	json_t *b = timed_run("1.07,1.12,1.02,1.09,1.05", NULL);
	rp_speedup_t s = rp_data_speedup(a, b, 0.10, 0.95);

	cr_assert(s.lo < 1 / 1.10 && s.hi <= 1.10, "%g to %g", s.lo, s.hi);
	cr_expect_eq(s.faster, 0.0, "faster %g", s.faster);
	/* Against a's own samples shifted up by half: b reaches past 1.10x. */
	json_t *c = timed_run("0.9,1.2,0.8,1.25,0.85", NULL);
	s = rp_data_speedup(b, c, 0.10, 0.95);
	cr_assert(s.hi > 1.10, "%g to %g", s.lo, s.hi);
	cr_expect(isnan(s.faster), "faster %g", s.faster);
	/* Two runs a side, apart as far: no U test can decide at 95%, so
	 * neither can the interval. */
	json_t *a2 = timed_run("1.0,1.05", NULL),
	       *b2 = timed_run("1.07,1.12", NULL);
	s = rp_data_speedup(a2, b2, 0.10, 0.95);
	cr_assert(s.hi <= 1.10, "%g to %g", s.lo, s.hi);
	cr_expect(isnan(s.faster), "faster %g", s.faster);
	json_decref(a2);
	json_decref(b2);
	json_decref(a);
	json_decref(b);
	json_decref(c);
}

/* The claim rule at its bounds: yes whatever the interval; no with the
 * interval's top at 1 + margin exactly, not decided just above it; and
 * not decided from 2 samples a side (least p 1/3) or from 3 against 4
 * (2/35, above 0.05), decided from 4 a side (2/70). */
Test(report_data, claim_at_its_bounds)
{
	cr_expect_eq(rp_data_claim(1, 5.0, 0.10, 2, 2, 0.95), 1.0);
	cr_expect_eq(rp_data_claim(0, 1.10, 0.10, 5, 5, 0.95), 0.0);
	cr_expect(isnan(rp_data_claim(0, 1.1001, 0.10, 5, 5, 0.95)));
	cr_expect(isnan(rp_data_claim(0, 0.5, 0.10, 2, 2, 0.95)));
	cr_expect(isnan(rp_data_claim(0, 0.5, 0.10, 3, 4, 0.95)));
	cr_expect_eq(rp_data_claim(0, 0.5, 0.10, 4, 4, 0.95), 0.0);
	cr_expect(isnan(rp_data_claim(0, NAN, 0.10, 5, 5, 0.95)));
}

/* Samples spread over each other: not decided (NAN), with the interval
 * across 1; a run without samples or with one: nothing computed, and
 * samples says so; a run that times steps is compared by its steps. */
Test(report_data, speedup_undecided_or_not_measured)
{
	json_t *a = timed_run("1.0,1.05,0.95,1.02,0.98", NULL);
	json_t *b = timed_run("1.01,0.96,1.04,0.99,1.0", NULL);
	json_t *none = timed_run(NULL, NULL), *one = timed_run("0.5", NULL);
	json_t *sa = timed_run("1.0,1.05,0.95,1.02,0.98", "2.0,2.01,1.99");
	json_t *sb = timed_run("1.01,0.96,1.04,0.99,1.0", "1.0,1.01,0.99");
	rp_speedup_t s = rp_data_speedup(a, b, 0.0, 0.95);

	cr_expect(isnan(s.faster), "faster %g", s.faster);
	cr_expect(s.lo < 1.0 && s.hi > 1.0, "%g to %g", s.lo, s.hi);
	cr_expect_float_eq(s.spread, 0.1, 1e-12, "spread %g", s.spread);
	cr_expect_eq(s.samples, 5);
	const json_t *lacking[] = {none, one, NULL};
	for (int i = 0; i < 3; i++) {
		s = rp_data_speedup(a, lacking[i], 0.0, 0.95);
		cr_expect(isnan(s.faster) && isnan(s.lo) && isnan(s.hi) &&
			isnan(s.spread),
		    "run %d: %g %g %g %g", i, s.faster, s.lo, s.hi, s.spread);
		cr_expect_eq(
		    s.samples, i == 1 ? 1 : 0, "run %d: %zu", i, s.samples);
	}
	s = rp_data_speedup(sa, sb, 0.0, 0.95);
	cr_expect(s.samples == 3 && s.lo > 1.9, "%zu, %g", s.samples, s.lo);
	json_decref(a);
	json_decref(b);
	json_decref(none);
	json_decref(one);
	json_decref(sa);
	json_decref(sb);
}

/* Instructions per unit: the simulation's own figure where it has one
 * (here deliberately not Ir / units), else Ir / units; none without a
 * simulation. */
Test(report_data, instructions_per_unit_of_a_simulation)
{
	json_t *now = json_loads("{\"cachesim\":{\"Ir\":900,"
				 "\"instructions_per_unit\":7.5},"
				 "\"work\":{\"units\":100}}",
	    0, NULL);
	json_t *old = json_loads(
	    "{\"cachesim\":{\"Ir\":900},\"work\":{\"units\":100}}", 0, NULL);

	cr_assert(now != NULL && old != NULL);
	cr_expect_eq(rp_data_insn_per_unit(now), 7.5);
	cr_expect_eq(rp_data_insn_per_unit(old), 9.0);
	cr_expect(isnan(rp_data_insn_per_unit(NULL)));
	json_decref(now);
	json_decref(old);
}
