/*
 * The harness as a user drives it: list, run, the memory guard, isolation
 * of crashing runs in a sweep, and the glibc build.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fb_spawn.h"

/* A finished run: exit status, standard output and error (owned). */
typedef struct cli_run_s {
	int status;
	char *out, *err;
} cli_run_t;

/* Runs exe (NULL: the harness) with args to the end, capturing both
 * streams. */
static void
cli_run(const char *exe, char *const args[], cli_run_t *r)
{
	char dir[256], out[300], err[300];

	fb_tmpdir(dir, sizeof(dir));
	snprintf(out, sizeof(out), "%s/stdout", dir);
	snprintf(err, sizeof(err), "%s/stderr", dir);
	r->status = fb_wait(
	    fb_start_exe(exe != NULL ? exe : fb_harness(), args, out, err));
	r->out = fb_slurp(out);
	r->err = fb_slurp(err);
	fb_rmdir(dir);
}

static void
cli_free(cli_run_t *r)
{
	free(r->out);
	free(r->err);
}

static json_t *
load_json(const char *path)
{
	json_error_t e;
	json_t *j = json_load_file(path, 0, &e);
	cr_assert_not_null(
	    j, "%s does not parse: %s (line %d)", path, e.text, e.line);
	return j;
}

static const char *
str_at(const json_t *o, const char *a, const char *b)
{
	const json_t *x = json_object_get(o, a);
	if (b != NULL)
		x = json_object_get(x, b);
	return json_string_value(x);
}

static double
num_at(const json_t *o, const char *a, const char *b)
{
	const json_t *x = json_object_get(o, a);
	if (b != NULL)
		x = json_object_get(x, b);
	return json_number_value(x);
}

Test(cli, list_names_every_variant_with_its_model)
{
	char *argv[] = {"list", NULL};
	cli_run_t r;
	static const char *const names[] = {"eager", "materialized", "fused",
	    "chunked", "tiled", "hoisted", "naive", "naive-reuse", "cells"};

	cli_run(NULL, argv, &r);
	cr_assert_eq(r.status, 0, "harness list: %d %s", r.status, r.err);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		cr_assert_not_null(
		    strstr(r.out, names[i]), "no %s in:\n%s", names[i], r.out);
	cr_assert_not_null(strstr(r.out, "12*N*M*4"), "eager's model missing");
	cr_assert_null(strstr(r.out, "selftest"), "test variants are listed");
	cli_free(&r);
}

Test(cli, run_writes_a_valid_result_object)
{
	char dir[256], path[512];
	cli_run_t r;
	json_t *j;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/r.json", dir);
	{
		char *argv[] = {"run", "interp", "chunked", "--n", "3000",
		    "--m", "20", "--g", "64", "--chunk", "700", "--repeat", "3",
		    "--json", path, NULL};
		cli_run(NULL, argv, &r);
	}
	cr_assert_eq(r.status, 0, "exit %d: %s", r.status, r.err);
	cr_assert_not_null(strstr(r.out, "interp/chunked"), "line: %s", r.out);
	j = load_json(path);
	cr_assert_str_eq(str_at(j, "status", NULL), "ok");
	cr_assert_eq(num_at(j, "params", "chunk"), 700);
	cr_assert(json_is_true(
		      json_object_get(json_object_get(j, "validation"), "ok")),
	    "not validated");
	cr_assert_gt(num_at(j, "time_s", "median"), 0);
	cr_assert_eq(json_array_size(json_object_get(
			 json_object_get(j, "time_s"), "samples")),
	    3);
	cr_assert_not_null(
	    json_object_get(json_object_get(j, "memory"), "model_bytes"));
	cr_assert_not_null(json_object_get(j, "counters"));
	cr_assert_not_null(str_at(j, "machine", "cpu"));
	json_decref(j);
	cli_free(&r);
	fb_rmdir(dir);
}

Test(cli, json_to_stdout_keeps_stdout_pure)
{
	char *argv[] = {"run", "colony", "fused", "--n", "64", "--steps", "2",
	    "--repeat", "1", "--json", "-", NULL};
	cli_run_t r;
	json_t *j;

	cli_run(NULL, argv, &r);
	cr_assert_eq(r.status, 0, "exit %d: %s", r.status, r.err);
	j = json_loads(r.out, 0, NULL);
	cr_assert_not_null(j, "stdout is not one JSON object:\n%s", r.out);
	cr_assert_str_eq(str_at(j, "workload", NULL), "colony");
	cr_assert_not_null(
	    json_object_get(json_object_get(j, "result"), "sum_abs_F"));
	cr_assert_not_null(json_object_get(j, "steps_s"), "no per-step times");
	cr_assert_not_null(strstr(r.err, "colony/fused"), "line: %s", r.err);
	json_decref(j);
	cli_free(&r);
}

/* --csv - as --json -: stdout holds the CSV alone (header, one row a run);
 * the summary lines, and under exec the command's own output, go to
 * stderr. The summary came first on stdout, and exec's command's "hello"
 * among the rows. */
Test(cli, csv_to_stdout_keeps_stdout_pure)
{
	char *run[] = {"run", "interp", "fused", "tiled", "--n", "1000", "--m",
	    "4", "--repeat", "1", "--warmup", "0", "--events", "none", "--csv",
	    "-", NULL};
	char *exec[] = {"exec", "--repeat", "1", "--warmup", "0", "--events",
	    "none", "--csv", "-", "--", "echo", "hello", NULL};
	cli_run_t r;

	cli_run(NULL, run, &r);
	cr_assert_eq(r.status, 0, "exit %d: %s", r.status, r.err);
	cr_expect(r.out != NULL &&
		strncmp(r.out, "workload,variant,", 17) == 0 &&
		strstr(r.out, "\ninterp,fused,ok,") != NULL &&
		strstr(r.out, "\ninterp,tiled,ok,") != NULL &&
		fb_lines(r.out) == 3,
	    "stdout is not the CSV alone:\n%s", r.out);
	cr_expect(r.err != NULL && strstr(r.err, "interp/fused n=1000") != NULL,
	    "no summary on stderr: %s", r.err);
	cli_free(&r);
	cli_run(NULL, exec, &r);
	cr_assert_eq(r.status, 0, "exit %d: %s", r.status, r.err);
	cr_expect(r.out != NULL &&
		strncmp(r.out, "workload,variant,", 17) == 0 &&
		strstr(r.out, "hello") == NULL && fb_lines(r.out) == 2,
	    "stdout is not the CSV alone:\n%s", r.out);
	cr_expect(r.err != NULL && strstr(r.err, "hello") != NULL,
	    "the command's output is not on stderr: %s", r.err);
	cli_free(&r);
}

/* One timed run has no interval: the line and the sweep's table say so
 * rather than show the run twice as a 95% interval ("[18.3 us, 18.3 us]"). */
Test(cli, one_timed_run_shows_no_interval)
{
	char *run[] = {"run", "interp", "fused", "--n", "1000", "--m", "4",
	    "--repeat", "1", "--warmup", "0", "--events", "none", NULL};
	char *two[] = {"run", "interp", "fused", "--n", "1000", "--m", "4",
	    "--repeat", "2", "--warmup", "0", "--events", "none", NULL};
	cli_run_t r;

	cli_run(NULL, run, &r);
	cr_assert_eq(r.status, 0, "exit %d: %s", r.status, r.err);
	cr_expect(r.out != NULL &&
		strstr(r.out, " (one timed run: no interval), cold ") != NULL &&
		strchr(r.out, '[') == NULL,
	    "%s", r.out);
	cr_expect(r.err != NULL &&
		strstr(r.err, "warning: one timed run: no confidence") != NULL,
	    "%s", r.err);
	cli_free(&r);
	cli_run(NULL, two, &r);
	cr_expect(r.out != NULL && strstr(r.out, "] , cold") == NULL &&
		strstr(r.out, "], cold ") != NULL,
	    "two runs lost their interval: %s", r.out);
	cli_free(&r);
}

/* Below HX_STATS_CI_MIN timed runs the bootstrap's interval of the median
 * is the runs' range, which holds the median with probability 1 - 2^(1-n):
 * the table calls it a range and the warning gives that probability; from
 * HX_STATS_CI_MIN runs the table calls it a 95% interval. */
Test(cli, an_interval_of_few_runs_is_called_their_range)
{
	char *three[] = {"run", "interp", "fused,tiled", "--n", "1000", "--m",
	    "4", "--repeat", "3", "--warmup", "0", "--events", "none", NULL};
	char *six[] = {"run", "interp", "fused,tiled", "--n", "1000", "--m",
	    "4", "--repeat", "6", "--warmup", "0", "--events", "none", NULL};
	cli_run_t r;

	cli_run(NULL, three, &r);
	cr_assert_eq(r.status, 0, "exit %d: %s", r.status, r.err);
	cr_expect(r.out != NULL && strstr(r.out, "  range [") != NULL &&
		strstr(r.out, "95% [") == NULL &&
		strstr(r.out, "95% interval") == NULL,
	    "three runs' table: %s", r.out);
	cr_expect(r.err != NULL &&
		strstr(r.err,
		    "the runs' range, which holds the median with "
		    "probability 75.0%") != NULL,
	    "three runs' warning: %s", r.err);
	cli_free(&r);
	cli_run(NULL, six, &r);
	cr_assert_eq(r.status, 0, "exit %d: %s", r.status, r.err);
	cr_expect(r.out != NULL && strstr(r.out, "  95% [") != NULL &&
		strstr(r.out, "range [") == NULL,
	    "six runs' table: %s", r.out);
	cr_expect(r.err == NULL || strstr(r.err, "runs' range") == NULL,
	    "six runs warned of a range: %s", r.err);
	cli_free(&r);
}

Test(cli, memory_guard_skips_without_attempting)
{
	char *argv[] = {"run", "interp", "eager", "--n", "1e5", "--mem-limit",
	    "100M", "--json", "-", NULL};
	cli_run_t r;
	json_t *j;

	cli_run(NULL, argv, &r);
	cr_assert_eq(r.status, 0, "exit %d: %s", r.status, r.err);
	j = json_loads(r.out, 0, NULL);
	cr_assert_not_null(j);
	cr_assert_str_eq(str_at(j, "status", NULL), "skipped");
	/* The reason names the prediction and the limit. */
	cr_assert_not_null(strstr(str_at(j, "reason", NULL), "104857600"),
	    "reason: %s", str_at(j, "reason", NULL));
	cr_assert_not_null(strstr(str_at(j, "reason", NULL), "not attempted"));
	cr_assert_null(json_object_get(j, "time_s"), "a skipped run has times");
	json_decref(j);
	cli_free(&r);
}

Test(cli, sweep_survives_crash_and_hog)
{
	char dir[256], prefix[512], path[600];
	char line[65536];
	cli_run_t r;
	FILE *f;
	int n = 0, failed = 0, ok = 0;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(prefix, sizeof(prefix), "%s/s", dir);
	{
		char *argv[] = {"sweep", "--workload", "selftest", "--variants",
		    "crash,hog,ok", "--n", "4096", "--mem-limit", "256M",
		    "--repeat", "2", "--out", prefix, NULL};
		cli_run(NULL, argv, &r);
	}
	cr_assert_eq(
	    r.status, 1, "a sweep with failed runs exits 1, got %d", r.status);
	snprintf(path, sizeof(path), "%s.jsonl", prefix);
	f = fopen(path, "r");
	cr_assert_not_null(f, "no %s", path);
	while (fgets(line, sizeof(line), f) != NULL) {
		json_t *j = json_loads(line, 0, NULL);
		cr_assert_not_null(j, "line %d does not parse", n + 1);
		if (strcmp(str_at(j, "status", NULL), "failed") == 0) {
			failed++;
			cr_assert_not_null(str_at(j, "reason", NULL));
		} else if (strcmp(str_at(j, "status", NULL), "ok") == 0) {
			ok++;
			cr_assert_str_eq(str_at(j, "variant", NULL), "ok");
		}
		json_decref(j);
		n++;
	}
	fclose(f);
	cr_assert_eq(n, 3, "%d lines", n);
	cr_assert_eq(failed, 2, "%d failed", failed);
	cr_assert_eq(ok, 1, "the run after the failures did not complete");
	cr_assert_not_null(strstr(r.err, "signal 11"), "stderr: %s", r.err);
	cli_free(&r);
	fb_rmdir(dir);
}

Test(cli, glibc_build_reports_os_view_and_mallinfo)
{
	const char *g = getenv("FB_HARNESS_GLIBC");
	cli_run_t r;
	json_t *j;

	if (g == NULL || access(g, X_OK) != 0)
		cr_skip_test("no glibc build (FB_HARNESS_GLIBC)");
	{
		char *argv[] = {"run", "colony", "naive", "--n", "512",
		    "--steps", "3", "--repeat", "2", "--json", "-", NULL};
		cli_run(g, argv, &r);
	}
	cr_assert_eq(r.status, 0, "exit %d: %s", r.status, r.err);
	j = json_loads(r.out, 0, NULL);
	cr_assert_not_null(j);
	cr_assert_not_null(strstr(str_at(j, "machine", "allocator"), "glibc"));
	cr_assert(json_is_null(json_object_get(
	    json_object_get(j, "memory"), "peak_workspace_bytes")));
	cr_assert_not_null(
	    json_object_get(json_object_get(json_object_get(j, "memory"),
				"allocator_after"),
		"uordblks"),
	    "no mallinfo2 figures");
	cr_assert_gt(num_at(j, "memory", "peak_rss_bytes"), 0);
	json_decref(j);
	cli_free(&r);
}

Test(cli, cachesim_adds_simulated_counts)
{
	char *argv[] = {"run", "interp", "tiled", "--n", "800", "--m", "16",
	    "--g", "64", "--repeat", "1", "--cachesim", "--json", "-", NULL};
	cli_run_t r;
	json_t *j, *c;

	if (system("command -v valgrind >/dev/null 2>&1") != 0)
		cr_skip_test("valgrind is not installed");
	cli_run(NULL, argv, &r);
	cr_assert_eq(r.status, 0, "exit %d: %s", r.status, r.err);
	j = json_loads(r.out, 0, NULL);
	cr_assert_not_null(j);
	c = json_object_get(j, "cachesim");
	cr_assert_not_null(c, "no cachesim object; stderr: %s", r.err);
	cr_assert(json_is_true(json_object_get(c, "simulated")));
	/* 800 x 16 pairs: at least one instruction and one data read each. */
	cr_assert_gt(num_at(c, "Ir", NULL), 12800);
	cr_assert_gt(num_at(c, "Dr", NULL), 12800);
	cr_assert_leq(num_at(c, "D1mr", NULL), num_at(c, "Dr", NULL));
	/* The summary line (on stderr with --json -) carries them too. */
	cr_expect_not_null(strstr(r.err, "; simulated misses per pair: D1 "),
	    "the line has no simulated misses: %s", r.err);
	/* The flags are the simulated binary's own: the x86-64-v3 build when
	 * that is the one simulated, not the measuring binary's. */
	{
		const char *bin =
		    json_string_value(json_object_get(c, "binary"));
		const char *flags =
		    json_string_value(json_object_get(c, "binary_cflags"));

		cr_assert_not_null(bin);
		cr_assert_not_null(
		    flags, "no binary_cflags; stderr: %s", r.err);
		if (strstr(bin, "/valgrind/harness") != NULL)
			cr_expect_not_null(strstr(flags, "x86-64-v3"),
			    "binary %s recorded flags %s", bin, flags);
	}
	json_decref(j);
	cli_free(&r);
}

/* The overhead keeps its pairs: its p is the exact signed-rank p of the 7
 * pairs' differences, a count of the 2^7 sign choices over 64 and at
 * least 2/128 (the pooled samples' Mann-Whitney p it replaced is
 * neither). */
Test(cli, overhead_tests_its_pairs_with_the_signed_rank_test)
{
	char dir[] = "/tmp/fb_oh_XXXXXX", path[64];
	char *argv[] = {"overhead", "interp", "fused", "--n", "2000", "--m",
	    "8", "--repeat", "1", "--json", path, NULL};
	cli_run_t r;
	json_t *j;
	double p;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/o.json", dir);
	cli_run(NULL, argv, &r);
	cr_assert_eq(r.status, 0, "exit %d: %s", r.status, r.err);
	cr_expect_not_null(strstr(r.out, "signed-rank p = "), "%s", r.out);
	j = json_load_file(path, 0, NULL);
	cr_assert_not_null(j);
	cr_expect_eq(json_integer_value(json_object_get(j, "pairs")), 7);
	/* Each pair's on/off - 1, in turn off first and on first. */
	cr_expect_eq(json_array_size(json_object_get(j, "pair_percents")), 7);
	cr_expect_str_eq(json_string_value(json_object_get(j, "order")),
	    "off first and on first in turn");
	cr_expect_null(json_object_get(j, "mann_whitney_p"));
	p = json_number_value(json_object_get(j, "signed_rank_p"));
	cr_expect(p >= 2.0 / 128.0 - 1e-12 && p <= 1.0, "p = %g", p);
	cr_expect_float_eq(p * 64.0, round(p * 64.0), 1e-9, "p = %.17g", p);
	json_decref(j);
	cli_free(&r);
	fb_rmdir(dir);
}

Test(cli, overhead_refuses_bad_input_in_one_line)
{
	static const struct {
		const char *args[8];
		const char *needle;
	} cases[] = {
	    {{"overhead", "--json", NULL}, "'--json' needs a value"},
	    {{"overhead", "interp", "fused", "--n", "0", NULL}, "'0'"},
	    {{"overhead", "interp", NULL}, "WORKLOAD and VARIANT"},
	    {{"overhead", "interp", "fused", "--events", "none", NULL},
		"what it toggles"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cli_run_t r;

		cli_run(NULL, (char *const *)cases[i].args, &r);
		cr_assert_eq(r.status, 2, "%s %s: exit %d", cases[i].args[0],
		    cases[i].args[1], r.status);
		cr_assert_eq(fb_lines(r.err), 1, "stderr: %s", r.err);
		cr_assert_not_null(strstr(r.err, cases[i].needle),
		    "stderr lacks %s: %s", cases[i].needle, r.err);
		cli_free(&r);
	}
}

/* The help states the number of pairs the code runs. */
Test(cli, overhead_help_states_the_pairs)
{
	char *const args[] = {"overhead", "--help", NULL};
	cli_run_t r;

	cli_run(NULL, args, &r);
	cr_assert_eq(r.status, 0);
	cr_expect_not_null(strstr(r.out, "7 times each"), "help: %s", r.out);
	cli_free(&r);
}

/* Lines of a JSON lines file. */
static int
count_lines(const char *path)
{
	char *text = fb_slurp(path);
	int n = 0;

	for (const char *c = text; c != NULL && *c != '\0'; c++)
		n += *c == '\n';
	free(text);
	return n;
}

/* --resume skips a run only when every parameter and measurement setting
 * matches: a different preset, repeat count or event list runs again. */
Test(cli, resume_reruns_what_differs, .timeout = 120)
{
	static const struct {
		const char *opt, *value;
		int lines; /* in the file after the resumed sweep */
	} steps[] = {
	    {"--seed", "42", 1},                  /* as made: skipped */
	    {"--preset", "seed", 2},              /* another preset */
	    {"--repeat", "2", 3},                 /* another repeat count */
	    {"--events", "perf::page-faults", 4}, /* other counters */
	    {"--events", "perf::page-faults", 4}, /* as made: skipped */
	};
	char dir[4096], prefix[4200], jsonl[4300];

	fb_tmpdir(dir, sizeof(dir));
	snprintf(prefix, sizeof(prefix), "%s/s", dir);
	snprintf(jsonl, sizeof(jsonl), "%s.jsonl", prefix);
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		char *args[] = {"sweep", "--workload", "interp", "--variants",
		    "fused", "--n", "1000", "--m", "4", "--g", "32", "--warmup",
		    "0", "--out", prefix, "--resume", (char *)steps[i].opt,
		    (char *)steps[i].value, NULL};
		cli_run_t r;

		cli_run(NULL, args, &r);
		cr_assert_eq(r.status, 0, "%s %s: exit %d: %s", steps[i].opt,
		    steps[i].value, r.status, r.err);
		cr_expect_eq(count_lines(jsonl), steps[i].lines,
		    "after --resume %s %s: %d runs in the file, expected %d",
		    steps[i].opt, steps[i].value, count_lines(jsonl),
		    steps[i].lines);
		cli_free(&r);
		if (i == 0) {
			/* The first sweep made the run; resume it as is. */
			cli_run(NULL, args, &r);
			cr_expect_eq(count_lines(jsonl), 1, "resumed: %d runs",
			    count_lines(jsonl));
			cr_expect_not_null(
			    strstr(r.err, "1 of 1 runs already"), "%s", r.err);
			cli_free(&r);
		}
	}
	fb_rmdir(dir);
}

/* A run of 12.5 s (five runs of 2.5 s) says how far it is on stderr after
 * 10 s, once; it printed nothing until its summary. */
Test(cli, long_run_shows_progress, .timeout = 60)
{
	char *args[] = {"run", "selftest", "slow", "--n", "2500", "--repeat",
	    "4", "--warmup", "0", "--events", "none", NULL};
	const char *p;
	cli_run_t r;

	cli_run(NULL, args, &r);
	cr_assert_eq(r.status, 0, "exit %d: %s", r.status, r.err);
	p = r.err != NULL
	    ? strstr(r.err,
		  "  selftest/slow: 4 of 5 runs (cold, 0 warm-up, 4 "
		  "timed) in 10 s, about ")
	    : NULL;
	cr_expect(p != NULL && strstr(p, " s of runs left\n") != NULL,
	    "no progress line after 10 s: %s", r.err);
	cr_expect(p == NULL || strstr(p + 3, "selftest/slow: ") == NULL,
	    "more than one progress line: %s", r.err);
	cr_expect(
	    r.out != NULL && strstr(r.out, "selftest/slow n=2500:") != NULL,
	    "no summary: %s", r.out);
	cli_free(&r);
}
