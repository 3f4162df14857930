/*
 * Unit tests of hx_compare: crafted result objects whose verdicts are known
 * by construction (a clear slowdown, noise around the same median, memory
 * growth, small changes under the threshold), and the file loader.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hx_compare.h"
#include "hx_gbench.h"
#include "hx_result.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* A minimal result object with the given samples and peak workspace. */
static json_t *
make_result(const char *variant, const double *t, size_t n, double peak)
{
	json_t *samples = json_array();
	double sorted[64];

	cr_assert(n <= 64);
	for (size_t i = 0; i < n; i++) {
		json_array_append_new(samples, json_real(t[i]));
		sorted[i] = t[i];
	}
	/* The median as the harness writes it. */
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
			double x = sorted[j];
			sorted[j] = sorted[j - 1];
			sorted[j - 1] = x;
		}
	double med =
	    n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
	return json_pack("{s:s, s:s, s:s, s:{s:I, s:I, s:I, s:s, s:I, s:I, "
			 "s:I, s:I}, s:{s:f, s:o}, s:{s:f}}",
	    "workload", "interp", "variant", variant, "status", "ok", "params",
	    "n", (json_int_t)100000, "m", (json_int_t)300, "g",
	    (json_int_t)4096, "preset", "random", "seed", (json_int_t)42,
	    "chunk", (json_int_t)0, "tile", (json_int_t)0, "steps",
	    (json_int_t)1, "time_s", "median", med, "samples", samples,
	    "memory", "peak_workspace_bytes", peak);
}

Test(compare, twenty_percent_slower_with_separated_samples_is_flagged)
{
	const double before[] = {1.00, 1.01, 0.99, 1.02, 0.98, 1.00, 1.01};
	const double after[] = {1.20, 1.21, 1.19, 1.22, 1.18, 1.20, 1.21};
	json_t *a = make_result("fused", before, ARRAY_LEN(before), 1e6);
	json_t *b = make_result("fused", after, ARRAY_LEN(after), 1e6);
	hx_compare_opts_t o;
	hx_compare_verdict_t v;

	hx_compare_opts_init(&o);
	cr_assert_eq(hx_compare_runs(a, b, &o, &v), 0);
	cr_assert(v.time_tested);
	cr_assert(fabs(v.time_change_pct - 20.0) < 1e-9,
	    "change %g%%, want +20%%", v.time_change_pct);
	cr_assert(
	    v.p < 0.01, "p = %g for fully separated samples of 7 and 7", v.p);
	cr_assert(v.slower && v.regression && !v.memory_grew,
	    "slower %d regression %d memory %d (p %g)", v.slower, v.regression,
	    v.memory_grew, v.p);
	json_decref(a);
	json_decref(b);
}

Test(compare, same_median_with_overlapping_noise_is_not_flagged)
{
	/* Medians equal (1.00), spreads of +-30% interleaved. */
	const double before[] = {0.70, 1.30, 0.90, 1.00, 1.10, 0.80, 1.20};
	const double after[] = {1.25, 0.75, 1.05, 1.00, 0.95, 1.28, 0.72};
	json_t *a = make_result("chunked", before, ARRAY_LEN(before), 5e6);
	json_t *b = make_result("chunked", after, ARRAY_LEN(after), 5e6);
	hx_compare_opts_t o;
	hx_compare_verdict_t v;

	hx_compare_opts_init(&o);
	cr_assert_eq(hx_compare_runs(a, b, &o, &v), 0);
	cr_assert(v.p > 0.5, "p = %g for interleaved samples", v.p);
	cr_assert(!v.slower && !v.faster && !v.regression,
	    "noise flagged: change %g%% p %g", v.time_change_pct, v.p);
	json_decref(a);
	json_decref(b);
}

Test(compare, noisy_slowdown_beyond_threshold_but_not_significant)
{
	/* The new median is 10% higher, but the samples overlap so much that
	 * the test cannot tell them apart: not a regression. */
	const double before[] = {0.6, 1.0, 1.4, 0.8, 1.2};
	const double after[] = {0.7, 1.1, 1.5, 0.9, 1.3};
	json_t *a = make_result("tiled", before, ARRAY_LEN(before), 0);
	json_t *b = make_result("tiled", after, ARRAY_LEN(after), 0);
	hx_compare_opts_t o;
	hx_compare_verdict_t v;

	hx_compare_opts_init(&o);
	cr_assert_eq(hx_compare_runs(a, b, &o, &v), 0);
	cr_assert(v.time_change_pct > 5.0, "change %g%%", v.time_change_pct);
	cr_assert(v.p >= o.alpha, "p = %g", v.p);
	cr_assert(!v.regression);
	json_decref(a);
	json_decref(b);
}

Test(compare, significant_change_under_threshold_is_not_flagged)
{
	const double before[] = {1.00, 1.001, 1.002, 1.003, 1.004, 1.005};
	const double after[] = {1.03, 1.031, 1.032, 1.033, 1.034, 1.035};
	json_t *a = make_result("hoisted", before, ARRAY_LEN(before), 0);
	json_t *b = make_result("hoisted", after, ARRAY_LEN(after), 0);
	hx_compare_opts_t o;
	hx_compare_verdict_t v;

	hx_compare_opts_init(&o);
	cr_assert_eq(hx_compare_runs(a, b, &o, &v), 0);
	cr_assert(v.p < 0.01, "p = %g", v.p);
	cr_assert(
	    !v.slower && !v.regression, "+3%% flagged at a 5%% threshold");
	o.threshold_pct = 2.0;
	cr_assert_eq(hx_compare_runs(a, b, &o, &v), 0);
	cr_assert(v.slower && v.regression, "+3%% not flagged at 2%%");
	json_decref(a);
	json_decref(b);
}

Test(compare, memory_growth_is_flagged_and_tiny_growth_is_not)
{
	const double t[] = {1.0, 1.01, 0.99, 1.0, 1.02};
	json_t *a = make_result("materialized", t, ARRAY_LEN(t), 120e6);
	json_t *b = make_result("materialized", t, ARRAY_LEN(t), 150e6);
	json_t *c = make_result("fused", t, ARRAY_LEN(t), 0);
	json_t *d = make_result("fused", t, ARRAY_LEN(t), 64);
	hx_compare_opts_t o;
	hx_compare_verdict_t v;

	hx_compare_opts_init(&o);
	cr_assert_eq(hx_compare_runs(a, b, &o, &v), 0);
	cr_assert(v.memory_grew && v.regression && !v.slower,
	    "120 MB -> 150 MB: grew %d regression %d", v.memory_grew,
	    v.regression);
	cr_assert(
	    fabs(v.peak_change_pct - 25.0) < 1e-9, "%g", v.peak_change_pct);
	cr_assert_eq(hx_compare_runs(c, d, &o, &v), 0);
	cr_assert(!v.memory_grew && !v.regression,
	    "0 B -> 64 B must stay under the floor");
	/* Shrinking is never a regression. */
	cr_assert_eq(hx_compare_runs(b, a, &o, &v), 0);
	cr_assert(!v.regression);
	json_decref(a);
	json_decref(b);
	json_decref(c);
	json_decref(d);
}

Test(compare, single_samples_are_untested)
{
	const double before[] = {1.0}, after[] = {2.0};
	json_t *a = make_result("eager", before, 1, 1e9);
	json_t *b = make_result("eager", after, 1, 1e9);
	hx_compare_opts_t o;
	hx_compare_verdict_t v;

	hx_compare_opts_init(&o);
	cr_assert_eq(hx_compare_runs(a, b, &o, &v), 0);
	cr_assert(!v.time_tested && isnan(v.p) && !v.regression,
	    "one sample a side cannot be significant");
	cr_assert(fabs(v.time_change_pct - 100.0) < 1e-9);
	json_decref(a);
	json_decref(b);
}

/* Every sample doubled: 3 against 3 cannot reach p < 0.05 (its floor is
 * 2 / C(6,3) = 0.1), so the verdict is inconclusive with the repeats that
 * would decide; 12 against 12 can, and flags it. */
Test(compare, doubled_three_a_side_is_inconclusive_twelve_is_flagged)
{
	double t3[3] = {1.0, 1.02, 0.98}, d3[3], t12[12], d12[12];
	hx_compare_opts_t o;
	hx_compare_verdict_t v;
	json_t *a, *b;

	for (int i = 0; i < 3; i++)
		d3[i] = 2 * t3[i];
	for (int i = 0; i < 12; i++) {
		t12[i] = 1.0 + 0.001 * ((i * 7) % 12);
		d12[i] = 2 * t12[i];
	}
	hx_compare_opts_init(&o);
	a = make_result("fused", t3, 3, 0);
	b = make_result("fused", d3, 3, 0);
	cr_assert_eq(hx_compare_runs(a, b, &o, &v), 0);
	cr_expect(
	    fabs(v.min_p - 0.1) < 1e-12, "min p %g, expected 0.1", v.min_p);
	cr_expect(v.inconclusive && !v.regression && !v.slower);
	cr_expect(v.repeats_needed == 4, "needs %zu", v.repeats_needed);
	cr_expect(v.ratio_lo <= 2.0 && 2.0 <= v.ratio_hi,
	    "ratio interval [%g, %g] misses 2", v.ratio_lo, v.ratio_hi);
	json_decref(a);
	json_decref(b);
	a = make_result("fused", t12, 12, 0);
	b = make_result("fused", d12, 12, 0);
	cr_assert_eq(hx_compare_runs(a, b, &o, &v), 0);
	cr_expect(v.regression && v.slower && !v.inconclusive,
	    "12 a side doubled: p %g", v.p);
	cr_expect(v.min_p < 1e-4, "min p %g", v.min_p);
	json_decref(a);
	json_decref(b);
}

Test(compare, repeats_needed_follows_alpha)
{
	/* 2 / C(8,4) = 0.029 < 0.05; 2 / C(6,3) = 0.1; 2 / C(10,5) =
	 * 0.0079 < 0.01 while 2 / C(8,4) is not. */
	cr_expect_eq(hx_compare_repeats_needed(0.05), 4);
	cr_expect_eq(hx_compare_repeats_needed(0.01), 5);
	cr_expect_eq(hx_compare_repeats_needed(0.2), 3);
}

Test(compare, matching_by_params)
{
	const double t[] = {1.0, 1.1};
	json_t *a = make_result("chunked", t, 2, 0);
	json_t *b = make_result("chunked", t, 2, 0);
	json_t *c = make_result("fused", t, 2, 0);

	cr_assert(hx_compare_same_run(a, b));
	cr_assert(!hx_compare_same_run(a, c));
	json_object_set_new(
	    json_object_get(b, "params"), "chunk", json_integer(1000));
	cr_assert(!hx_compare_same_run(a, b), "chunk 0 and 1000 matched");
	json_decref(a);
	json_decref(b);
	json_decref(c);
}

static char *
write_temp(const char *text)
{
	char *path = strdup("/tmp/fb_test_compare_XXXXXX");
	int fd = mkstemp(path);
	FILE *f;

	cr_assert(fd >= 0);
	f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
	return path;
}

Test(compare, load_lines_object_and_refuse_junk)
{
	char msg[256];
	char *lines =
	    write_temp("{\"workload\":\"interp\",\"variant\":\"a\"}\n"
		       "\n"
		       "{\"workload\":\"interp\",\"variant\":\"b\"}\n");
	char *object = write_temp("{\n  \"workload\": \"colony\",\n"
				  "  \"variant\": \"fused\"\n}\n");
	char *junk = write_temp("{\"workload\":\"interp\",\"variant\":\"a\"}\n"
				"not json\n");
	char *other = write_temp("{\"hello\": 1}\n");
	json_t *r;

	r = hx_compare_load(lines, msg, sizeof(msg));
	cr_assert(r != NULL && json_array_size(r) == 2, "%s", msg);
	json_decref(r);
	r = hx_compare_load(object, msg, sizeof(msg));
	cr_assert(r != NULL && json_array_size(r) == 1, "%s", msg);
	json_decref(r);
	cr_assert_null(hx_compare_load(junk, msg, sizeof(msg)));
	cr_assert(strstr(msg, ":2:") != NULL, "message '%s' names line 2", msg);
	cr_assert_null(hx_compare_load(other, msg, sizeof(msg)));
	cr_assert_null(
	    hx_compare_load("/nonexistent/fb.jsonl", msg, sizeof(msg)));
	unlink(lines);
	unlink(object);
	unlink(junk);
	unlink(other);
	free(lines);
	free(object);
	free(junk);
	free(other);
}

/* Each bad entry refused by hx_result_check with the field it names. */
Test(compare, result_check_names_the_bad_field)
{
	static const struct {
		const char *json, *needle;
	} bad[] = {
	    {"{\"workload\":\"i\",\"variant\":\"v\",\"time_s\":{\"median\":"
	     "\"x\"}}",
		"time_s.median is not a number"},
	    {"{\"workload\":\"i\",\"variant\":\"v\",\"status\":7}",
		"status is not a string"},
	    {"{\"workload\":\"i\",\"variant\":\"v\",\"status\":\"great\"}",
		"status is not \"ok\""},
	    {"{\"workload\":\"i\",\"variant\":\"v\",\"params\":\"n=5\"}",
		"params is not an object"},
	    {"{\"workload\":\"i\",\"variant\":\"v\",\"schema_version\":99}",
		"schema_version 99"},
	    {"{\"workload\":\"i\",\"variant\":\"v\",\"schema_version\":1}",
		"schema_version 1"},
	    {"{\"workload\":\"i\",\"variant\":\"v\",\"schema_version\":\"2\"}",
		"schema_version \"2\""},
	    {"{\"workload\":\"i\",\"variant\":\"v\",\"status\":\"ok\","
	     "\"time_s\":{\"median\":null}}",
		"null time_s.median"},
	    {"{\"workload\":1,\"variant\":\"v\"}", "no workload and variant"},
	};
	char msg[512];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		json_t *r = json_loads(bad[i].json, 0, NULL);
		cr_assert_not_null(r, "%s", bad[i].json);
		cr_expect_eq(hx_result_check(r, msg, sizeof(msg)), -1, "%s",
		    bad[i].json);
		cr_expect(strstr(msg, bad[i].needle) != NULL,
		    "%s: '%s' does not say '%s'", bad[i].json, msg,
		    bad[i].needle);
		json_decref(r);
	}
	{
		json_t *ok =
		    json_loads("{\"workload\":\"i\",\"variant\":\"v\","
			       "\"schema_version\":2,\"status\":\"ok\","
			       "\"params\":{\"n\":5},\"time_s\":{"
			       "\"median\":0.5},\"machine\":{"
			       "\"governor\":null}}",
			0, NULL);
		cr_expect_eq(
		    hx_result_check(ok, msg, sizeof(msg)), 0, "%s", msg);
		json_decref(ok);
	}
}

/* Duplicate keys refused; an indented object's error on its own line; a
 * JSON lines file's bad entry on its line. */
Test(compare, read_refuses_duplicates_and_names_the_line)
{
	char msg[512];
	char *dup = write_temp("{\"workload\":\"interp\",\"workload\":"
			       "\"colony\",\"variant\":\"a\"}\n");
	char *deep = write_temp("{\n  \"workload\": \"colony\",\n"
				"  \"variant\": \"fused\",\n"
				"  \"params\": {\n    \"n\": 5,,\n  }\n}\n");
	char *third = write_temp("{\"workload\":\"interp\",\"variant\":\"a\"}\n"
				 "{\"workload\":\"interp\",\"variant\":\"b\"}\n"
				 "{\"workload\":\"interp\",\"variant\":\"c\","
				 "\"status\":7}\n");

	cr_expect_null(hx_result_read(dup, msg, sizeof(msg)));
	cr_expect(strstr(msg, ":1: not JSON (duplicate object key") != NULL,
	    "%s", msg);
	cr_expect_null(hx_result_read(deep, msg, sizeof(msg)));
	cr_expect(strstr(msg, ":5: not JSON") != NULL, "%s", msg);
	cr_expect_null(hx_result_read(third, msg, sizeof(msg)));
	cr_expect(strstr(msg, ":3: status is not a string") != NULL, "%s", msg);
	/* Blank lines before JSON lines: still JSON lines, not an indented
	 * object's error on line 3. */
	{
		char *blank = write_temp("\n\n{\"workload\":\"i\",\"variant\":"
					 "\"a\"}\n{\"workload\":\"i\","
					 "\"variant\":\"b\"}\n");
		json_t *r = hx_result_read(blank, msg, sizeof(msg));
		cr_expect(r != NULL && json_array_size(r) == 2, "%s", msg);
		json_decref(r);
		unlink(blank);
		free(blank);
	}
	unlink(dup);
	unlink(deep);
	unlink(third);
	free(dup);
	free(deep);
	free(third);
}

/* Google Benchmark times that are not times are refused, named; a
 * --repeat 0 result converts with real_time. */
Test(compare, gbench_times_checked_and_repeat_zero_carries_real_time)
{
	static const char *const bad[][2] = {
	    {"\"real_time\":\"x\"", "real_time \"x\": not a number >= 0"},
	    {"\"real_time\":-5", "real_time -5: not a number >= 0"},
	    {"\"real_time\":5,\"time_unit\":\"fortnights\"",
		"time_unit \"fortnights\": not ns, us, ms or s"},
	    {"\"real_time\":5,\"cpu_time\":-1", "cpu_time -1"},
	};
	char text[512], msg[512];
	json_t *gb, *r, *out, *e;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(text, sizeof(text),
		    "{\"benchmarks\":[{\"name\":\"x/y\",\"run_type\":"
		    "\"iteration\",%s}]}",
		    bad[i][0]);
		gb = json_loads(text, 0, NULL);
		cr_assert_not_null(gb, "%s", text);
		cr_expect_null(hx_gbench_to_results(gb, msg, sizeof(msg)));
		cr_expect(
		    strstr(msg, bad[i][1]) != NULL, "%s: '%s'", text, msg);
		json_decref(gb);
	}
	r = json_loads("[{\"workload\":\"interp\",\"variant\":\"fused\","
		       "\"status\":\"ok\",\"params\":{\"n\":10},\"time_s\":{"
		       "\"median\":0.25,\"cold\":0.25,\"samples\":[]}}]",
	    0, NULL);
	cr_assert_not_null(r);
	out = hx_gbench_from_results(r);
	cr_assert_not_null(out);
	json_array_foreach(json_object_get(out, "benchmarks"), i, e)
	{
		cr_expect(json_is_number(json_object_get(e, "real_time")),
		    "entry %zu without real_time", i);
	}
	e = json_array_get(json_object_get(out, "benchmarks"), 0);
	cr_expect(fabs(json_number_value(json_object_get(e, "real_time")) -
		      0.25e9) < 1,
	    "real_time %g", json_number_value(json_object_get(e, "real_time")));
	json_decref(out);
	json_decref(r);
}
