/*
 * rp_report: what the report's sections share while the facts are made:
 * the data, every declared figure gathered (and its script's data kept), the
 * facts, the notes, and how a figure is cited and a run's interval, peak
 * and noise are printed.
 *
 * Figures are numbered in the table's order (rp_workloads.c), counting only
 * those whose script's data was kept; a section cites a figure by its name.
 *
 * Limits: at most RP_REPORT_MAX_FIGS figures.
 */
#ifndef FB_RP_REPORT_H
#define FB_RP_REPORT_H

#include <stdio.h>

#include "hx_stats.h"
#include "rp_data.h"
#include "rp_facts.h"
#include "rp_figure.h"

#define RP_REPORT_MAX_FIGS 16

typedef struct rp_report_s {
	rp_data_t data;
	const char *out_dir;
	char fig_dir[4200];
	rp_plot_t plots[RP_REPORT_MAX_FIGS]; /* by the table's index */
	int saved[RP_REPORT_MAX_FIGS];       /* its script's data was kept */
	int failed;                          /* one's was not */
	json_t *scripts;  /* the data of every script (rp_figure_script) */
	rp_facts_t facts; /* every number, named */
	json_t *notes;    /* caveats, printed once: their keys or texts */
	char msg[4600];
} rp_report_t;

void rp_report_free(rp_report_t *R);

/* The gathered plot of a figure by name (NULL when none). */
const rp_plot_t *rp_report_plot(const rp_report_t *R, const char *name);
/* "Figure 3" (a rotating buffer), or "Figure (not drawn)". */
const char *rp_report_cite(const rp_report_t *R, const char *name);
/* The facts templates/macros.j2's figure needs to embed figure name with
 * its own caption, FACT.drawn, .number, .file, .cite ("Figure 3"), .error
 * (why it was not drawn) and .note (the link to the note every embedded
 * figure points to); fact is a fact's name ("part.interp.figure.memory").
 * Its title is its template's (render.py's figure_title). */
void rp_report_figure_facts(rp_report_t *R, const char *name, const char *fact);
/* What the statistics may claim: a 95% confidence interval of the median
 * (the harness's bootstrap) only from the harness's HX_STATS_CI_MIN timed
 * runs, where it is narrower than their range; below that the range of
 * the runs, "range LO-HI, n = K". */
#define RP_REPORT_CI_MIN HX_STATS_CI_MIN
/* The harness's interval's level (time_s.ci95). */
#define RP_REPORT_CI_LEVEL 0.95
/* A run's own noise band (its 10th to 90th percentiles) is read from
 * RP_REPORT_BAND_MIN timed runs. */
#define RP_REPORT_BAND_MIN 5
/* jemalloc's per-thread peak moves in steps of its 64 KiB event interval:
 * a peak below it is printed as "< 64 KiB", never as a measured figure. */
#define RP_REPORT_PEAK_GRAIN 65536.0
/* The page the words count memory in: 4 KiB. */
#define RP_REPORT_PAGE_BYTES 4096.0

/* The median's interval of a run's time_s: "95% CI LO-HI, n = K", "range
 * LO-HI, n = K", "one timed run" or "cold run only". Rotating buffer. */
const char *rp_report_interval(const json_t *r);
/* A run's peak workspace as printed: bytes (a rotating buffer), or
 * "< 64 KiB". */
const char *rp_report_peak(const json_t *r);
/* Runs of about the same length: medians within this factor. */
#define RP_REPORT_LENGTH_CLASS 3.0
/* The noise band of runs of about `seconds`: the median of the own bands
 * (half the 10th to 90th percentile distance of a run's timed runs over
 * their median) of the reference ("noise") and main-set runs within
 * RP_REPORT_LENGTH_CLASS of it; NAN when there are none. */
double rp_report_noise_at(const rp_data_t *D, double seconds);

/* A caveat, printed once in the notebook's notes list: returns "[note K]
 * (#note-K)" for a row or a sentence to point to (the same K for the same
 * text). text is a key templates/notebook/notes.md.j2 words ("cachesim",
 * "peak_grain", ...), or the data's own sentence (a run's warning), which
 * it prints as it is. Out of memory: "", with R->failed and R->msg.
 * Rotating buffer. */
const char *rp_report_note(rp_report_t *R, const char *text);
/* The notes list as the fact notes.list, the notes' keys or texts in their
 * order (note K is item K), for templates/notebook/notes.md.j2: called
 * after every section has registered its notes. */
void rp_report_notes_facts(rp_report_t *R);
/* A run's warnings as pointers to notes ("[note 2](#note-2)"), or "none";
 * a warning on the median's interval is one note for every run. */
const char *rp_report_warning_notes(rp_report_t *R, const json_t *r);
/* The source tree's reports/ folder as the build found it (the Makefile's
 * RP_REPORTS_DIR; "reports" from the working directory without it): where
 * render.py and templates/ are, and beside it the tree's variants/. */
const char *rp_report_source_dir(void);

#endif /* FB_RP_REPORT_H */
