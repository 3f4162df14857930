/*
 * Unit tests of the figures' table and the data of their scripts
 * (reports/rp_figure.c): every figure of the table has its
 * script's template, reports/templates/figures/NAME.gp.j2, where its
 * words are; a script's data carries its name, its template and its
 * blocks' rows as gnuplot reads them, none for a block without rows.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "rp_figure.h"

Test(report_figures, every_figure_has_its_template)
{
	char path[256];

	cr_assert_gt(rp_figures_count, 0);
	for (size_t i = 0; i < rp_figures_count; i++) {
		const rp_fig_t *f = &rp_figures[i];
		snprintf(path, sizeof(path),
		    "reports/templates/figures/%s.gp.j2",
		    f->script != NULL ? f->script : f->name);
		cr_expect_eq(access(path, R_OK), 0, "%s", path);
		cr_expect_eq(rp_figure_find(f->name), f, "%s twice", f->name);
	}
}

/* A script's data: the figure's name and template, no block for a plot
 * without rows; a block's rows as gnuplot reads them: N by "%.0f", a peak
 * under the 1 kB floor of the log axis at the floor. */
Test(report_figures, a_scripts_data)
{
	char msg[512] = "";
	rp_plot_t P = {.fig = rp_figure_find("fig-interp-memory")};
	json_t *scripts = json_array();
	const json_t *o;
	rp_block_t *b;
	rp_row_t *row;

	cr_assert_not_null(scripts);
	cr_assert_not_null(P.fig);
	cr_assert_eq(
	    rp_figure_script(scripts, &P, msg, sizeof(msg)), 0, "%s", msg);
	o = json_array_get(scripts, 0);
	cr_expect_str_eq(
	    json_string_value(json_object_get(o, "name")), "fig-interp-memory");
	cr_expect_str_eq(json_string_value(json_object_get(o, "script")),
	    "fig-interp-memory");
	cr_expect(json_is_null(json_object_get(o, "refs")));
	cr_expect_eq(json_array_size(json_object_get(o, "blocks")), 0);
	b = rp_figure_block_add(&P, 0, "it's");
	cr_assert_not_null(b);
	row = rp_figure_row_add(b);
	cr_assert_not_null(row);
	row->v[0] = 1e6, row->v[1] = 10, row->v[2] = 2e9;
	cr_assert_eq(
	    rp_figure_script(scripts, &P, msg, sizeof(msg)), 0, "%s", msg);
	o = json_array_get(
	    json_object_get(json_array_get(scripts, 1), "blocks"), 0);
	cr_expect_str_eq(json_string_value(json_object_get(o, "data")),
	    "1000000 1000 2e+09\n");
	cr_expect_str_eq(
	    json_string_value(json_object_get(o, "label")), "it's");
	cr_expect_eq(strlen(json_string_value(json_object_get(o, "rgb"))), 7);
	rp_figure_free(&P);
	json_decref(scripts);
}
