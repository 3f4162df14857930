/*
 * hx_exec's writer on hand-made records (the figures it must pick: the
 * median of the timed runs, the larger of the two peaks, the last run's
 * report), and hx_proc's tree sampler on this very process.
 */
#include <math.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "hx_exec.h"
#include "hx_proc.h"

static char *const cmd[] = {"python3", "script.py", NULL};

static void
config(hx_exec_config_t *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->argv = cmd;
	cfg->name = "script";
	cfg->repeat = 2;
	cfg->mem_limit = 1 << 30;
	cfg->timeline_interval_us = 1000;
	cfg->events = "none";
}

/* One cold and two timed runs with known figures. */
static void
record(hx_exec_record_t *rec, hx_exec_run_t runs[3])
{
	static const double wall[3] = {0.5, 0.2, 0.4};
	static const uint64_t tree[3] = {100, 300, 200};
	static const uint64_t maxrss[3] = {150, 250, 350};
	static const uint64_t minor[3] = {10, 20, 40};

	memset(rec, 0, sizeof(*rec));
	memset(runs, 0, 3 * sizeof(*runs));
	for (int i = 0; i < 3; i++) {
		runs[i].kind = i == 0 ? HX_EXEC_COLD : HX_EXEC_TIMED;
		runs[i].proc.wall_s = wall[i];
		runs[i].proc.peak_rss_bytes = tree[i];
		runs[i].proc.ru_maxrss_bytes = maxrss[i];
		runs[i].proc.minor_faults = minor[i];
		runs[i].proc.peak_processes = 1;
		runs[i].proc.samples = 5;
		runs[i].reported = json_pack("{s:i}", "run", i);
	}
	rec->runs = runs;
	rec->nruns = 3;
	rec->clock_resolution_s = 1e-9;
}

static void
record_drop(hx_exec_record_t *rec)
{
	for (size_t i = 0; i < rec->nruns; i++)
		json_decref(rec->runs[i].reported);
}

static double
at(const json_t *r, const char *a, const char *b)
{
	const json_t *x = json_object_get(json_object_get(r, a), b);
	return json_is_number(x) ? json_number_value(x) : NAN;
}

Test(exec_json, ok_record)
{
	hx_exec_config_t cfg;
	hx_exec_record_t rec;
	hx_exec_run_t runs[3];
	json_t *r;

	config(&cfg);
	record(&rec, runs);
	r = hx_exec_json(&cfg, &rec);
	cr_assert(r != NULL);
	cr_expect_str_eq(json_string_value(json_object_get(r, "status")), "ok");
	cr_expect_str_eq(
	    json_string_value(json_object_get(r, "workload")), "exec");
	cr_expect_str_eq(
	    json_string_value(json_object_get(r, "variant")), "script");
	cr_expect(at(r, "time_s", "cold") == 0.5);
	/* The median of the timed runs 0.2 and 0.4, the cold run apart. */
	cr_expect(fabs(at(r, "time_s", "median") - 0.3) < 1e-12,
	    "median %g, expected 0.3", at(r, "time_s", "median"));
	cr_expect(at(r, "time_s", "repeats") == 2);
	/* The largest of tree samples (300) and maxrss (350), over all. */
	cr_expect(at(r, "memory", "peak_rss_bytes") == 350);
	cr_expect(at(r, "memory", "tree_peak_rss_bytes") == 300);
	cr_expect(at(r, "memory", "minor_faults") == 30);
	cr_expect(at(r, "memory", "cold_minor_faults") == 10);
	cr_expect(at(r, "reported", "run") == 2, "reported is not the last's");
	cr_expect(json_array_size(json_object_get(r, "reported_runs")) == 3);
	cr_expect(json_array_size(json_object_get(r, "command")) == 2);
	cr_expect(json_integer_value(json_object_get(r, "exit_status")) == 0);
	/* Written by the shared record writer: the record's date and
	 * settings, exec's own memory figures merged into its memory. */
	cr_expect(json_is_string(json_object_get(r, "date")));
	cr_expect(at(r, "settings", "repeat") == 2);
	cr_expect(at(r, "memory", "ru_maxrss_bytes") == 350);
	cr_expect(json_is_null(json_object_get(
	    json_object_get(r, "memory"), "peak_workspace_bytes")));
	cr_expect_str_eq(json_string_value(json_object_get(
			     json_object_get(r, "validation"), "message")),
	    "not validated (no --workload)");
	json_decref(r);
	record_drop(&rec);
}

Test(exec_json, failed_record)
{
	hx_exec_config_t cfg;
	hx_exec_record_t rec;
	hx_exec_run_t runs[3];
	json_t *r;

	config(&cfg);
	record(&rec, runs);
	rec.nruns = 1;
	runs[0].proc.exit_status = -1;
	runs[0].proc.signal = 9;
	rec.failed = 1;
	snprintf(rec.reason, sizeof(rec.reason), "cold run: killed");
	r = hx_exec_json(&cfg, &rec);
	cr_assert(r != NULL);
	cr_expect_str_eq(
	    json_string_value(json_object_get(r, "status")), "failed");
	cr_expect_str_eq(json_string_value(json_object_get(r, "reason")),
	    "cold run: killed");
	cr_expect(json_object_get(r, "time_s") == NULL);
	cr_expect(json_is_null(json_object_get(r, "exit_status")));
	cr_expect(json_integer_value(json_object_get(r, "signal")) == 9);
	cr_expect(at(r, "memory", "peak_rss_bytes") == 150);
	json_decref(r);
	rec.nruns = 3;
	record_drop(&rec);
}

Test(exec_proc, tree_of_this_process)
{
	hx_proc_tree_t *t = hx_proc_tree_new(getpid());
	uint64_t rss = 0;
	uint32_t n = 0;

	cr_assert(t != NULL);
	cr_assert(hx_proc_tree_sample(t, &rss, &n) == 0);
	cr_expect(n >= 1, "%u processes", n);
	cr_expect(rss > 100000, "rss %llu bytes", (unsigned long long)rss);
	hx_proc_tree_free(t);
}

/* The default labels: a script's name for an interpreter, a module's
 * name for -m, the interpreter's own for -c, else the base name. */
Test(exec_label, interpreters_and_binaries)
{
	static const struct {
		const char *argv[6];
		const char *label;
	} cases[] = {
	    {{"python3", "mine.py", NULL}, "mine.py"},
	    {{"/usr/bin/python3.11", "-u", "dir/x.py", "--n", "5", NULL},
		"x.py"},
	    {{"python3", "-m", "pkg.mod", "--calls", "1", NULL}, "pkg.mod"},
	    {{"python3", "-c", "print(1)", NULL}, "python3"},
	    {{"build/venv/bin/python", "variants/jax/run.py", NULL}, "run.py"},
	    {{"sh", "-e", "job.sh", NULL}, "job.sh"},
	    {{"perl", "-e", "print 1", NULL}, "perl"},
	    {{"bash", "job.sh", NULL}, "job.sh"},
	    {{"/usr/bin/sleep", "0.01", NULL}, "sleep"},
	    {{"./a.out", NULL}, "a.out"},
	    {{"pythonista", "x.py", NULL}, "pythonista"},
	};
	char out[256];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		hx_exec_label((char *const *)cases[i].argv, out, sizeof(out));
		cr_expect(strcmp(out, cases[i].label) == 0,
		    "%s %s: labelled %s, expected %s", cases[i].argv[0],
		    cases[i].argv[1] != NULL ? cases[i].argv[1] : "", out,
		    cases[i].label);
	}
}

/* --allocator: each name's variables, after the harness's own value;
 * an unknown name refused by name; the result records what was set. */
Test(exec_allocator, names_and_variables)
{
	hx_exec_config_t cfg;
	char msg[400];
	json_t *j;

	config(&cfg);
	cr_assert(hx_exec_allocator(&cfg, NULL, msg, sizeof(msg)) == 0);
	cr_expect(cfg.alloc_name == NULL && cfg.nalloc_env == 0);
	j = hx_exec_allocator_json(&cfg);
	cr_expect(json_is_null(j));
	json_decref(j);

	setenv("GLIBC_TUNABLES", "glibc.malloc.tcache_count=0", 1);
	cr_assert(hx_exec_allocator(&cfg, "glibc-keep", msg, sizeof(msg)) == 0,
	    "%s", msg);
	unsetenv("GLIBC_TUNABLES");
	cr_expect(cfg.nalloc_env == 2);
	cr_expect_str_eq(cfg.alloc_env_name[1], "GLIBC_TUNABLES");
	/* The user's own tunable first, ours after it (the later wins). */
	cr_expect(
	    strncmp(cfg.alloc_env_value[1],
		"glibc.malloc.tcache_count=0:glibc.malloc.mmap_max=0", 51) == 0,
	    "%s", cfg.alloc_env_value[1]);
	j = hx_exec_allocator_json(&cfg);
	cr_expect_str_eq(
	    json_string_value(json_object_get(j, "name")), "glibc-keep");
	cr_expect_str_eq(json_string_value(json_object_get(
			     json_object_get(j, "env"), "FUSEBENCH_ALLOCATOR")),
	    "glibc-keep");
	json_decref(j);

	cr_expect(hx_exec_allocator(&cfg, "tcmalloc", msg, sizeof(msg)) == -1);
	cr_expect(strstr(msg, "'tcmalloc'") != NULL, "%s", msg);

	if (access("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", R_OK) != 0)
		return; /* jemalloc-keep needs the library; its error is
			   tests/bad-inputs.sh's to see */
	unsetenv("LD_PRELOAD");
	cr_assert(
	    hx_exec_allocator(&cfg, "jemalloc-keep", msg, sizeof(msg)) == 0);
	cr_expect(cfg.nalloc_env == 3);
	cr_expect_str_eq(cfg.alloc_env_value[1],
	    "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2");
	cr_expect_str_eq(
	    cfg.alloc_env_value[2], "dirty_decay_ms:-1,muzzy_decay_ms:-1");
}
