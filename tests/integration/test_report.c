/*
 * Integration tests of the report and of `harness compare`, through the
 * built programs (FB_HARNESS, FB_HARNESS_GLIBC for the allocator runs, and
 * FB_REPORT, the report program).
 *
 * report: runs reports/make-report.sh quick (small sizes, about a minute)
 * and checks that REPORT.md is complete: every section present, every
 * figure it references exists and is not empty (SVG and PNG), every table
 * row carries numbers, no NaN and no negative time, and each verdict cites
 * a figure. From the same quick data: every declared figure has rows, every
 * verdict rule is testable and fills its template, and a made-up variant
 * put at the front of every set leaves the verdicts, "Beyond the answers" and
 * the figures as they were (runs are found by name, not by position).
 * compare: crafted result files, a regression flagged (exit 3), noise not
 * flagged (exit 0), bad input refused (exit 2).
 */
#include <criterion/criterion.h>
#include <ctype.h>
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fb_spawn.h"
#include "rp_advice.h"
#include "rp_data.h"
#include "rp_figure.h"
#include "rp_report.h"
#include "rp_workloads.h"

#define QUICK_DIR "reports/out-quick"

static const char *
harness(void)
{
	const char *h = getenv("FB_HARNESS");
	cr_assert(h != NULL && access(h, X_OK) == 0,
	    "FB_HARNESS must name the built harness (make test-integration)");
	return h;
}

/* The report program; NULL when FB_REPORT is not set. */
static const char *
report_program(void)
{
	const char *r = getenv("FB_REPORT");
	return r != NULL && access(r, X_OK) == 0 ? r : NULL;
}

static int
run_status(const char *cmd)
{
	int st = system(cmd);
	cr_assert(st != -1, "could not run: %s", cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* The whole file (fb_slurp), which must be there. */
static char *
slurp(const char *path)
{
	char *buf = fb_slurp(path);

	cr_assert(buf != NULL, "cannot read %s", path);
	return buf;
}

static long
file_size(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/* One quick report for all the report checks: made once, before the tests,
 * by the runner (hooks cannot assert; the status goes to a file that each
 * test's init reads). */
#define STATUS_FILE QUICK_DIR "/test.status"

/* Whether a test that reads the quick report (a suite whose name starts
 * with "report") is to run: a --filter that leaves them all out (one
 * that names the writers suite alone) skips the time the report takes. */
static int
quick_report_wanted(struct criterion_test_set *set)
{
	struct criterion_suite_set *s;
	struct criterion_test *t;

	FOREACH_SET(s, set->suites)
	{
		if (strncmp(s->suite.name, "report", 6) != 0)
			continue;
		FOREACH_SET(t, s->tests)
		{
			if (t->data == NULL || !t->data->disabled)
				return 1;
		}
	}
	return 0;
}

ReportHook(PRE_ALL)(struct criterion_test_set *set)
{
	const char *h = getenv("FB_HARNESS");
	const char *glibc = getenv("FB_HARNESS_GLIBC");
	const char *report = report_program();
	char cmd[8192];
	time_t t0 = time(NULL);
	int st = -1;
	FILE *f;

	mkdir("reports", 0777);
	mkdir(QUICK_DIR, 0777);
	unlink(STATUS_FILE);
	if (h == NULL || !quick_report_wanted(set))
		return;
	/* make test builds the glibc harness after the integration tests;
	 * build it here when it is missing. */
	if (glibc == NULL || access(glibc, X_OK) != 0) {
		if (system("make -s ALLOC=glibc all >&2") != 0)
			return;
		glibc = "build/glibc/harness";
	}
	if (report == NULL)
		return;
	snprintf(cmd, sizeof(cmd),
	    "FB_HARNESS='%s' FB_HARNESS_GLIBC='%s' FB_REPORT='%s' sh "
	    "reports/make-report.sh quick 2> " QUICK_DIR "/make-report.log",
	    h, glibc, report);
	st = system(cmd);
	st = st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : 128;
	fprintf(stderr,
	    "make-report.sh quick: exit %d after %ld s (log in " QUICK_DIR
	    "/make-report.log)\n",
	    st, (long)(time(NULL) - t0));
	if ((f = fopen(STATUS_FILE, "w")) != NULL) {
		fprintf(f, "%d\n", st);
		fclose(f);
	}
}

static char *report_text;

static void
read_quick_report(void)
{
	FILE *f = fopen(STATUS_FILE, "r");
	int st = -1;

	harness();
	cr_assert(report_program() != NULL,
	    "FB_REPORT must name the built report program "
	    "(make test-integration)");
	cr_assert(
	    f != NULL, "the quick report was not made (no %s)", STATUS_FILE);
	cr_assert_eq(fscanf(f, "%d", &st), 1);
	fclose(f);
	cr_assert_eq(st, 0,
	    "make-report.sh quick exited %d; see " QUICK_DIR "/make-report.log",
	    st);
	report_text = slurp(QUICK_DIR "/REPORT.md");
}

TestSuite(report, .init = read_quick_report, .timeout = 120);

Test(report, every_section_present)
{
	static const char *const sections[] = {
	    "\n## The memory question\n",
	    "\n## The speed question\n",
	    "\n## What none of the answers said\n",
	    "\n## Limiters in brief\n",
	    "\n## The advice, one line each\n",
	    "\n## Try it in a minute\n",
	    "\n## Lab notebook\n",
	    "\n### Part 1: interp",
	    "**Table 1.**",
	    "**Table 1m.**",
	    "**Table 1s.**",
	    "\n#### Memory against N",
	    "\n#### Time against N",
	    "\n#### Memory during one run",
	    "\n#### Chunk size",
	    "\n#### Roofline",
	    "\n#### Allocator",
	    "\n### Part 2: colony",
	    "**Table 3.**",
	    "**Table 3m.**",
	    "**Table 4.**",
	    "**Table 5.**",
	    "\n### Advice and verdicts",
	    "\n#### Beyond the answers, measured",
	    "\n### What limits each variant",
	    "\n### Idiom map",
	    "\n### The same programs in JAX",
	    "\n### Method and machine",
	    "\n### Notes\n",
	    "\n- <a id=\"note-1\"></a>**Note 1.** ",
	    "build/jemalloc/report reports/data reports",
	};
	for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]); i++)
		cr_expect(strstr(report_text, sections[i]) != NULL,
		    "REPORT.md lacks '%s'", sections[i]);
}

Test(report, every_figure_exists_and_is_not_empty)
{
	const char *p = report_text;
	int figures = 0;

	while ((p = strstr(p, "](figures/")) != NULL) {
		char name[256], path[512];
		size_t len;
		p += 2;
		len = strcspn(p, ")");
		cr_assert(len < sizeof(name));
		memcpy(name, p, len);
		name[len] = '\0';
		snprintf(path, sizeof(path), QUICK_DIR "/%s", name);
		cr_expect(file_size(path) > 0, "%s is missing or empty", path);
		if (strstr(name, ".svg") != NULL) {
			char png[512];
			snprintf(png, sizeof(png), "%.*s.png",
			    (int)(strlen(path) - 4), path);
			cr_expect(
			    file_size(png) > 0, "%s is missing or empty", png);
			figures++;
		}
		p += len;
	}
	/* Each figure is referenced twice as SVG (image and link). */
	cr_expect(figures >= 2 * 9, "only %d SVG references", figures);
}

static int
has_digit(const char *line)
{
	for (const char *c = line; *c; c++)
		if (isdigit((unsigned char)*c))
			return 1;
	return 0;
}

Test(report, every_table_row_has_numbers)
{
	char *copy = strdup(report_text), *save = NULL, *line;
	const char *pending = NULL; /* a row, unless a separator follows */
	int rows = 0, text_table = 0;

	for (line = strtok_r(copy, "\n", &save);;
	     line = strtok_r(NULL, "\n", &save)) {
		int sep = line != NULL && strncmp(line, "|---", 4) == 0;
		/* The row before a separator is a header: words only. */
		if (pending != NULL && !sep) {
			cr_expect(has_digit(pending),
			    "table row without a number: %s", pending);
			rows++;
		}
		pending = NULL;
		if (line == NULL)
			break;
		/* The idiom map and the lesson's advice are tables of words,
		 * not of measurements. */
		if (line[0] == '#')
			text_table = strstr(line, "# Idiom map") != NULL ||
			    strstr(line, "# The advice, one line each") != NULL;
		if (line[0] == '|' && !sep && !text_table)
			pending = line;
	}
	cr_expect(rows > 25, "only %d table rows", rows);
	free(copy);
}

Test(report, no_nan_and_no_negative_time)
{
	static const char *const units[] = {" s", " ms", " us"};
	const char *p;

	for (p = report_text; *p; p++) {
		cr_expect(strncasecmp(p, "nan", 3) != 0 ||
			(p > report_text && isalpha((unsigned char)p[-1])) ||
			isalpha((unsigned char)p[3]),
		    "NaN in the report near: %.60s",
		    p > report_text + 30 ? p - 30 : report_text);
		if (*p == '-' && isdigit((unsigned char)p[1]) &&
		    (p == report_text || !isalnum((unsigned char)p[-1]))) {
			const char *q = p + 1;
			while (isdigit((unsigned char)*q) || *q == '.')
				q++;
			for (size_t u = 0; u < 3; u++) {
				size_t n = strlen(units[u]);
				cr_expect(strncmp(q, units[u], n) != 0 ||
					isalpha((unsigned char)q[n]),
				    "negative time near: %.60s", p);
			}
		}
	}
	cr_expect(strstr(report_text, "inf ") == NULL);
}

/* The threads sets' thread counts take turns with each other, not one
 * count's runs after the other's (hx_sweep.c, sweep_group): in the quick
 * data every run of interp-threads and colony-threads was interleaved with
 * all the runs of its file at its N, every thread count's, and the
 * report's fact says so (its caption's words follow it). */
Test(report, thread_counts_take_turns)
{
	static const char *const sets[] = {"interp-threads", "colony-threads"};
	char path[256], fact[64];
	json_t *facts = json_load_file(QUICK_DIR "/facts.json", 0, NULL);

	cr_assert(facts != NULL, "no " QUICK_DIR "/facts.json");
	for (size_t k = 0; k < 2; k++) {
		json_t *runs, *r, *f;
		size_t i;
		int counts[8] = {0};

		snprintf(
		    path, sizeof(path), QUICK_DIR "/data/%s.jsonl", sets[k]);
		runs = fb_jsonl_results(path);
		cr_assert(json_array_size(runs) >= 4, "%s: %zu runs", path,
		    json_array_size(runs));
		json_array_foreach(runs, i, r)
		{
			json_t *t = json_object_get(
			    json_object_get(r, "params"), "threads");
			json_int_t n =
			    json_is_integer(t) ? json_integer_value(t) : 1;
			json_int_t turns = json_integer_value(
			    json_object_get(json_object_get(r, "conditions"),
				"interleaved_runs"));

			counts[n < 8 ? n : 7]++;
			/* One N a set: the whole file is one input set. */
			cr_expect_eq(turns, (json_int_t)json_array_size(runs),
			    "%s %s threads %lld: interleaved_runs %lld of %zu",
			    sets[k],
			    json_string_value(json_object_get(r, "variant")),
			    (long long)n, (long long)turns,
			    json_array_size(runs));
		}
		cr_expect(counts[1] > 0 && counts[2] > 0,
		    "%s: no runs at 1 or 2 threads", sets[k]);
		snprintf(fact, sizeof(fact), "threads.%s.alternated",
		    k == 0 ? "interp" : "colony");
		f = json_object_get(json_object_get(facts, "facts"), fact);
		cr_expect(json_is_true(json_object_get(f, "value")),
		    "%s is not true", fact);
		json_decref(runs);
	}
	json_decref(facts);
}

/* The JAX section: its tables with numbers when build/venv exists (make
 * jax), else the one line saying why. */
Test(report, jax_section_present)
{
	const char *s = strstr(report_text, "### The same programs in JAX");
	const char *end;

	cr_assert(s != NULL, "no JAX section");
	end = strstr(s, "### Method and machine");
	cr_assert(end != NULL);
	if (access("build/venv/bin/python", X_OK) != 0) {
		cr_expect(strstr(s, "were not measured") != NULL &&
			strstr(s, "were not measured") < end,
		    "no JAX, yet the section does not say so");
		return;
	}
	cr_expect(strstr(s, "**Table J1.**") != NULL);
	cr_expect(strstr(s, "**Table J3.**") != NULL);
	cr_expect(strstr(s, "| question | ") != NULL, "no question row");
	cr_expect(strstr(s, "| question_jit | ") != NULL);
	cr_expect(strstr(s, "| step | ") != NULL, "no colony step row");
	cr_expect(strstr(s, "| interp | N=") != NULL, "no anchor row");
	cr_expect(strstr(s, "were not measured") == NULL ||
	    strstr(s, "were not measured") > end);
	cr_expect(strstr(s, ": failed") == NULL || strstr(s, ": failed") > end,
	    "a JAX run failed in the quick report");
}

Test(report, each_verdict_cites_a_figure)
{
	char *copy = strdup(report_text), *save = NULL, *line;
	int verdicts = 0;

	for (line = strtok_r(copy, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] != '|' ||
		    (strstr(line, "| **supported") == NULL &&
			strstr(line, "| **not supported") == NULL &&
			strstr(line, "| **not decided") == NULL &&
			strstr(line, "| **not testable") == NULL))
			continue;
		verdicts++;
		cr_expect(strstr(line, "Figure ") != NULL &&
			strstr(line, "Figure (not drawn)") == NULL,
		    "verdict without a drawn figure: %s", line);
	}
	cr_expect_eq(verdicts, (int)rp_advice_count,
	    "%d verdict rows, want %zu", verdicts, rp_advice_count);
	free(copy);
}

/* Every piece of advice the two answers gave has a row with a verdict: a
 * fixed list, written from the questions, not from the rule table. */
Test(report, every_advice_has_a_row)
{
	static const char *const advice[] = {
	    "(N,M) array (about 1.2 GB", /* interp: the cause */
	    "stop_gradient",
	    "atleast_1d",
	    "Fuse the reduction into the inner map",
	    "Compile the whole function (jit)",
	    "batches of 10,000",
	    "O(N^2) force and torque arrays", /* colony: the cause */
	    "summing each particle's pairs in place",
	    "inside a larger compiled step",
	    "per-pair sum inside the compiled step",
	    "Compile the whole step and the loop",
	    "recompiling when shapes",
	    "after a warm-up and wait for the result",
	    "profiler",
	};
	for (size_t i = 0; i < sizeof(advice) / sizeof(advice[0]); i++) {
		const char *p = strstr(report_text, advice[i]);
		const char *eol = p != NULL ? strchr(p, '\n') : NULL;
		char *row;
		cr_expect(p != NULL, "no advice row for '%s'", advice[i]);
		if (p == NULL || eol == NULL)
			continue;
		row = strndup(p, (size_t)(eol - p));
		/* The lesson's row links its verdict: "| [**". */
		cr_expect(
		    strstr(row, "| **") != NULL || strstr(row, "| [**") != NULL,
		    "'%s' has no verdict in its row: %s", advice[i], row);
		free(row);
	}
}

Test(report, raw_data_kept_and_report_regenerates_from_it)
{
	char cmd[4096];
	char *again;

	cr_expect(file_size(QUICK_DIR "/data/interp-main.jsonl") > 0);
	cr_expect(file_size(QUICK_DIR "/data/interp-main.csv") > 0);
	cr_expect(file_size(QUICK_DIR "/data/colony-spread.jsonl") > 0);
	snprintf(cmd, sizeof(cmd),
	    "'%s' " QUICK_DIR "/data " QUICK_DIR "/regen 2>/dev/null",
	    report_program());
	cr_assert_eq(run_status(cmd), 0, "%s", cmd);
	again = slurp(QUICK_DIR "/regen/REPORT.md");
	cr_expect_str_eq(again, report_text,
	    "the report from saved data differs from the first one");
	free(again);
}

/* A figure whose sets are all missing draws a frame that says so: gnuplot
 * refuses a plot of 1/0 alone, which used to fail the whole report (exit 1,
 * the figures after it not drawn). Here only the main interp sweep is kept,
 * so the timeline and every colony figure have no data. */
Test(report, a_figure_without_data_says_so)
{
	const char *dir = QUICK_DIR "/partial";
	char cmd[4096];
	char *gp;

	snprintf(cmd, sizeof(cmd),
	    "rm -rf %s && mkdir -p %s/data && cp " QUICK_DIR
	    "/data/interp-main.jsonl " QUICK_DIR "/data/ceilings.json %s/data",
	    dir, dir, dir);
	cr_assert_eq(run_status(cmd), 0, "%s", cmd);
	snprintf(cmd, sizeof(cmd), "'%s' %s/data %s/out 2>/dev/null",
	    report_program(), dir, dir);
	cr_assert_eq(run_status(cmd), 0, "%s", cmd);
	snprintf(cmd, sizeof(cmd), "%s/out/figures/fig-colony-time.svg", dir);
	cr_expect(file_size(cmd) > 0, "%s not drawn", cmd);
	snprintf(
	    cmd, sizeof(cmd), "%s/out/figures/fig-interp-timeline.gp", dir);
	gp = slurp(cmd);
	cr_expect(strstr(gp, "\"no timelines in the data\"") != NULL,
	    "the empty timeline does not say why: %s", gp);
	free(gp);
	snprintf(cmd, sizeof(cmd), "%s/out/REPORT.md", dir);
	cr_expect(file_size(cmd) > 0, "%s not written", cmd);
}

/* ---- the tables against the quick data ---- */

TestSuite(report_tables, .init = read_quick_report, .timeout = 120);

/* Every declared figure has rows in a quick report, and the C side of
 * every piece of advice can be measured from it (its words are templates,
 * which tests/report renders strictly). */
Test(report_tables, every_figure_has_data_and_every_rule_decides)
{
	static rp_report_t R;
	char msg[512] = "";

	cr_assert_eq(rp_data_load(&R.data, QUICK_DIR "/data", msg, sizeof(msg)),
	    0, "%s", msg);
	for (size_t i = 0; i < rp_figures_count; i++) {
		cr_expect_eq(
		    rp_figure_collect(&R.data, &rp_figures[i], &R.plots[i]), 0);
		cr_expect_gt(rp_figure_rows(&R.plots[i]), 0,
		    "%s has no data in the quick report", rp_figures[i].name);
		R.saved[i] = 1;
	}
	/* The advice reads the sections' facts (the colony spread's widest
	 * step), made before it as report.c makes them. */
	cr_assert_eq(rp_facts_init(&R.facts), 0);
	rp_workloads_facts(&R);
	for (size_t i = 0; i < rp_advice_count; i++) {
		const rp_advice_t *a = &rp_advice[i];
		rp_vals_t x = {.n = 0};
		cr_expect_eq(rp_advice_measure(&R, a, &a->c, &x), 0,
		    "advice %s: %s", a->id, rp_vals_get_str(&x, "why"));
	}
	rp_report_free(&R);
}

#define FRONT_DIR QUICK_DIR "/front"

/* Copies the quick data to FRONT_DIR/data with a run of a made-up variant,
 * "aa-front", first in every set: a copy of the set's first run, renamed,
 * with no timed repeats (so no verdict may count it). */
static void
make_front_data(void)
{
	DIR *d;
	struct dirent *e;

	cr_assert_eq(
	    run_status("rm -rf " FRONT_DIR " && mkdir -p " FRONT_DIR
		       " && cp -r " QUICK_DIR "/data " FRONT_DIR "/data"),
	    0);
	cr_assert((d = opendir(FRONT_DIR "/data")) != NULL);
	while ((e = readdir(d)) != NULL) {
		char path[512], *rest, *line;
		json_t *r;
		FILE *f;
		size_t len = strlen(e->d_name);
		if (len < 6 || strcmp(e->d_name + len - 6, ".jsonl") != 0)
			continue;
		snprintf(path, sizeof(path), FRONT_DIR "/data/%s", e->d_name);
		rest = slurp(path);
		r = json_loadb(rest, strcspn(rest, "\n"), 0, NULL);
		cr_assert(json_is_object(r), "%s: first line", path);
		json_object_set_new(r, "variant", json_string("aa-front"));
		json_object_set_new(r, "idiom", json_string("made up"));
		json_object_set_new(r, "description", json_string("made up"));
		json_object_set_new(
		    r, "loops", json_string("for a: made-up loops"));
		json_object_set_new(
		    r, "notes", json_string("made-up notes of its code"));
		json_object_set_new(
		    json_object_get(r, "time_s"), "repeats", json_integer(0));
		line = json_dumps(r, JSON_COMPACT);
		cr_assert((f = fopen(path, "w")) != NULL);
		fprintf(f, "%s\n%s", line, rest);
		fclose(f);
		free(line);
		free(rest);
		json_decref(r);
	}
	closedir(d);
}

/* The lines of text from the line starting with from up to the one starting
 * with to (not included), joined; those starting with only (if set). */
static char *
section(const char *text, const char *from, const char *to, const char *only)
{
	const char *a = strstr(text, from), *b;
	char *out = calloc(1, strlen(text) + 1), *o = out;

	cr_assert(a != NULL && out != NULL, "no '%s'", from);
	b = strstr(a, to);
	cr_assert(b != NULL, "no '%s'", to);
	while (a < b) {
		size_t n = strcspn(a, "\n") + 1;
		if (only == NULL || strncmp(a, only, strlen(only)) == 0) {
			memcpy(o, a, n);
			o += n;
		}
		a += n;
	}
	return out;
}

/* Removes each " aa-front ...," entry of a caption that lists every
 * variant with a measured value (the timeline's and the scaling fits'). */
static void
strip_front_entries(char *text)
{
	char *p, *from = text;

	/* An entry that is not a list item (no comma after it on its
	 * line) is left for the next occurrence. */
	while ((p = strstr(from, " aa-front ")) != NULL) {
		char *comma = strchr(p + 1, ','), *eol = strchr(p, '\n');
		if (comma == NULL || (eol != NULL && comma > eol)) {
			from = p + 1;
			continue;
		}
		memmove(p, comma + 1, strlen(comma + 1) + 1);
	}
	/* A bare name in a list of names ("aa-front, cells (`set`)"). */
	while ((p = strstr(text, " aa-front, ")) != NULL)
		memmove(p + 1, p + 11, strlen(p + 11) + 1);
}

/* Removes each "W aa-front reached ..." entry of the list, joined by
 * "; ", of the variants whose faults paid the host's price: with the
 * "; " after it, or, the last entry, with the "; " before it. Present
 * only where the quick report's eager took pages the host took back. */
static void
strip_front_host_entries(char *text)
{
	char *p;

	while ((p = strstr(text, " aa-front reached ")) != NULL) {
		char *bol = p, *eol = strchr(p, '\n'), *semi = strstr(p, "; ");
		char *end = eol != NULL ? eol : p + strlen(p);

		while (bol > text && bol[-1] != ' ')
			bol--; /* the workload's name */
		if (semi != NULL && semi < end) {
			memmove(bol, semi + 2, strlen(semi + 2) + 1);
			continue;
		}
		/* The last entry, up to the sentence's closing period. */
		if (end > p && end[-1] == '.')
			end--;
		if (bol - 2 >= text && strncmp(bol - 2, "; ", 2) == 0)
			bol -= 2;
		memmove(bol, end, strlen(end) + 1);
	}
}

/* Removes the lines (table rows) that name aa-front itself. */
static void
strip_front_rows(char *text)
{
	char *p;

	while ((p = strstr(text, "aa-front |")) != NULL) {
		char *bol = p, *eol = strchr(p, '\n');
		while (bol > text && bol[-1] != '\n')
			bol--;
		if (eol == NULL)
			*bol = '\0';
		else
			memmove(bol, eol + 1, strlen(eol + 1) + 1);
	}
}

Test(report_tables, a_variant_put_first_changes_no_verdict)
{
	char cmd[1024];
	char *front, *a, *b;
	static const char *const parts[][3] = {
	    {"### Advice and verdicts\n", "#### Beyond the answers", NULL},
	    {"#### Beyond the answers", "### Memory accounting", NULL},
	    {"## The memory question", "## Lab notebook", NULL},
	    {"### What limits each variant", "### Exercises", "| "},
	    {"### Exercises", "### Glossary", NULL},
	    {"# What nested", "### Method and machine", "![Figure"},
	    {"# What nested", "### Method and machine", "**Figure"},
	};

	make_front_data();
	snprintf(cmd, sizeof(cmd),
	    "'%s' " FRONT_DIR "/data " FRONT_DIR " 2>/dev/null",
	    report_program());
	cr_assert_eq(run_status(cmd), 0, "%s", cmd);
	front = slurp(FRONT_DIR "/REPORT.md");
	/* The made-up variant is in the data, first in its tables. */
	cr_expect(strstr(front, "|---|\n| aa-front | ") != NULL,
	    "Table 1 does not start with aa-front");
	cr_expect(strstr(front, "| interp | aa-front | made up |") != NULL);
	cr_expect(strstr(front, "| colony | aa-front | made up |") != NULL);
	/* Its own loop nest and notes, from its result, with no report
	 * edit: in the schedules' table and the limits section. */
	cr_expect(
	    strstr(front, "| interp | aa-front | `for a: made-up loops` |") !=
	    NULL);
	cr_expect(
	    strstr(front, "| colony | aa-front | `for a: made-up loops` |") !=
	    NULL);
	cr_expect(
	    strstr(front, "- interp/aa-front: made-up notes of its code.\n") !=
	    NULL);
	cr_expect(
	    strstr(front, "- colony/aa-front: made-up notes of its code.\n") !=
	    NULL);
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		a = section(report_text, parts[i][0], parts[i][1], parts[i][2]);
		b = section(front, parts[i][0], parts[i][1], parts[i][2]);
		strip_front_host_entries(b);
		strip_front_entries(b);
		strip_front_rows(b);
		cr_expect(
		    strlen(a) > 100, "section '%s' is empty", parts[i][0]);
		cr_expect_str_eq(b, a,
		    "with aa-front first, '%s' changed:\n%s\nagainst\n%s",
		    parts[i][0], b, a);
		free(a);
		free(b);
	}
	free(front);
}

/* ---- harness compare on crafted files ---- */

static void
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	cr_assert(f != NULL);
	fputs(text, f);
	fclose(f);
}

#define RESULT(variant, median, samples, peak)                                 \
	"{\"workload\":\"interp\",\"variant\":\"" variant "\",\"status\":"     \
	"\"ok\",\"params\":{\"n\":1000,\"m\":30,\"g\":4096,\"preset\":"        \
	"\"random\",\"seed\":42,\"chunk\":0,\"tile\":0,\"steps\":1},"          \
	"\"time_s\":{\"median\":" median ",\"samples\":[" samples "]},"        \
	"\"memory\":{\"peak_workspace_bytes\":" peak "}}\n"

Test(compare_cli, flags_the_regression_not_the_noise)
{
	char cmd[4096];
	const char *old_f = "/tmp/fb_cmp_old.jsonl";
	const char *new_f = "/tmp/fb_cmp_new.jsonl";
	const char *noise_f = "/tmp/fb_cmp_noise.jsonl";

	write_file(old_f,
	    RESULT("fused", "1.0", "1.0,1.01,0.99,1.02,0.98,1.0", "0")
		RESULT("tiled", "1.0", "0.7,1.3,0.9,1.0,1.1,0.8,1.2", "12288"));
	/* fused 20% slower, clearly; tiled the same median, noisy. */
	write_file(new_f,
	    RESULT("fused", "1.2", "1.2,1.21,1.19,1.22,1.18,1.2", "0") RESULT(
		"tiled", "1.0", "1.25,0.75,1.05,1.0,0.95,1.28,0.72", "12288"));
	write_file(noise_f,
	    RESULT("fused", "1.0", "0.99,1.0,1.01,1.0,1.02,0.98", "0") RESULT(
		"tiled", "1.0", "1.25,0.75,1.05,1.0,0.95,1.28,0.72", "12288"));

	snprintf(cmd, sizeof(cmd), "'%s' compare %s %s > /tmp/fb_cmp.out",
	    harness(), old_f, new_f);
	cr_expect_eq(run_status(cmd), 3, "a 20%% slowdown must exit 3");
	{
		char *out = slurp("/tmp/fb_cmp.out");
		char *fused = strstr(out, "interp/fused");
		char *tiled = strstr(out, "interp/tiled");
		cr_assert(fused != NULL && tiled != NULL, "%s", out);
		cr_expect(strncmp(strchr(fused, ':'), ": REGRESSION", 12) == 0,
		    "%s", out);
		cr_expect(
		    strncmp(strchr(tiled, ':'), ": no significant", 16) == 0,
		    "%s", out);
		free(out);
	}
	snprintf(cmd, sizeof(cmd), "'%s' compare %s %s > /dev/null", harness(),
	    old_f, noise_f);
	cr_expect_eq(run_status(cmd), 0, "noise must exit 0");
	snprintf(cmd, sizeof(cmd),
	    "'%s' compare --threshold 50 %s %s > /dev/null", harness(), old_f,
	    new_f);
	cr_expect_eq(run_status(cmd), 0, "+20%% is under a 50%% threshold");
	snprintf(cmd, sizeof(cmd), "'%s' compare %s /nonexistent 2>/dev/null",
	    harness(), old_f);
	cr_expect_eq(run_status(cmd), 2, "a missing file is bad input");
	snprintf(cmd, sizeof(cmd),
	    "'%s' compare --threshold x %s %s "
	    "2>/dev/null",
	    harness(), old_f, new_f);
	cr_expect_eq(run_status(cmd), 2, "a bad threshold is bad input");
	unlink(old_f);
	unlink(new_f);
	unlink(noise_f);
	unlink("/tmp/fb_cmp.out");
}
