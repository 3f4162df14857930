/*
 * Integration tests of the report's parts for learners and of its honesty
 * about statistics, on the quick report that test_report.c's hook makes
 * (reports/out-quick): both short answers, the accounting section, the
 * limits, the glossary; the exercises' worked answers (their facts)
 * against the data files themselves (read here, not through the report);
 * no "CI" on fewer than five timed runs; no peak under 64 KiB printed as a
 * measured figure.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fb_spawn.h"
#include "rp_data.h"
#include "rp_report.h"

#define QUICK_DIR "reports/out-quick"
#define STATUS_FILE QUICK_DIR "/test.status"

static char *text;

/* The whole file (fb_slurp), which must be there. */
static char *
slurp(const char *path)
{
	char *buf = fb_slurp(path);

	cr_assert(buf != NULL, "cannot read %s", path);
	return buf;
}

static void
read_report(void)
{
	FILE *f = fopen(STATUS_FILE, "r");
	int st = -1;

	cr_assert(
	    f != NULL, "the quick report was not made (no %s)", STATUS_FILE);
	cr_assert_eq(fscanf(f, "%d", &st), 1);
	fclose(f);
	cr_assert_eq(st, 0, "make-report.sh quick exited %d", st);
	text = slurp(QUICK_DIR "/REPORT.md");
}

static void
free_report(void)
{
	free(text);
}

TestSuite(
    report_lesson, .init = read_report, .fini = free_report, .timeout = 60);

Test(report_lesson, answers_accounting_limits_glossary)
{
	static const char *const parts[] = {
	    "## The memory question",
	    "**interp: why did two nested maps take 14 GB?**",
	    "**What caused it.**",
	    "**What fixes it",
	    "**colony: why is the compiled step slow",
	    "## What none of the answers said",
	    "- **interp/hoisted.**",
	    "- **colony/cells.**",
	    "## Try it in a minute",
	    "### Memory accounting",
	    "12 units of N x M x 4 bytes",
	    "**Requested bytes**",
	    "**Size classes**",
	    "**RSS**",
	    "#### The schedules as loops",
	    "### What limits each variant",
	    "| interp/fused | **",
	    "| colony/cells | **",
	    "### Exercises, for teachers",
	    "### Glossary",
	    "**arithmetic intensity**",
	    "**roofline**",
	};
	const char *answers = strstr(text, "## The memory question");
	const char *part1 = strstr(text, "### Part 1");

	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++)
		cr_expect(strstr(text, parts[i]) != NULL, "no '%s'", parts[i]);
	/* With the JAX programs measured, the puzzle beside the question's
	 * own figures; without them, one line saying so. */
	if (strstr(text, "| question_jit | ") != NULL)
		cr_expect(strstr(text,
			      "| the question reported | time | "
			      "measured in JAX |") != NULL &&
		    strstr(text, "**The puzzle, decomposed.**") != NULL);
	else
		cr_expect(
		    strstr(text, "the puzzle is not decomposed here") != NULL);
	/* explain's chart of the question's program where the data has
	 * it, a plain sentence where it has not (the quick data). */
	if (access(QUICK_DIR "/data/explain-interp-question.json", R_OK) == 0)
		cr_expect(
		    strstr(text,
			"**The live arrays of the question's own JAX "
			"program, op by op (explain).** C's eager") != NULL);
	else
		cr_expect(strstr(text,
			      "explain's chart of the question's own JAX "
			      "program is not in this data; C's eager model "
			      "holds twelve N x M arrays") != NULL);
	/* The answers come first, before the tables. */
	cr_expect(answers != NULL && part1 != NULL && answers < part1);
}

/* The first run in DATA/set.jsonl with variant v whose params.key is
 * value (key NULL: any); a new reference, or NULL. */
static json_t *
data_run(const char *set, const char *v, const char *key, double value)
{
	char path[256], line[1 << 16];
	json_t *found = NULL;
	FILE *f;

	snprintf(path, sizeof(path), QUICK_DIR "/data/%s.jsonl", set);
	cr_assert((f = fopen(path, "r")) != NULL, "no %s", path);
	while (found == NULL && fgets(line, sizeof(line), f) != NULL) {
		json_t *r = json_loads(line, 0, NULL);
		if (r != NULL && strcmp(rp_str(r, "variant"), v) == 0 &&
		    (key == NULL ||
			rp_num(json_object_get(r, "params"), key) == value))
			found = r;
		else
			json_decref(r);
	}
	fclose(f);
	return found;
}

/* The value of fact name in the quick report's facts.json (NAN when
 * absent or not a number). */
static double
fact(const json_t *facts, const char *name)
{
	const json_t *v =
	    json_object_get(json_object_get(facts, name), "value");
	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* The exercises' worked answers (exercises.*, rp_exercise.h) against the
 * data files themselves. */
Test(report_lesson, exercises_match_the_data)
{
	json_error_t err;
	json_t *doc = json_load_file(QUICK_DIR "/facts.json", 0, &err);
	const json_t *F = json_object_get(doc, "facts");
	double b, m, meas, l2, n, thr, s0, s1, steps;
	json_t *r;

	cr_assert(doc != NULL, "%s", err.text);
	b = fact(F, "exercises.batch.b_exact");
	m = fact(F, "exercises.batch.m_exact");
	r = data_run("interp-chunk", "chunked", "chunk", b);
	cr_assert(r != NULL, "no chunked run with B=%g", b);
	cr_expect_eq(m, rp_num(r, "params.m"));
	cr_expect_eq(fact(F, "exercises.batch.predicted"), b * m * 4 + b * 4);
	cr_expect_eq(
	    fact(F, "exercises.batch.model"), rp_num(r, "memory.model_bytes"));
	meas = fact(F, "exercises.batch.peak_exact");
	cr_expect_eq(meas, rp_num(r, "memory.peak_workspace_bytes"));
	/* The size-class model is what the allocator measured, within its
	 * 64 KiB granularity. */
	cr_expect(fabs(meas - fact(F, "exercises.batch.model")) <= 65536,
	    "%g against %g", meas, fact(F, "exercises.batch.model"));
	l2 = rp_num(r, "machine.caches.l2_bytes");
	json_decref(r);

	cr_expect_eq(fact(F, "exercises.l2.l2_exact"), l2);
	cr_expect_eq(fact(F, "exercises.l2.b"), floor(l2 / ((m + 1) * 4)));

	n = fact(F, "exercises.faults.n_exact");
	thr = fact(F, "exercises.faults.threshold_exact");
	r = data_run("colony-scale", "naive", "n", n);
	cr_assert(r != NULL, "no naive run at N=%g", n);
	cr_expect_eq(thr,
	    rp_num(r, "machine.allocator_policy.oversize_threshold_bytes"));
	s0 = fact(F, "exercises.faults.forces_bytes");
	s1 = fact(F, "exercises.faults.array_bytes");
	cr_expect_eq(s0, 8 * n * n);
	cr_expect_eq(s1, 4 * n * n);
	cr_expect_eq(fact(F, "exercises.faults.predicted"),
	    (s0 >= thr ? s0 / 4096 : 0) + 2 * (s1 >= thr ? s1 / 4096 : 0));
	cr_expect_eq(fact(F, "exercises.faults.total"),
	    rp_num(r, "memory.minor_faults"));
	steps = fact(F, "exercises.faults.steps");
	cr_expect_eq(steps, rp_num(r, "params.steps"));
	meas = fact(F, "exercises.faults.per_step");
	cr_expect(fabs(meas - rp_num(r, "memory.minor_faults") / steps) <= 0.5,
	    "%g", meas);
	/* The prediction holds to 1% and a page or two. */
	cr_expect(fabs(meas - fact(F, "exercises.faults.predicted")) <=
		0.01 * fact(F, "exercises.faults.predicted") + 2,
	    "%g against %g", meas, fact(F, "exercises.faults.predicted"));
	json_decref(r);

	n = fact(F, "exercises.eager.n_exact");
	m = fact(F, "exercises.eager.m_exact");
	r = data_run("interp-eager-m", "eager", "m", m);
	cr_assert(r != NULL, "no eager run at M=%g", m);
	cr_expect_eq(n, rp_num(r, "params.n"));
	cr_expect_eq(fact(F, "exercises.eager.predicted"), 12 * n * m * 4);
	meas = fact(F, "exercises.eager.peak_exact");
	cr_expect_eq(meas, rp_num(r, "memory.peak_workspace_bytes"));
	cr_expect(meas >= 12 * n * m * 4, "measured %g under the live bytes %g",
	    meas, 12 * n * m * 4);
	json_decref(r);
	json_decref(doc);
}

/* "95% CI" is followed in its cell by "n = K": K must be at least
 * RP_REPORT_CI_MIN (six: the range of five runs holds the median only
 * 93.75% of the time); and every "range" is a sample of fewer. */
Test(report_lesson, no_ci_on_fewer_than_six_runs)
{
	const char *p = text;
	int cis = 0, ranges = 0, k;

	while ((p = strstr(p, "% CI ")) != NULL) {
		const char *end = strchr(p, ')'), *n = strstr(p, "n = ");
		cr_assert(end != NULL && n != NULL && n < end,
		    "a CI without its sample size: %.80s", p);
		cr_assert_eq(sscanf(n, "n = %d", &k), 1);
		cr_expect(k >= RP_REPORT_CI_MIN, "CI on %d runs: %.80s", k, p);
		cis++;
		p = end;
	}
	for (p = text; (p = strstr(p, "(range ")) != NULL; p++) {
		const char *n = strstr(p, "n = ");
		cr_assert(n != NULL && sscanf(n, "n = %d", &k) == 1);
		cr_expect(k < RP_REPORT_CI_MIN, "a range on %d runs", k);
		ranges++;
	}
	cr_expect(cis > 5 && ranges > 0, "%d intervals called CI, %d ranges",
	    cis, ranges);
}

/* Column col (1 = the first) of the table row of variant v that follows
 * the line starting with anchor. */
static char *
cell(const char *anchor, const char *v, int col)
{
	char start[96], *row, *out = NULL, *save = NULL, *c;
	const char *a = strstr(text, anchor), *p;
	int i = 0;

	snprintf(start, sizeof(start), "\n| %s | ", v);
	cr_assert(a != NULL, "no %s", anchor);
	p = strstr(a, start);
	cr_assert(p != NULL, "no row %s after %s", v, anchor);
	row = strndup(p + 1, strcspn(p + 1, "\n"));
	for (c = strtok_r(row, "|", &save); c != NULL;
	     c = strtok_r(NULL, "|", &save))
		if (++i == col) {
			size_t len;
			while (*c == ' ')
				c++;
			len = strlen(c);
			while (len > 0 && c[len - 1] == ' ')
				len--;
			out = strndup(c, len);
			break;
		}
	free(row);
	cr_assert(out != NULL);
	return out;
}

Test(report_lesson, no_small_peak_printed_as_measured)
{
	static const struct {
		const char *workload, *set, *anchor;
	} tables[] = {{"interp", "interp-main*", "**Table 1m.**"},
	    {"colony", "colony-main*", "**Table 3m.**"}};
	static rp_data_t D;
	char msg[256];
	int small = 0;

	cr_assert_eq(rp_data_load(&D, QUICK_DIR "/data", msg, sizeof(msg)), 0,
	    "%s", msg);
	for (size_t t = 0; t < 2; t++) {
		const char *vs[RP_DATA_MAX_VARIANTS];
		size_t nv = rp_data_variants(
		    &D, tables[t].workload, NULL, vs, RP_DATA_MAX_VARIANTS);
		for (size_t i = 0; i < nv; i++) {
			const json_t *r = rp_data_main(
			    &D, tables[t].set, tables[t].workload, vs[i]);
			double peak = rp_num(r, "memory.peak_workspace_bytes");
			char *c;
			if (r == NULL)
				continue;
			c = cell(tables[t].anchor, vs[i],
			    2); /* peak workspace (measured) */
			if (peak < RP_REPORT_PEAK_GRAIN) {
				cr_expect_str_eq(c, "< 64 KiB", "%s/%s: %g",
				    tables[t].workload, vs[i], peak);
				small++;
			} else {
				cr_expect(strstr(c, "<") == NULL, "%s", c);
			}
			free(c);
		}
	}
	cr_expect(small >= 2, "only %d small peaks to check", small);
	rp_data_free(&D);
}
