/*
 * Plugins: the example under variants/example/ (built as libexample.so)
 * measured through list, run, sweep and compare exactly as a built-in
 * workload; and the refusals: a library for another ABI version, one
 * without the fusebench_plugin object, one that cannot be loaded, and a
 * plugin step that crashes (a failed run, not a crashed harness).
 */
#include <jansson.h>
#include <string.h>

#include <criterion/criterion.h>

#include "fb_spawn.h"

static const char *
plugin(const char *name)
{
	static char path[4][4096];
	static int next;
	const char *dir = getenv("FB_PLUGINS");
	char *p = path[next++ % 4];

	cr_assert(dir != NULL,
	    "FB_PLUGINS must name the built plugins (make "
	    "test-integration sets it)");
	snprintf(p, 4096, "%s/lib%s.so", dir, name);
	return p;
}

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
		char *args[] = {"run", "--plugin", (char *)plugin("example"),
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
		    "list", "--plugin", (char *)plugin("example"), NULL};
		cr_assert(fb_wait(fb_start(args, list_out, "/dev/null")) == 0);
	}
	text = fb_slurp(list_out);
	cr_expect(text != NULL && strstr(text, "dot: ") != NULL &&
		strstr(text, "  temporary ") != NULL,
	    "%s", text);
	free(text);
	{
		char *args[] = {"sweep", "--plugin", (char *)plugin("example"),
		    "--workload", "dot", "--variants", "fused,temporary", "--n",
		    "20000,40000", "--repeat", "5", "--out", out, NULL};
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
	char *args[] = {"run", "--plugin", (char *)plugin("example"), "dot",
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
	refused(plugin("bad_abi"), "fused", 2, "plugin ABI version 999");
	refused(
	    plugin("no_symbol"), "fused", 2, "no symbol 'fusebench_plugin'");
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
		char *args[] = {"run", "--plugin", (char *)plugin("example"),
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
		char *args[] = {"run", "--plugin", (char *)plugin("example"),
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
	refused_param("passes=65",
	    "--param passes '65': must be an integer "
	    "from 1 to 64");
	refused_param("speed=2", "dot declares no such parameter");
}
