/*
 * rp_colony: Part 2, colony (see rp_colony.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_colony.h"
#include "rp_gnuplot.h"
#include "rp_text.h"

#define MAIN "colony-main*"

#define B rp_text_fmt_bytes
#define T rp_text_fmt_time
#define N rp_text_fmt_n
#define NUM rp_text_fmt_num
#define RATIO rp_text_fmt_ratio

size_t
rp_colony_spread_runs(const rp_report_t *R, const json_t **out, size_t cap)
{
	return rp_data_runs_by_variant(
	    &R->data, "colony-spread*", "colony", out, cap);
}

static void
table3_row(rp_report_t *R, const char *v, const json_t *r, double t_naive)
{
	rp_md(R, "| %s | %s (%s)", v, T(rp_num(r, "time_s.median")),
	    rp_report_interval(r));
	rp_md(R, " | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
	    T(rp_num(r, "time_s.cold")), T(rp_num(r, "steps_s.median")),
	    T(rp_num(r, "steps_s.first")), rp_report_peak(r),
	    B(rp_num(r, "memory.model_bytes")),
	    B(rp_num(r, "memory.peak_rss_bytes")),
	    NUM(rp_num(r, "memory.minor_faults"), "%.0f"),
	    NUM(rp_num(r, "work.ns_per_unit"), "%.3g"),
	    NUM(rp_num(r, "work.gflops_per_s"), "%.3g"),
	    RATIO(t_naive / rp_num(r, "time_s.median")), rp_report_warnings(r));
}

static void
table3(rp_report_t *R, double nc)
{
	/* The variants the main sweep ran: eager has its own, smaller one. */
	const rp_query_t in_main = {
	    .set = MAIN, .workload = "colony", .any_status = 1};
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv = rp_data_variants(
	    &R->data, "colony", &in_main, vs, RP_DATA_MAX_VARIANTS);
	const json_t *first = NULL;
	double t_naive = rp_num(
	    rp_data_main(&R->data, MAIN, "colony", "naive"), "time_s.median");

	for (size_t i = 0; i < nv && first == NULL; i++)
		first = rp_data_main(&R->data, MAIN, "colony", vs[i]);
	rp_md(R,
	    "The question's compiled time step was much slower than its "
	    "force function alone and a many-step loop varied from "
	    "milliseconds to seconds. Table 3 is every variant at N=%s, "
	    "%s steps a run, jemalloc build.\n\n",
	    N(nc), N(rp_num(first, "params.steps")));
	rp_md(R,
	    "**Table 3.** colony at N=%s.\n\n| variant | median time per "
	    "run (interval) | cold run | median step | first step | peak "
	    "workspace (measured) | model | RSS high-water | minor faults "
	    "| ns per N^2 pairs | GFLOP/s | speed-up vs naive | warnings in "
	    "the data |\n|---|---|---|---|"
	    "---|---|---|---|---|---|---|---|---|\n",
	    N(nc));
	for (size_t i = 0; i < nv; i++) {
		const json_t *r = rp_data_main(&R->data, MAIN, "colony", vs[i]);
		rp_query_t q = {.set = MAIN,
		    .workload = "colony",
		    .variant = vs[i],
		    .n = nc,
		    .alloc = RP_ALLOC_JEMALLOC};
		char why[512];
		if (r != NULL)
			table3_row(R, vs[i], r, t_naive);
		else
			rp_md(R,
			    "| %s | not measured (%s) | | | | | | | | | | "
			    "| |\n",
			    vs[i],
			    rp_data_why_missing(
				&R->data, &q, why, sizeof(why)));
	}
	rp_md(R, "\n");
	rp_md(R,
	    "What the table cannot show: the ns-per-pair column divides every "
	    "variant's time by all N^2 ordered pairs of every step, the "
	    "all-pairs work; `cells` evaluates only the pairs in neighbouring "
	    "cells, so its figure is time per all-pairs unit, not per pair it "
	    "evaluated: the section on limits estimates its evaluated pairs "
	    "from its flop count and gives its time per evaluated pair, which "
	    "is higher. `naive` allocates fresh N x N arrays "
	    "every step, as an un-compiled step does, but it is one C loop "
	    "per quantity, not one array operation per primitive: it is not "
	    "the op-by-op eager schedule of interp, whose twelve live arrays "
	    "it does not hold. Peaks under 64 KiB print as \"< 64 KiB\" "
	    "(jemalloc's peak moves in 64 KiB steps).\n\n");
}

/* Table 4: the exponents the scaling figures fitted, variant by variant. */
static void
table4(rp_report_t *R)
{
	const rp_plot_t *pt = rp_report_plot(R, "fig-colony-time");
	const rp_plot_t *pm = rp_report_plot(R, "fig-colony-memory");

	rp_md(R,
	    "**Table 4.** Fitted exponents k of time per step ~ N^k and peak "
	    "workspace ~ N^k (least squares in log-log; peaks under 64 KiB "
	    "are left out of the fit, being below jemalloc's grain).\n\n| "
	    "variant | N "
	    "range | points | time exponent | r^2 | memory exponent |\n"
	    "|---|---|---|---|---|---|\n");
	for (int i = 0; pt != NULL && i < pt->nblocks; i++) {
		const rp_block_t *bt = &pt->blocks[i];
		const rp_block_t *bm = rp_figure_block(pm, bt->label);
		double em = bm != NULL ? bm->fit : NAN;
		if (bt->nrows == 0)
			continue;
		rp_md(R, "| %s | %s to %s | %zu | %s | %s | %s |\n", bt->label,
		    N(bt->rows[0].v[0]), N(bt->rows[bt->nrows - 1].v[0]),
		    bt->nrows, NUM(bt->fit, "%.2f"), NUM(bt->fit_r2, "%.3f"),
		    !isnan(em)       ? NUM(em, "%.2f")
			: bm != NULL ? rp_gnuplot_law(pm, bm)
				     : "n/a");
	}
	rp_md(R, "\n");
	{
		char cap[1024], *c = cap;
		c += snprintf(c, sizeof(cap),
		    "Median time per step (the very first step of a run "
		    "excluded) against N, with the exponent fitted to each "
		    "variant (Table 4):");
		for (int i = 0; pt != NULL && i < pt->nblocks; i++)
			c += snprintf(c, (size_t)(cap + sizeof(cap) - c),
			    "%s %s %s", i ? "," : "", pt->blocks[i].label,
			    rp_gnuplot_law(pt, &pt->blocks[i]));
		snprintf(c, (size_t)(cap + sizeof(cap) - c),
		    ". Grey: reference slopes N^2 (all pairs) through fused "
		    "and N^1 through cells; a variant steeper than N^2 pays "
		    "for more than its pairs (naive: the page faults of its "
		    "fresh arrays).");
		rp_report_embed(R, "fig-colony-time", cap);
	}
	rp_report_embed(R, "fig-colony-memory",
	    "Peak workspace against N: measured points (open, so that equal "
	    "values show both) and each variant's model (dotted), with the "
	    "exponent fitted to points at or above 64 KiB. 0 B sits on the "
	    "marked 1 kB floor; points under the 64 KiB line are below "
	    "jemalloc's grain.");
}

static void
spread_label(const json_t *r, char *buf, size_t len)
{
	snprintf(
	    buf, len, "%s, %s", rp_str(r, "variant"), rp_data_alloc_name(r));
}

/* The widest spread of the spread runs, and what it says. */
static void
spread_prose(rp_report_t *R, const json_t **runs, size_t n)
{
	double worst = NAN;
	char label[128] = "";

	for (size_t i = 0; i < n; i++) {
		double q = rp_num(runs[i], "steps_s.max") /
		    rp_num(runs[i], "steps_s.median");
		if (isnan(worst) || q > worst) {
			worst = q;
			spread_label(runs[i], label, sizeof(label));
		}
	}
	if (isnan(worst))
		return;
	rp_md(R,
	    "The widest spread here is %s between a run's slowest step and "
	    "its median (%s)%s\n\n",
	    RATIO(worst), label,
	    worst < 10 ? ". The question's spread of three orders of "
			 "magnitude is not reproduced by allocation and page "
			 "faults alone; what C lacks and the array library "
			 "has, compilation on first call and asynchronous "
			 "dispatch timed without waiting, is the likelier "
			 "cause."
		       : ": allocation alone reaches the question's order of "
			 "spread.");
}

static void
table5(rp_report_t *R, double nc)
{
	const json_t *runs[RP_PLOT_MAX_BLOCKS];
	size_t n = rp_colony_spread_runs(R, runs, RP_PLOT_MAX_BLOCKS);

	rp_md(R,
	    "### The per-step time distribution\n\n**Table 5.** One run of "
	    "many steps per variant at N=%s: the very first step apart, the "
	    "distribution of the others.\n\n| run | steps | first step | "
	    "median | p90 | p99 | max | max / median | minor faults |\n"
	    "|---|---|---|---|---|---|---|---|---|\n",
	    N(nc));
	for (size_t i = 0; i < n; i++) {
		const json_t *r = runs[i];
		char label[128];
		spread_label(r, label, sizeof(label));
		rp_md(R, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
		    label, NUM(rp_num(r, "params.steps"), "%.0f"),
		    T(rp_num(r, "steps_s.first")),
		    T(rp_num(r, "steps_s.median")), T(rp_num(r, "steps_s.p90")),
		    T(rp_num(r, "steps_s.p99")), T(rp_num(r, "steps_s.max")),
		    RATIO(
			rp_num(r, "steps_s.max") / rp_num(r, "steps_s.median")),
		    NUM(rp_num(r, "memory.cold_minor_faults"), "%.0f"));
	}
	if (n == 0)
		rp_md(R, "| no spread run in the data | 0 | | | | | | | |\n");
	rp_md(R, "\n");
	spread_prose(R, runs, n);
	rp_report_embed(R, "fig-colony-spread",
	    "Every step of one run (step 0 is the very first step of the "
	    "process). The question's 'milliseconds to seconds' spread is "
	    "the distance between these lines and their own spikes.");
}

void
rp_colony_write(rp_report_t *R)
{
	double nc = rp_data_max_n(&R->data, MAIN, "colony");

	rp_md(R, "## Part 2: colony, pairwise contact forces\n\n");
	table3(R, nc);
	rp_md(R, "### Memory and time per step against N\n\n");
	table4(R);
	table5(R, nc);
	rp_md(R, "### Cold and warm runs\n\n");
	rp_report_embed(R, "fig-cold-warm",
	    "Each variant's first (cold) run over the median of its timed "
	    "runs, at the sizes of Tables 1 and 3. 1 means the first run "
	    "costs what the others do.");
}
