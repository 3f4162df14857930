/*
 * harness exec against the small programs of tests/helpers (FB_HELPERS):
 * a known number of bytes touched, a child that touches memory beside its
 * parent, a command that fails, one that passes the memory guard, one that
 * reports its result through FUSEBENCH_REPORT, bad exec command lines, and
 * --threads T passed to the command as FUSEBENCH_THREADS and OMP_NUM_THREADS.
 */
#include <math.h>
#include <time.h>

#include <jansson.h>

#include "fb_spawn.h"
#include "interp/interp.h"
#include "variant.h"

#define MIB (1024.0 * 1024.0)
#define SENTINEL "{\"previous\": \"result, must survive\"}\n"

/* A finished exec: exit status, stderr, the result object (or NULL). */
typedef struct exec_run_s {
	int status;
	char *err;
	json_t *r;
} exec_run_t;

/* harness exec --json DIR/r.json OPTS -- CMD (both NULL-terminated). */
static void
exec_run(const char *dir, const char *const opts[], const char *const cmd[],
    exec_run_t *out)
{
	char *args[FB_MAX_ARGS + 1], json[4200];
	int a = 0;
	json_error_t e;

	snprintf(json, sizeof(json), "%s/r.json", dir);
	args[a++] = "exec";
	args[a++] = "--json";
	args[a++] = json;
	for (int i = 0; opts[i] != NULL; i++)
		args[a++] = (char *)opts[i];
	args[a++] = "--";
	for (int i = 0; cmd[i] != NULL; i++)
		args[a++] = (char *)cmd[i];
	args[a] = NULL;
	out->status = fb_run(args, dir, &out->err);
	out->r = json_load_file(json, 0, &e);
}

static void
exec_free(exec_run_t *x)
{
	free(x->err);
	json_decref(x->r);
}

static double
num(const json_t *r, const char *a, const char *b)
{
	const json_t *x = json_object_get(r, a);

	if (b != NULL)
		x = json_object_get(x, b);
	return json_is_number(x) ? json_number_value(x) : NAN;
}

static const char *
str(const json_t *r, const char *key)
{
	const char *s = json_string_value(json_object_get(r, key));
	return s != NULL ? s : "(missing)";
}

/* The peak RSS of `touch BYTES` measured by exec. */
static double
touch_peak(const char *dir, const char *bytes)
{
	const char *opts[] = {"--repeat", "1", "--warmup", "0", NULL};
	const char *cmd[] = {fb_helper("touch"), bytes, "50", NULL};
	exec_run_t x;
	double peak;

	exec_run(dir, opts, cmd, &x);
	cr_assert(x.status == 0 && x.r != NULL, "exec touch %s: exit %d: %s",
	    bytes, x.status, x.err);
	cr_assert(strcmp(str(x.r, "status"), "ok") == 0, "touch %s: %s: %s",
	    bytes, str(x.r, "status"), str(x.r, "reason"));
	peak = num(x.r, "memory", "peak_rss_bytes");
	exec_free(&x);
	return peak;
}

Test(exec, peak_rss_of_known_bytes)
{
	char dir[4096];
	double base, peak, want = 200 * MIB;

	fb_tmpdir(dir, sizeof(dir));
	base = touch_peak(dir, "0");
	peak = touch_peak(dir, "209715200");
	cr_expect(fabs(peak - base - want) <= 0.05 * want,
	    "touching 200 MiB: peak %.4g MiB, baseline %.4g MiB: the "
	    "difference %.4g MiB is not within 5%% of 200",
	    peak / MIB, base / MIB, (peak - base) / MIB);
	fb_rmdir(dir);
}

Test(exec, peak_rss_of_the_tree)
{
	const char *opts[] = {"--repeat", "1", "--warmup", "0", NULL};
	const char *cmd[] = {fb_helper("fork_touch"), "67108864", "150", NULL};
	char dir[4096];
	double tree, one, want = 64 * MIB;
	exec_run_t x;

	fb_tmpdir(dir, sizeof(dir));
	exec_run(dir, opts, cmd, &x);
	cr_assert(x.status == 0 && x.r != NULL, "exit %d: %s", x.status, x.err);
	cr_assert(
	    strcmp(str(x.r, "status"), "ok") == 0, "%s", str(x.r, "reason"));
	tree = num(x.r, "memory", "tree_peak_rss_bytes");
	one = num(x.r, "memory", "ru_maxrss_bytes");
	/* Both processes hold 64 MiB at once: the tree holds 128 MiB. */
	cr_expect(tree >= 0.95 * 2 * want,
	    "tree peak %.4g MiB, expected at least 95%% of 2 x 64 MiB",
	    tree / MIB);
	cr_expect(one < 1.5 * want,
	    "the kernel's maxrss %.4g MiB should be one process's (64 MiB "
	    "plus its baseline)",
	    one / MIB);
	cr_expect(num(x.r, "memory", "peak_processes") == 2,
	    "peak_processes %.0f, expected 2",
	    num(x.r, "memory", "peak_processes"));
	cr_expect(num(x.r, "memory", "peak_rss_bytes") == tree);
	exec_free(&x);
	fb_rmdir(dir);
}

Test(exec, exit_status_fails_with_last_stderr_line)
{
	const char *opts[] = {NULL};
	const char *cmd[] = {
	    fb_helper("fail"), "3", "first words", "the last words", NULL};
	char dir[4096];
	exec_run_t x;

	fb_tmpdir(dir, sizeof(dir));
	exec_run(dir, opts, cmd, &x);
	cr_assert(x.status == 0 && x.r != NULL,
	    "exec of a failing command: exit %d (expected 0: measured): %s",
	    x.status, x.err);
	cr_expect(strcmp(str(x.r, "status"), "failed") == 0, "status %s",
	    str(x.r, "status"));
	cr_expect(
	    strstr(str(x.r, "reason"), "exit status 3: the last words") != NULL,
	    "reason: %s", str(x.r, "reason"));
	cr_expect(num(x.r, "exit_status", NULL) == 3, "exit_status %g",
	    num(x.r, "exit_status", NULL));
	/* The first failed run stops the protocol. */
	cr_expect(json_array_size(json_object_get(x.r, "runs")) == 1);
	cr_expect(strstr(x.err, "first words") != NULL,
	    "the command's stderr was not passed through: %s", x.err);
	exec_free(&x);
	fb_rmdir(dir);
}

Test(exec, memory_guard_kills_the_tree)
{
	const char *opts[] = {"--mem-limit", "64M", NULL};
	const char *cmd[] = {fb_helper("touch"), "536870912", "5000", NULL};
	char dir[4096], json[4200];
	struct timespec t0, t1;
	exec_run_t x;
	const json_t *run0;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/r.json", dir);
	fb_write(json, SENTINEL);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	exec_run(dir, opts, cmd, &x);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	cr_assert(x.status == 0, "exit %d: %s", x.status, x.err);
	cr_assert(x.r != NULL, "%s is not whole JSON after the guard", json);
	cr_expect(strcmp(str(x.r, "status"), "failed") == 0, "status %s",
	    str(x.r, "status"));
	cr_expect(strstr(str(x.r, "reason"), "memory guard") != NULL &&
		strstr(str(x.r, "reason"), "--mem-limit") != NULL,
	    "reason: %s", str(x.r, "reason"));
	run0 = json_array_get(json_object_get(x.r, "runs"), 0);
	cr_expect(json_is_true(json_object_get(run0, "guard_killed")));
	cr_expect(num(run0, "signal", NULL) == SIGKILL);
	cr_expect(num(x.r, "memory", "peak_rss_bytes") > 64 * MIB &&
		num(x.r, "memory", "peak_rss_bytes") < 256 * MIB,
	    "peak at the kill %.4g MiB", num(x.r, "memory", "peak_rss_bytes"));
	/* Killed, not held for its 5 s. */
	cr_expect((double)(t1.tv_sec - t0.tv_sec) < 3.0);
	cr_expect(fb_count_tmp(dir) == 0, "temporary files left in %s", dir);
	exec_free(&x);
	fb_rmdir(dir);
}

Test(exec, interrupted_writes_nothing)
{
	char dir[4096], json[4200], err[4200], *text;
	char *args[] = {"exec", "--json", json, "--",
	    (char *)fb_helper("touch"), "1048576", "5000", NULL};
	struct timespec ts = {0, 300000000L};
	pid_t pid;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/r.json", dir);
	snprintf(err, sizeof(err), "%s/stderr", dir);
	fb_write(json, SENTINEL);
	pid = fb_start(args, NULL, err);
	nanosleep(&ts, NULL);
	kill(pid, SIGTERM);
	rc = fb_wait(pid);
	cr_expect(rc == 128 + SIGTERM, "exit %d after SIGTERM", rc);
	text = fb_slurp(json);
	cr_expect(text != NULL && strcmp(text, SENTINEL) == 0,
	    "the previous result was changed: %s", text);
	free(text);
	cr_expect(fb_count_tmp(dir) == 0);
	unlink(err);
	fb_rmdir(dir);
}

/* interp at small sizes, and its float64 reference total. */
static double
interp_total(params_t *p)
{
	const workload_t *w = workload_find("interp");
	double ref[DIGEST_MAX];
	char msg[200];

	cr_assert(w != NULL);
	w->defaults(p);
	p->n = 1000;
	p->extra[INTERP_PARAM_M] = 4;
	p->extra[INTERP_PARAM_G] = 32;
	cr_assert(w->check(p, msg, sizeof(msg)) == 0, "%s", msg);
	cr_assert(w->reference(p, ref) == 0);
	return ref[0];
}

/* exec --workload interp (small) of `report TEXT`. */
static void
report_run(const char *dir, const char *text, exec_run_t *x)
{
	const char *opts[] = {"--workload", "interp", "--n", "1000", "--m", "4",
	    "--g", "32", "--repeat", "1", "--warmup", "0", NULL};
	const char *cmd[] = {fb_helper("report"), text, NULL};

	exec_run(dir, opts, cmd, x);
	cr_assert(
	    x->status == 0 && x->r != NULL, "exit %d: %s", x->status, x->err);
}

Test(exec, report_merged_and_validated)
{
	char dir[4096], text[256];
	params_t p;
	double total = interp_total(&p);
	exec_run_t x;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(text, sizeof(text),
	    "{\"result\": {\"total\": %.17g}, \"compile_s\": 0.25}", total);
	report_run(dir, text, &x);
	cr_expect(strcmp(str(x.r, "status"), "ok") == 0, "right digest: %s",
	    str(x.r, "reason"));
	cr_expect(
	    num(json_object_get(x.r, "reported"), "compile_s", NULL) == 0.25,
	    "reported.compile_s not merged");
	cr_expect(json_is_true(
	    json_object_get(json_object_get(x.r, "validation"), "ok")));
	cr_expect(num(x.r, "result", "total") == total);
	cr_expect(json_array_size(json_object_get(x.r, "reported_runs")) == 2);
	cr_expect(strcmp(str(x.r, "workload"), "interp") == 0);
	exec_free(&x);

	snprintf(text, sizeof(text), "{\"result\": {\"total\": %.17g}}",
	    total * 1.5 + 1.0);
	report_run(dir, text, &x);
	cr_expect(strcmp(str(x.r, "status"), "failed") == 0 &&
		strstr(str(x.r, "reason"), "disagrees") != NULL,
	    "wrong digest: %s: %s", str(x.r, "status"), str(x.r, "reason"));
	exec_free(&x);

	report_run(dir, "{\"compile_s\": 1}", &x);
	cr_expect(strstr(str(x.r, "reason"), "no result") != NULL,
	    "missing digest: %s", str(x.r, "reason"));
	exec_free(&x);

	report_run(dir, "{\"result\": ", &x);
	cr_expect(strstr(str(x.r, "reason"), "not JSON") != NULL,
	    "half a report: %s", str(x.r, "reason"));
	exec_free(&x);
	fb_rmdir(dir);
}

Test(exec, report_without_workload)
{
	const char *opts[] = {"--repeat", "0", "--warmup", "0", NULL};
	const char *cmd[] = {fb_helper("report"), "{\"steps\": [1, 2]}", NULL};
	char dir[4096];
	exec_run_t x;

	fb_tmpdir(dir, sizeof(dir));
	exec_run(dir, opts, cmd, &x);
	cr_assert(x.status == 0 && x.r != NULL, "exit %d: %s", x.status, x.err);
	cr_expect(
	    strcmp(str(x.r, "status"), "ok") == 0, "%s", str(x.r, "reason"));
	cr_expect(json_array_size(json_object_get(
		      json_object_get(x.r, "reported"), "steps")) == 2);
	cr_expect(strcmp(str(x.r, "workload"), "exec") == 0);
	cr_expect(strcmp(str(x.r, "variant"), "report") == 0);
	cr_expect(json_is_null(
	    json_object_get(json_object_get(x.r, "validation"), "ok")));
	exec_free(&x);
	fb_rmdir(dir);
}

/* Each bad line exits 2 with one stderr line, and writes nothing: neither
 * a new file nor over an old one. */
Test(exec, bad_command_lines)
{
	static const char *const bad[][12] = {
	    {"--json", "@J", NULL},
	    {"--json", "@J", "", NULL},
	    {"--json", "@J", "true", "-n", "x", NULL},
	    {"--json", "@J", "true", "--repeat", "2", NULL},
	    {"--json", "@J", "-n", NULL},
	    {"--json", "@J", "--aggregates-only", "--", "true", NULL},
	    {"--json", "@J", "--timeline", "@J.t", "--", "true", "-n", "b",
		"--", "true", NULL},
	    {"--json", "@J", "--", "true", "-n", "b", "--", NULL},
	    {"--json", "@J", "--", NULL},
	    {"--json", "@J", "--", "", NULL},
	    {"--json", "@J", "--repeat", "abc", "--", "true", NULL},
	    {"--json", "@J", "--repeat", "-1", "--", "true", NULL},
	    {"--json", "@J", "--warmup", "1.5", "--", "true", NULL},
	    {"--json", "@J", "--mem-limit", "0", "--", "true", NULL},
	    {"--json", "@J", "--mem-limit", "12Q", "--", "true", NULL},
	    {"--json", "@J", "--timeline-interval", "0", "--", "true", NULL},
	    {"--json", "@J", "--bogus", "--", "true", NULL},
	    {"--json", "@J", "-x", "--", "true", NULL},
	    {"--json", "@J", "--n", "100", "--", "true", NULL},
	    {"--json", "@J", "--m", "4", "--", "true", NULL},
	    {"--json", "@J", "--workload", "nope", "--", "true", NULL},
	    {"--json", "@J", "--workload", "interp", "--n", "0", "--", "true",
		NULL},
	    {"--json", "@J", "--workload", "interp", "--preset", "x", "--",
		"true", NULL},
	    {"--json", "@J", "--events", "no::such-event", "--", "true", NULL},
	    {"--json", "@J", "--name", "", "--", "true", NULL},
	    {"--json", "@J", "--timeline", "/nonexistent/t.csv", "--", "true",
		NULL},
	    {"--json", "/nonexistent/r.json", "--", "true", NULL},
	    {"--json", "@J", "--repeat", NULL},
	};
	char dir[4096], json[4200], line[1024];

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/r.json", dir);
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		for (int old = 0; old < 2; old++) {
			char *args[16], *err = NULL, *text;
			int a = 0, rc;

			args[a++] = "exec";
			for (int i = 0; bad[k][i] != NULL; i++)
				args[a++] = strcmp(bad[k][i], "@J") == 0
				    ? json
				    : (char *)bad[k][i];
			args[a] = NULL;
			fb_join(args, line, sizeof(line));
			unlink(json);
			if (old)
				fb_write(json, SENTINEL);
			rc = fb_run(args, dir, &err);
			cr_expect(rc == 2, "%s: exit %d, expected 2", line, rc);
			cr_expect(fb_lines(err) == 1 &&
				strncmp(err, "harness exec: ", 14) == 0,
			    "%s: stderr is not one line: %s", line, err);
			text = fb_slurp(json);
			cr_expect(old
				? text != NULL && strcmp(text, SENTINEL) == 0
				: text == NULL,
			    "%s: wrote %s", line, json);
			free(text);
			free(err);
		}
	}
	fb_rmdir(dir);
}

/* The outer shell forks an inner one that does the work: only counters
 * inherited by the child see it. Hardware events end unsupported with a
 * reason where there is no PMU, as in harness run. */
Test(exec, counters_inherited_by_children)
{
	const char *opts[] = {"--repeat", "1", "--warmup", "0", "--events",
	    "perf::task-clock,perf::cycles", NULL};
	const char *cmd[] = {"sh", "-c",
	    "sh -c 'i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done'; true",
	    NULL};
	char dir[4096];
	exec_run_t x;
	const json_t *c, *tc, *cy;

	fb_tmpdir(dir, sizeof(dir));
	exec_run(dir, opts, cmd, &x);
	cr_assert(x.status == 0 && x.r != NULL, "exit %d: %s", x.status, x.err);
	cr_assert(
	    strcmp(str(x.r, "status"), "ok") == 0, "%s", str(x.r, "reason"));
	c = json_object_get(x.r, "counters");
	tc = json_object_get(c, "perf::task-clock");
	cy = json_object_get(c, "perf::cycles");
	cr_expect(strcmp(str(tc, "status"), "ok") == 0);
	/* 1e5 shell iterations take tens of ms; the outer shell alone ~1. */
	cr_expect(num(tc, "value", NULL) > 20e6,
	    "task-clock %.3g ns: the inner shell's time was not counted",
	    num(tc, "value", NULL));
	if (json_is_false(
		json_object_get(json_object_get(x.r, "pmu"), "hardware_pmu"))) {
		cr_expect(strcmp(str(cy, "status"), "unsupported") == 0);
		cr_expect(strstr(str(cy, "reason"), "no hardware PMU") != NULL,
		    "cycles reason: %s", str(cy, "reason"));
	} else {
		cr_expect(strcmp(str(cy, "status"), "unsupported") != 0,
		    "cycles with a PMU: %s", str(cy, "reason"));
	}
	exec_free(&x);
	fb_rmdir(dir);
}

/* exec --workload interp (small) of `env_report TOTAL` with opts after the
 * sizes; the reported value of key (NULL when null or missing). */
static void
env_run(const char *dir, const char *threads, exec_run_t *x)
{
	char text[64];
	params_t p;
	const char *opts[] = {"--workload", "interp", "--n", "1000", "--m", "4",
	    "--g", "32", "--repeat", "1", "--warmup", "0",
	    threads != NULL ? "--threads" : NULL, threads, NULL};
	const char *cmd[] = {fb_helper("env_report"), text, NULL};

	snprintf(text, sizeof(text), "{\"total\": %.17g}", interp_total(&p));
	exec_run(dir, opts, cmd, x);
	cr_assert(
	    x->status == 0 && x->r != NULL, "exit %d: %s", x->status, x->err);
	cr_assert(strcmp(str(x->r, "status"), "ok") == 0, "--threads %s: %s",
	    threads != NULL ? threads : "(none)", str(x->r, "reason"));
}

static const char *
reported(const exec_run_t *x, const char *key)
{
	return json_string_value(
	    json_object_get(json_object_get(x->r, "reported"), key));
}

Test(exec, threads_reach_the_command_environment)
{
	char dir[4096];
	exec_run_t x;
	const char *t, *omp;

	fb_tmpdir(dir, sizeof(dir));
	unsetenv("FUSEBENCH_THREADS");
	unsetenv("OMP_NUM_THREADS");
	/* --threads 3: both variables, and the parameter in the result. */
	env_run(dir, "3", &x);
	t = reported(&x, "fusebench_threads");
	omp = reported(&x, "omp_num_threads");
	cr_expect(t != NULL && strcmp(t, "3") == 0, "FUSEBENCH_THREADS %s",
	    t != NULL ? t : "unset");
	cr_expect(omp != NULL && strcmp(omp, "3") == 0, "OMP_NUM_THREADS %s",
	    omp != NULL ? omp : "unset");
	cr_expect(num(json_object_get(x.r, "params"), "threads", NULL) == 3,
	    "params.threads %g",
	    num(json_object_get(x.r, "params"), "threads", NULL));
	exec_free(&x);
	/* The user's OMP_NUM_THREADS is left as it is. */
	setenv("OMP_NUM_THREADS", "5", 1);
	env_run(dir, "2", &x);
	t = reported(&x, "fusebench_threads");
	omp = reported(&x, "omp_num_threads");
	cr_expect(t != NULL && strcmp(t, "2") == 0, "FUSEBENCH_THREADS %s",
	    t != NULL ? t : "unset");
	cr_expect(omp != NULL && strcmp(omp, "5") == 0,
	    "the user's OMP_NUM_THREADS=5 became %s",
	    omp != NULL ? omp : "unset");
	exec_free(&x);
	unsetenv("OMP_NUM_THREADS");
	/* Without --threads neither is set (the default passes nothing). */
	env_run(dir, NULL, &x);
	cr_expect(reported(&x, "fusebench_threads") == NULL,
	    "FUSEBENCH_THREADS set without --threads: %s",
	    reported(&x, "fusebench_threads"));
	cr_expect(reported(&x, "omp_num_threads") == NULL,
	    "OMP_NUM_THREADS set without --threads");
	exec_free(&x);
	fb_rmdir(dir);
}

/* A command that ends before the first RSS sample: the line does not say
 * "tree of 0" (no sample counted the tree; it had a process), it says the
 * peak is the kernel's maxrss. `true` ends in about a millisecond. */
Test(exec, unsampled_tree_is_not_a_tree_of_zero)
{
	char dir[4096], out[4200], err[4200], *text;
	char *args[] = {"exec", "--repeat", "3", "--events", "none",
	    "--timeline-interval", "1000000", "--", "true", NULL};
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(err, sizeof(err), "%s/err", dir);
	rc = fb_wait(fb_start(args, out, err));
	text = fb_slurp(out);
	cr_expect_eq(rc, 0, "exit %d", rc);
	cr_expect(text != NULL && strstr(text, "tree of 0") == NULL &&
		strstr(text, "(the kernel's maxrss; ended before a sample)") !=
		    NULL,
	    "%s", text);
	free(text);
	fb_rmdir(dir);
}

/* --allocator glibc-keep: the command sees the tunables after the user's
 * own, and the result records the setting; without it, null. */
Test(exec, allocator_reaches_the_command_environment)
{
	char dir[4096];
	exec_run_t x;
	const char *opts[] = {"--repeat", "0", "--warmup", "0", "--allocator",
	    "glibc-keep", NULL};
	const char *none[] = {"--repeat", "0", "--warmup", "0", NULL};
	const char *cmd[] = {"/bin/sh", "-c",
	    "printf '{\"t\": \"%s\", \"a\": \"%s\"}' \"$GLIBC_TUNABLES\" "
	    "\"$FUSEBENCH_ALLOCATOR\" > \"$FUSEBENCH_REPORT\"",
	    NULL};
	const json_t *al;

	fb_tmpdir(dir, sizeof(dir));
	setenv("GLIBC_TUNABLES", "glibc.malloc.tcache_count=0", 1);
	exec_run(dir, opts, cmd, &x);
	unsetenv("GLIBC_TUNABLES");
	cr_assert(x.status == 0 && x.r != NULL, "exit %d: %s", x.status, x.err);
	cr_expect_str_eq(reported(&x, "t"),
	    "glibc.malloc.tcache_count=0:glibc.malloc.mmap_max=0:"
	    "glibc.malloc.arena_max=1:glibc.malloc.trim_threshold="
	    "1099511627776");
	cr_expect_str_eq(reported(&x, "a"), "glibc-keep");
	al = json_object_get(x.r, "command_allocator");
	cr_expect_str_eq(
	    json_string_value(json_object_get(al, "name")), "glibc-keep");
	exec_free(&x);
	exec_run(dir, none, cmd, &x);
	cr_expect(json_is_null(json_object_get(x.r, "command_allocator")));
	cr_expect_str_eq(reported(&x, "a"), "");
	exec_free(&x);
}
