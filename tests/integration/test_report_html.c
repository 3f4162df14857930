/*
 * Integration test of REPORT.html: the quick report's page (made by
 * test_report.c's hook in reports/out-quick) rendered by headless
 * Chromium, with a script added to a copy of the page that measures what
 * was drawn and writes it into the DOM, which Chromium dumps. Checks that
 * every figure of the Markdown is a <figure> whose SVG (beside the page,
 * in figures/) loaded and was laid out with a real size, that every table of
 * the Markdown is there with its rows and columns, and every section
 * heading.
 *
 * Skipped (not failed) when no `chromium` is installed: harness/deps.sh
 * installs Debian's package.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fb_spawn.h"

#define QUICK_DIR "reports/out-quick"
#define STATUS_FILE QUICK_DIR "/test.status"
#define RENDER QUICK_DIR "/render-check.html"
#define DOM QUICK_DIR "/render-check.dom"

/* Measures the page once it has loaded: per figure its laid-out size and
 * how many drawn elements have a non-zero extent; per table its rows and
 * columns; the headings. Written as JSON into <pre id="fbcheck">. */
static const char check_script[] =
    "<script>window.addEventListener('load',function(){var o={svgs:[],"
    "tables:[],h:[]};document.querySelectorAll('figure img').forEach("
    "function(s){var r=s.getBoundingClientRect();o.svgs.push([r.width,"
    "r.height,s.complete?s.naturalWidth:0]);});document.querySelectorAll("
    "'table').forEach(function(t){o.tables.push([t.rows.length,t.rows[0]."
    "cells.length]);});document.querySelectorAll('h1,h2,h3').forEach("
    "function(h){o.h.push(h.textContent);});var p=document.createElement("
    "'pre');p.id='fbcheck';p.textContent=JSON.stringify(o);document.body."
    "appendChild(p);});</script>";

/* The whole file (fb_slurp), which must be there. */
static char *
slurp(const char *path)
{
	char *buf = fb_slurp(path);

	cr_assert(buf != NULL, "cannot read %s", path);
	return buf;
}

/* The page with the check script before </body>, at RENDER. */
static void
write_render_copy(void)
{
	char *html = slurp(QUICK_DIR "/REPORT.html");
	char *end = strstr(html, "</body>");
	FILE *f = fopen(RENDER, "w");

	cr_assert(end != NULL && f != NULL);
	fwrite(html, 1, (size_t)(end - html), f);
	fputs(check_script, f);
	fputs(end, f);
	fclose(f);
	free(html);
}

/* The JSON the script wrote, from Chromium's dump of the DOM. */
static json_t *
rendered(void)
{
	char cmd[2048], cwd[1024], *dom, *a, *b, *w = NULL;
	json_t *o;

	cr_assert(getcwd(cwd, sizeof(cwd)) != NULL);
	snprintf(cmd, sizeof(cmd),
	    "timeout 120 chromium --headless --no-sandbox --disable-gpu "
	    "--virtual-time-budget=5000 --dump-dom 'file://%s/" RENDER
	    "' > " DOM " 2>/dev/null",
	    cwd);
	cr_assert_eq(system(cmd), 0, "%s", cmd);
	dom = slurp(DOM);
	a = strstr(dom, "<pre id=\"fbcheck\">");
	cr_assert(a != NULL, "the check script wrote nothing (see %s)", DOM);
	a += strlen("<pre id=\"fbcheck\">");
	b = strstr(a, "</pre>");
	cr_assert(b != NULL);
	*b = '\0';
	/* Undo the dump's escaping of the JSON text, in place. */
	w = a;
	{
		static const char *const ent[][2] = {{"&quot;", "\""},
		    {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}};
		char *q = a;
		for (char *r = a; *r != '\0'; q++) {
			size_t e = 0;
			while (
			    e < 4 && strncmp(r, ent[e][0], strlen(ent[e][0])))
				e++;
			*q = e < 4 ? ent[e][1][0] : *r;
			r += e < 4 ? strlen(ent[e][0]) : 1;
		}
		*q = '\0';
	}
	o = json_loads(w, 0, NULL);
	cr_assert(o != NULL, "not JSON: %.200s", w);
	free(dom);
	return o;
}

static int
have_chromium(void)
{
	return system("command -v chromium >/dev/null 2>&1") == 0;
}

Test(report_html, every_figure_drew_and_every_table_is_there, .timeout = 180)
{
	FILE *f = fopen(STATUS_FILE, "r");
	int st = -1, figures = 0, tables = 0;
	char *md, *p;
	json_t *o, *e;
	size_t i;

	if (!have_chromium())
		cr_skip_test("no chromium (harness/deps.sh installs it)");
	cr_assert(f != NULL, "the quick report was not made");
	cr_assert_eq(fscanf(f, "%d", &st), 1);
	fclose(f);
	cr_assert_eq(st, 0, "make-report.sh quick exited %d", st);
	md = slurp(QUICK_DIR "/REPORT.md");
	write_render_copy();
	o = rendered();
	for (p = md; (p = strstr(p, "\n![Figure")) != NULL; p++)
		figures++;
	cr_expect_eq((int)json_array_size(json_object_get(o, "svgs")), figures,
	    "%d figures rendered, %d in the Markdown",
	    (int)json_array_size(json_object_get(o, "svgs")), figures);
	json_array_foreach(json_object_get(o, "svgs"), i, e)
	{
		double w = json_number_value(json_array_get(e, 0));
		double h = json_number_value(json_array_get(e, 1));
		double n = json_number_value(json_array_get(e, 2));
		cr_expect(
		    w > 300 && h > 150, "figure %zu laid out %gx%g", i, w, h);
		/* A broken image has no natural size. */
		cr_expect(n > 0, "figure %zu: its SVG did not load", i);
	}
	/* Every Markdown table, in order, with its rows and columns. */
	for (p = md; (p = strstr(p, "\n|---")) != NULL; p++) {
		const char *hdr = p - 1, *row = p + 1;
		int cols = 0, rows = 1;
		json_t *t = json_array_get(
		    json_object_get(o, "tables"), (size_t)tables);
		while (hdr > md && hdr[-1] != '\n')
			hdr--;
		for (const char *c = hdr + 1; *c != '\n'; c++)
			cols += *c == '|';
		while ((row = strchr(row, '\n')) != NULL && row[1] == '|') {
			rows++;
			row++;
		}
		cr_expect(t != NULL, "table %d missing from the page", tables);
		cr_expect_eq(json_number_value(json_array_get(t, 0)), rows,
		    "table %d: rows", tables);
		cr_expect_eq(json_number_value(json_array_get(t, 1)), cols,
		    "table %d: columns", tables);
		tables++;
	}
	cr_expect_eq(
	    (int)json_array_size(json_object_get(o, "tables")), tables);
	cr_expect(tables >= 10 && figures >= 9, "%d tables, %d figures", tables,
	    figures);
	/* Every section heading of the Markdown is a heading of the page. */
	for (p = md; (p = strstr(p, "\n## ")) != NULL; p++) {
		char title[256];
		int found = 0;
		snprintf(title, sizeof(title), "%.*s",
		    (int)strcspn(p + 4, "\n"), p + 4);
		json_array_foreach(json_object_get(o, "h"), i, e) found |=
		    strcmp(json_string_value(e), title) == 0;
		cr_expect(found, "section '%s' is not on the page", title);
	}
	json_decref(o);
	free(md);
}
