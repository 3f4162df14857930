/*
 * rp_figure_refs: the references figures draw beside their data (see
 * rp_figure_refs.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_bandwidth.h"
#include "rp_figure.h"
#include "rp_figure_refs.h"
#include "rp_limiter.h"
#include "rp_report.h"
#include "rp_workloads.h"

/* The chunk figure's references: the baseline (one chunk of N) as a
 * point, the fused answer's time as a line. */
void
rp_figure_refs_chunk(const rp_data_t *D, rp_plot_t *P)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const json_t *mat = rp_data_main_run(D, w->name, w->baseline);
	const json_t *fus = rp_data_main_run(D, w->name, w->fused);
	int km = rp_figure_variant_index(D, w->name, w->baseline);
	int kf = rp_figure_variant_index(D, w->name, w->fused);
	int kc = rp_figure_variant_index(D, w->name, w->chunked);
	size_t len;

	snprintf(P->pre, sizeof(P->pre), "chunked_colour = %d\n",
	    rp_figure_colour_rgb(kc));
	if (mat != NULL) {
		snprintf(P->post, sizeof(P->post),
		    "$mat << EOD\n%.6g %.6g\nEOD\n",
		    rp_field(mat, RP_F_PEAK_WORKSPACE),
		    rp_field(mat, RP_F_TIME_MEDIAN));
		snprintf(P->suffix, sizeof(P->suffix),
		    ", $mat using 1:2 with points pt %d ps 2 lw 2 lc %s title "
		    "'%s (one batch of N)'",
		    rp_figure_point(km), rp_figure_colour(km), w->baseline);
	}
	len = strlen(P->suffix);
	if (fus != NULL)
		snprintf(P->suffix + len, sizeof(P->suffix) - len,
		    ", %.6g with lines dt 2 lw 2 lc %s title '%s, no "
		    "batch (workspace %s)'",
		    rp_field(fus, RP_F_TIME_MEDIAN), rp_figure_colour(kf),
		    w->fused, rp_report_peak(fus));
}

/* An in-core roof at gflops (what a unit reaches at one kind of
 * instruction's measured rate), appended to P->prefix: "gathers (l3, 4 a
 * unit)". Not drawn at or above the FMA peak, nor where it would not fit
 * whole (a cut plot element would break the script). */
static void
roof_line(rp_plot_t *P, double gflops, double fma, const char *what,
    const char *from, double per_unit)
{
	size_t len = strlen(P->prefix);
	int n;

	if (!(gflops > 0 && gflops < fma))
		return;
	n = snprintf(P->prefix + len, sizeof(P->prefix) - len,
	    ", %.4g w l lw 2 dt 3 lc rgb '#444444' t "
	    "'in-core roof: %s (%s, %.3g a unit), %.3g GFLOP/s'",
	    gflops, what, from, per_unit, gflops);
	if (n < 0 || (size_t)n >= sizeof(P->prefix) - len)
		P->prefix[len] = '\0';
}

/* The in-core roofs under the FMA peak: what a workload's unit reaches at
 * the measured rate of its gathers, one roof for each level its main runs'
 * gathers come from (interp: L3 for fused's, every table for every point;
 * L1 for tiled's, two tables for a tile), and of its divides: the FLOP
 * of the first main run that gathers from that level over its gathers'
 * seconds as the time model priced them (those that re-read a line at
 * L1's rate), and its FLOP a unit at the divide rate for the divides the
 * model counted in its compiled loop (interp fused: one a pair). */
static void
in_core_roofs(const rp_data_t *D, const char *w, double fma, rp_plot_t *P)
{
	const char *vs[RP_DATA_MAX_VARIANTS], *drawn[4];
	size_t nv = rp_data_variants(D, w, NULL, vs, RP_DATA_MAX_VARIANTS);
	int ndrawn = 0;

	for (size_t k = 0; k < nv && ndrawn < 4; k++) {
		const json_t *r = rp_data_main_run(D, w, vs[k]);
		const char *level = rp_field_str(r, RP_F_MODEL_GATHER_LEVEL);
		const double per_unit = rp_field(r, RP_F_WORK_FLOPS) /
		    rp_field(r, RP_F_WORK_UNITS) * 1e-9;
		const double g = rp_field(r, RP_F_MODEL_GATHER_PER_UNIT);
		/* The run's gathers as the model priced them (those that
		 * re-read a line at L1's rate). */
		const double gather_s = rp_limiter_term_seconds(
		    json_object_get(r, "model"), "gather");
		int seen = 0;

		if (!(g > 0) || level[0] == '\0')
			continue;
		for (int i = 0; i < ndrawn; i++)
			seen |= strcmp(drawn[i], level) == 0;
		if (seen)
			continue;
		roof_line(P, rp_field(r, RP_F_WORK_FLOPS) * 1e-9 / gather_s,
		    fma, "gathers", level, g);
		if (ndrawn == 0)
			roof_line(P,
			    rp_num(D->ceilings, "divps_per_s") * per_unit /
				rp_field(r, RP_F_MODEL_DIVSQRT_PER_UNIT),
			    fma, "divides", "divps",
			    rp_field(r, RP_F_MODEL_DIVSQRT_PER_UNIT));
		drawn[ndrawn++] = level;
	}
}

/* The roofline: the x range reaches a decade past the most intense
 * schedule; a roof per memory level, min(bandwidth x I, FMA peak), from
 * `harness ceilings` (DRAM: the triad on arrays far larger than L3); each
 * variant's label names the level that holds its working set (peak
 * workspace plus inputs), whose roof applies to it. */
void
rp_figure_refs_roofline(const rp_data_t *D, rp_plot_t *P)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const keys[] = {"l1_bytes_per_s", "l2_bytes_per_s",
	    "l3_bytes_per_s", "triad_bytes_per_s"};
	static const char *const names[] = {"L1", "L2", "L3", "DRAM"};
	double fma = rp_num(D->ceilings, "fma_flops_per_s") * 1e-9;
	double xmax = 1000.0;
	size_t len = 0;

	for (int i = 0; i < P->nblocks; i++) {
		rp_block_t *b = &P->blocks[i];
		rp_limiter_in_t in;
		rp_limiter_t v = rp_limiter_of(D, w->name, b->label, &in);
		const json_t *r = rp_data_main_run(D, w->name, b->label);
		char label[64];
		for (size_t j = 0; j < b->nrows; j++)
			while (b->rows[j].v[0] * 3.0 > xmax)
				xmax *= 10.0;
		snprintf(label, sizeof(label), "%s (%s; %s)", b->label,
		    r != NULL ? rp_bandwidth_level(r,
				    rp_field(r, RP_F_PEAK_WORKSPACE) +
					rp_field(r, RP_F_INPUT_BYTES))
			      : "DRAM",
		    rp_limiter_verdict_word(&v));
		snprintf(b->label, sizeof(b->label), "%s", label);
	}
	snprintf(P->pre, sizeof(P->pre), "set xrange [0.01:%g]\n", xmax);
	if (isnan(fma)) {
		snprintf(P->prefix, sizeof(P->prefix),
		    "1/0 title 'no ceilings.json in the data'");
		return;
	}
	for (int k = 0; k < 4; k++) {
		double bw = rp_num(D->ceilings, keys[k]) * 1e-9;
		if (isnan(bw))
			continue;
		snprintf(P->prefix + len, sizeof(P->prefix) - len,
		    "%s(x*%.4g < %.4g ? x*%.4g : %.4g) w l lw %d dt %d lc rgb "
		    "'%s' t '%s roof, %.0f GB/s%s'",
		    len ? ", " : "", bw, fma, bw, fma, k == 3 ? 2 : 1,
		    k == 3 ? 1 : 4 - k, k == 3 ? "black" : "#777777", names[k],
		    bw, k == 3 ? "; the flat part: FMA peak" : "");
		len = strlen(P->prefix);
	}
	in_core_roofs(D, w->name, fma, P);
}

/* A reference line c*N^k through the first row of the named variant's
 * block, appended to P->prefix. */
static void
reference_slope(rp_plot_t *P, const char *variant, double k, int col)
{
	const rp_block_t *b = rp_figure_block(P, variant);
	size_t len = strlen(P->prefix);
	double x0, x1;

	if (b == NULL || b->nrows == 0 || !(b->rows[0].v[col] > 0))
		return;
	x0 = b->rows[0].v[0];
	x1 = b->rows[b->nrows - 1].v[0];
	snprintf(P->prefix + len, sizeof(P->prefix) - len,
	    "%s(x >= %.6g && x <= %.6g) ? %.6g*(x/%.6g)**%g : 1/0 with lines "
	    "dt %d lw 2 lc rgb '#555555' title 'slope N^%g (reference)'",
	    len ? ", " : "", x0 / 1.2, x1 * 1.2, b->rows[0].v[col], x0, k,
	    k == 1 ? 3 : 2, k);
}

/* The memory question's time: N^1 through its baseline, the scaling every
 * schedule should have at a fixed array width. */
void
rp_figure_refs_interp_time(const rp_data_t *D, rp_plot_t *P)
{
	(void)D;
	reference_slope(
	    P, rp_workload_question(RP_QUESTION_MEMORY)->baseline, 1, 1);
}

/* The speed question's time: N^2 through its fused answer (all pairs), N^1
 * through its cell lists. */
void
rp_figure_refs_colony_time(const rp_data_t *D, rp_plot_t *P)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);

	(void)D;
	reference_slope(P, w->fused, 2, 1);
	reference_slope(P, w->cell_lists, 1, 1);
}

/* The threads figures: each block's rows by thread count (a run leaves
 * params.threads out at 1), the time turned into the speed-up over the
 * block's time at one thread, and the ideal line, speed-up = threads. */
void
rp_figure_refs_threads(const rp_data_t *D, rp_plot_t *P)
{
	double tmax = 2.0;

	(void)D;
	for (int i = 0; i < P->nblocks; i++) {
		rp_block_t *b = &P->blocks[i];
		double t1 = NAN;
		for (size_t j = 0; j < b->nrows; j++) {
			if (isnan(b->rows[j].v[0]))
				b->rows[j].v[0] = 1.0;
			if (b->rows[j].v[0] == 1.0)
				t1 = b->rows[j].v[1];
			if (b->rows[j].v[0] > tmax)
				tmax = b->rows[j].v[0];
		}
		rp_figure_rows_sort(b);
		for (size_t j = 0; j < b->nrows; j++)
			b->rows[j].v[1] = t1 / b->rows[j].v[1];
	}
	snprintf(P->pre, sizeof(P->pre),
	    "set xrange [0.8:%g]\nset xtics 1\nset yrange [0:%g]\n", tmax + 0.2,
	    tmax + 0.5);
	snprintf(P->prefix, sizeof(P->prefix),
	    "(x >= 1 && x <= %g) ? x : 1/0 with lines dt 2 lw 2 lc rgb "
	    "'black' title 'ideal: speed-up = threads'",
	    tmax);
}
