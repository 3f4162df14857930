/*
 * rp_figure: the report's figures declared as data (rp_fig_t), gathered
 * from the runs into plots and decorated with what depends on named runs
 * or the machine's ceilings, and drawn (rp_figure_script below).
 *
 * A figure's words, gnuplot lines and the plot element of each block of
 * rows (its series: the block's data name, its colour, point type, label
 * and fitted law, rp_block_t.law) are its script's template,
 * templates/figures/NAME.gp.j2, which reports/render.py fills. A block is
 * one variant's runs, one run, or all the rows. A variant's colour, point type
 * and block number come from its place among its workload's variants in
 * the data, the same in every figure; red is kept out of the palette.
 *
 * Limits: RP_PLOT_MAX_BLOCKS blocks a figure, RP_FIG_COLS numbers a row;
 * rows beyond a block's memory are dropped (incomplete, never wrong).
 */
#ifndef FB_RP_FIGURE_H
#define FB_RP_FIGURE_H

#include <stddef.h>

#include "rp_data.h"

#define RP_FIG_COLS 4
#define RP_PLOT_MAX_BLOCKS 24

typedef enum {
	/* One block per variant: its ok jemalloc runs in the sets, by N. */
	RP_SRC_SCALING,
	/* One block: the ok runs in the sets, sorted by column 0. */
	RP_SRC_RUNS,
	/* One block: a row per variant's timed main run (none for a run
	 * whose only run is its cold run), set by set in the order given,
	 * labelled "workload/variant"; rows with a NaN column are left out. */
	RP_SRC_MAIN,
	/* One block per variant: the live bytes during its main run's first
	 * run (seconds, bytes above those before it; bucket maxima). */
	RP_SRC_TIMELINE,
	/* One block per run in the sets, jemalloc's before glibc's: each
	 * step's time (step 0 is the very first step). */
	RP_SRC_STEPS,
} rp_source_t;

typedef struct rp_col_s {
	rp_field_t field;     /* a run's field, or RP_F_NONE */
	const char *name;     /* else its name, or the argument of of */
	rp_field_t fallback;  /* the field when field is missing */
	rp_field_t divide_by; /* a field that divides it */
	double floor;         /* > 0: drawn at floor when below (log axes) */
	const char *fmt;      /* printf of the value; NULL: "%.6g" */
	/* Non-NULL: the value computed from the run in place of field. */
	double (*of)(const json_t *r, const char *name);
} rp_col_t;

/* Whether column k is declared (the columns end at the first that is not). */
#define RP_FIG_COL_USED(fig, k)                                                \
	((fig)->cols[k].field != RP_F_NONE || (fig)->cols[k].name != NULL ||   \
	    (fig)->cols[k].of != NULL)

struct rp_plot_s;

typedef struct rp_fig_s {
	const char *name; /* figures/NAME.gp, .svg, .png */
	/* Its script's template, templates/figures/SCRIPT.gp.j2, which holds
	 * its words; NULL: NAME's. */
	const char *script;
	rp_source_t source;
	const char *sets;     /* set patterns, space-separated, in order */
	const char *workload; /* NULL: each set's own (RP_SRC_MAIN) */
	const char *variants; /* NULL: all in the data; or "a b" */
	rp_col_t cols[RP_FIG_COLS]; /* up to the first not used */
	const char *block;          /* data block name, numbered per block */
	int fit;        /* > 0: the column fitted against column 0 */
	double fit_min; /* fit only rows at or above it (jemalloc's
			   64 KiB peak grain) */
	/* A variant's rows only at the largest N it has in the sets, the
	 * runs the threads tables and the roofline's labels read. */
	int largest_n;
	/* Adds what depends on named runs or the ceilings; may be NULL. */
	void (*decorate)(const rp_data_t *D, struct rp_plot_s *P);
} rp_fig_t;

typedef struct rp_row_s {
	double v[RP_FIG_COLS];
	char label[64];
} rp_row_t;

typedef struct rp_block_s {
	char name[24];      /* "m0" */
	char label[64];     /* "eager", "naive, glibc malloc" */
	int rgb, point;     /* its colour (0xRRGGBB) and gnuplot point type */
	double fit, fit_r2; /* NAN unless the figure fits */
	/* The fit as the series and tables print it: "N^2.01", "0 B", "< 64
	 * KiB" (every value under fit_min) or "no fit". */
	char law[16];
	rp_row_t *rows;
	size_t nrows, cap;
} rp_block_t;

typedef struct rp_plot_s {
	const rp_fig_t *fig;
	rp_block_t blocks[RP_PLOT_MAX_BLOCKS];
	int nblocks;
	/* The decoration's data, NULL for none: its "kind" names the template
	 * that draws it, templates/figures/KIND.gp.j2 (rp_figure.h). */
	json_t *refs;
} rp_plot_t;

/* The figure table, in the report's order. Its words and gnuplot lines
 * are in its script's template, for a teacher to edit without C. */
extern const rp_fig_t rp_figures[];
extern const size_t rp_figures_count;

/* The table's figure called name, or NULL. */
const rp_fig_t *rp_figure_find(const char *name);
/* Gathers fig's rows from D into P, to free with rp_figure_free. 0, or -1
 * when memory ran out (P partial). */
int rp_figure_collect(const rp_data_t *D, const rp_fig_t *fig, rp_plot_t *P);
void rp_figure_free(rp_plot_t *P);
/* Rows in all blocks. */
size_t rp_figure_rows(const rp_plot_t *P);
/* The block labelled label (a variant), or NULL. */
const rp_block_t *rp_figure_block(const rp_plot_t *P, const char *label);
/* The local slope of block b between rows j-1 and j (j >= 1): column 1
 * against column 0 in log-log, the power of N between two sizes. */
double rp_figure_slope(const rp_block_t *b, size_t j);
/* Building blocks by hand: a new block labelled label, named fig->block
 * and number (< 0: none), drawn in variant number's colour and point
 * type, NULL when P is full; a zeroed row appended to b, NULL when out of
 * memory; b's rows sorted by column 0, equal ones kept in order. */
rp_block_t *rp_figure_block_add(rp_plot_t *P, int number, const char *label);
rp_row_t *rp_figure_row_add(rp_block_t *b);
void rp_figure_rows_sort(rp_block_t *b);

/* The decorations the table points to (rp_figure.c says what each adds):
 * each sets P->refs, {"kind": ..., its numbers}; a number JSON cannot
 * hold (NaN) is null. */
void rp_figure_refs_chunk(const rp_data_t *D, rp_plot_t *P);
void rp_figure_refs_roofline(const rp_data_t *D, rp_plot_t *P);
void rp_figure_refs_interp_time(const rp_data_t *D, rp_plot_t *P);
void rp_figure_refs_colony_time(const rp_data_t *D, rp_plot_t *P);
void rp_figure_refs_threads(const rp_data_t *D, rp_plot_t *P);

/*
 * The figures drawn. A gathered plot
 * becomes the data of its script: its decoration's numbers and its
 * blocks' rows as gnuplot reads them inline; reports/render.py fills the
 * figure's template, templates/figures/NAME.gp.j2 (its words, on the
 * layout of templates/figure.gp.j2; a decoration drawn by
 * templates/figures/KIND.gp.j2), with it into a self-contained
 * figures/NAME.gp,
 * and gnuplot is then run on that script for NAME.svg and NAME.png in
 * its own folder.
 *
 * Limits: needs gnuplot on PATH to draw; PNG uses pngcairo when the
 * gnuplot has it, its plain png otherwise.
 */
/* Appends the data of P's script to the array plots: {name, script (its
 * template, figures/SCRIPT.gp.j2), refs (the decoration's data, null:
 * none), blocks: [{name, label, rgb ("#RRGGBB"), point, law, data}]}, a
 * block for each one with rows. Returns 0, or -1 when memory ran out
 * (msg says so). */
int rp_figure_script(
    json_t *plots, const rp_plot_t *P, char *msg, size_t msglen);

/* Columns several figures share; a workspace of 0 B, off a log axis, is
 * drawn at 1 kB. */
#define RP_FIG_COL_N                                                           \
	{                                                                      \
		.field = RP_F_N, .fmt = "%.0f"                                 \
	}
#define RP_FIG_COL_PEAK                                                        \
	{                                                                      \
		.field = RP_F_PEAK_WORKSPACE, .floor = 1000.0                  \
	}
#define RP_FIG_COL_MODEL                                                       \
	{                                                                      \
		.field = RP_F_MODEL_BYTES, .floor = 1000.0                     \
	}

#endif /* FB_RP_FIGURE_H */
