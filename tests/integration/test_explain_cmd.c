/*
 * harness explain: forwarded to variants/jax/explain.py by the checkout's
 * build/venv. Without a JAX environment it exits 2 with one line saying
 * so; with one (skipped, with a message, when build/venv is absent) the
 * question's program at a tiny size is explained op by op.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fb_spawn.h"

Test(explain_cmd, without_jax_exits_2_with_one_line)
{
	char dir[4096], *err = NULL;
	char *args[] = {"explain", "--program", "question", NULL};
	const char *old = getenv("FB_JAX_PYTHON");
	char *saved = old != NULL ? strdup(old) : NULL;
	int st;

	fb_tmpdir(dir, sizeof(dir));
	setenv("FB_JAX_PYTHON", "/nonexistent/python", 1);
	st = fb_run(args, dir, &err);
	if (saved != NULL)
		setenv("FB_JAX_PYTHON", saved, 1);
	else
		unsetenv("FB_JAX_PYTHON");
	cr_expect_eq(st, 2, "exit %d: %s", st, err);
	cr_expect_eq(fb_lines(err), 1, "%s", err);
	cr_expect(
	    strstr(err, "no JAX environment: /nonexistent/python") != NULL,
	    "%s", err);
	free(err);
	free(saved);
	fb_rmdir(dir);
}

Test(explain_cmd, explains_the_question_op_by_op)
{
	char dir[4096], out[4200], errp[4200], *text, *err;
	char *args[] = {"explain", "--program", "question", "--n", "100", "--m",
	    "4", "--g", "16", "--no-jit", NULL};
	const char *py = getenv("FB_JAX_PYTHON");
	int st;

	if (access(py != NULL ? py : "build/venv/bin/python", X_OK) != 0) {
		fprintf(stderr,
		    "explain_cmd: no build/venv (make jax): "
		    "skipped\n");
		return;
	}
	fb_tmpdir(dir, sizeof(dir));
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(errp, sizeof(errp), "%s/err", dir);
	st = fb_wait(fb_start(args, out, errp));
	text = fb_slurp(out);
	err = fb_slurp(errp);
	cr_expect_eq(st, 0, "exit %d: %s", st, err);
	/* The (N, M, 4) weights of Horner's rule: f32[100,4,4]. */
	cr_expect(strstr(text, "explain interp question on (f32[100]") != NULL,
	    "%s", text);
	cr_expect(
	    strstr(text, "x the largest array made, f32[100,4,4]") != NULL,
	    "%s", text);
	cr_expect(
	    strstr(text, "Verdict: Op by op, the peak is") != NULL, "%s", text);
	free(text);
	free(err);
	fb_rmdir(dir);
}
