/*
 * rp_report: what the report's sections share while REPORT.md is written:
 * the data, every declared figure gathered (and its script saved), and the
 * Markdown stream with helpers to cite and embed a figure by name.
 *
 * Figures are numbered in the table's order (rp_figtab.c), counting only
 * those whose script was written; a section cites a figure by its name.
 *
 * Limits: at most RP_REPORT_MAX_FIGS figures.
 */
#ifndef FB_RP_REPORT_H
#define FB_RP_REPORT_H

#include <stdio.h>

#include "rp_data.h"
#include "rp_figure.h"

#define RP_REPORT_MAX_FIGS 16

typedef struct rp_report_s {
	rp_data_t data;
	const char *out_dir;
	char fig_dir[4200];
	rp_plot_t plots[RP_REPORT_MAX_FIGS]; /* by the table's index */
	int saved[RP_REPORT_MAX_FIGS];       /* its script was written */
	int failed;                          /* a script was not written */
	FILE *md;                            /* REPORT.md being written */
	char msg[4600];
} rp_report_t;

/* Gathers every figure of the table and writes its script to fig_dir.
 * Returns 0, or -1 when a script could not be written (msg says why; the
 * report still cites the figure as not drawn). */
int rp_report_figures(rp_report_t *R);
void rp_report_free(rp_report_t *R);

/* The gathered plot of a figure by name (NULL when none). */
const rp_plot_t *rp_report_plot(const rp_report_t *R, const char *name);
/* "Figure 3", or "Figure (not drawn)". Returns a rotating buffer. */
const char *rp_report_cite(const rp_report_t *R, const char *name);
/* The figure embedded with its caption and links to SVG, PNG and script. */
void rp_report_embed(rp_report_t *R, const char *name, const char *caption);
/* printf to REPORT.md. */
void rp_md(rp_report_t *R, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif /* FB_RP_REPORT_H */
