/*
 * Unit tests of the figures' words (rp_figures_load, reports/rp_figure.c):
 * the committed reports/templates/figures.json gives every figure of the
 * table its title, series and empty-frame notice, its gnuplot lines joined
 * one a line; a file that is missing, not JSON, names a figure the table
 * lacks, lacks one, holds an unknown key, a value of the wrong type or a
 * quote that would end a quoted string in the script is refused with a
 * message naming the file and the bad value, and leaves no words behind;
 * a script's data is not kept for a figure whose words were not read
 * (rp_gnuplot_add), and carries them once they were.
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rp_figure.h"
#include "rp_gnuplot.h"

#define COMMITTED "reports/templates/figures.json"

static int
newlines(const char *s)
{
	int n = 0;

	while ((s = strchr(s, '\n')) != NULL)
		n++, s++;
	return n;
}

Test(report_figures, the_committed_words_fill_every_figure)
{
	char msg[512] = "";
	const rp_fig_t *mem;

	cr_assert_eq(
	    rp_figures_load(COMMITTED, msg, sizeof(msg)), 0, "%s", msg);
	for (size_t i = 0; i < rp_figures_count; i++) {
		const rp_fig_t *f = &rp_figures[i];
		cr_expect(
		    f->title != NULL && f->title[0] != '\0', "%s", f->name);
		cr_expect(
		    f->series != NULL && strstr(f->series, "{{ b }}") != NULL,
		    "%s: %s", f->name, f->series);
		cr_expect(f->empty != NULL, "%s", f->name);
	}
	mem = rp_figure_find("fig-interp-memory");
	cr_assert_not_null(mem);
	cr_expect_str_eq(
	    mem->title, "interp: peak workspace against N (M fixed)");
	/* Its five lines of settings, each ended by a newline. */
	cr_assert_not_null(mem->settings);
	cr_expect_eq(newlines(mem->settings), 5, "%s", mem->settings);
	cr_expect(strstr(mem->settings,
		      "set format x '%.0e'\nset yrange "
		      "[300:5e10]\n") != NULL,
	    "%s", mem->settings);
	cr_expect_eq(mem->settings[strlen(mem->settings) - 1], '\n');
	cr_expect_null(rp_figure_find("fig-interp-threads")->settings);
	cr_expect_null(rp_figure_find("fig-interp-threads")->logscale);
	cr_expect_str_eq(rp_figure_find("fig-interp-chunk")->logscale, "x");
	rp_figures_unload();
	cr_expect_null(mem->title);
	cr_expect_null(mem->settings);
}

/* A bad file: the committed declarations with one value changed (at
 * key of figure fig, or at fig itself when key is NULL; the JSON text
 * value, or the value deleted when NULL), or when fig is NULL the file
 * text (NULL: no file). */
typedef struct bad_decl_s {
	const char *fig, *key, *value, *text, *needle;
} bad_decl_t;

#define MEM "fig-interp-memory" /* the figure most cases change */

static const bad_decl_t bad_decls[] = {
    {NULL, NULL, NULL, NULL, "unable to open"},
    {NULL, NULL, NULL, "{\"fig-interp-memory\": {", "end of file"},
    {NULL, NULL, NULL, "[1, 2]", "not an object of figures"},
    {"fig-intrep-memory", NULL, "{}", NULL,
	"no figure called 'fig-intrep-memory'"},
    {"fig-colony-spread", NULL, NULL, NULL,
	"figure fig-colony-spread is not declared"},
    {MEM, "titel", "\"x\"", NULL, MEM ": unknown key 'titel'"},
    {MEM, "title", "3", NULL, MEM ".title is not a string"},
    {MEM, "settings", "\"set grid\\n\"", NULL,
	MEM ".settings is not an array of lines"},
    {MEM, "xlabel", "\"N (the 'points')\"", NULL, MEM ".xlabel holds a quote"},
    {MEM, "empty", NULL, NULL, MEM " has no empty"},
    {MEM, NULL, "[]", NULL, "figure fig-interp-memory is not declared"},
};
#define NBAD (sizeof(bad_decls) / sizeof(bad_decls[0]))

/* The committed declarations changed as c says, written to path. */
static void
write_changed(const char *path, const bad_decl_t *c)
{
	json_error_t e;
	json_t *doc = json_load_file(COMMITTED, 0, &e), *o;
	const char *key = c->key != NULL ? c->key : c->fig;

	cr_assert_not_null(doc, "%s", e.text);
	o = c->key != NULL ? json_object_get(doc, c->fig) : doc;
	if (c->value != NULL)
		json_object_set_new(
		    o, key, json_loads(c->value, JSON_DECODE_ANY, NULL));
	else
		json_object_del(o, key);
	cr_assert_eq(json_dump_file(doc, path, JSON_INDENT(1)), 0);
	json_decref(doc);
}

ParameterizedTestParameters(report_figures, a_bad_file_is_refused_by_name)
{
	static size_t idx[NBAD];

	for (size_t i = 0; i < NBAD; i++)
		idx[i] = i;
	return cr_make_param_array(size_t, idx, NBAD);
}

ParameterizedTest(size_t *i, report_figures, a_bad_file_is_refused_by_name)
{
	const bad_decl_t *c = &bad_decls[*i];
	char path[] = "/tmp/fb-figures-XXXXXX", msg[512] = "";
	int fd = mkstemp(path);

	cr_assert(fd >= 0);
	close(fd);
	if (c->fig != NULL) {
		write_changed(path, c);
	} else if (c->text != NULL) {
		FILE *f = fopen(path, "w");
		cr_assert_not_null(f);
		fputs(c->text, f);
		fclose(f);
	} else {
		unlink(path);
	}
	cr_expect_eq(rp_figures_load(path, msg, sizeof(msg)), -1);
	cr_expect(strncmp(msg, path, strlen(path)) == 0, "%s", msg);
	cr_expect(
	    strstr(msg, c->needle) != NULL, "'%s' not in: %s", c->needle, msg);
	cr_expect_null(strchr(msg, '\n'), "%s", msg);
	for (size_t k = 0; k < rp_figures_count; k++)
		cr_expect_null(rp_figures[k].title, "%s kept its title",
		    rp_figures[k].name);
	unlink(path);
}

/* A script's data, refused before the words are read, kept with them
 * after: the words as read, no block for a plot without rows. */
Test(report_figures, a_script_needs_the_words)
{
	char msg[512] = "";
	rp_plot_t P = {.fig = rp_figure_find("fig-interp-memory")};
	json_t *scripts = json_array();
	const json_t *o;
	rp_block_t *b;
	rp_row_t *row;

	cr_assert_not_null(scripts);
	cr_assert_not_null(P.fig);
	cr_expect_eq(rp_gnuplot_add(scripts, &P, msg, sizeof(msg)), -1);
	cr_expect(
	    strstr(msg, "fig-interp-memory: no words") != NULL, "%s", msg);
	cr_expect_eq(json_array_size(scripts), 0);
	cr_assert_eq(
	    rp_figures_load(COMMITTED, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(
	    rp_gnuplot_add(scripts, &P, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(json_array_size(scripts), 1);
	o = json_array_get(scripts, 0);
	cr_expect_str_eq(json_string_value(json_object_get(o, "title")),
	    "interp: peak workspace against N (M fixed)");
	cr_expect(strstr(json_string_value(json_object_get(o, "settings")),
		      "set yrange [300:5e10]\n") != NULL);
	cr_expect_str_eq(json_string_value(json_object_get(o, "empty")),
	    "no interp scaling data");
	cr_expect_eq(json_array_size(json_object_get(o, "blocks")), 0);
	/* A block's rows as gnuplot reads them: N by "%.0f", a peak under
	 * the 1 kB floor of the log axis at the floor. */
	b = rp_figure_block_add(&P, 0, "it's");
	cr_assert_not_null(b);
	row = rp_figure_row_add(b);
	cr_assert_not_null(row);
	row->v[0] = 1e6, row->v[1] = 10, row->v[2] = 2e9;
	cr_assert_eq(
	    rp_gnuplot_add(scripts, &P, msg, sizeof(msg)), 0, "%s", msg);
	o = json_array_get(
	    json_object_get(json_array_get(scripts, 1), "blocks"), 0);
	cr_expect_str_eq(json_string_value(json_object_get(o, "data")),
	    "1000000 1000 2e+09\n");
	cr_expect_str_eq(
	    json_string_value(json_object_get(o, "label")), "it's");
	cr_expect_eq(strlen(json_string_value(json_object_get(o, "rgb"))), 7);
	rp_figure_free(&P);
	rp_figures_unload();
	json_decref(scripts);
}
