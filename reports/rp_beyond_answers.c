/* rp_beyond_answers: "Beyond the answers" (see rp_beyond_answers.h). */
#include <math.h>

#include "rp_beyond_answers.h"
#include "rp_workloads.h"

#define F (&R->facts)
/* The section's facts: NAME is beyond_the_answers.NAME. */
#define FACT(name) "beyond_the_answers." name

int
rp_beyond_keeps_l1(double sorted_misses, double hoisted_misses)
{
	return sorted_misses * RP_BEYOND_L1_FACTOR <= hoisted_misses;
}

/* fast's main run against slow's (beyond_the_answers.WHAT.*): their
 * names, measured, why_missing (the first missing one's: fast's, else
 * slow's), n, and speedup (slow's field over fast's). fast's run, or
 * NULL. */
static const json_t *
versus_facts(rp_report_t *R, const rp_workload_t *w, const char *fast,
    const char *slow, rp_field_t field, const char *what)
{
	const json_t *rf = rp_data_main_run(&R->data, w->name, fast);
	const json_t *rs = rp_data_main_run(&R->data, w->name, slow);
	double n = rp_data_max_n(&R->data, w->sets.main, w->name);
	rp_query_t q = {.set = w->sets.main,
	    .workload = w->name,
	    .variant = rf == NULL ? fast : slow,
	    .n = n,
	    .alloc = RP_ALLOC_JEMALLOC};
	char why[512];
	int measured = rf != NULL && rs != NULL;

	rp_fact_str(F, w->name, NULL, FACT("%s.workload"), what);
	rp_fact_str(F, fast, NULL, FACT("%s.variant"), what);
	rp_fact_str(F, slow, NULL, FACT("%s.against"), what);
	rp_fact_bool(F, measured, rf, FACT("%s.measured"), what);
	rp_fact_str(F,
	    measured ? NULL
		     : rp_data_why_missing(&R->data, &q, why, sizeof(why)),
	    NULL, FACT("%s.why_missing"), what);
	rp_fact_num(F, RP_FACT_SIZE, n, rf, FACT("%s.n"), what);
	rp_fact_num2(F, RP_FACT_RATIO,
	    rp_field(rs, field) / rp_field(rf, field), rf, rs,
	    FACT("%s.speedup"), what);
	return rf;
}

/* The shared grid against fused, then sorting by cell against the
 * shared grid: its time and what the simulated L1 misses a pair say. */
static void
grid_facts(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const json_t *hoi = versus_facts(
	    R, w, w->shared_grid, w->fused, RP_F_TIME_MEDIAN, "grid");
	const json_t *srt = rp_data_main_run(&R->data, w->name, w->by_cell);
	const json_t *cs = rp_data_cachesim(&R->data, w->name, w->by_cell);
	const json_t *ch = rp_data_cachesim(&R->data, w->name, w->shared_grid);
	double ms = rp_field(cs, RP_F_SIM_D1_PER_UNIT);
	double mh = rp_field(ch, RP_F_SIM_D1_PER_UNIT);

	rp_fact_str(F, rp_report_cite(R, rp_workload_fig(w, "time")), NULL,
	    FACT("grid.figure"));
	rp_fact_str(F, w->by_cell, NULL, FACT("grid.sorted_variant"));
	rp_fact_bool(F, srt != NULL, srt, FACT("grid.sorted_measured"));
	rp_fact_num2(F, RP_FACT_RATIO,
	    rp_field(hoi, RP_F_TIME_MEDIAN) / rp_field(srt, RP_F_TIME_MEDIAN),
	    srt, hoi, FACT("grid.sorted_speedup"));
	rp_fact_bool(
	    F, !isnan(ms) && !isnan(mh), cs, FACT("grid.l1_simulated"));
	rp_fact_bool(
	    F, rp_beyond_keeps_l1(ms, mh), cs, FACT("grid.sorted_keeps_l1"));
	rp_fact_num(
	    F, RP_FACT_NUMBER, ms, cs, FACT("grid.sorted_l1_misses_per_pair"));
	rp_fact_num(
	    F, RP_FACT_NUMBER, mh, ch, FACT("grid.hoisted_l1_misses_per_pair"));
}

/* Cell lists against the baseline at the largest N of the scaling sweep
 * that has both. */
static void
cells_big_facts(rp_report_t *R, const rp_workload_t *w)
{
	rp_query_t qn = {.set = w->sets.scale_all,
	    .workload = w->name,
	    .variant = w->baseline};
	const json_t *big_naive = NULL, *big_cells = NULL, *r;

	for (size_t i = 0; (r = rp_data_next(&R->data, &qn, &i)) != NULL;) {
		rp_query_t qc = {.set = qn.set,
		    .workload = w->name,
		    .variant = w->cell_lists,
		    .n = rp_field(r, RP_F_N),
		    .alloc = RP_ALLOC_JEMALLOC};
		const json_t *c = rp_data_find(&R->data, &qc);
		if (c == NULL)
			continue;
		if (big_naive == NULL || qc.n > rp_field(big_naive, RP_F_N)) {
			big_naive = r;
			big_cells = c;
		}
	}
	rp_fact_str(F, w->baseline, NULL, FACT("cell_lists.big_against"));
	rp_fact_bool(
	    F, big_naive != NULL, big_cells, FACT("cell_lists.big_measured"));
	rp_fact_num(F, RP_FACT_SIZE, rp_field(big_naive, RP_F_N), big_naive,
	    FACT("cell_lists.big_n"));
	rp_fact_num(F, RP_FACT_TIME, rp_field(big_cells, RP_F_STEPS_MEDIAN),
	    big_cells, FACT("cell_lists.big_cells_step"));
	rp_fact_num(F, RP_FACT_TIME, rp_field(big_naive, RP_F_STEPS_MEDIAN),
	    big_naive, FACT("cell_lists.big_naive_step"));
	rp_fact_num2(F, RP_FACT_RATIO,
	    rp_field(big_naive, RP_F_STEPS_MEDIAN) /
		rp_field(big_cells, RP_F_STEPS_MEDIAN),
	    big_cells, big_naive, FACT("cell_lists.big_speedup"));
}

/* Cell lists against fused: their times, the exponents the time figure
 * fitted to each, and at the largest N against the baseline. */
static void
cells_facts(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	const char *fig = rp_workload_fig(w, "time");
	const rp_plot_t *pt = rp_report_plot(R, fig);
	const rp_block_t *bc = rp_figure_block(pt, w->cell_lists);
	const rp_block_t *bf = rp_figure_block(pt, w->fused);

	rp_fact_str(F, rp_report_cite(R, fig), NULL, FACT("cell_lists.figure"));
	versus_facts(
	    R, w, w->cell_lists, w->fused, RP_F_STEPS_MEDIAN, "cell_lists");
	rp_fact_num(F, RP_FACT_FIXED2, bc != NULL ? bc->fit : NAN, NULL,
	    FACT("cell_lists.exponent"));
	rp_fact_num(F, RP_FACT_FIXED2, bf != NULL ? bf->fit : NAN, NULL,
	    FACT("cell_lists.baseline_exponent"));
	cells_big_facts(R, w);
}

/* One allocator's spread run: its steps' median and max, their ratio and
 * its minor faults a step (beyond_the_answers.allocator.ALLOCATOR.*). */
static const rp_fact_field_t spread_fields[] = {
    {"median", RP_F_STEPS_MEDIAN, RP_FACT_TIME, RP_F_NONE},
    {"max", RP_F_STEPS_MAX, RP_FACT_TIME, RP_F_NONE},
    {"max_over_median", RP_F_STEPS_MAX, RP_FACT_RATIO, RP_F_STEPS_MEDIAN},
    {"faults_per_step", RP_F_COLD_MINOR_FAULTS, RP_FACT_COUNT, RP_F_STEPS},
};

/* The allocators' policies, as each stated them in its run's machine. */
static const rp_fact_field_t policy_fields[] = {
    {"oversize_threshold", RP_F_OVERSIZE_THRESHOLD, RP_FACT_BYTES, RP_F_NONE},
    {"dirty_decay_ms", RP_F_DIRTY_DECAY, RP_FACT_COUNT, RP_F_NONE},
    {"muzzy_decay_ms", RP_F_MUZZY_DECAY, RP_FACT_COUNT, RP_F_NONE},
};

/* The allocator's part in step-time variance: the baseline's spread run
 * with each allocator, the reuse variant's faults, each one's policy. */
static void
allocator_facts(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	rp_query_t q = {.set = w->sets.spread,
	    .workload = w->name,
	    .variant = w->baseline,
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *sj = rp_data_find(&R->data, &q), *sg, *sr;

	q.alloc = RP_ALLOC_GLIBC;
	sg = rp_data_find(&R->data, &q);
	q.alloc = RP_ALLOC_JEMALLOC;
	q.variant = w->reuse;
	sr = rp_data_find(&R->data, &q);
	rp_fact_bool(
	    F, sj != NULL && sg != NULL, sj, FACT("allocator.measured"));
	RP_FACTS_FIELDS(F, sj, FACT("allocator.jemalloc"), spread_fields);
	RP_FACTS_FIELDS(F, sg, FACT("allocator.glibc"), spread_fields);
	rp_fact_num(F, RP_FACT_BYTES, rp_field(sj, RP_F_MODEL_BYTES), sj,
	    FACT("allocator.workspace"));
	rp_fact_num(F, RP_FACT_COUNT,
	    rp_field(sj, RP_F_MODEL_BYTES) / RP_REPORT_PAGE_BYTES, sj,
	    FACT("allocator.workspace_pages"));
	rp_fact_str(F, rp_report_cite(R, rp_workload_fig(w, "spread")), NULL,
	    FACT("allocator.figure"));
	rp_fact_num(F, RP_FACT_COUNT, rp_field(sr, RP_F_COLD_MINOR_FAULTS), sr,
	    FACT("allocator.reuse_faults"));
	rp_fact_bool(F,
	    json_is_number(rp_field_json(sj, RP_F_OVERSIZE_THRESHOLD)), sj,
	    FACT("allocator.jemalloc.policy_stated"));
	RP_FACTS_FIELDS(F, sj, FACT("allocator.jemalloc"), policy_fields);
	rp_fact_str(F, json_string_value(rp_field_json(sg, RP_F_POLICY_NOTE)),
	    sg, FACT("allocator.glibc.policy"));
}

void
rp_beyond_answers_facts(rp_report_t *R)
{
	grid_facts(R);
	cells_facts(R);
	allocator_facts(R);
}
