/*
 * Plugins: the example under variants/example/ (built as libexample.so)
 * measured through list, run, sweep and compare exactly as a built-in
 * workload; and the refusals: a library for another ABI version, one
 * without the fusebench_plugin object, one that cannot be loaded, and a
 * plugin step that crashes (a failed run, not a crashed harness).
 */
#include <jansson.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "fb_spawn.h"
#include "hx_result.h"

/* Runs the harness; exit status, stderr in *err (freed by the caller). */
static int
run(char *const args[], const char *dir, char **err)
{
	return fb_run(args, dir, err);
}

static json_t *
load(const char *path)
{
	json_t *r = json_load_file(path, 0, NULL);
	cr_assert(r != NULL, "%s: not JSON", path);
	return r;
}

static double
num(const json_t *r, const char *a, const char *b)
{
	const json_t *x = json_object_get(json_object_get(r, a), b);
	return json_is_number(x) ? json_number_value(x) : -1.0;
}

Test(plugin, example_runs_as_a_builtin)
{
	char dir[4096], json[4200], *err = NULL;
	json_t *r;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/r.json", dir);
	{
		char *args[] = {"run", "--plugin", (char *)fb_plugin("example"),
		    "dot", "temporary", "--n", "50000", "--repeat", "3",
		    "--json", json, NULL};
		rc = run(args, dir, &err);
	}
	cr_assert(rc == 0, "exit %d: %s", rc, err);
	free(err);
	r = load(json);
	cr_expect_str_eq(
	    json_string_value(json_object_get(r, "workload")), "dot");
	cr_expect(json_is_true(
	    json_object_get(json_object_get(r, "validation"), "ok")));
	cr_expect(num(r, "result", "dot") == 50000.0, "dot %g",
	    num(r, "result", "dot"));
	/* One fresh array of N doubles a run: the model and the peak. */
	cr_expect(num(r, "memory", "peak_workspace_bytes") >= 50000 * 8 &&
		num(r, "memory", "peak_workspace_bytes") ==
		    num(r, "memory", "model_bytes"),
	    "workspace %g, model %g", num(r, "memory", "peak_workspace_bytes"),
	    num(r, "memory", "model_bytes"));
	cr_expect(num(r, "memory", "allocations_per_run") == 1);
	json_decref(r);
	fb_rmdir(dir);
}

Test(plugin, list_sweep_and_compare)
{
	char dir[4096], out[4200], jsonl[4200], *err = NULL;
	char list_out[4200];
	char *text;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(out, sizeof(out), "%s/s", dir);
	snprintf(jsonl, sizeof(jsonl), "%s/s.jsonl", dir);
	snprintf(list_out, sizeof(list_out), "%s/list", dir);
	{
		char *args[] = {
		    "list", "--plugin", (char *)fb_plugin("example"), NULL};
		cr_assert(fb_wait(fb_start(args, list_out, "/dev/null")) == 0);
	}
	text = fb_slurp(list_out);
	cr_expect(text != NULL && strstr(text, "dot: ") != NULL &&
		strstr(text, "  temporary ") != NULL,
	    "%s", text);
	free(text);
	{
		char *args[] = {"sweep", "--plugin",
		    (char *)fb_plugin("example"), "--workload", "dot",
		    "--variants", "fused,temporary", "--n", "20000,40000",
		    "--repeat", "5", "--out", out, NULL};
		rc = run(args, dir, &err);
	}
	cr_assert(rc == 0, "sweep: exit %d: %s", rc, err);
	free(err);
	text = fb_slurp(jsonl);
	cr_expect(fb_lines(text) == 4, "%d runs", fb_lines(text));
	free(text);
	{
		char *args[] = {"compare", jsonl, jsonl, NULL};
		rc = run(args, dir, &err);
	}
	cr_expect(rc == 0, "compare of a plugin sweep with itself: exit %d: %s",
	    rc, err);
	free(err);
	fb_rmdir(dir);
}

/* One refusal: exit status, and stderr's one line contains want. */
static void
refused(const char *lib, const char *variant, int status, const char *want)
{
	char dir[4096], *err = NULL;
	char *args[] = {"run", "--plugin", (char *)lib, "dot", (char *)variant,
	    "--repeat", "1", NULL};
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	rc = run(args, dir, &err);
	cr_expect(
	    rc == status, "%s: exit %d, expected %d: %s", lib, rc, status, err);
	cr_expect(err != NULL && strstr(err, want) != NULL,
	    "%s: stderr does not say '%s': %s", lib, want, err);
	free(err);
	fb_rmdir(dir);
}

/* run dot fused --param ARG: exit 2 and want on stderr. */
static void
refused_param(const char *arg, const char *want)
{
	char dir[4096], *err = NULL;
	char *args[] = {"run", "--plugin", (char *)fb_plugin("example"), "dot",
	    "fused", "--param", (char *)arg, NULL};
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	rc = run(args, dir, &err);
	cr_expect(rc == 2, "--param %s: exit %d: %s", arg, rc, err);
	cr_expect(err != NULL && strstr(err, want) != NULL,
	    "--param %s: stderr does not say '%s': %s", arg, want, err);
	free(err);
	fb_rmdir(dir);
}

Test(plugin, refusals)
{
	refused(fb_plugin("bad_abi"), "fused", 2, "plugin ABI version 999");
	refused(
	    fb_plugin("no_symbol"), "fused", 2, "no symbol 'fusebench_plugin'");
	refused("/nonexistent/libnothing.so", "fused", 2, "cannot load it");
}

Test(plugin, a_crashing_step_fails_the_run)
{
	char dir[4096], json[4200], *err = NULL;
	json_t *r;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/r.json", dir);
	{
		char *args[] = {"run", "--plugin", (char *)fb_plugin("example"),
		    "dot", "crash", "--json", json, NULL};
		rc = run(args, dir, &err);
	}
	cr_expect(rc == 1, "exit %d: %s", rc, err);
	free(err);
	r = load(json);
	cr_expect_str_eq(
	    json_string_value(json_object_get(r, "status")), "failed");
	cr_expect(strstr(json_string_value(json_object_get(r, "reason")),
		      "killed by signal 11") != NULL);
	json_decref(r);
	fb_rmdir(dir);
}

/* --param NAME=VALUE: the workload's own parameter, applied, written to
 * params, used by the reference; out of its bounds or unknown: exit 2. */
Test(plugin, own_parameter_with_bounds)
{
	char dir[4096], json[4200], *err = NULL;
	json_t *r;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/r.json", dir);
	{
		char *args[] = {"run", "--plugin", (char *)fb_plugin("example"),
		    "dot", "temporary", "--n", "10000", "--param", "passes=3",
		    "--repeat", "2", "--json", json, NULL};
		rc = run(args, dir, &err);
	}
	cr_assert(rc == 0, "exit %d: %s", rc, err);
	free(err);
	r = load(json);
	cr_expect(num(r, "params", "passes") == 3);
	cr_expect(num(r, "result", "dot") == 30000.0, "dot %g",
	    num(r, "result", "dot"));
	cr_expect(json_is_true(
	    json_object_get(json_object_get(r, "validation"), "ok")));
	/* One fresh array a pass. */
	cr_expect(num(r, "memory", "allocations_per_run") == 3);
	json_decref(r);
	fb_rmdir(dir);
	/* The message a table parameter's bounds give, by the option's
	 * name (--passes 65 is the same option). */
	refused_param("passes=65", "--passes '65': must be at most 64");
	refused_param("speed=2", "dot declares no such parameter");
}

/* The column called name in line row (0: the header) of a CSV text; the
 * cell copied into cell. */
static void
csv_cell(const char *csv, int row, const char *name, char *cell, size_t len)
{
	const char *line = csv, *head = csv, *c;
	int col = 0;
	size_t n = strlen(name);

	for (c = head; *c != '\n'; c++) {
		if (strncmp(c, name, n) == 0 && (c == head || c[-1] == ',') &&
		    c[n] == ',')
			break;
		col += *c == ',';
	}
	cr_assert(*c != '\n', "no column %s in %.200s", name, csv);
	for (int r = 0; r < row; r++)
		line = strchr(line, '\n') + 1;
	for (int k = 0; k < col; k++)
		line = strchr(line, ',') + 1;
	n = strcspn(line, ",\n");
	snprintf(cell, len, "%.*s", (int)n, line);
}

/* --param passes=1,3 in a sweep: a list like --n's, in the grid, in
 * params and in a CSV column of its own; a bad value is refused before
 * the first run. */
Test(plugin, sweep_lists_own_parameter)
{
	char dir[4096], out[4200], path[4300], cell[64], *err = NULL;
	char *csv;
	json_t *rs, *r;
	size_t i, with3 = 0;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(out, sizeof(out), "%s/s", dir);
	{
		char *args[] = {"sweep", "--plugin",
		    (char *)fb_plugin("example"), "--workload", "dot",
		    "--variants", "temporary", "--n", "1000,2000", "--param",
		    "passes=1,3", "--repeat", "2", "--events", "none", "--out",
		    out, NULL};
		rc = run(args, dir, &err);
	}
	cr_assert(rc == 0, "sweep: exit %d: %s", rc, err);
	free(err);
	snprintf(path, sizeof(path), "%s.jsonl", out);
	rs = hx_result_read(path, cell, sizeof(cell));
	cr_assert(json_array_size(rs) == 4, "%zu runs", json_array_size(rs));
	json_array_foreach(rs, i, r)
	{
		double passes = num(r, "params", "passes");
		cr_expect(passes == 1 || passes == 3, "passes %g", passes);
		with3 += passes == 3;
		/* The reference follows the parameter: dot = n * passes. */
		cr_expect(
		    num(r, "result", "dot") == num(r, "params", "n") * passes,
		    "dot %g at n %g, passes %g", num(r, "result", "dot"),
		    num(r, "params", "n"), passes);
		cr_expect(num(r, "memory", "allocations_per_run") == passes);
	}
	cr_expect(with3 == 2, "%zu runs with passes=3", with3);
	json_decref(rs);
	/* compare tells the two settings apart in its labels. */
	{
		char cmp_out[4300], jsonl[4300], *text;
		char *args[] = {"compare", jsonl, jsonl, NULL};
		snprintf(jsonl, sizeof(jsonl), "%s.jsonl", out);
		snprintf(cmp_out, sizeof(cmp_out), "%s/compare.txt", dir);
		/* Two repeats a side: inconclusive, whatever its status. */
		fb_wait(fb_start(args, cmp_out, "/dev/null"));
		text = fb_slurp(cmp_out);
		cr_expect(text != NULL &&
			strstr(text, "dot/temporary n=1000 passes=3:") !=
			    NULL &&
			strstr(text, "dot/temporary n=1000 passes=1:") != NULL,
		    "compare's labels: %s", text);
		free(text);
	}
	snprintf(path, sizeof(path), "%s.csv", out);
	csv = fb_slurp(path);
	cr_assert(csv != NULL);
	for (int row = 1; row <= 4; row++) {
		char n[64];
		csv_cell(csv, row, "passes", cell, sizeof(cell));
		csv_cell(csv, row, "n", n, sizeof(n));
		cr_expect(strcmp(cell, "1") == 0 || strcmp(cell, "3") == 0,
		    "row %d: passes '%s'", row, cell);
		cr_expect(strcmp(n, "1000") == 0 || strcmp(n, "2000") == 0,
		    "row %d: n '%s'", row, n);
	}
	free(csv);
	{
		char *args[] = {"sweep", "--plugin",
		    (char *)fb_plugin("example"), "--workload", "dot",
		    "--param", "passes=2,65", "--out", out, NULL};
		rc = run(args, dir, &err);
	}
	cr_expect(rc == 2, "passes=2,65: exit %d", rc);
	cr_expect(err != NULL &&
		strstr(err, "--passes '65': must be at most 64") != NULL,
	    "%s", err);
	free(err);
	fb_rmdir(dir);
}

/* exec --workload dot --param passes=3: parsed as run's, written to
 * params. */
Test(plugin, exec_takes_own_parameter)
{
	char dir[4096], json[4200], *err = NULL;
	json_t *r;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/e.json", dir);
	{
		char *args[] = {"exec", "--plugin",
		    (char *)fb_plugin("example"), "--workload", "dot",
		    "--param", "passes=3", "--n", "100", "--repeat", "1",
		    "--warmup", "0", "--events", "none", "--json", json, "--",
		    "true", NULL};
		rc = run(args, dir, &err);
	}
	/* `true` reports no result: the run fails validation, measured. */
	cr_assert(rc == 0, "exit %d: %s", rc, err);
	free(err);
	r = load(json);
	cr_expect(num(r, "params", "passes") == 3, "passes %g",
	    num(r, "params", "passes"));
	json_decref(r);
	{
		char *args[] = {"exec", "--plugin",
		    (char *)fb_plugin("example"), "--workload", "dot",
		    "--param", "passes=0", "--", "true", NULL};
		rc = run(args, dir, &err);
	}
	cr_expect(rc == 2 && err != NULL &&
		strstr(err, "--passes '0': must be at least 1") != NULL,
	    "passes=0: exit %d: %s", rc, err);
	free(err);
	fb_rmdir(dir);
}

/* Lines of PREFIX.jsonl after `sweep ... --cpu cpu [--resume]`. */
static int
sweep_on_cpu(const char *dir, const char *out, const char *cpu, int resume)
{
	char path[4300], *err = NULL, *text;
	char *args[24] = {"sweep", "--plugin", (char *)fb_plugin("example"),
	    "--workload", "dot", "--variants", "fused", "--n", "100",
	    "--repeat", "2", "--warmup", "0", "--events", "none", "--out",
	    (char *)out};
	int rc, lines, a = 17;

	if (cpu != NULL) {
		args[a++] = "--cpu";
		args[a++] = (char *)cpu;
	}
	if (resume)
		args[a++] = "--resume";
	args[a] = NULL;

	rc = run(args, dir, &err);
	cr_assert(rc == 0, "sweep --cpu %s: exit %d: %s", cpu, rc, err);
	free(err);
	snprintf(path, sizeof(path), "%s.jsonl", out);
	text = fb_slurp(path);
	lines = fb_lines(text);
	free(text);
	return lines;
}

/* --resume keeps a run only when it was pinned to the same CPU. */
Test(plugin, resume_matches_the_cpu)
{
	char dir[4096], out[4200];

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
		cr_skip_test("needs two CPUs");
	fb_tmpdir(dir, sizeof(dir));
	snprintf(out, sizeof(out), "%s/s", dir);
	cr_assert(sweep_on_cpu(dir, out, "0", 0) == 1);
	cr_expect(sweep_on_cpu(dir, out, "0", 1) == 1,
	    "the same CPU: the run is kept, not taken again");
	cr_expect(sweep_on_cpu(dir, out, "1", 1) == 2,
	    "another CPU: the run is taken again");
	cr_expect(sweep_on_cpu(dir, out, NULL, 1) == 3,
	    "not pinned: the pinned runs do not match");
	cr_expect(sweep_on_cpu(dir, out, NULL, 1) == 3);
	fb_rmdir(dir);
}

/* run --plugin --cachesim: the simulated re-run loads the plugin and gets
 * the workload's own parameter (4 passes read more than 1). */
static double
simulated_reads(const char *dir, const char *passes)
{
	char json[4200], *err = NULL;
	char *args[] = {"run", "--plugin", (char *)fb_plugin("example"), "dot",
	    "fused", "--n", "2000", "--param", (char *)passes, "--repeat", "1",
	    "--warmup", "0", "--events", "none", "--cachesim", "--json", json,
	    NULL};
	json_t *r;
	double dr;
	int rc;

	snprintf(json, sizeof(json), "%s/c.json", dir);
	rc = run(args, dir, &err);
	cr_assert(rc == 0, "--cachesim %s: exit %d: %s", passes, rc, err);
	free(err);
	r = load(json);
	dr = num(r, "cachesim", "Dr");
	json_decref(r);
	return dr;
}

Test(plugin, cachesim_reruns_the_plugin)
{
	char dir[4096];
	double one, four;

	if (system("command -v valgrind >/dev/null 2>&1") != 0)
		cr_skip_test("valgrind is not installed");
	fb_tmpdir(dir, sizeof(dir));
	one = simulated_reads(dir, "passes=1");
	four = simulated_reads(dir, "passes=4");
	/* Each pass reads the two vectors: 2 x 2000 loads at least. */
	cr_expect(one >= 4000 && four >= one + 3 * 4000,
	    "simulated data reads: %g at 1 pass, %g at 4", one, four);
	fb_rmdir(dir);
}

/* A plugin in C++ (tests/plugins/cxx), built with g++ against the headers
 * `make install` wrote, found through pkg-config: loaded, measured and
 * validated like a C one; its model (one temporary std::vector of N
 * doubles) is the measured workspace. */
Test(plugin, cxx_plugin_from_the_installed_headers)
{
	char dir[4096], json[4200], *err = NULL;
	json_t *r;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/r.json", dir);
	{
		char *args[] = {"run", "--plugin",
		    (char *)fb_plugin("cxx_plugin"), "norm2", "temporary",
		    "--n", "70000", "--repeat", "3", "--events", "none",
		    "--json", json, NULL};
		rc = run(args, dir, &err);
	}
	cr_assert(rc == 0, "exit %d: %s", rc, err);
	free(err);
	r = load(json);
	cr_expect(json_is_true(
	    json_object_get(json_object_get(r, "validation"), "ok")));
	/* sum of (i mod 7)^2 over 70000 items: 10000 times 0+1+4+...+36. */
	cr_expect(num(r, "result", "total") == 910000.0, "total %g",
	    num(r, "result", "total"));
	cr_expect(num(r, "memory", "model_bytes") >= 70000 * 8 &&
		num(r, "memory", "peak_workspace_bytes") ==
		    num(r, "memory", "model_bytes"),
	    "workspace %g, model %g", num(r, "memory", "peak_workspace_bytes"),
	    num(r, "memory", "model_bytes"));
	json_decref(r);
	fb_rmdir(dir);
}

/* tests/plugins/minimal.c leaves every optional callback NULL: one step,
 * N units, no input bytes, no flop or byte count, and no model: "no
 * model" in the summary, no memory.model_bytes (never 0 B). */
Test(plugin, null_optional_callbacks_take_their_defaults)
{
	char dir[4096], json[4200], out[4200], *err = NULL, *text;
	const json_t *mem, *work;
	json_t *r;
	int rc;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/r.json", dir);
	snprintf(out, sizeof(out), "%s/out", dir);
	{
		char err_path[4200];
		char *args[] = {"run", "--plugin", (char *)fb_plugin("minimal"),
		    "sum", "loop", "--n", "5000", "--repeat", "2", "--json",
		    json, NULL};
		snprintf(err_path, sizeof(err_path), "%s/err", dir);
		rc = fb_wait(fb_start(args, out, err_path));
		err = fb_slurp(err_path);
	}
	cr_assert(rc == 0, "exit %d: %s", rc, err);
	free(err);
	text = fb_slurp(out);
	cr_expect(text != NULL && strstr(text, "(no model)") != NULL &&
		strstr(text, "model 0 B") == NULL,
	    "summary: %s", text);
	free(text);
	r = load(json);
	mem = json_object_get(r, "memory");
	work = json_object_get(r, "work");
	cr_expect(json_is_true(
	    json_object_get(json_object_get(r, "validation"), "ok")));
	cr_expect(num(r, "result", "sum") == 5000.0 * 5001.0 / 2);
	cr_expect(json_object_get(mem, "model_bytes") == NULL &&
		json_object_get(mem, "model_bare_bytes") == NULL &&
		json_object_get(mem, "model_formula") == NULL,
	    "a model in a result of a variant without one");
	cr_expect(num(r, "memory", "input_bytes") == 0);
	cr_expect(num(r, "work", "units") == 5000, "units %g",
	    num(r, "work", "units"));
	cr_expect(json_object_get(work, "flops") == NULL &&
		json_object_get(work, "bytes") == NULL &&
		json_object_get(work, "gflops_per_s") == NULL &&
		json_object_get(work, "gbytes_per_s") == NULL,
	    "a flop or byte count from a variant without one");
	cr_expect(num(r, "work", "ns_per_unit") > 0);
	/* One step a run: the two timed runs' steps are two. */
	cr_expect(json_object_get(r, "steps_s") == NULL ||
		num(r, "steps_s", "count") == 2,
	    "%g timed steps in 2 runs", num(r, "steps_s", "count"));
	json_decref(r);
	fb_rmdir(dir);
}

Test(plugin, a_missing_required_callback_is_named)
{
	refused(fb_plugin("no_step"), "broken", 2,
	    "variant 'broken': missing callback 'step'");
}

/* --plugin NAME without a '/': ./NAME when that file is in the current
 * folder (dlopen alone would search only the loader's folders). */
Test(plugin, bare_name_in_the_current_folder)
{
	char cmd[16384], dir[4096], out[4200], *text;
	const char *lib = fb_plugin("minimal");
	int st;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(cmd, sizeof(cmd),
	    "cd '%.*s' && '%s' run --plugin libminimal.so sum loop --repeat 1 "
	    ">'%s' 2>&1",
	    (int)(strrchr(lib, '/') - lib), lib, fb_harness(), out);
	st = system(cmd);
	text = fb_slurp(out);
	cr_expect(st == 0, "status %d: %s", st, text);
	cr_expect(text != NULL && strstr(text, "sum/loop n=1000:") != NULL,
	    "%s", text);
	free(text);
	/* Elsewhere, the same name is the loader's to find: not found. */
	snprintf(cmd, sizeof(cmd),
	    "cd '%s' && '%s' run --plugin libminimal.so sum loop --repeat 1 "
	    ">'%s' 2>&1",
	    dir, fb_harness(), out);
	st = system(cmd);
	text = fb_slurp(out);
	cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 2 && text != NULL &&
		strstr(text, "--plugin libminimal.so: cannot load it") != NULL,
	    "status %d: %s", st, text);
	free(text);
	fb_rmdir(dir);
}
