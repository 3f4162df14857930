/* rp_colony: Part 2 of the report, colony (see rp_colony.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_stats.h"
#include "rp_colony.h"
#include "rp_run_facts.h"
#include "rp_text.h"

#define F (&R->facts)
/* A fact of the section: part.W.WHAT. */
#define PART "part.%s."
/* Faults a step that count as faulting an array again: 16 pages. */
#define FAULTING 16.0

/* Table 3 and 3m beyond W.V.* (rp_workload_rows_facts): the main sweep's
 * N, steps and variants (part.W.main.variants), then Table 3m's note. */
static void
table3_facts(rp_report_t *R, const rp_workload_t *w, double nc)
{
	const rp_query_t in_main = {
	    .set = w->sets.main, .workload = w->name, .any_status = 1};
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv = rp_data_variants(
	    &R->data, w->name, &in_main, vs, RP_DATA_MAX_VARIANTS);
	const json_t *first = NULL;
	json_t *names = json_array();

	for (size_t i = 0; i < nv; i++) {
		if (first == NULL)
			first = rp_data_main_run(&R->data, w->name, vs[i]);
		json_array_append_new(names, json_string(vs[i]));
	}
	rp_fact_num(F, RP_FACT_SIZE, nc, first, PART "n", w->name);
	rp_fact_num(F, RP_FACT_SIZE, rp_field(first, RP_F_STEPS), first,
	    PART "steps", w->name);
	rp_workload_rows_facts(R, w, nc, vs, nv, 0);
	rp_fact_list(F, names, PART "main.variants", w->name);
	rp_fact_str(F, rp_report_note(R, "per_pair"), NULL,
	    PART "note.per_pair", w->name);
}

/* The exponent fitted to v[1] against v[0] (the harness's log-log least
 * squares) over the rows after the first with a positive value; NAN with
 * fewer than two. */
static double
slope_from_second(const rp_block_t *b)
{
	double x[64], y[64];
	size_t k = 0;

	for (size_t j = 1; j < b->nrows && k < 64; j++)
		if (b->rows[j].v[1] > 0)
			x[k] = b->rows[j].v[0], y[k++] = b->rows[j].v[1];
	return hx_stats_fit_exponent(x, y, k, NULL);
}

/* "3.5, 2.35, 1.89": the slope between each pair of neighbouring N. */
static const char *
local_slopes(const rp_block_t *b, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t j = 1; j < b->nrows && used + 16 < len; j++) {
		snprintf(buf + used, len - used, "%s%.2f", j > 1 ? ", " : "",
		    rp_figure_slope(b, j));
		used = strlen(buf);
	}
	return buf;
}

size_t
rp_colony_steepest(const rp_block_t *b)
{
	size_t best = 0;
	double top = NAN;

	for (size_t j = 1; b != NULL && j < b->nrows; j++) {
		double s = rp_figure_slope(b, j);
		if (!isnan(s) && (isnan(top) || s > top))
			top = s, best = j;
	}
	return best;
}

/* The baseline's scaling run at the smallest N whose steps fault
 * (FAULTING pages a step or more), or NULL. */
static const json_t *
faulting(const rp_data_t *D, const rp_workload_t *w)
{
	rp_query_t q = {.set = w->sets.scale_all,
	    .workload = w->name,
	    .variant = w->baseline,
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *at = NULL, *r;

	for (size_t i = 0; (r = rp_data_next(D, &q, &i)) != NULL;) {
		double f =
		    rp_field(r, RP_F_MINOR_FAULTS) / rp_field(r, RP_F_STEPS);
		double n = rp_field(r, RP_F_N);
		if (f >= FAULTING && (at == NULL || n < rp_field(at, RP_F_N)))
			at = r;
	}
	return at;
}

/* Figure 6's last clause: where the baseline's local slope is steepest
 * (part.W.steepest.from, .to) against where its steps begin to fault
 * (.faults_from), each from the data; .at_faults: the two are one. */
static void
steepest_facts(rp_report_t *R, const rp_workload_t *w, const rp_plot_t *pt)
{
	const rp_block_t *b = rp_figure_block(pt, w->baseline);
	double nf = rp_field(faulting(&R->data, w), RP_F_N);
	size_t j = rp_colony_steepest(b);
	double to = j > 0 ? b->rows[j].v[0] : NAN;

	rp_fact_bool(F, j > 0, NULL, PART "steepest.present", w->name);
	rp_fact_num(F, RP_FACT_SIZE, j > 0 ? b->rows[j - 1].v[0] : NAN, NULL,
	    PART "steepest.from", w->name);
	rp_fact_num(F, RP_FACT_SIZE, to, NULL, PART "steepest.to", w->name);
	rp_fact_num(
	    F, RP_FACT_SIZE, nf, NULL, PART "steepest.faults_from", w->name);
	rp_fact_bool(F, to == nf, NULL, PART "steepest.at_faults", w->name);
}

/* Table 4's row of one variant (part.W.fit.V.*). */
static void
fit_facts(rp_report_t *R, const rp_workload_t *w, const rp_plot_t *pm,
    const rp_block_t *bt)
{
	const rp_block_t *bm = rp_figure_block(pm, bt->label);
	double em = bm != NULL ? bm->fit : NAN;
	char p[RP_FACTS_NAME_MAX], slopes[128];

	snprintf(p, sizeof(p), PART "fit.%s", w->name, bt->label);
	rp_fact_num(F, RP_FACT_SIZE, bt->rows[0].v[0], NULL, "%s.n_from", p);
	rp_fact_num(
	    F, RP_FACT_SIZE, bt->rows[bt->nrows - 1].v[0], NULL, "%s.n_to", p);
	rp_fact_num(F, RP_FACT_COUNT, (double)bt->nrows, NULL, "%s.sizes", p);
	rp_fact_num(F, RP_FACT_FIXED2, bt->fit, NULL, "%s.time", p);
	rp_fact_text(F, RP_FACT_NUMBER, bt->fit_r2,
	    rp_text_fmt_num(bt->fit_r2, "%.3f"), NULL, "%s.time_r2", p);
	rp_fact_str(F, local_slopes(bt, slopes, sizeof(slopes)), NULL,
	    "%s.local_slopes", p);
	rp_fact_num(F, RP_FACT_FIXED2, slope_from_second(bt), NULL,
	    "%s.from_second", p);
	/* No exponent where no peak reaches the grain: the model's law. */
	rp_fact_text(F, RP_FACT_FIXED2, em,
	    isnan(em) && bm != NULL ? bm->law : rp_text_fmt_num(em, "%.2f"),
	    NULL, "%s.memory", p);
}

/* Table 4 (part.W.fit.variants: the time figure's variants with points)
 * and Figure 6's laws (part.W.law.variants: all of its variants; the
 * fitted law of each, part.W.law.V). */
static void
table4_facts(rp_report_t *R, const rp_workload_t *w)
{
	const rp_plot_t *pt = rp_report_plot(R, rp_workload_fig(w, "time"));
	const rp_plot_t *pm = rp_report_plot(R, rp_workload_fig(w, "memory"));
	json_t *fits = json_array(), *laws = json_array();

	rp_fact_str(F, rp_report_note(R, "fits_grain"), NULL, PART "note.fits",
	    w->name);
	for (int i = 0; pt != NULL && i < pt->nblocks; i++) {
		const rp_block_t *bt = &pt->blocks[i];
		json_array_append_new(laws, json_string(bt->label));
		rp_fact_str(
		    F, bt->law, NULL, PART "law.%s", w->name, bt->label);
		if (bt->nrows == 0)
			continue;
		json_array_append_new(fits, json_string(bt->label));
		fit_facts(R, w, pm, bt);
	}
	rp_fact_list(F, fits, PART "fit.variants", w->name);
	rp_fact_list(F, laws, PART "law.variants", w->name);
	steepest_facts(R, w, pt);
}

/* Table 5's row of a spread run: part.W.spread.K.NAME. */
static const rp_fact_field_t spread_fields[] = {
    {"steps", RP_F_STEPS, RP_FACT_COUNT, RP_F_NONE},
    {"first", RP_F_STEPS_FIRST, RP_FACT_TIME, RP_F_NONE},
    {"first_over_median", RP_F_STEPS_FIRST, RP_FACT_RATIO, RP_F_STEPS_MEDIAN},
    {"median", RP_F_STEPS_MEDIAN, RP_FACT_TIME, RP_F_NONE},
    {"p90", RP_F_STEPS_P90, RP_FACT_TIME, RP_F_NONE},
    {"max", RP_F_STEPS_MAX, RP_FACT_TIME, RP_F_NONE},
    {"max_over_median", RP_F_STEPS_MAX, RP_FACT_RATIO, RP_F_STEPS_MEDIAN},
    {"faults", RP_F_COLD_MINOR_FAULTS, RP_FACT_COUNT, RP_F_NONE},
};

/* Table 5: the spread runs, by their place (part.W.spread.K.*, K below
 * part.W.spread.count), and the widest step of them all. */
static void
table5_facts(rp_report_t *R, const rp_workload_t *w)
{
	const json_t *runs[RP_PLOT_MAX_BLOCKS];
	size_t n = rp_data_runs_by_variant(
	    &R->data, w->sets.spread, w->name, runs, RP_PLOT_MAX_BLOCKS);
	char lab[128], name[RP_FACTS_NAME_MAX], widest[128] = "";
	double worst = NAN;

	rp_fact_num(
	    F, RP_FACT_COUNT, (double)n, NULL, PART "spread.count", w->name);
	for (size_t i = 0; i < n; i++) {
		/* The widest step over its run's median, the first included. */
		double s = fmax(rp_field(runs[i], RP_F_STEPS_MAX),
			       rp_field(runs[i], RP_F_STEPS_FIRST)) /
		    rp_field(runs[i], RP_F_STEPS_MEDIAN);
		/* "VARIANT, ALLOCATOR" */
		snprintf(lab, sizeof(lab), "%s, %s",
		    rp_field_str(runs[i], RP_F_VARIANT),
		    rp_data_alloc_name(runs[i]));
		if (isnan(worst) || s > worst)
			worst = s, snprintf(widest, sizeof(widest), "%s", lab);
		snprintf(name, sizeof(name), PART "spread.%zu", w->name, i);
		rp_fact_str(F, lab, runs[i], "%s.run", name);
		RP_FACTS_FIELDS(F, runs[i], name, spread_fields);
	}
	rp_fact_num(
	    F, RP_FACT_RATIO, worst, NULL, PART "spread.widest", w->name);
	rp_fact_str(F, isnan(worst) ? NULL : widest, NULL,
	    PART "spread.widest_run", w->name);
}

void
rp_colony_facts(rp_report_t *R, const rp_workload_t *w)
{
	double nc = rp_data_max_n(&R->data, w->sets.main, w->name);
	const rp_plot_t *p = rp_report_plot(R, "fig-cold-warm");
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv =
	    rp_data_variants(&R->data, w->name, NULL, vs, RP_DATA_MAX_VARIANTS);

	table3_facts(R, w, nc);
	rp_run_facts_cachesim(R, w, vs, nv);
	table4_facts(R, w);
	rp_workload_figure_facts(R, w, NULL, "time");
	rp_workload_figure_facts(R, w, NULL, "memory");
	table5_facts(R, w);
	rp_workload_figure_facts(R, w, NULL, "spread");
	rp_fact_num(F, RP_FACT_COUNT, p != NULL ? (double)rp_figure_rows(p) : 0,
	    NULL, PART "cold_warm.bars", w->name);
	rp_workload_figure_facts(R, w, "fig-cold-warm", "cold_warm");
}
