/*
 * The report's generic section on workloads it does not know: the example
 * plugin swept into a copy of the committed data (reports/data), then the
 * report program on it. The section lists every dot run with the numbers
 * of its result, draws a figure (two sizes), and leaves every other part
 * of REPORT.md as the report of the committed data alone writes it.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fb_spawn.h"
#include "hx_result.h"
#include "rp_figure.h"
#include "rp_text.h"

static int
shell(const char *cmd)
{
	int st = system(cmd);
	return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* REPORT.md from "## The memory question" up to the generic section, or to
 * "## Method and machine" (which names the data folder, its date and its
 * number of runs). */
static char *
known_part(const char *text)
{
	const char *a = strstr(text, "## The memory question");
	const char *g = strstr(text, "## Other workloads in the data");
	const char *m = strstr(text, "## Method and machine");

	cr_assert(a != NULL && m != NULL);
	return strndup(a, (size_t)((g != NULL ? g : m) - a));
}

/* The report of data into out; REPORT.md's text. */
static char *
report_of(const char *data, const char *out)
{
	char cmd[9000], path[4200];
	const char *report = getenv("FB_REPORT");
	char *text;

	cr_assert(report != NULL, "FB_REPORT must name the report program");
	snprintf(
	    cmd, sizeof(cmd), "'%s' '%s' '%s' 2>/dev/null", report, data, out);
	cr_assert_eq(shell(cmd), 0, "%s", cmd);
	snprintf(path, sizeof(path), "%s/REPORT.md", out);
	text = fb_slurp(path);
	cr_assert(text != NULL);
	return text;
}

/* The row of run r in the section: its first cells, then the figures. */
static void
expect_row(const char *md, const json_t *r)
{
	const json_t *p = json_object_get(r, "params");
	const char *variant = json_string_value(json_object_get(r, "variant"));
	const char *status = json_string_value(json_object_get(r, "status"));
	char row[512];

	snprintf(row, sizeof(row),
	    "| %s | n=%.0f seed=1 steps=1 passes=%.0f | dot | %s", variant,
	    json_number_value(json_object_get(p, "n")),
	    json_number_value(json_object_get(p, "passes")), status);
	cr_expect(strstr(md, row) != NULL, "no row '%s'", row);
	if (strcmp(status, "ok") == 0) {
		const char *line = strstr(md, row);
		char want[256];
		const json_t *mem = json_object_get(r, "memory");
		snprintf(want, sizeof(want), " | ok | %s (",
		    rp_text_fmt_time(json_number_value(json_object_get(
			json_object_get(r, "time_s"), "median"))));
		cr_expect(line != NULL &&
			strncmp(line + strlen(row) - 5, want, strlen(want)) ==
			    0,
		    "%s: median not printed as %s", row, want);
		snprintf(want, sizeof(want), " | %s | %.0f |\n",
		    rp_text_fmt_bytes(
			json_number_value(json_object_get(mem, "model_bytes"))),
		    json_number_value(
			json_object_get(mem, "allocations_per_run")));
		cr_expect(line != NULL && strstr(line, want) != NULL &&
			strstr(line, want) < strchr(line, '\n') + 1,
		    "%s: model and allocations not '%s'", row, want);
	}
}

static int
g_before_m(const char *md)
{
	const char *g = strstr(md, "## Other workloads in the data");
	const char *m = strstr(md, "## Method and machine");
	return g != NULL && m != NULL && g < m;
}

Test(report_generic, plugin_runs_get_a_section, .timeout = 180)
{
	char dir[4096], cmd[9000], data[4200], out[4200], base[4200];
	char path[4300], msg[512];
	char *md, *md_base, *a, *b;
	json_t *runs, *r;
	size_t i;
	int rc;

	if (access("reports/data/interp-main.jsonl", R_OK) != 0)
		cr_skip_test("no committed data in reports/data");
	fb_tmpdir(dir, sizeof(dir));
	snprintf(data, sizeof(data), "%s/data", dir);
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(base, sizeof(base), "%s/base", dir);
	snprintf(cmd, sizeof(cmd), "cp -r reports/data '%s'", data);
	cr_assert_eq(shell(cmd), 0, "%s", cmd);
	{
		char prefix[4300];
		char *args[] = {"sweep", "--plugin",
		    (char *)fb_plugin("example"), "--workload", "dot",
		    "--variants", "fused,temporary,crash", "--n", "1000,4000",
		    "--param", "passes=1,2", "--repeat", "5", "--events",
		    "none", "--out", prefix, NULL};
		char *err = NULL;
		snprintf(prefix, sizeof(prefix), "%s/dot", data);
		rc = fb_run(args, dir, &err);
		/* The crash variant fails its runs: exit 1, the rest ok. */
		cr_assert(rc == 1, "sweep: exit %d: %s", rc, err);
		free(err);
	}
	md = report_of(data, out);
	md_base = report_of("reports/data", base);
	cr_expect(strstr(md, "\n### Other workloads in the data\n") != NULL);
	cr_expect(strstr(md, "\n#### dot\n") != NULL);
	cr_expect(strstr(md_base, "Other workloads") == NULL,
	    "the committed data has no other workload");
	snprintf(path, sizeof(path), "%s/dot.jsonl", data);
	runs = hx_result_read(path, msg, sizeof(msg));
	cr_assert(json_array_size(runs) == 12, "%s", msg);
	json_array_foreach(runs, i, r)
	{
		expect_row(md, r);
	}
	json_decref(runs);
	/* Its figure, numbered after the table's (all drawn here). */
	snprintf(cmd, sizeof(cmd),
	    "![Figure %zu: dot: median time against "
	    "N](figures/fig-other-dot.svg)",
	    rp_figures_count + 1);
	cr_expect(strstr(md, cmd) != NULL, "no '%s'", cmd);
	snprintf(path, sizeof(path), "%s/figures/fig-other-dot.gp", out);
	{
		char *gp = fb_slurp(path);
		cr_assert(gp != NULL, "%s missing", path);
		cr_expect(strstr(gp, "title 'temporary passes=2'") != NULL,
		    "a line per variant and passes: %s", gp);
		free(gp);
	}
	/* Everything else as the committed data alone gives it (the
	 * generic section comes right before Method and machine). */
	cr_expect(g_before_m(md));
	a = known_part(md);
	b = known_part(md_base);
	cr_expect(strcmp(a, b) == 0,
	    "the known workloads' sections changed with dot in the data");
	free(a);
	free(b);
	free(md);
	free(md_base);
	fb_rmdir(dir);
}
