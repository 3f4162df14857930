/*
 * rp_threads: "Every core: threads" and its bandwidth rule (rp_threads.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_facts.h"
#include "rp_jax.h"
#include "rp_text.h"
#include "rp_threads.h"
#include "variant.h"

rp_threads_limiter_t
rp_threads_decide(double bw_share, double efficiency)
{
	/* A NaN compares false: an unknown figure decides nothing. */
	if (bw_share >= RP_THREADS_BW_SHARE)
		return RP_THREADS_BANDWIDTH;
	if (efficiency >= RP_THREADS_EFFICIENCY)
		return RP_THREADS_SCALES;
	return isnan(efficiency) || isnan(bw_share) ? RP_THREADS_UNTESTED
						    : RP_THREADS_SHORT;
}

/* Each limiter's name, in threads.W.V.scaling and threads.W.count_NAME
 * (the rows of each verdict); its words are the templates'
 * (templates/terms.j2). */
static const char *const limiters[] = {
    "untested", "bandwidth", "scales", "short"};

/* The ok jemalloc run of w/v in the sets matching pattern at T threads (0:
 * any) and the largest N that w/v has there (any thread count); NULL when
 * none. A workload registered without the set or the role (pattern or v
 * NULL, which a query reads as every set or variant) has none. */
static const json_t *
threads_run(const rp_data_t *D, const char *pattern, const char *w,
    const char *v, int threads)
{
	rp_query_t q = {.set = pattern,
	    .workload = w,
	    .variant = v,
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *big =
	    pattern != NULL && v != NULL ? rp_data_largest(D, &q) : NULL;

	q.n = rp_field(big, RP_F_N);
	q.threads = threads;
	return big != NULL ? rp_data_find(D, &q) : NULL;
}

/* The thread counts of w's runs in the sets, ascending, into ts (at most
 * RP_THREADS_MAX_T, the smallest; a run has at most VARIANT_THREADS_MAX);
 * returns how many, 0 for a NULL pattern (no set registered). */
static int
threads_counts(const rp_data_t *D, const char *pattern, const char *w, int *ts)
{
	rp_query_t q = {
	    .set = pattern, .workload = w, .alloc = RP_ALLOC_JEMALLOC};
	char seen[VARIANT_THREADS_MAX + 1] = {0};
	int n = 0;
	const json_t *r;

	/* One pass over the runs, not a query a count. */
	for (size_t i = 0;
	     pattern != NULL && (r = rp_data_next(D, &q, &i)) != NULL;) {
		int t = rp_data_threads(r);
		if (t <= VARIANT_THREADS_MAX)
			seen[t] = 1;
	}
	for (int t = 1; t <= VARIANT_THREADS_MAX && n < RP_THREADS_MAX_T; t++)
		if (seen[t])
			ts[n++] = t;
	return n;
}

/* 1 when the runs of set (an exact name) at w took turns across their
 * thread counts: each run's interleaved group (conditions.interleaved_runs,
 * hx_isolate.c) was larger than the set's runs of its N at its own thread
 * count, as when the thread counts run one after the other it is not. 0
 * when a run ran alone or the set has none. */
static int
threads_alternated(const rp_data_t *D, const char *set, const char *w)
{
	rp_query_t q = {.set = set, .workload = w, .any_status = 1};
	const json_t *r;
	int any = 0;

	for (size_t i = 0;
	     set != NULL && (r = rp_data_next(D, &q, &i)) != NULL;) {
		rp_query_t same = q;
		size_t at_count = 0;

		same.n = rp_field(r, RP_F_N);
		same.threads = rp_data_threads(r);
		for (size_t j = 0; rp_data_next(D, &same, &j) != NULL;)
			at_count++;
		if (!(rp_field(r, RP_F_INTERLEAVED_RUNS) > (double)at_count))
			return 0;
		any = 1;
	}
	return any;
}

/* What a table says of one variant at the most threads. */
typedef struct threads_row_s {
	const char *variant;
	const json_t *first, *last; /* its runs at the first and last count */
	double speedup, efficiency, share;
	rp_threads_limiter_t limiter;
} threads_row_t;

#define F (&R->facts)

/* The one-thread time of variant v of workload w at n that its time
 * against N predicts (the figure's one-thread runs, Tables 1 and 3 and the
 * scaling sweep's, a run's or a step's time as the tables print it): its
 * time at n, or on the log-log line between the sizes on each side of n
 * (a power law between them); NAN without a size on each side. */
static double
predicted_time(const rp_report_t *R, const char *w, const char *v, double n)
{
	const rp_plot_t *P =
	    rp_report_plot(R, rp_workload_fig(rp_workload_find(w), "time"));
	const rp_block_t *b = P != NULL ? rp_figure_block(P, v) : NULL;

	for (size_t j = 0; b != NULL && j < b->nrows; j++) {
		const double *hi = b->rows[j].v,
			     *lo = j ? b->rows[j - 1].v : NULL;
		if (hi[0] == n)
			return hi[1];
		if (hi[0] > n && lo != NULL && lo[0] < n)
			return lo[1] * pow(n / lo[0], rp_figure_slope(b, j));
	}
	return NAN;
}

/* One variant's row of both tables (threads.W.V.*); its summary into
 * *out. At each end (the first and the last count): its time, its
 * workspace (the cell: the upper bound / the lower, or one thread's) and
 * the model's. The limiter column is the variant's one verdict
 * (W.V.limiter); the scaling word is this section's own rule. */
static void
threads_row_facts(rp_report_t *R, const char *set, const char *w, const char *v,
    const int *ts, int nt, threads_row_t *out)
{
	static const char *const end[] = {"first", "last"};
	const json_t *runs[2] = {threads_run(&R->data, set, w, v, ts[0]),
	    threads_run(&R->data, set, w, v, ts[nt - 1])};
	const json_t *r1 = runs[0], *rt = runs[1];
	rp_bandwidth_ceiling_t c = rp_bandwidth_of_run(&R->data, rt);
	char cell[128], p[RP_FACTS_NAME_MAX];
	double pred;

	snprintf(p, sizeof(p), "threads.%s.%s", w, v);
	for (int k = 0; k < 2; k++) {
		const json_t *r = runs[k];
		if (r == NULL)
			snprintf(cell, sizeof(cell), "no run");
		else if (json_object_get(
			     json_object_get(r, "memory"), "threads") == NULL)
			snprintf(cell, sizeof(cell), "%s (one thread)",
			    rp_report_peak(r));
		else
			snprintf(cell, sizeof(cell), "%s / %s",
			    rp_report_peak(r),
			    rp_text_fmt_bytes(
				rp_field(r, RP_F_THREADS_WORKSPACE_LOWER)));
		rp_fact_num(F, RP_FACT_TIME, rp_jax_c_unit_time(r), r,
		    "%s.time_%s", p, end[k]);
		rp_fact_text(F, RP_FACT_BYTES, rp_field(r, RP_F_PEAK_WORKSPACE),
		    cell, r, "%s.workspace_%s", p, end[k]);
		rp_fact_num(F, RP_FACT_BYTES, rp_field(r, RP_F_MODEL_BYTES), r,
		    "%s.model_%s", p, end[k]);
	}
	*out = (threads_row_t){.variant = v, .first = r1, .last = rt};
	out->speedup = rp_jax_c_unit_time(r1) / rp_jax_c_unit_time(rt);
	out->efficiency = out->speedup / (ts[nt - 1] / (double)ts[0]);
	out->share = rp_bandwidth_share(&R->data, rt);
	out->limiter = rp_threads_decide(out->share, out->efficiency);
	rp_fact_num(F, RP_FACT_SIZE, rp_field(r1 != NULL ? r1 : rt, RP_F_N),
	    r1 != NULL ? r1 : rt, "%s.n", p);
	rp_fact_num(F, RP_FACT_RATIO, out->speedup, rt, "%s.speedup", p);
	rp_fact_num(
	    F, RP_FACT_PERCENT_WHOLE, out->efficiency, rt, "%s.efficiency", p);
	rp_fact_str(F, limiters[out->limiter], rt, "%s.scaling", p);
	rp_fact_num(F, RP_FACT_BYTES, rp_bandwidth_rate(&R->data, rt), rt,
	    "%s.bytes_per_s", p);
	rp_fact_num(F, RP_FACT_BYTES, rp_bandwidth_stream(&R->data, rt), rt,
	    "%s.stream_bytes", p);
	rp_fact_num(F, RP_FACT_PERCENT, out->share, rt, "%s.triad_share", p);
	rp_fact_num(F, RP_FACT_BYTES, c.bytes_per_s, rt, "%s.ceiling", p);
	rp_fact_str(F, c.level, rt, "%s.ceiling_level", p);
	rp_fact_num(F, RP_FACT_COUNT, c.cores, rt, "%s.ceiling_cores", p);
	/* What an efficiency over 100% is read beside: the one-thread time
	 * the variant's own sizes predict at this N, the one-thread run over
	 * it, and the T-thread run's speed-up over it. */
	pred = predicted_time(R, w, v, rp_field(r1, RP_F_N));
	rp_fact_num(F, RP_FACT_TIME, pred, r1, "%s.predicted_first", p);
	rp_fact_num(F, RP_FACT_RATIO, rp_jax_c_unit_time(r1) / pred, r1,
	    "%s.first_over_predicted", p);
	rp_fact_num(F, RP_FACT_RATIO, pred / rp_jax_c_unit_time(rt), rt,
	    "%s.speedup_over_predicted", p);
}

/* What the sentences under a table say, from its rows. Whether the best
 * speed-up is one is decided by its two runs' own samples
 * (rp_data_speedup, the advice's rule), not by a band of other runs:
 * "faster", "not_faster" (the threads did not help) or "undecided" (too
 * few samples or inside their noise), with the interval and samples. */
static void
threads_summary_facts(
    rp_report_t *R, const char *w, const threads_row_t *rows, size_t n)
{
	const threads_row_t *best = NULL;
	int count[RP_THREADS_SHORT + 1] = {0};
	rp_speedup_t sp;
	char interval[64];

	for (size_t i = 0; i < n; i++) {
		count[rows[i].limiter]++;
		if (!isnan(rows[i].speedup) &&
		    (best == NULL || rows[i].speedup > best->speedup))
			best = &rows[i];
	}
	rp_fact_bool(F, best != NULL, NULL, "threads.%s.best_known", w);
	rp_fact_str(F, best != NULL ? best->variant : NULL, NULL,
	    "threads.%s.best_variant", w);
	rp_fact_num(F, RP_FACT_COUNT, (double)n, NULL, "threads.%s.count", w);
	for (int l = 0; l <= RP_THREADS_SHORT; l++)
		rp_fact_num(F, RP_FACT_COUNT, count[l], NULL,
		    "threads.%s.count_%s", w, limiters[l]);
	if (best == NULL)
		return;
	sp = rp_data_speedup(best->first, best->last, 0.0, 0.95);
	snprintf(interval, sizeof(interval), "%s to %s",
	    rp_text_fmt_num(sp.lo, "%.2fx"), rp_text_fmt_num(sp.hi, "%.2fx"));
	rp_fact_str(F,
	    sp.faster == 1       ? "faster"
		: sp.faster == 0 ? "not_faster"
				 : "undecided",
	    best->last, "threads.%s.best_decided", w);
	rp_fact_str(F, isnan(sp.hi) ? "n/a" : interval, best->last,
	    "threads.%s.best_interval", w);
	rp_fact_num(F, RP_FACT_COUNT, (double)sp.samples, best->last,
	    "threads.%s.best_samples", w);
	/* The least p the rank test can give that many samples a side: at
	 * 0.05 or above, no samples could decide at 95%. */
	rp_fact_num(F, RP_FACT_NUMBER,
	    hx_stats_mwu_min_p(sp.samples, sp.samples), best->last,
	    "threads.%s.best_least_p", w);
	/* The samples are steps where the workload times steps: of how many
	 * timed runs. */
	rp_fact_num(F, RP_FACT_COUNT, rp_field(best->last, RP_F_TIME_REPEATS),
	    best->last, "threads.%s.best_runs", w);
}

/* The figure's caption's figures: the thread counts and the settings of
 * the workload's main threads sweep (its registered threads_main; none
 * when it has none). */
static void
threads_figure_facts(
    rp_report_t *R, const rp_workload_t *wl, const int *ts, int nt)
{
	const char *w = wl->name;
	char list[64] = "", fact[64];
	rp_query_t q = {.set = wl->sets.threads_main, .workload = w};
	size_t used = 0;
	/* A NULL set would match every set. */
	const json_t *r = q.set != NULL ? rp_data_find(&R->data, &q) : NULL;

	for (int k = 0; k < nt && used < sizeof(list); k++)
		used += (size_t)snprintf(list + used, sizeof(list) - used,
		    "%s%d", k ? "," : "", ts[k]);
	rp_fact_str(F, list, r, "threads.%s.counts", w);
	rp_fact_num(F, RP_FACT_COUNT, rp_field(r, RP_F_SETTINGS_REPEAT), r,
	    "threads.%s.repeat", w);
	rp_fact_num(F, RP_FACT_COUNT, rp_field(r, RP_F_SETTINGS_WARMUP), r,
	    "threads.%s.warmup", w);
	rp_fact_bool(F, threads_alternated(&R->data, q.set, w), r,
	    "threads.%s.alternated", w);
	snprintf(fact, sizeof(fact), "threads.%s.figure", w);
	rp_report_figure_facts(R, rp_workload_fig(wl, "threads"), fact);
}

/* One workload's tables, sentences and figure (threads.W.*). */
static void
threads_workload_facts(rp_report_t *R, const rp_workload_t *wl)
{
	const char *vs[RP_DATA_MAX_VARIANTS], *w = wl->name,
					      *set = wl->sets.threads;
	rp_query_t q = {.set = set, .alloc = RP_ALLOC_JEMALLOC};
	size_t nv = rp_data_variants(&R->data, w, &q, vs, RP_DATA_MAX_VARIANTS);
	threads_row_t rows[RP_DATA_MAX_VARIANTS];
	int ts[RP_THREADS_MAX_T] = {0};
	/* None without a threads set registered, and then no variant is
	 * read (a NULL set would match every set). */
	int nt = threads_counts(&R->data, set, w, ts);
	json_t *names = json_array();

	rp_fact_str(F, set, NULL, "threads.%s.set", w);
	rp_fact_bool(F, nv > 0 && nt >= 2, NULL, "threads.%s.measured", w);
	if (set != NULL)
		threads_figure_facts(R, wl, ts, nt);
	for (size_t i = 0; nt >= 2 && i < nv; i++)
		json_array_append_new(names, json_string(vs[i]));
	rp_fact_list(F, names, "threads.%s.variants", w);
	if (nv == 0 || nt < 2)
		return;
	rp_fact_num(F, RP_FACT_COUNT, ts[0], NULL, "threads.%s.first", w);
	rp_fact_num(F, RP_FACT_COUNT, ts[nt - 1], NULL, "threads.%s.last", w);
	for (size_t i = 0; i < nv; i++)
		threads_row_facts(R, set, w, vs[i], ts, nt, &rows[i]);
	/* Whether the threaded ceilings are there, on this count. */
	rp_fact_bool(F,
	    !isnan(
		rp_bandwidth_ceiling(&R->data, "DRAM", ts[nt - 1]).bytes_per_s),
	    NULL, "threads.%s.triad_known", w);
	rp_fact_bool(F, rp_num(R->data.ceilings_threads, "threads") >= 1, NULL,
	    "threads.%s.triad_other_count", w);
	threads_summary_facts(R, w, rows, nv);
}

/* Chunked's workspace at each thread count against its model
 * (threads.chunk.*); its row's facts (threads.W.chunked.*) and the
 * counts (threads.W.first, .last) are read beside them. */
static void
threads_chunk_facts(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const char *set = w->sets.threads, *v = w->chunked;
	int ts[RP_THREADS_MAX_T] = {0};
	int nt = threads_counts(&R->data, set, w->name, ts);
	const json_t *r1 = threads_run(&R->data, set, w->name, v, ts[0]);
	const json_t *rt =
	    nt > 1 ? threads_run(&R->data, set, w->name, v, ts[nt - 1]) : NULL;

	rp_fact_str(F, w->name, NULL, "threads.chunk.workload");
	rp_fact_bool(
	    F, r1 != NULL && rt != NULL, NULL, "threads.chunk.measured");
	rp_fact_str(F, rp_field_str(rt, RP_F_MODEL_FORMULA), rt,
	    "threads.chunk.formula");
	rp_fact_num(F, RP_FACT_SIZE, rp_data_chunk(r1), r1, "threads.chunk.b");
	rp_fact_text(F, RP_FACT_BYTES, rp_field(r1, RP_F_PEAK_WORKSPACE),
	    rp_report_peak(r1), r1, "threads.chunk.peak_first");
	rp_fact_text(F, RP_FACT_BYTES, rp_field(rt, RP_F_PEAK_WORKSPACE),
	    rp_report_peak(rt), rt, "threads.chunk.peak_last");
	rp_fact_num(F, RP_FACT_RATIO,
	    rp_field(rt, RP_F_PEAK_WORKSPACE) /
		rp_field(r1, RP_F_PEAK_WORKSPACE),
	    rt, "threads.chunk.peak_ratio");
	rp_fact_num(F, RP_FACT_RATIO,
	    rp_field(rt, RP_F_MODEL_BYTES) / rp_field(r1, RP_F_MODEL_BYTES), rt,
	    "threads.chunk.model_ratio");
	rp_fact_num(F, RP_FACT_BYTES,
	    rp_field(rt, RP_F_THREADS_WORKSPACE_LOWER), rt,
	    "threads.chunk.lower_last");
}

/* One JAX program run on all cores ("P@all") beside its one-core run, and
 * the C variant at one thread and at T threads: the next row of rows,
 * threads.jax.rowK.*, each side's time and their ratio on one core (_one)
 * and on all (_all). The C runs are from w's registered sets; a workload
 * without them has none. */
static void
threads_jax_row_facts(
    rp_report_t *R, const rp_workload_t *w, const json_t *all, json_t *rows)
{
	static const char *const at[] = {"one", "all"};
	char label[64], v[32], p[32];
	const json_t *jax[2], *c[2];

	snprintf(label, sizeof(label), "%.*s",
	    (int)strcspn(rp_str(all, "variant"), "@"), rp_str(all, "variant"));
	rp_jax_stand_in(all, v, sizeof(v));
	jax[0] = rp_jax_run(&R->data, w, label);
	jax[1] = all;
	c[0] = threads_run(&R->data, w->sets.jax_c_one, w->name, v, 1);
	c[1] = threads_run(&R->data, w->sets.jax_c_threads, w->name, v, 0);
	rp_jax_next_row(rows, "threads.jax", p, sizeof(p));
	rp_fact_str(F, w->name, NULL, "%s.workload", p);
	rp_fact_str(F, label, jax[0], "%s.program", p);
	rp_fact_str(F, v, c[0], "%s.c_variant", p);
	rp_fact_num(
	    F, RP_FACT_COUNT, rp_data_threads(c[1]), c[1], "%s.threads", p);
	for (int i = 0; i < 2; i++) {
		double tj = rp_jax_unit_time(jax[i]);
		double tc = rp_jax_c_unit_time(c[i]);
		rp_fact_num(F, RP_FACT_TIME, tj, jax[i], "%s.jax_%s", p, at[i]);
		rp_fact_num(F, RP_FACT_TIME, tc, c[i], "%s.c_%s", p, at[i]);
		rp_fact_num(
		    F, RP_FACT_RATIO, tj / tc, NULL, "%s.ratio_%s", p, at[i]);
	}
}

/* The C variants beside the JAX programs at equal thread counts: the
 * rows' facts and threads.jax.rows, their names. */
static void
threads_jax_facts(rp_report_t *R)
{
	json_t *rows = json_array();

	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++) {
		rp_query_t q = {.set = w->sets.jax};
		const json_t *r;

		for (size_t i = 0; q.set != NULL &&
		     (r = rp_data_next(&R->data, &q, &i)) != NULL;) {
			const char *v = rp_str(r, "variant");
			if (strcmp(v + strcspn(v, "@"), "@all") == 0)
				threads_jax_row_facts(R, w, r, rows);
		}
	}
	rp_fact_list(F, rows, "threads.jax.rows");
}

void
rp_threads_interp_after(rp_report_t *R, const rp_workload_t *w)
{
	const char *v = w->op_by_op;
	const json_t *e = threads_run(&R->data, w->sets.threads, w->name, v, 1);
	const json_t *q = threads_run(&R->data, w->sets.main, w->name, v, 1);
	rp_query_t qs = {.set = w->sets.threads_main, .workload = w->name};
	const json_t *s = qs.set != NULL ? rp_data_find(&R->data, &qs) : NULL;
	int ts[RP_THREADS_MAX_T] = {0};
	int nt = threads_counts(&R->data, qs.set, w->name, ts);
	double cold = rp_field(q, RP_F_TIME_COLD);
	double runs = nt *
	    (1.0 + rp_field(s, RP_F_SETTINGS_REPEAT) +
		rp_field(s, RP_F_SETTINGS_WARMUP));
	char p[RP_FACTS_NAME_MAX];

	snprintf(p, sizeof(p), "threads.%s.after", w->name);
	rp_fact_bool(F, q != NULL && !isnan(runs), q, "%s.cost_known", p);
	rp_fact_num(F, RP_FACT_TIME, cold, q, "%s.cold", p);
	rp_fact_num(F, RP_FACT_COUNT, runs, s, "%s.runs", p);
	rp_fact_num(F, RP_FACT_TIME, runs * cold, q, "%s.cost", p);
	rp_fact_bool(F, e != NULL, e, "%s.smaller_n", p);
}

/* The goal's two cases: their speed-up at two threads, as measured. Each
 * is read from its own sweep of that variant alone when the data has one
 * (nothing else between its runs), else
 * from the threads table's sets (threads.goal.*). */
static void
threads_goal_facts(rp_report_t *R)
{
	static const struct {
		rp_question_t question;
		rp_role_t role;
	} cases[] = {{RP_QUESTION_MEMORY, RP_ROLE_BY_CELL},
	    {RP_QUESTION_SPEED, RP_ROLE_CELL_LISTS}};

	int alternated = 1;

	rp_fact_num(
	    F, RP_FACT_RATIO, RP_THREADS_GOAL, NULL, "threads.goal.ratio");
	for (int k = 0; k < 2; k++) {
		const rp_workload_t *w =
		    rp_workload_question(cases[k].question);
		const char *set = w->sets.threads_goal,
			   *v = rp_workload_role(w, cases[k].role);
		const json_t *r1, *r2;
		double s;
		char p[32];

		if (threads_run(&R->data, set, w->name, v, 2) == NULL)
			set = w->sets.threads;
		r1 = threads_run(&R->data, set, w->name, v, 1);
		r2 = threads_run(&R->data, set, w->name, v, 2);
		s = rp_jax_c_unit_time(r1) / rp_jax_c_unit_time(r2);
		snprintf(p, sizeof(p), "threads.goal.case%d", k);
		rp_fact_str(F, w->name, NULL, "%s.workload", p);
		rp_fact_str(F, v, NULL, "%s.variant", p);
		rp_fact_num(
		    F, RP_FACT_SIZE, rp_field(r1, RP_F_N), r1, "%s.n", p);
		rp_fact_num(F, RP_FACT_RATIO, s, r2, "%s.speedup", p);
		rp_fact_str(F,
		    isnan(s)                   ? "not measured"
			: s >= RP_THREADS_GOAL ? "reached"
					       : "not reached",
		    r2, "%s.verdict", p);
		rp_fact_num(F, RP_FACT_COUNT, rp_field(r1, RP_F_TIME_REPEATS),
		    r1, "%s.repeats_first", p);
		rp_fact_num(F, RP_FACT_COUNT, rp_field(r2, RP_F_TIME_REPEATS),
		    r2, "%s.repeats_last", p);
		rp_fact_str(F, rp_str(r2, "_set"), r2, "%s.set", p);
		alternated &=
		    threads_alternated(&R->data, rp_str(r2, "_set"), w->name);
	}
	/* Whether both cases' thread counts took turns (the goal's words). */
	rp_fact_bool(F, alternated, NULL, "threads.goal.alternated");
}

void
rp_threads_facts(rp_report_t *R)
{
	rp_fact_num(F, RP_FACT_PERCENT_WHOLE, RP_THREADS_BW_SHARE, NULL,
	    "threads.bandwidth_share");
	rp_fact_num(F, RP_FACT_PERCENT_WHOLE, RP_THREADS_EFFICIENCY, NULL,
	    "threads.efficiency");
	rp_fact_num(F, RP_FACT_RATIO, RP_THREADS_SLOW_FIRST, NULL,
	    "threads.slow_first");
	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++) {
		threads_workload_facts(R, w);
		rp_fact_bool(F, w->threads_after != NULL, NULL,
		    "threads.%s.after.present", w->name);
		if (w->threads_after != NULL)
			w->threads_after(R, w);
	}
	threads_goal_facts(R);
	threads_chunk_facts(R);
	threads_jax_facts(R);
}

/* The levels: their sizes in a run's machine.caches, their triads' keys in
 * the ceilings. */
static const struct {
	const char *name;
	rp_field_t size;
	const char *key;
} levels[] = {{"L1", RP_F_L1D_BYTES, "l1_bytes_per_s"},
    {"L2", RP_F_L2_BYTES, "l2_bytes_per_s"},
    {"L3", RP_F_L3_BYTES, "l3_bytes_per_s"},
    {"DRAM", RP_F_NONE, "triad_bytes_per_s"}};

rp_bandwidth_ceiling_t
rp_bandwidth_ceiling(const rp_data_t *D, const char *level, int cores)
{
	rp_bandwidth_ceiling_t c = {
	    .level = level, .cores = cores, .bytes_per_s = NAN};
	/* More cores: only a ceiling measured on that many (the threaded
	 * ceilings record their count). */
	const json_t *from = cores > 1 ? D->ceilings_threads : D->ceilings;

	if (cores > 1 && rp_num(from, "threads") != (double)cores)
		return c;
	for (int i = 0; i < 4; i++)
		if (strcmp(level, levels[i].name) == 0)
			c.bytes_per_s = rp_num(from, levels[i].key);
	return c;
}

int
rp_bandwidth_level(const json_t *r, double bytes, int from)
{
	int i = from;

	/* Unknown bytes (NAN) fit no cache: DRAM, the last. */
	while (i < 3 && !(bytes <= rp_field(r, levels[i].size)))
		i++;
	return i;
}

const char *
rp_bandwidth_level_name(int i)
{
	return levels[i].name;
}

rp_bandwidth_ceiling_t
rp_bandwidth_of_run(const rp_data_t *D, const json_t *r)
{
	double ws =
	    rp_field(r, RP_F_PEAK_WORKSPACE) + rp_field(r, RP_F_INPUT_BYTES);

	return rp_bandwidth_ceiling(D,
	    rp_bandwidth_level_name(rp_bandwidth_level(r, ws, 0)),
	    rp_data_threads(r));
}

double
rp_bandwidth_stream(const rp_data_t *D, const json_t *r)
{
	double b = rp_field(rp_data_main_run(D, rp_field_str(r, RP_F_WORKLOAD),
				rp_field_str(r, RP_F_VARIANT)),
	    RP_F_MODEL_STREAM_BYTES);

	return b > 0 ? b : 0.0;
}

double
rp_bandwidth_rate(const rp_data_t *D, const json_t *r)
{
	double steps = rp_field(r, RP_F_STEPS);
	double step = rp_field(r, RP_F_STEPS_MEDIAN);
	double per_unit = rp_bandwidth_stream(D, r);
	/* 0 without a stream, never NAN for want of work.units. */
	double stream =
	    per_unit > 0 ? per_unit * rp_field(r, RP_F_WORK_UNITS) : 0.0;

	if (rp_jax_c_unit_is_step(r) && steps > 0 && step > 0)
		return (rp_field(r, RP_F_WORK_BYTES) + stream) / steps / step;
	return 1e9 * rp_field(r, RP_F_GBYTES) +
	    (per_unit > 0 ? stream / rp_field(r, RP_F_TIME_MEDIAN) : 0.0);
}

double
rp_bandwidth_share(const rp_data_t *D, const json_t *r)
{
	return rp_bandwidth_rate(D, r) / rp_bandwidth_of_run(D, r).bytes_per_s;
}
