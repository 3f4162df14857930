/*
 * rp_report: figures gathered and cited by name (see rp_report.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rp_gnuplot.h"
#include "rp_report.h"
#include "rp_text.h"

int
rp_report_figures(rp_report_t *R)
{
	for (size_t i = 0; i < rp_figures_count && i < RP_REPORT_MAX_FIGS;
	     i++) {
		rp_figure_collect(&R->data, &rp_figures[i], &R->plots[i]);
		R->saved[i] = rp_gnuplot_save(R->fig_dir, &R->plots[i], R->msg,
				  sizeof(R->msg)) == 0;
		if (!R->saved[i])
			R->failed = 1;
	}
	return R->failed ? -1 : 0;
}

void
rp_report_free(rp_report_t *R)
{
	for (size_t i = 0; i < rp_figures_count && i < RP_REPORT_MAX_FIGS; i++)
		rp_figure_free(&R->plots[i]);
	rp_data_free(&R->data);
}

static int
figure_index(const char *name)
{
	const rp_fig_t *fig = rp_figure_find(name);
	return fig != NULL ? (int)(fig - rp_figures) : -1;
}

const rp_plot_t *
rp_report_plot(const rp_report_t *R, const char *name)
{
	int i = figure_index(name);
	return i >= 0 && i < RP_REPORT_MAX_FIGS ? &R->plots[i] : NULL;
}

/* The figure's number among those saved; 0 when it was not. */
static int
figure_number(const rp_report_t *R, const char *name)
{
	int i = figure_index(name), k = 0;

	if (i < 0 || i >= RP_REPORT_MAX_FIGS || !R->saved[i])
		return 0;
	for (int j = 0; j <= i; j++)
		k += R->saved[j];
	return k;
}

const char *
rp_report_cite(const rp_report_t *R, const char *name)
{
	static char buf[RP_TEXT_ROTATE][32];
	static unsigned turn;
	char *b = buf[turn++ % RP_TEXT_ROTATE];
	int k = figure_number(R, name);

	if (k > 0)
		snprintf(b, 32, "Figure %d", k);
	else
		snprintf(b, 32, "Figure (not drawn)");
	return b;
}

void
rp_report_embed(rp_report_t *R, const char *name, const char *caption)
{
	int k = figure_number(R, name);
	const rp_fig_t *fig = rp_figure_find(name);

	if (k <= 0 || fig == NULL) {
		rp_md(R, "*(a figure could not be written: %s)*\n\n", R->msg);
		return;
	}
	rp_md(R,
	    "![Figure %d: %s](figures/%s.svg)\n\n**Figure %d.** %s "
	    "([SVG](figures/%s.svg), [PNG](figures/%s.png), "
	    "[gnuplot](figures/%s.gp))\n\n",
	    k, fig->title, name, k, caption, name, name, name);
}

void
rp_md(rp_report_t *R, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(R->md, fmt, ap);
	va_end(ap);
}
