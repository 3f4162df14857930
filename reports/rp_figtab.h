/*
 * rp_figtab: what the report's figure table (rp_figures, rp_figure.h)
 * shares: the gnuplot pieces several figures use and the decorations that
 * add references to a figure after its data are collected (named runs,
 * reference slopes, the machine's ceilings, the threads' speed-up). The
 * table itself is in rp_workloads.c, beside the registration table whose
 * workloads' sets it draws.
 */
#ifndef FB_RP_FIGTAB_H
#define FB_RP_FIGTAB_H

#include "rp_figure.h"

/* Continuation between two blocks' plot elements: one a line. */
#define RP_FIGTAB_EACH_LINE ", \\\n  "
/* The question's reported peak: the spec's 12*N*M*4 bytes at 1e6 x 300. */
#define RP_FIGTAB_QUESTION_PEAK "1.44e+10"
/* Below this a workspace is drawn at it: 0 B cannot sit on a log axis. */
#define RP_FIGTAB_FLOOR_BYTES 1000.0
/* The marked floor and jemalloc's 64 KiB grain, on a bytes axis. */
#define RP_FIGTAB_BYTES_FLOOR_LINES                                            \
	"set arrow from graph 0, first 1000 to graph 1, first 1000 nohead "    \
	"dt 4 lw 1.5 lc rgb 'black'\nset label '0 B (and anything under 1 "    \
	"kB) is drawn on this line' at graph 0.02, first 1000 offset 0,0.7 "   \
	"font ',10'\nset arrow from graph 0, first 65536 to graph 1, first "   \
	"65536 nohead dt 3 lw 1 lc rgb '#777777'\nset label 'jemalloc peak "   \
	"grain, 64 KiB: measured points below it are not measurements' at "    \
	"graph 0.02, first 65536 offset 0,0.7 font ',10' tc rgb '#555555'\n"

/* A log x axis that ends near the data, not at the next decade. */
#define RP_FIGTAB_XFIX                                                         \
	"set autoscale xfix\nset offsets graph 0.04, graph 0.04, 0, 0\n"

/* Columns several figures share; a workspace of 0 B is drawn at 1 kB. */
#define RP_FIGTAB_COL_N                                                        \
	{                                                                      \
		.field = RP_F_N, .fmt = "%.0f"                                 \
	}
#define RP_FIGTAB_COL_PEAK                                                     \
	{                                                                      \
		.field = RP_F_PEAK_WORKSPACE, .floor = RP_FIGTAB_FLOOR_BYTES   \
	}
#define RP_FIGTAB_COL_MODEL                                                    \
	{                                                                      \
		.field = RP_F_MODEL_BYTES, .floor = RP_FIGTAB_FLOOR_BYTES      \
	}

/* The chunk figure: materialized as a point, fused's time as a line. */
void rp_figtab_chunk(const rp_data_t *D, rp_plot_t *P);
/* The roofline: a roof per memory level, each variant's level and
 * limiter in its label. */
void rp_figtab_roofline(const rp_data_t *D, rp_plot_t *P);
/* The memory question's time against N: N^1 through materialized. */
void rp_figtab_interp_time(const rp_data_t *D, rp_plot_t *P);
/* The speed question's time against N: N^2 through fused, N^1 through
 * cells. */
void rp_figtab_colony_time(const rp_data_t *D, rp_plot_t *P);
/* The threads figures: speed-up over one thread, and the ideal line. */
void rp_figtab_threads(const rp_data_t *D, rp_plot_t *P);

#endif /* FB_RP_FIGTAB_H */
