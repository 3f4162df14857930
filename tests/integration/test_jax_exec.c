/*
 * harness exec on the JAX programs (variants/jax/run.py) at tiny sizes:
 * the jitted question validated against the float64 reference, with its
 * own figures merged (first call, warm calls, XLA's temporary bytes) and
 * pinned to one CPU; and a result computed at other sizes than exec checks
 * refused. Skipped, with a message, when build/venv (make jax) is absent;
 * FB_JAX_PYTHON names another interpreter.
 */
#include <limits.h>
#include <math.h>

#include <jansson.h>

#include "fb_spawn.h"

/* The venv's python, absolute (exec runs from the test's folder), or NULL
 * when it is not there. */
static const char *
jax_python(char *buf)
{
	const char *p = getenv("FB_JAX_PYTHON");
	char cwd[PATH_MAX];

	if (p == NULL)
		p = "build/venv/bin/python";
	if (access(p, X_OK) != 0)
		return NULL;
	/* Not realpath: the venv's python is a link that must stay one. */
	if (p[0] == '/' || getcwd(cwd, sizeof(cwd)) == NULL)
		snprintf(buf, PATH_MAX, "%s", p);
	else
		snprintf(buf, PATH_MAX, "%.2000s/%.2000s", cwd, p);
	return buf;
}

/* harness exec --json DIR/r.json --workload interp --n 1000 --m 8 --g 64
 * -- python run.py interp PROGRAM --n RUN_N --m 8 --g 64 ...: the result
 * object, or NULL. */
static json_t *
exec_jax(
    const char *dir, const char *py, const char *program, const char *run_n)
{
	char json[4200], script[PATH_MAX], *err = NULL;
	json_error_t e;
	json_t *r;
	char *args[] = {"exec", "--json", json, "--workload", "interp", "--n",
	    "1000", "--m", "8", "--g", "64", "--name", (char *)program,
	    "--repeat", "0", "--warmup", "0", "--", (char *)py, script,
	    "interp", (char *)program, "--n", (char *)run_n, "--m", "8", "--g",
	    "64", "--threads", "1", "--calls", "2", NULL};
	int st;

	snprintf(json, sizeof(json), "%s/r.json", dir);
	cr_assert(realpath("variants/jax/run.py", script) != NULL,
	    "variants/jax/run.py not found (run from the repository root)");
	st = fb_run(args, dir, &err);
	cr_assert_eq(st, 0, "harness exec exited %d: %s", st, err);
	free(err);
	r = json_load_file(json, 0, &e);
	cr_assert(r != NULL, "%s: %s", json, e.text);
	return r;
}

static double
num(const json_t *r, const char *path)
{
	const json_t *o = r;
	char key[64];

	while (o != NULL && strchr(path, '.') != NULL) {
		size_t n = (size_t)(strchr(path, '.') - path);
		snprintf(key, sizeof(key), "%.*s", (int)n, path);
		o = json_object_get(o, key);
		path += n + 1;
	}
	o = json_object_get(o, path);
	return json_is_number(o) ? json_number_value(o) : NAN;
}

Test(jax_exec, jitted_question_validated_against_the_reference, .timeout = 180)
{
	char dir[4096], pybuf[PATH_MAX];
	const char *py = jax_python(pybuf);
	json_t *r, *rep, *cpus;

	if (py == NULL)
		cr_skip_test("JAX not installed (no build/venv: make jax)");
	fb_harness();
	fb_tmpdir(dir, sizeof(dir));
	r = exec_jax(dir, py, "question_jit", "1000");
	cr_expect_str_eq(json_string_value(json_object_get(r, "status")), "ok",
	    "reason: %s", json_string_value(json_object_get(r, "reason")));
	cr_expect(json_is_true(
	    json_object_get(json_object_get(r, "validation"), "ok")));
	rep = json_object_get(r, "reported");
	cr_expect(num(rep, "first_call_s") > 0);
	cr_expect_eq(json_array_size(json_object_get(rep, "warm_call_s")), 2);
	/* Tiny, yet an N x M array of float32 at least. */
	cr_expect(num(rep, "memory_analysis.temp_bytes") >= 1000 * 8 * 4,
	    "XLA temporary bytes %g", num(rep, "memory_analysis.temp_bytes"));
	cpus = json_object_get(json_object_get(rep, "threads"), "cpus");
	cr_expect_eq(json_array_size(cpus), 1, "--threads 1: one CPU");
	/* The tree's peak holds the interpreter and XLA: tens of MB. */
	cr_expect(num(r, "memory.peak_rss_bytes") > 50e6);
	json_decref(r);
	fb_rmdir(dir);
}

Test(jax_exec, result_at_other_sizes_refused, .timeout = 180)
{
	char dir[4096], pybuf[PATH_MAX];
	const char *py = jax_python(pybuf);
	const char *reason;
	json_t *r;

	if (py == NULL)
		cr_skip_test("JAX not installed (no build/venv: make jax)");
	fb_harness();
	fb_tmpdir(dir, sizeof(dir));
	/* run.py computes N=999 points; exec checks against N=1000. */
	r = exec_jax(dir, py, "question_jit", "999");
	reason = json_string_value(json_object_get(r, "reason"));
	cr_expect_str_eq(
	    json_string_value(json_object_get(r, "status")), "failed");
	cr_expect(reason != NULL &&
		strstr(reason, "disagrees with the float64 reference") != NULL,
	    "reason: %s", reason != NULL ? reason : "(none)");
	json_decref(r);
	fb_rmdir(dir);
}
