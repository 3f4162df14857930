/* rp_interp: Part 1 of the report, interp (see rp_interp.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_interp.h"
#include "rp_run_facts.h"
#include "rp_workloads.h"

#define F (&R->facts)
/* A fact of the section: part.W.WHAT. */
#define PART "part.%s."

/* The counters the machine counted and those it could not, from the
 * first variant's main run (part.W.counters.*). */
static void
counters_facts(
    rp_report_t *R, const rp_workload_t *w, const char **vs, size_t nv)
{
	const json_t *r = NULL, *e;
	char ok[512] = "", bad[512] = "";
	const char *name;

	for (size_t i = 0; i < nv && r == NULL; i++)
		r = rp_data_main_run(&R->data, w->name, vs[i]);
	json_object_foreach(rp_field_json(r, RP_F_COUNTERS), name, e)
	{
		char *dst =
		    strcmp(rp_str(e, "status"), "unsupported") == 0 ? bad : ok;
		size_t len = strlen(dst);
		snprintf(dst + len, 512 - len, "%s%s", len ? ", " : "", name);
	}
	rp_fact_bool(F, r != NULL, r, PART "counters.present", w->name);
	rp_fact_bool(F, json_is_true(rp_field_json(r, RP_F_PMU_HARDWARE)), r,
	    PART "counters.hardware", w->name);
	rp_fact_str(
	    F, ok[0] ? ok : "none", r, PART "counters.counted", w->name);
	rp_fact_str(
	    F, bad[0] ? bad : "none", r, PART "counters.unsupported", w->name);
	rp_fact_str(F, r != NULL ? rp_field_str(r, RP_F_PMU_NOTE) : NULL, r,
	    PART "counters.pmu_note", w->name);
}

/* The noise band at the fastest and the slowest main runs timed at least
 * twice, the ends of Table 1's lengths (part.W.noise.fast.*, .slow.*). */
static void
noise_facts(rp_report_t *R, const rp_workload_t *w, const char **vs, size_t nv)
{
	static const char *const end[2] = {"fast", "slow"};
	const json_t *at[2] = {NULL, NULL};

	for (size_t i = 0; i < nv; i++) {
		const json_t *r = rp_data_main_run(&R->data, w->name, vs[i]);
		double t = rp_field(r, RP_F_TIME_MEDIAN);
		if (!(rp_field(r, RP_F_TIME_REPEATS) >= 2))
			continue;
		if (at[0] == NULL || t < rp_field(at[0], RP_F_TIME_MEDIAN))
			at[0] = r;
		if (at[1] == NULL || t > rp_field(at[1], RP_F_TIME_MEDIAN))
			at[1] = r;
	}
	for (int k = 0; k < 2; k++) {
		const json_t *r = at[k];
		rp_fact_str(F, r != NULL ? rp_field_str(r, RP_F_VARIANT) : NULL,
		    r, PART "noise.%s.variant", w->name, end[k]);
		rp_fact_num(F, RP_FACT_PERCENT,
		    rp_report_noise_at(&R->data, rp_field(r, RP_F_TIME_MEDIAN)),
		    r, PART "noise.%s.band", w->name, end[k]);
	}
}

/* The op-by-op variant's run timed more than once (part.W.repeated.*). */
static const rp_fact_field_t repeated_fields[] = {
    {"n", RP_F_N, RP_FACT_SIZE, RP_F_NONE},
    {"repeats", RP_F_TIME_REPEATS, RP_FACT_COUNT, RP_F_NONE},
    {"median", RP_F_TIME_MEDIAN, RP_FACT_TIME, RP_F_NONE},
};

/* What the table's statistics may say: the notes, the noise bands, and
 * the op-by-op variant's run at the largest N timed more than once. */
static void
stats_facts(rp_report_t *R, const rp_workload_t *w, const char **vs, size_t nv)
{
	const json_t *eager = rp_data_main_run(&R->data, w->name, w->op_by_op);
	rp_query_t q = {.workload = w->name,
	    .variant = w->op_by_op,
	    .alloc = RP_ALLOC_JEMALLOC,
	    .min_repeats = 2};
	const json_t *best = rp_data_largest(&R->data, &q);
	double total = rp_field(eager, RP_F_TIME_COLD);
	char name[RP_FACTS_NAME_MAX];
	json_t *e;
	size_t i;

	/* The report made these two notes in this order. */
	rp_fact_str(F, rp_report_note(R, "peak_grain"), NULL, PART "note.peaks",
	    w->name);
	rp_fact_str(F, rp_report_note(R, "intervals"), NULL,
	    PART "note.intervals", w->name);
	rp_fact_num(F, RP_FACT_NUMBER, RP_REPORT_LENGTH_CLASS, NULL,
	    PART "noise.length_class", w->name);
	noise_facts(R, w, vs, nv);
	rp_fact_str(F, w->op_by_op, eager, PART "op_by_op", w->name);
	rp_fact_bool(F, best != NULL, best, PART "repeated.present", w->name);
	/* The op-by-op run at Table 1's size: its timed runs (0: the cold
	 * run alone, whose time the median then is) and the time of its cold
	 * run and timed runs together, their sum, not the median times their
	 * count. */
	rp_fact_num(F, RP_FACT_COUNT, rp_field(eager, RP_F_TIME_REPEATS), eager,
	    PART "repeated.main_repeats", w->name);
	json_array_foreach(rp_field_json(eager, RP_F_TIME_SAMPLES), i, e)
	    total += json_number_value(e);
	rp_fact_num(
	    F, RP_FACT_TIME, total, eager, PART "repeated.main_total", w->name);
	snprintf(name, sizeof(name), PART "repeated", w->name);
	RP_FACTS_FIELDS(F, best, name, repeated_fields);
	rp_fact_str(F, best != NULL ? rp_report_interval(best) : NULL, best,
	    PART "repeated.interval", w->name);
}

/* Table 1b: the question's own input beside the random one, for the
 * variants with a run of it (part.W.seed.variants). */
static void
table1b_facts(rp_report_t *R, const rp_workload_t *w)
{
	double ns = rp_data_max_n(&R->data, w->sets.seed_all, w->name);
	const char *vs[RP_DATA_MAX_VARIANTS];
	rp_query_t in_seed = {.set = w->sets.seed_all};
	size_t nv = rp_data_variants(
	    &R->data, w->name, &in_seed, vs, RP_DATA_MAX_VARIANTS);
	json_t *names = json_array();
	char p[96];

	rp_fact_bool(
	    F, !isnan(ns) && nv > 0, NULL, PART "seed.present", w->name);
	rp_fact_num(F, RP_FACT_SIZE, ns, NULL, PART "seed.n", w->name);
	for (size_t i = 0; i < nv; i++) {
		const json_t *rr = rp_data_main_run(&R->data, w->name, vs[i]);
		const json_t *rs =
		    rp_data_main(&R->data, w->sets.seed_all, w->name, vs[i]);
		double t = rp_field(rs, RP_F_TIME_MEDIAN);
		if (rs == NULL)
			continue;
		json_array_append_new(names, json_string(vs[i]));
		snprintf(p, sizeof(p), PART "%s", w->name, vs[i]);
		rp_fact_num(F, RP_FACT_TIME, t, rs, "%s.seed.median", p);
		rp_fact_num(F, RP_FACT_COUNT, rp_field(rs, RP_F_TIME_REPEATS),
		    rs, "%s.seed.repeats", p);
		rp_fact_str(
		    F, rp_report_interval(rs), rs, "%s.seed.interval", p);
		/* A ratio: the random input's run is its other side. */
		rp_fact_num2(F, RP_FACT_RATIO,
		    t / rp_field(rr, RP_F_TIME_MEDIAN), rs, rr,
		    "%s.over_random", p);
		rp_fact_text(F, RP_FACT_BYTES,
		    rp_field(rs, RP_F_PEAK_WORKSPACE), rp_report_peak(rs), rs,
		    "%s.seed.peak", p);
	}
	rp_fact_list(F, names, PART "seed.variants", w->name);
}

void
rp_interp_timeline_facts(rp_report_t *R, const rp_workload_t *w)
{
	const rp_plot_t *P = rp_report_plot(R, rp_workload_fig(w, "timeline"));
	int n = P != NULL ? P->nblocks : 0;
	double mx[RP_PLOT_MAX_BLOCKS];
	json_t *names = json_array();

	rp_workload_figure_facts(R, w, NULL, "timeline");
	for (int i = 0; i < n; i++) {
		mx[i] = 0;
		for (size_t j = 0; j < P->blocks[i].nrows; j++)
			mx[i] = fmax(mx[i], P->blocks[i].rows[j].v[1]);
	}
	/* Largest first, the first of equals; a block named is marked -1,
	 * below any block's bytes. */
	for (int k = 0; k < n; k++) {
		int at = 0;
		for (int i = 1; i < n; i++)
			if (mx[i] > mx[at])
				at = i;
		json_array_append_new(names, json_string(P->blocks[at].label));
		rp_fact_num(F, RP_FACT_BYTES, mx[at], NULL,
		    PART "timeline.%s.largest", w->name, P->blocks[at].label);
		mx[at] = -1;
	}
	rp_fact_list(F, names, PART "timeline.variants", w->name);
}

/* Table 2's cells of one variant's run with one allocator
 * (part.W.V.ALLOCATOR.NAME). */
static const rp_fact_field_t allocator_fields[] = {
    {"median", RP_F_TIME_MEDIAN, RP_FACT_TIME, RP_F_NONE},
    {"cold", RP_F_TIME_COLD, RP_FACT_TIME, RP_F_NONE},
    {"rss", RP_F_PEAK_RSS, RP_FACT_BYTES, RP_F_NONE},
    {"faults", RP_F_MINOR_FAULTS, RP_FACT_COUNT, RP_F_NONE},
};

/* Table 2: each variant of the glibc set with each allocator
 * (part.W.V.ALLOCATOR.*), from the allocator's own set, else any. */
static void
table2_facts(rp_report_t *R, const rp_workload_t *w)
{
	double ng = rp_data_max_n(&R->data, w->sets.glibc, w->name);
	rp_query_t in_glibc = {.set = w->sets.glibc, .any_status = 1};
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv = rp_data_variants(
	    &R->data, w->name, &in_glibc, vs, RP_DATA_MAX_VARIANTS);
	json_t *names = json_array();

	rp_fact_num(F, RP_FACT_SIZE, ng, NULL, PART "allocators.n", w->name);
	for (size_t i = 0; i < nv; i++) {
		json_array_append_new(names, json_string(vs[i]));
		for (int g = 0; g < 2; g++) {
			rp_query_t q = {
			    .set = g ? w->sets.glibc : w->sets.scale_all,
			    .workload = w->name,
			    .variant = vs[i],
			    .n = ng,
			    .alloc = g ? RP_ALLOC_GLIBC : RP_ALLOC_JEMALLOC};
			const json_t *r = rp_data_find(&R->data, &q);
			char name[RP_FACTS_NAME_MAX];
			q.set = w->sets.all;
			snprintf(name, sizeof(name), PART "%s.%s", w->name,
			    vs[i], g ? "glibc" : "jemalloc");
			RP_FACTS_FIELDS(F,
			    r != NULL ? r : rp_data_find(&R->data, &q), name,
			    allocator_fields);
		}
	}
	rp_fact_list(F, names, PART "allocators.variants", w->name);
}

/* Table 1's sizes, and why the op-by-op variant has no run there. */
static void
sizes_facts(rp_report_t *R, const rp_workload_t *w, double nq)
{
	rp_query_t q = {
	    .set = w->sets.main, .workload = w->name, .n = nq, .any_status = 1};
	const json_t *any = rp_data_find(&R->data, &q);
	char why[512];

	rp_fact_num(F, RP_FACT_SIZE, nq, any, PART "n", w->name);
	rp_fact_num(
	    F, RP_FACT_SIZE, rp_field(any, RP_F_M), any, PART "m", w->name);
	rp_fact_num(
	    F, RP_FACT_SIZE, rp_field(any, RP_F_G), any, PART "g", w->name);
	q.variant = w->op_by_op;
	q.any_status = 0;
	q.alloc = RP_ALLOC_JEMALLOC;
	rp_fact_str(F,
	    rp_data_main_run(&R->data, w->name, w->op_by_op) == NULL
		? rp_data_why_missing(&R->data, &q, why, sizeof(why))
		: NULL,
	    NULL, PART "op_by_op_missing", w->name);
}

void
rp_interp_facts(rp_report_t *R, const rp_workload_t *w)
{
	static const char *const figures[] = {"memory", "time", "chunk"};
	double nq = rp_data_max_n(&R->data, w->sets.main, w->name);
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv =
	    rp_data_variants(&R->data, w->name, NULL, vs, RP_DATA_MAX_VARIANTS);

	sizes_facts(R, w, nq);
	/* Table 1 and 1m: their cells beyond W.V.* (rp_run_facts). */
	rp_workload_rows_facts(R, w, nq, vs, nv, 1);
	rp_run_facts_cachesim(R, w, vs, nv);
	stats_facts(R, w, vs, nv);
	counters_facts(R, w, vs, nv);
	table1b_facts(R, w);
	for (size_t i = 0; i < 3; i++)
		rp_workload_figure_facts(R, w, NULL, figures[i]);
	rp_workload_figure_facts(R, w, "fig-roofline", "roofline");
	table2_facts(R, w);
}
