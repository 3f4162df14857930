/*
 * Google Benchmark's JSON: what `--format gbench` and `harness convert`
 * write has the fields its tools read, Google Benchmark's own compare.py
 * (Debian's libbenchmark-tools, installed by `make deps`) reads a converted
 * result without error, and it sees the same direction of change as
 * `harness compare` (which reads the same files back).
 */
#include <jansson.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "fb_spawn.h"

#define COMPARE_PY "/usr/share/benchmark/compare.py"
/* Debian's python3, which has the scipy compare.py imports. */
#define PYTHON "/usr/bin/python3"

static json_t *
load(const char *path)
{
	json_error_t e;
	json_t *o = json_load_file(path, 0, &e);
	cr_assert(o != NULL, "%s: %s", path, e.text);
	return o;
}

/* The entries of gb named name with this run_type. */
static size_t
entries(const json_t *gb, const char *run_type)
{
	const json_t *e;
	size_t i, n = 0;

	json_array_foreach(json_object_get(gb, "benchmarks"), i, e)
	{
		if (strcmp(json_string_value(json_object_get(e, "run_type")),
			run_type) == 0)
			n++;
	}
	return n;
}

/* Every sample of the results in path doubled, into out (JSON lines). */
static void
doubled(const char *path, const char *out)
{
	char *text = fb_slurp(path), *line, *save = NULL;
	FILE *f = fopen(out, "w");

	cr_assert(text != NULL && f != NULL);
	for (line = strtok_r(text, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save)) {
		json_t *r = json_loads(line, 0, NULL), *t, *x;
		size_t i;
		cr_assert(r != NULL);
		t = json_object_get(r, "time_s");
		json_array_foreach(json_object_get(t, "samples"), i, x)
		{
			json_real_set(x, 2 * json_real_value(x));
		}
		json_object_set_new(t, "median",
		    json_real(
			2 * json_real_value(json_object_get(t, "median"))));
		json_dumpf(r, f, JSON_COMPACT);
		fputc('\n', f);
		json_decref(r);
	}
	fclose(f);
	free(text);
}

static int
harness(char *const args[], const char *dir)
{
	char *err = NULL;
	int rc = fb_run(args, dir, &err);
	cr_expect(
	    rc == 0 || rc == 3, "harness %s: exit %d: %s", args[0], rc, err);
	free(err);
	return rc;
}

Test(gbench, sweep_format_and_compare_py_agree)
{
	char dir[4096], pre[4200], old_gb[4200], jl[4200], slow[4200];
	char slow_gb[4200], dump[4200], cmd[20000];
	json_t *gb, *d;

	cr_assert(access(COMPARE_PY, R_OK) == 0 && access(PYTHON, X_OK) == 0,
	    COMPARE_PY " is missing: make deps installs libbenchmark-tools "
		       "and python3-scipy");
	fb_tmpdir(dir, sizeof(dir));
	snprintf(pre, sizeof(pre), "%s/old", dir);
	snprintf(old_gb, sizeof(old_gb), "%s/old.gbench.json", dir);
	snprintf(jl, sizeof(jl), "%s/old.jsonl", dir);
	snprintf(slow, sizeof(slow), "%s/slow.jsonl", dir);
	snprintf(slow_gb, sizeof(slow_gb), "%s/slow.gbench.json", dir);
	snprintf(dump, sizeof(dump), "%s/dump.json", dir);
	{
		char *args[] = {"sweep", "--workload", "interp", "--variants",
		    "fused", "--n", "2000", "--m", "4", "--repeat", "12",
		    "--format", "gbench", "--out", pre, NULL};
		harness(args, dir);
	}
	gb = load(old_gb);
	cr_expect(json_is_string(
	    json_object_get(json_object_get(gb, "context"), "date")));
	cr_expect(json_is_string(
	    json_object_get(json_object_get(gb, "context"), "host_name")));
	cr_expect(json_array_size(json_object_get(
		      json_object_get(gb, "context"), "caches")) >= 1);
	cr_expect(entries(gb, "iteration") == 12, "%zu iteration entries",
	    entries(gb, "iteration"));
	cr_expect(entries(gb, "aggregate") == 3);
	cr_expect(json_integer_value(json_object_get(
		      json_array_get(json_object_get(gb, "benchmarks"), 11),
		      "repetition_index")) == 11);
	json_decref(gb);
	doubled(jl, slow);
	{
		char *args[] = {"convert", slow, "--out", slow_gb, NULL};
		harness(args, dir);
	}
	snprintf(cmd, sizeof(cmd),
	    PYTHON " " COMPARE_PY " --no-color -d %s benchmarks %s %s "
		   "> %s/py.out 2>&1",
	    dump, old_gb, slow_gb, dir);
	cr_assert(system(cmd) == 0, "compare.py failed: see %s/py.out", dir);
	d = load(dump);
	/* compare.py: relative change of every repetition's time, > 0 when
	 * the second file is slower. */
	cr_expect(
	    json_number_value(json_object_get(
		json_array_get(
		    json_object_get(json_array_get(d, 0), "measurements"), 0),
		"time")) > 0.9);
	json_decref(d);
	{
		char *args[] = {"compare", old_gb, slow_gb, NULL};
		cr_expect(harness(args, dir) == 3,
		    "harness compare on the same files: not a regression");
	}
	fb_rmdir(dir);
}

Test(gbench, run_and_exec_write_it)
{
	char dir[4096], out[4200];
	json_t *gb;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(out, sizeof(out), "%s/run.json", dir);
	{
		char *args[] = {"run", "selftest", "ok", "--repeat", "3",
		    "--format", "gbench", "--json", out, NULL};
		harness(args, dir);
	}
	gb = load(out);
	cr_expect(entries(gb, "iteration") == 3);
	cr_expect_str_eq(
	    json_string_value(json_object_get(
		json_array_get(json_object_get(gb, "benchmarks"), 0),
		"run_name")),
	    "selftest/ok/n:1000/seed:42/steps:1");
	json_decref(gb);
	{
		char *args[] = {"exec", "--repeat", "2", "--format", "gbench",
		    "--json", out, "--", "/bin/true", NULL};
		harness(args, dir);
	}
	gb = load(out);
	cr_expect(entries(gb, "iteration") == 2);
	cr_expect(json_is_number(json_object_get(
	    json_array_get(json_object_get(gb, "benchmarks"), 0),
	    "peak_rss_bytes")));
	json_decref(gb);
	fb_rmdir(dir);
}
