/*
 * rp_figure_refs: the references a figure draws beside its data, added
 * after its rows are gathered, where they depend on named runs or on the
 * machine's ceilings: a baseline as a point and a line (the chunk
 * figure), the roofs (the roofline), a reference slope c*N^k through a
 * named variant's first row (the time figures), the ideal speed-up (the
 * threads figures). The figure table (rp_workloads.c) points to them.
 */
#ifndef FB_RP_FIGURE_REFS_H
#define FB_RP_FIGURE_REFS_H

#include "rp_figure.h"

/* The chunk figure: materialized as a point, fused's time as a line. */
void rp_figure_refs_chunk(const rp_data_t *D, rp_plot_t *P);
/* The roofline: a roof per memory level, each variant's level and
 * limiter in its label. */
void rp_figure_refs_roofline(const rp_data_t *D, rp_plot_t *P);
/* The memory question's time against N: N^1 through materialized. */
void rp_figure_refs_interp_time(const rp_data_t *D, rp_plot_t *P);
/* The speed question's time against N: N^2 through fused, N^1 through
 * cells. */
void rp_figure_refs_colony_time(const rp_data_t *D, rp_plot_t *P);
/* The threads figures: speed-up over one thread, and the ideal line. */
void rp_figure_refs_threads(const rp_data_t *D, rp_plot_t *P);

#endif /* FB_RP_FIGURE_REFS_H */
