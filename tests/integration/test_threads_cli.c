/*
 * --threads on the command line: bad values are refused in one line with
 * exit 2 by run and sweep; a threaded run writes the threads and both
 * workspace measurements into its result.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fb_spawn.h"

/* Runs the harness with args; its exit status, stdout and stderr (owned). */
static int
threads_cli(char *const args[], char **out, char **err)
{
	char dir[256], o[300], e[300];
	int status;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(o, sizeof(o), "%s/stdout", dir);
	snprintf(e, sizeof(e), "%s/stderr", dir);
	status = fb_wait(fb_start_exe(fb_harness(), args, o, e));
	*out = fb_slurp(o);
	*err = fb_slurp(e);
	fb_rmdir(dir);
	return status;
}

Test(threads_cli, bad_threads_exit_2_in_one_line)
{
	static const char *const values[] = {"0", "-1", "257", "two", "1e9"};
	static const char *const commands[] = {"run", "sweep"};

	for (size_t c = 0; c < 2; c++) {
		for (size_t i = 0; i < sizeof(values) / sizeof(values[0]);
		     i++) {
			char *const run[] = {(char *)commands[c], "interp",
			    "fused", "--threads", (char *)values[i], NULL};
			char *const sweep[] = {(char *)commands[c],
			    "--workload", "interp", "--variants", "fused",
			    "--out", "/nonexistent/threads", "--threads",
			    (char *)values[i], NULL};
			char *out, *err;
			int status =
			    threads_cli(c == 0 ? run : sweep, &out, &err);

			cr_expect_eq(status, 2, "%s --threads %s: exit %d",
			    commands[c], values[i], status);
			cr_expect_eq(fb_lines(err), 1, "%s --threads %s: %s",
			    commands[c], values[i], err);
			cr_expect(strstr(err, "--threads") != NULL,
			    "%s --threads %s: %s", commands[c], values[i], err);
			free(out);
			free(err);
		}
	}
}

Test(threads_cli, threaded_run_reports_both_workspace_figures)
{
	char *const args[] = {"run", "interp", "chunked", "--n", "50000", "--m",
	    "8", "--g", "32", "--threads", "2", "--repeat", "2", "--events",
	    "perf::task-clock", "--json", "-", NULL};
	char *out, *err;
	int status = threads_cli(args, &out, &err);
	json_t *r = json_loads(out, 0, NULL), *th;

	cr_assert_eq(status, 0, "exit %d: %s", status, err);
	cr_assert_not_null(r, "stdout is not JSON: %s", out);
	cr_expect_eq(json_integer_value(json_object_get(
			 json_object_get(r, "params"), "threads")),
	    2);
	th = json_object_get(json_object_get(r, "memory"), "threads");
	cr_assert_not_null(th, "no memory.threads");
	cr_expect_eq(json_integer_value(json_object_get(th, "count")), 2);
	cr_expect_not_null(json_object_get(th, "workspace_lower_bytes"));
	cr_expect_not_null(json_object_get(th, "workspace_upper_bytes"));
	json_decref(r);
	free(out);
	free(err);
}

/* A sweep's thread counts take turns with its variants (one group of 4:
 * conditions.interleaved_runs 4) unless the four would pass --mem-limit
 * together: materialized at N = 1e5, M = 300 holds 120 MB a run, so under
 * 200M the runs of one thread count (materialized and fused, 2) still take
 * turns, the counts one after the other. */
Test(threads_cli, thread_counts_take_turns_within_the_memory_limit)
{
	static const char *const limits[] = {"1G", "200M"};
	static const json_int_t turns[] = {4, 2};

	for (size_t i = 0; i < 2; i++) {
		char dir[4096], out[4200];
		char *args[] = {"sweep", "--workload", "interp", "--variants",
		    "materialized,fused", "--n", "1e5", "--m", "300",
		    "--threads", "1,2", "--repeat", "2", "--warmup", "0",
		    "--events", "none", "--mem-limit", (char *)limits[i],
		    "--quiet", "--out", out, NULL};
		json_t *all, *r;
		size_t j;

		fb_tmpdir(dir, sizeof(dir));
		all = fb_sweep_results(args, dir, out, sizeof(out));
		json_array_foreach(all, j, r)
		{
			json_int_t k = json_integer_value(
			    json_object_get(json_object_get(r, "conditions"),
				"interleaved_runs"));

			cr_expect_str_eq(
			    json_string_value(json_object_get(r, "status")),
			    "ok");
			cr_expect_eq(k, turns[i],
			    "--mem-limit %s: %s: interleaved_runs %lld",
			    limits[i],
			    json_string_value(json_object_get(r, "variant")),
			    (long long)k);
		}
		cr_expect_eq(json_array_size(all), 4);
		json_decref(all);
		fb_rmdir(dir);
	}
}
