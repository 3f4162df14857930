/*
 * Selection and summaries: --variants and run's VARIANT as globs, run with
 * several variants (a summary each, then the relative table), the sweep's
 * console table, --aggregates-only, and run's CSV with the sweep's header.
 * Tiny sizes: --n 1000 --m 4 --repeat 1.
 */
#include <jansson.h>

#include "fb_spawn.h"

#define TINY                                                                   \
	"--n", "1000", "--m", "4", "--repeat", "1", "--warmup", "0",           \
	    "--events", "none"

/* harness ARGS in dir: exit status, stdout and stderr (new strings). */
static int
sel_run(const char *dir, char *const args[], char **out, char **err)
{
	char out_path[4200], err_path[4200];
	int rc;

	snprintf(out_path, sizeof(out_path), "%s/stdout.txt", dir);
	snprintf(err_path, sizeof(err_path), "%s/stderr.txt", dir);
	rc = fb_wait(fb_start(args, out_path, err_path));
	*out = fb_slurp(out_path);
	*err = fb_slurp(err_path);
	cr_assert(*out != NULL && *err != NULL, "no stdout or stderr");
	return rc;
}

/* Lines of s that start with prefix. */
static int
sel_count(const char *s, const char *prefix)
{
	int n = 0;
	size_t len = strlen(prefix);

	for (const char *p = s; p != NULL && *p != '\0';) {
		if (strncmp(p, prefix, len) == 0)
			n++;
		p = strchr(p, '\n');
		p = p != NULL ? p + 1 : NULL;
	}
	return n;
}

/* The variants of a sweep's JSON lines, in order, joined by commas. */
static void
sel_variants(const char *jsonl, char *buf, size_t len)
{
	char *text = fb_slurp(jsonl), *save = NULL;
	json_error_t e;

	buf[0] = '\0';
	cr_assert(text != NULL, "%s was not written", jsonl);
	for (char *l = strtok_r(text, "\n", &save); l != NULL;
	     l = strtok_r(NULL, "\n", &save)) {
		json_t *r = json_loads(l, 0, &e);
		const char *v =
		    json_string_value(json_object_get(r, "variant"));
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s",
		    buf[0] != '\0' ? "," : "", v != NULL ? v : "?");
		json_decref(r);
	}
	free(text);
}

Test(select, sweep_globs_choose_the_variants)
{
	char dir[4096], prefix[4200], jsonl[4400], got[512], *out, *err;
	char *args[] = {"sweep", "--workload", "colony", "--variants", "naive*",
	    "--n", "64", "--steps", "1", "--repeat", "1", "--warmup", "0",
	    "--events", "none", "--out", prefix, NULL, NULL};

	fb_tmpdir(dir, sizeof(dir));
	snprintf(prefix, sizeof(prefix), "%s/s", dir);
	snprintf(jsonl, sizeof(jsonl), "%s.jsonl", prefix);
	cr_assert(sel_run(dir, args, &out, &err) == 0, "exit: %s", err);
	sel_variants(jsonl, got, sizeof(got));
	cr_expect(
	    strcmp(got, "naive,naive-reuse") == 0, "naive* chose %s", got);
	/* The console table: a header and one row per result. */
	cr_expect(sel_count(out, "variant ") == 1 &&
		sel_count(out, "naive ") == 1 &&
		sel_count(out, "naive-reuse ") == 1 && fb_lines(out) == 3,
	    "sweep table:\n%s", out);
	cr_expect(strstr(out, "n=64") != NULL && strstr(out, "ok") != NULL,
	    "row without parameters or status:\n%s", out);
	free(out);
	free(err);
	/* A name and a glob together, each variant once (a new sweep in
	 * the same files: --force). */
	args[4] = "tiled,*i*";
	args[17] = "--force";
	cr_assert(sel_run(dir, args, &out, &err) == 0, "exit: %s", err);
	sel_variants(jsonl, got, sizeof(got));
	cr_expect(strcmp(got, "tiled,naive,naive-reuse") == 0,
	    "tiled,*i* chose %s", got);
	free(out);
	free(err);
	fb_rmdir(dir);
}

Test(select, a_glob_matching_nothing_is_refused)
{
	char dir[4096], prefix[4200], *out, *err;
	char *sweep[] = {"sweep", "--workload", "interp", "--variants",
	    "fused,nothing*", "--out", prefix, NULL};
	char *run[] = {"run", "interp", "zz*", TINY, NULL};

	fb_tmpdir(dir, sizeof(dir));
	snprintf(prefix, sizeof(prefix), "%s/s", dir);
	cr_expect(sel_run(dir, sweep, &out, &err) == 2, "sweep: %s", err);
	cr_expect(fb_lines(err) == 1 && strstr(err, "'nothing*'") != NULL &&
		strstr(err, "matches no interp variant") != NULL,
	    "sweep: %s", err);
	cr_expect(fb_count_entries(dir) == 2, "the sweep wrote something");
	free(out);
	free(err);
	cr_expect(sel_run(dir, run, &out, &err) == 2, "run: %s", err);
	cr_expect(
	    fb_lines(err) == 1 && strstr(err, "'zz*'") != NULL, "run: %s", err);
	free(out);
	free(err);
	fb_rmdir(dir);
}

Test(select, run_with_two_variants)
{
	char dir[4096], json[4200], csv[4200], prefix[4200], sweep_csv[4400];
	char *out, *err, *mine, *theirs;
	char *args[] = {"run", "interp", "fused,tiled", TINY, "--json", json,
	    "--csv", csv, NULL};
	char *sweep[] = {"sweep", "--workload", "interp", "--variants", "fused",
	    TINY, "--out", prefix, NULL};
	json_error_t e;
	json_t *r;
	size_t lines = 0;
	FILE *f;
	char line[65536];

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/r.jsonl", dir);
	snprintf(csv, sizeof(csv), "%s/r.csv", dir);
	snprintf(prefix, sizeof(prefix), "%s/s", dir);
	snprintf(sweep_csv, sizeof(sweep_csv), "%s.csv", prefix);
	cr_assert(sel_run(dir, args, &out, &err) == 0, "exit: %s", err);
	/* Two summaries, then the relative table with both. */
	cr_expect(sel_count(out, "interp/fused n=1000") == 1 &&
		sel_count(out, "interp/tiled n=1000") == 1,
	    "summaries:\n%s", out);
	cr_expect(sel_count(out, "variant ") == 1 &&
		sel_count(out, "fused ") == 1 &&
		sel_count(out, "tiled ") == 1 && strstr(out, "1.00x") != NULL,
	    "relative table:\n%s", out);
	/* --json: one result a line, in the order named. */
	f = fopen(json, "r");
	cr_assert(f != NULL, "no %s", json);
	while (fgets(line, sizeof(line), f) != NULL) {
		r = json_loads(line, 0, &e);
		cr_expect(
		    strcmp(json_string_value(json_object_get(r, "variant")),
			lines == 0 ? "fused" : "tiled") == 0,
		    "line %zu: %s", lines, line);
		json_decref(r);
		lines++;
	}
	fclose(f);
	cr_expect(lines == 2, "%zu lines", lines);
	/* --csv: the sweep's header, one row per variant. */
	cr_assert(fb_run(sweep, dir, NULL) == 0, "the sweep failed");
	mine = fb_slurp(csv);
	theirs = fb_slurp(sweep_csv);
	cr_assert(mine != NULL && theirs != NULL);
	cr_expect(strncmp(mine, theirs, strcspn(theirs, "\n") + 1) == 0,
	    "run's CSV header differs from the sweep's:\n%s\n%s", mine, theirs);
	cr_expect(fb_lines(mine) == 3, "rows:\n%s", mine);
	free(mine);
	free(theirs);
	free(out);
	free(err);
	fb_rmdir(dir);
}

Test(select, gbench_aggregates_only)
{
	char dir[4096], json[4200], *out, *err;
	char *args[] = {"run", "interp", "fused", "--n", "1000", "--m", "4",
	    "--repeat", "3", "--warmup", "0", "--events", "none", "--json",
	    json, "--format", "gbench", "--aggregates-only", NULL};
	char *bad[] = {"run", "interp", "fused", "--aggregates-only", NULL};
	json_error_t e;
	json_t *gb, *b, *x;
	size_t i;

	fb_tmpdir(dir, sizeof(dir));
	snprintf(json, sizeof(json), "%s/g.json", dir);
	cr_assert(sel_run(dir, args, &out, &err) == 0, "exit: %s", err);
	gb = json_load_file(json, 0, &e);
	b = json_object_get(gb, "benchmarks");
	cr_expect(json_array_size(b) == 3, "%zu rows, not mean, median, stddev",
	    json_array_size(b));
	json_array_foreach(b, i, x)
	{
		cr_expect(
		    strcmp(json_string_value(json_object_get(x, "run_type")),
			"aggregate") == 0,
		    "row %zu is not an aggregate", i);
	}
	json_decref(gb);
	free(out);
	free(err);
	/* Without --format gbench it means nothing: refused. */
	cr_expect(sel_run(dir, bad, &out, &err) == 2, "exit: %s", err);
	cr_expect(fb_lines(err) == 1 && strstr(err, "--format gbench") != NULL,
	    "%s", err);
	free(out);
	free(err);
	fb_rmdir(dir);
}
