/*
 * harness exec with several commands (hyperfine's use): the relative table
 * and --fail-on-error, the interleaved order of the runs, the default
 * labels, the workload's parameters in the command's environment, CSV with
 * the sweep's header, and Google Benchmark's --aggregates-only.
 */
#include <jansson.h>

#include "fb_spawn.h"
#include "interp/interp.h"
#include "variant.h"

/* harness exec ARGS (NULL-terminated, without "exec") in dir: exit status,
 * stdout and stderr as new strings. */
static int
many_run(const char *dir, const char *const args[], char **out, char **err)
{
	char *argv[FB_MAX_ARGS + 1], out_path[4200], err_path[4200];
	int a = 0, rc;

	argv[a++] = "exec";
	for (int i = 0; args[i] != NULL; i++)
		argv[a++] = (char *)args[i];
	argv[a] = NULL;
	snprintf(out_path, sizeof(out_path), "%s/stdout.txt", dir);
	snprintf(err_path, sizeof(err_path), "%s/stderr.txt", dir);
	rc = fb_wait(fb_start(argv, out_path, err_path));
	*out = fb_slurp(out_path);
	*err = fb_slurp(err_path);
	cr_assert(*out != NULL && *err != NULL, "no stdout or stderr");
	return rc;
}

/* The line of s that starts with prefix (a copy in buf), or NULL. */
static const char *
many_line(const char *s, const char *prefix, char *buf, size_t len)
{
	size_t n = strlen(prefix);

	for (const char *p = s; p != NULL && *p != '\0';) {
		const char *end = strchr(p, '\n');
		size_t l = end != NULL ? (size_t)(end - p) : strlen(p);
		if (l >= n && strncmp(p, prefix, n) == 0) {
			snprintf(buf, len, "%.*s", (int)l, p);
			return buf;
		}
		p = end != NULL ? end + 1 : NULL;
	}
	return NULL;
}

/* The result objects of a JSON lines file. */
static json_t *
many_jsonl(const char *path)
{
	json_error_t e;
	json_t *a = json_array();
	char *text = fb_slurp(path), *save = NULL;

	cr_assert(text != NULL, "%s was not written", path);
	for (char *l = strtok_r(text, "\n", &save); l != NULL;
	     l = strtok_r(NULL, "\n", &save)) {
		json_t *o = json_loads(l, 0, &e);
		cr_assert(json_is_object(o), "%s: a line is not an object: %s",
		    path, l);
		json_array_append_new(a, o);
	}
	free(text);
	return a;
}

static const char *
many_str(const json_t *r, const char *key)
{
	const char *s = json_string_value(json_object_get(r, key));
	return s != NULL ? s : "(missing)";
}

Test(exec_many, three_commands_fail_on_error)
{
	char dir[4096], json[4200], line[512], *out, *err;
	const char *fail = fb_helper("fail");
	const char *args[] = {"--repeat", "1", "--warmup", "0", "--events",
	    "none", "--fail-on-error", "--json", json, "-n", "first", "--",
	    "true", "-n", "broken", "--", fail, "3", "the last words", "-n",
	    "third", "--", "sleep", "0.01", NULL};
	json_t *rs;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/r.jsonl", dir);
	cr_expect(many_run(dir, args, &out, &err) == 1,
	    "--fail-on-error with a failed command must exit 1: %s", err);
	cr_expect(
	    strstr(err, "1 of 3 commands failed") != NULL, "stderr: %s", err);
	cr_expect(many_line(out, "command ", line, sizeof(line)) != NULL &&
		strstr(line, "relative") != NULL &&
		strstr(line, "peak rss") != NULL,
	    "no table header in: %s", out);
	cr_expect(many_line(out, "first ", line, sizeof(line)) != NULL &&
		strstr(line, " ok") != NULL,
	    "row of first: %s", out);
	cr_expect(many_line(out, "broken ", line, sizeof(line)) != NULL &&
		strstr(line, "failed (exit 3)") != NULL &&
		strstr(line, "1.00x") == NULL,
	    "row of broken: %s", out);
	cr_expect(many_line(out, "third ", line, sizeof(line)) != NULL &&
		strstr(line, " ok") != NULL,
	    "row of third: %s", out);
	/* Exactly one of the ok ones is the fastest. */
	cr_expect(strstr(out, "1.00x") != NULL &&
		strstr(strstr(out, "1.00x") + 1, "1.00x") == NULL,
	    "one 1.00x: %s", out);
	rs = many_jsonl(json);
	cr_assert(json_array_size(rs) == 3, "%zu results, not 3",
	    json_array_size(rs));
	cr_expect(strcmp(many_str(json_array_get(rs, 0), "status"), "ok") == 0);
	cr_expect(
	    strcmp(many_str(json_array_get(rs, 1), "status"), "failed") == 0);
	cr_expect(strstr(many_str(json_array_get(rs, 1), "reason"),
		      "the last words") != NULL,
	    "reason: %s", many_str(json_array_get(rs, 1), "reason"));
	cr_expect(
	    strcmp(many_str(json_array_get(rs, 2), "variant"), "third") == 0);
	json_decref(rs);
	free(out);
	free(err);
	/* Without --fail-on-error the same call exits 0. */
	{
		const char *without[FB_MAX_ARGS];
		int k = 0;
		for (int i = 0; args[i] != NULL; i++)
			if (strcmp(args[i], "--fail-on-error") != 0)
				without[k++] = args[i];
		without[k] = NULL;
		cr_expect(many_run(dir, without, &out, &err) == 0,
		    "exit without it: %s", err);
	}
	free(out);
	free(err);
	fb_rmdir(dir);
}

Test(exec_many, runs_are_interleaved)
{
	char dir[4096], log[4200], a[4400], b[4400], c[4400], *out, *err;
	const char *args[] = {"--repeat", "2", "--warmup", "1", "--events",
	    "none", a, b, c, NULL};
	char *text;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(log, sizeof(log), "%s/order.log", dir);
	snprintf(a, sizeof(a), "echo a >> '%s'", log);
	snprintf(b, sizeof(b), "echo b >> '%s'", log);
	snprintf(c, sizeof(c), "echo c >> '%s'", log);
	cr_assert(many_run(dir, args, &out, &err) == 0, "exit: %s", err);
	text = fb_slurp(log);
	/* The cold run, one warm-up and two timed runs of each, in turns. */
	cr_expect(text != NULL &&
		strcmp(text, "a\nb\nc\na\nb\nc\na\nb\nc\na\nb\nc\n") == 0,
	    "order:\n%s", text != NULL ? text : "(no log)");
	free(text);
	free(out);
	free(err);
	fb_rmdir(dir);
}

Test(exec_many, default_labels)
{
	char dir[4096], script[4200], json[4200], *out, *err;
	const char *args[] = {"--repeat", "0", "--warmup", "0", "--events",
	    "none", "--json", json, "--", "python3", script, "--n", "5", NULL};
	const char *quoted[] = {"--repeat", "0", "--warmup", "0", "--events",
	    "none", "--json", json, "python3 -m no_such_pkg.mod", "sleep 0.01",
	    "sleep 0.02", NULL};
	json_error_t e;
	json_t *r, *rs;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(script, sizeof(script), "%s/mine.py", dir);
	snprintf(json, sizeof(json), "%s/r.json", dir);
	fb_write(script, "import sys\n");
	cr_assert(many_run(dir, args, &out, &err) == 0, "exit: %s", err);
	r = json_load_file(json, 0, &e);
	cr_expect(strcmp(many_str(r, "variant"), "mine.py") == 0,
	    "python3 mine.py labelled %s", many_str(r, "variant"));
	/* One command: the one object, as before. */
	cr_expect(json_is_object(r), "one command is one object");
	json_decref(r);
	free(out);
	free(err);
	cr_assert(many_run(dir, quoted, &out, &err) == 0, "exit: %s", err);
	rs = many_jsonl(json);
	cr_assert(json_array_size(rs) == 3);
	cr_expect(strcmp(many_str(json_array_get(rs, 0), "variant"),
		      "no_such_pkg.mod") == 0,
	    "python3 -m labelled %s",
	    many_str(json_array_get(rs, 0), "variant"));
	/* Two default labels alike: each its whole command. */
	cr_expect(strcmp(many_str(json_array_get(rs, 1), "variant"),
		      "sleep 0.01") == 0,
	    "%s", many_str(json_array_get(rs, 1), "variant"));
	cr_expect(strcmp(many_str(json_array_get(rs, 2), "variant"),
		      "sleep 0.02") == 0,
	    "%s", many_str(json_array_get(rs, 2), "variant"));
	json_decref(rs);
	free(out);
	free(err);
	fb_rmdir(dir);
}

/* interp's total at n=1000, m=4, g=32 from the workload's reference. */
static double
many_total(void)
{
	const workload_t *w = workload_find("interp");
	params_t p;
	double d[DIGEST_MAX];

	cr_assert(w != NULL);
	w->defaults(&p);
	p.n = 1000;
	p.extra[INTERP_PARAM_M] = 4;
	p.extra[INTERP_PARAM_G] = 32;
	cr_assert(w->reference(&p, d) == 0);
	return d[0];
}

Test(exec_many, workload_parameters_reach_the_environment)
{
	char dir[4096], json[4200], total[64], *out, *err;
	const char *args[] = {"--workload", "interp", "--n", "1000", "--m", "4",
	    "--g", "32", "--repeat", "0", "--warmup", "0", "--events", "none",
	    "--json", json, "--", fb_helper("env_report"), total, NULL};
	json_error_t e;
	json_t *r, *rep;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/r.json", dir);
	snprintf(total, sizeof(total), "{\"total\": %.17g}", many_total());
	cr_assert(many_run(dir, args, &out, &err) == 0, "exit: %s", err);
	r = json_load_file(json, 0, &e);
	rep = json_object_get(r, "reported");
	cr_expect(strcmp(many_str(r, "status"), "ok") == 0, "%s",
	    many_str(r, "reason"));
	cr_expect(strcmp(many_str(rep, "fusebench_workload"), "interp") == 0);
	cr_expect(strcmp(many_str(rep, "fusebench_n"), "1000") == 0,
	    "FUSEBENCH_N %s", many_str(rep, "fusebench_n"));
	cr_expect(strcmp(many_str(rep, "fusebench_m"), "4") == 0,
	    "FUSEBENCH_M %s", many_str(rep, "fusebench_m"));
	cr_expect(strcmp(many_str(rep, "fusebench_g"), "32") == 0,
	    "FUSEBENCH_G %s", many_str(rep, "fusebench_g"));
	cr_expect(json_integer_value(json_object_get(
		      json_object_get(rep, "fusebench_params"), "n")) == 1000,
	    "FUSEBENCH_PARAMS.n");
	cr_expect(json_equal(json_object_get(rep, "fusebench_params"),
		      json_object_get(r, "params")),
	    "FUSEBENCH_PARAMS is the result's params");
	json_decref(r);
	free(out);
	free(err);
	fb_rmdir(dir);
}

/* The first line of a file, into buf. */
static void
many_first_line(const char *path, char *buf, size_t len)
{
	char *text = fb_slurp(path);

	cr_assert(text != NULL, "%s was not written", path);
	snprintf(buf, len, "%.*s", (int)strcspn(text, "\n"), text);
	free(text);
}

Test(exec_many, csv_has_the_sweep_header)
{
	char dir[4096], csv[4200], prefix[4200], sweep_csv[4400];
	char mine[2048], theirs[2048], *out, *err;
	const char *args[] = {"--repeat", "1", "--warmup", "0", "--events",
	    "none", "--csv", csv, "true", "sleep 0.01", NULL};
	char *sweep[] = {"sweep", "--workload", "interp", "--variants", "fused",
	    "--n", "1000", "--m", "4", "--repeat", "1", "--warmup", "0",
	    "--events", "none", "--out", prefix, NULL};
	char *text;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(csv, sizeof(csv), "%s/e.csv", dir);
	snprintf(prefix, sizeof(prefix), "%s/s", dir);
	snprintf(sweep_csv, sizeof(sweep_csv), "%s.csv", prefix);
	cr_assert(many_run(dir, args, &out, &err) == 0, "exit: %s", err);
	cr_assert(fb_run(sweep, dir, NULL) == 0, "the sweep failed");
	many_first_line(csv, mine, sizeof(mine));
	many_first_line(sweep_csv, theirs, sizeof(theirs));
	/* The same columns but interp's own parameters (exec's commands
	 * have none: a CSV has a column for a workload's own parameter
	 * where some result has it). */
	{
		char *own = strstr(theirs, ",m,g,preset,");
		cr_assert(own != NULL, "sweep's header: %s", theirs);
		memmove(own, own + strlen(",m,g,preset"),
		    strlen(own + strlen(",m,g,preset")) + 1);
	}
	cr_expect(strcmp(mine, theirs) == 0,
	    "exec's CSV header\n%s\nsweep's\n%s", mine, theirs);
	text = fb_slurp(csv);
	cr_expect(fb_lines(text) == 3, "header and two rows:\n%s", text);
	cr_expect(strstr(text, "\nexec,true,ok,") != NULL, "%s", text);
	free(text);
	free(out);
	free(err);
	fb_rmdir(dir);
}

Test(exec_many, gbench_aggregates_only)
{
	char dir[4096], json[4200], *out, *err;
	const char *args[] = {"--repeat", "3", "--warmup", "0", "--events",
	    "none", "--json", json, "--format", "gbench", "--aggregates-only",
	    "true", "false", NULL};
	json_error_t e;
	json_t *gb, *b, *x;
	size_t i, aggregates = 0, errors = 0;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/g.json", dir);
	cr_assert(many_run(dir, args, &out, &err) == 0, "exit: %s", err);
	gb = json_load_file(json, 0, &e);
	b = json_object_get(gb, "benchmarks");
	cr_assert(json_array_size(b) > 0, "no benchmarks");
	json_array_foreach(b, i, x)
	{
		const char *t =
		    json_string_value(json_object_get(x, "run_type"));
		if (json_is_true(json_object_get(x, "error_occurred")))
			errors++;
		else if (t != NULL && strcmp(t, "aggregate") == 0)
			aggregates++;
		else
			cr_expect(0, "a row that is not an aggregate: %s",
			    json_dumps(x, JSON_COMPACT));
	}
	/* true: mean, median, stddev; false: its error row alone. */
	cr_expect(aggregates == 3 && errors == 1, "%zu aggregates, %zu errors",
	    aggregates, errors);
	json_decref(gb);
	free(out);
	free(err);
	fb_rmdir(dir);
}
