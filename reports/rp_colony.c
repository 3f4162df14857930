/*
 * rp_colony: Part 2, colony (see rp_colony.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_colony.h"
#include "rp_gnuplot.h"
#include "rp_text.h"

#define B rp_text_fmt_bytes
#define T rp_text_fmt_time
#define N rp_text_fmt_n
#define NUM rp_text_fmt_num
#define RATIO rp_text_fmt_ratio

size_t
rp_colony_spread_runs(const rp_report_t *R, const rp_workload_t *w,
    const json_t **out, size_t cap)
{
	return rp_data_runs_by_variant(
	    &R->data, w->sets.spread, w->name, out, cap);
}

static void
table3_row(rp_report_t *R, const char *v, const json_t *r, double t_naive)
{
	rp_md(R, "| %s | %s (%s) | %s | %s | %s | %s | %s |\n", v,
	    T(rp_num(r, "time_s.median")), rp_report_interval(r),
	    T(rp_num(r, "time_s.cold")), T(rp_num(r, "steps_s.median")),
	    T(rp_num(r, "steps_s.first")),
	    RATIO(t_naive / rp_num(r, "time_s.median")),
	    rp_report_warning_notes(R, r));
}

static void
table3m_row(rp_report_t *R, const char *v, const json_t *r)
{
	rp_md(R, "| %s | %s | %s | %s | %s | %s | %s |\n", v, rp_report_peak(r),
	    B(rp_num(r, "memory.model_bytes")),
	    B(rp_num(r, "memory.peak_rss_bytes")),
	    NUM(rp_num(r, "memory.minor_faults"), "%.0f"),
	    NUM(rp_num(r, "work.ns_per_unit"), "%.3g"),
	    NUM(rp_num(r, "work.gflops_per_s"), "%.3g"));
}

static void
table3(rp_report_t *R, const rp_workload_t *w, double nc)
{
	/* The variants the main sweep ran: eager has its own, smaller one. */
	const rp_query_t in_main = {
	    .set = w->sets.main, .workload = w->name, .any_status = 1};
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv = rp_data_variants(
	    &R->data, w->name, &in_main, vs, RP_DATA_MAX_VARIANTS);
	const json_t *first = NULL;
	double t_naive = rp_num(
	    rp_data_main_run(&R->data, w->name, "naive"), "time_s.median");

	for (size_t i = 0; i < nv && first == NULL; i++)
		first = rp_data_main_run(&R->data, w->name, vs[i]);
	rp_md(R,
	    "The question's compiled time step was much slower than its "
	    "force function alone and a many-step loop varied from "
	    "milliseconds to seconds. Table 3 is every variant at N=%s, "
	    "%s steps a run, jemalloc build.\n\n",
	    N(nc), N(rp_num(first, "params.steps")));
	rp_md(R,
	    "**Table 3.** %s at N=%s.\n\n| variant | median time per "
	    "run (interval) | cold run | median step | first step | speed-up "
	    "vs naive | warnings |\n|---|---|---|---|---|---|---|\n",
	    w->name, N(nc));
	for (size_t i = 0; i < nv; i++) {
		const json_t *r = rp_data_main_run(&R->data, w->name, vs[i]);
		rp_query_t q = {.set = w->sets.main,
		    .workload = w->name,
		    .variant = vs[i],
		    .n = nc,
		    .alloc = RP_ALLOC_JEMALLOC};
		char why[512];
		if (r != NULL)
			table3_row(R, vs[i], r, t_naive);
		else
			rp_md(R, "| %s | not measured (%s) | | | | | |\n",
			    vs[i],
			    rp_data_why_missing(
				&R->data, &q, why, sizeof(why)));
	}
	rp_md(R,
	    "\n**Table 3m.** The same runs' memory and work (%s).\n\n"
	    "| variant | peak workspace (measured) | model | RSS high-water | "
	    "minor faults | ns per N^2 pairs | GFLOP/s |\n"
	    "|---|---|---|---|---|---|---|\n",
	    rp_report_note(R,
		"The ns-per-pair column divides every colony variant's time "
		"by all N^2 ordered pairs of every step; cells evaluates only "
		"the pairs in neighbouring cells, so its figure is per "
		"all-pairs unit, and tiled counts the flops of the unordered "
		"pairs it evaluates. naive allocates fresh N x N arrays every "
		"step, one C loop per quantity: not interp's op-by-op "
		"schedule and its twelve live arrays."));
	for (size_t i = 0; i < nv; i++) {
		const json_t *r = rp_data_main_run(&R->data, w->name, vs[i]);
		if (r != NULL)
			table3m_row(R, vs[i], r);
	}
	rp_md(R, "\n");
}

/* The least-squares slope of log v[col] against log v[0] over rows
 * from..n-1 with a positive value; NAN with fewer than two. */
static double
slope_from(const rp_block_t *b, size_t from)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0;
	int k = 0;

	for (size_t j = from; j < b->nrows; j++) {
		double x = log(b->rows[j].v[0]), y = log(b->rows[j].v[1]);
		if (!(b->rows[j].v[1] > 0))
			continue;
		sx += x, sy += y, sxx += x * x, sxy += x * y, k++;
	}
	return k < 2 ? NAN : (k * sxy - sx * sy) / (k * sxx - sx * sx);
}

/* "3.5, 2.35, 1.89": the slope between each pair of neighbouring N. */
static const char *
local_slopes(const rp_block_t *b, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t j = 1; j < b->nrows && used + 16 < len; j++) {
		double k = log(b->rows[j].v[1] / b->rows[j - 1].v[1]) /
		    log(b->rows[j].v[0] / b->rows[j - 1].v[0]);
		snprintf(
		    buf + used, len - used, "%s%.2f", j > 1 ? ", " : "", k);
		used = strlen(buf);
	}
	return buf;
}

size_t
rp_colony_steepest(const double *n, const double *t, size_t k)
{
	size_t best = 0;
	double top = NAN;

	for (size_t j = 1; j < k; j++) {
		double s = log(t[j] / t[j - 1]) / log(n[j] / n[j - 1]);
		if (!isnan(s) && (isnan(top) || s > top))
			top = s, best = j;
	}
	return best;
}

/* The smallest N of the scaling sweep at which naive's steps fault (at
 * least 16 pages a step), or NAN. */
static double
first_faulting_n(const rp_report_t *R, const rp_workload_t *w)
{
	rp_query_t q = {.set = w->sets.scale_all,
	    .workload = w->name,
	    .variant = "naive",
	    .alloc = RP_ALLOC_JEMALLOC};
	double best = NAN;
	size_t i;
	json_t *r;

	json_array_foreach(R->data.runs, i, r)
	{
		double n = rp_num(r, "params.n");
		if (rp_data_run_matches(r, &q) &&
		    rp_num(r, "memory.minor_faults") /
			    rp_num(r, "params.steps") >=
			16 &&
		    (isnan(best) || n < best))
			best = n;
	}
	return best;
}

/* Figure 6's last clause: where naive's local slope is steepest against
 * where its steps begin to fault, each from the data. */
static void
steepest_clause(const rp_report_t *R, const rp_workload_t *w,
    const rp_plot_t *pt, char *buf, size_t len)
{
	const rp_block_t *b = rp_figure_block(pt, "naive");
	double n[64], t[64], nf = first_faulting_n(R, w);
	size_t k = 0, j;

	buf[0] = '\0';
	for (size_t i = 0; b != NULL && i < b->nrows && k < 64; i++, k++)
		n[k] = b->rows[i].v[0], t[k] = b->rows[i].v[1];
	if (k < 2 || (j = rp_colony_steepest(n, t, k)) == 0)
		return;
	if (n[j] == nf)
		snprintf(buf, len,
		    "; naive's steps begin to fault where its slope is "
		    "steepest, N=%s to N=%s (what limits each variant)",
		    N(n[j - 1]), N(n[j]));
	else
		snprintf(buf, len,
		    "; naive's slope is steepest from N=%s to N=%s, its steps "
		    "fault from N=%s (what limits each variant)",
		    N(n[j - 1]), N(n[j]), isnan(nf) ? "n/a" : N(nf));
}

/* Table 4: the exponents the scaling figures fitted, variant by variant. */
static void
table4(rp_report_t *R, const rp_workload_t *w)
{
	const rp_plot_t *pt = rp_report_plot(R, rp_workload_fig(w, "time"));
	const rp_plot_t *pm = rp_report_plot(R, rp_workload_fig(w, "memory"));
	char slopes[128];

	rp_md(R,
	    "**Table 4.** Fitted exponents k of time per step ~ N^k and peak "
	    "workspace ~ N^k (least squares in log-log; %s), with the time's "
	    "local slopes between neighbouring N and its fit from the second "
	    "N up, above a kink at the smallest sizes.\n\n| variant | N "
	    "range | time exponent (r^2) | local slopes | from the second N "
	    "| memory exponent |\n|---|---|---|---|---|---|\n",
	    rp_report_note(R,
		"Peaks under 64 KiB are left out of the memory fits, being "
		"below jemalloc's grain."));
	for (int i = 0; pt != NULL && i < pt->nblocks; i++) {
		const rp_block_t *bt = &pt->blocks[i];
		const rp_block_t *bm = rp_figure_block(pm, bt->label);
		double em = bm != NULL ? bm->fit : NAN;
		if (bt->nrows == 0)
			continue;
		rp_md(R, "| %s | %s to %s (%zu) | %s (%s) | %s | %s | %s |\n",
		    bt->label, N(bt->rows[0].v[0]),
		    N(bt->rows[bt->nrows - 1].v[0]), bt->nrows,
		    NUM(bt->fit, "%.2f"), NUM(bt->fit_r2, "%.3f"),
		    local_slopes(bt, slopes, sizeof(slopes)),
		    NUM(slope_from(bt, 1), "%.2f"),
		    !isnan(em)       ? NUM(em, "%.2f")
			: bm != NULL ? rp_gnuplot_law(pm, bm)
				     : "n/a");
	}
	rp_md(R, "\n");
	{
		char cap[1024], steep[256], *c = cap;
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
		    "and N^1 through cells. Table 4 gives the local slopes%s.",
		    (steepest_clause(R, w, pt, steep, sizeof(steep)), steep));
		rp_report_embed(R, rp_workload_fig(w, "time"), cap);
	}
	rp_report_embed(R, rp_workload_fig(w, "memory"),
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

/* A run's widest step against its median: its slowest step or its very
 * first, whichever is larger. */
static double
spread_of(const json_t *r)
{
	double m = rp_num(r, "steps_s.median");
	double hi = fmax(rp_num(r, "steps_s.max"), rp_num(r, "steps_s.first"));
	return hi / m;
}

double
rp_colony_widest_spread(
    const rp_report_t *R, const rp_workload_t *w, const char **label)
{
	const json_t *runs[RP_PLOT_MAX_BLOCKS];
	size_t n = rp_colony_spread_runs(R, w, runs, RP_PLOT_MAX_BLOCKS);
	static char buf[128];
	double worst = NAN;

	buf[0] = '\0';
	for (size_t i = 0; i < n; i++)
		if (isnan(worst) || spread_of(runs[i]) > worst) {
			worst = spread_of(runs[i]);
			spread_label(runs[i], buf, sizeof(buf));
		}
	if (label != NULL)
		*label = buf;
	return worst;
}

static void
table5(rp_report_t *R, const rp_workload_t *w, double nc)
{
	const json_t *runs[RP_PLOT_MAX_BLOCKS];
	size_t n = rp_colony_spread_runs(R, w, runs, RP_PLOT_MAX_BLOCKS);
	const char *label;
	double worst = rp_colony_widest_spread(R, w, &label);

	rp_md(R,
	    "### The per-step time distribution\n\n**Table 5.** One run of "
	    "many steps per variant at N=%s: the very first step apart, the "
	    "distribution of the others.\n\n| run | steps | first step "
	    "(over median) | median | p90 | max (over median) | minor faults "
	    "|\n|---|---|---|---|---|---|---|\n",
	    N(nc));
	for (size_t i = 0; i < n; i++) {
		const json_t *r = runs[i];
		double m = rp_num(r, "steps_s.median");
		char lab[128];
		spread_label(r, lab, sizeof(lab));
		rp_md(R, "| %s | %s | %s (%s) | %s | %s | %s (%s) | %s |\n",
		    lab, NUM(rp_num(r, "params.steps"), "%.0f"),
		    T(rp_num(r, "steps_s.first")),
		    RATIO(rp_num(r, "steps_s.first") / m), T(m),
		    T(rp_num(r, "steps_s.p90")), T(rp_num(r, "steps_s.max")),
		    RATIO(rp_num(r, "steps_s.max") / m),
		    NUM(rp_num(r, "memory.cold_minor_faults"), "%.0f"));
	}
	if (n == 0)
		rp_md(R, "| no spread run in the data | 0 | | | | | |\n");
	rp_md(R, "\n");
	if (!isnan(worst))
		rp_md(R,
		    "The widest step of any run here, its very first step "
		    "included, is %s of that run's median (%s).\n\n",
		    RATIO(worst), label);
	rp_report_embed(R, rp_workload_fig(w, "spread"),
	    "Every step of one run (step 0 is the very first step of the "
	    "process). The question's 'milliseconds to seconds' spread is "
	    "the distance between these lines and their own spikes.");
}

void
rp_colony_write(rp_report_t *R, const rp_workload_t *w)
{
	double nc = rp_data_max_n(&R->data, w->sets.main, w->name);

	rp_md(R, "## Part 2: %s, pairwise contact forces\n\n", w->name);
	table3(R, w, nc);
	rp_md(R, "### Memory and time per step against N\n\n");
	table4(R, w);
	table5(R, w, nc);
	rp_md(R, "### Cold and warm runs\n\n");
	{
		const rp_plot_t *p = rp_report_plot(R, "fig-cold-warm");
		char cap[512];
		snprintf(cap, sizeof(cap),
		    "Each variant's first (cold) run over the median of its "
		    "timed runs, at the sizes of Tables 1 and 3: %zu bars, one "
		    "per variant with timed runs (a variant whose only run is "
		    "its cold run, such as interp eager at Table 1's size, "
		    "would be 1 by construction and is left out). 1 means the "
		    "first run costs what the others do.",
		    p != NULL ? rp_figure_rows(p) : 0);
		rp_report_embed(R, "fig-cold-warm", cap);
	}
}
