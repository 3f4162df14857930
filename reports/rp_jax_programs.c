/*
 * rp_jax_programs: the facts of "The same programs in JAX" (see
 * rp_jax_programs.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_model.h"
#include "rp_advice.h"
#include "rp_jax.h"
#include "rp_jax_programs.h"

#define F (&R->facts)
/* The size the memory question was asked at. */
#define QUESTION_N 1e6
/* The longest name of a variant or a program read. */
#define RUN_NAME_MAX 64

const char *
rp_jax_check_model(double work, double model, double unit)
{
	if (isnan(work) || isnan(model) || isnan(unit) || unit <= 0)
		return "not measured";
	if (model < RP_JAX_SMALL * unit)
		return work < RP_JAX_SMALL * unit ? "confirmed"
						  : "not confirmed";
	return work * RP_JAX_MODEL_FACTOR >= model &&
		work <= RP_JAX_MODEL_FACTOR * model
	    ? "confirmed"
	    : "not confirmed";
}

const char *
rp_jax_pays(double lo, double hi, double other_lo, double other_hi)
{
	if (isnan(lo) || isnan(hi) || isnan(other_lo) || isnan(other_hi))
		return "not measured";
	if (hi < other_lo)
		return "pays";
	return lo > other_hi ? "costs" : "not distinguishable";
}

/* One size the section compares: a workload's JAX set and the C sets of
 * the same size, and the prefixes of their facts. */
typedef struct jax_size_s {
	const rp_workload_t *w;
	const char *set, *c_set, *jax, *c;
	int large; /* the large set (jax_large), else the one of the tables */
} jax_size_t;

/* ---- each JAX run and each C run at the JAX sizes, the same schedule ---- */

/* A run's warm calls as facts PREFIX.NAME: their count (calls), per call
 * (warm, warm_lo, warm_hi) and per unit of work (per_step, unit_lo,
 * unit_hi). */
static void
warm_facts(rp_report_t *R, const json_t *r, const char *p)
{
	static const char *const names[] = {
	    "warm", "warm_lo", "warm_hi", "per_step", "unit_lo", "unit_hi"};
	double v[6];
	size_t n = rp_jax_warm(r, 0, &v[0], &v[1], &v[2]);

	rp_jax_warm(r, 1, &v[3], &v[4], &v[5]);
	rp_fact_num(F, RP_FACT_COUNT, (double)n, r, "%s.calls", p);
	for (int k = 0; k < 6; k++)
		rp_fact_num(F, RP_FACT_TIME, v[k], r, "%s.%s", p, names[k]);
}

/* A run's size and peak RSS (PREFIX.n, PREFIX.rss). */
static const rp_fact_field_t n_rss[] = {
    {"n", RP_F_N, RP_FACT_SIZE, RP_F_NONE},
    {"rss", RP_F_PEAK_RSS, RP_FACT_BYTES, RP_F_NONE},
};

/* The other numbers of a JAX run's result the sections print. */
static const rp_fact_field_t run_nums[] = {
    {"first_call", RP_F_JAX_FIRST_CALL, RP_FACT_TIME, RP_F_NONE},
    {"temp", RP_F_JAX_TEMP_BYTES, RP_FACT_BYTES, RP_F_NONE},
    {"compile", RP_F_JAX_COMPILE, RP_FACT_TIME, RP_F_NONE},
    {"b2b_returned", RP_F_JAX_B2B_RETURNED, RP_FACT_TIME, RP_F_NONE},
    {"b2b_done", RP_F_JAX_B2B_DONE, RP_FACT_TIME, RP_F_NONE},
    {"b2b_calls", RP_F_JAX_B2B_CALLS, RP_FACT_COUNT, RP_F_NONE},
    {"faults", RP_F_JAX_FAULTS_PER_CALL, RP_FACT_COUNT, RP_F_NONE},
    {"temp_pages", RP_F_JAX_TEMP_PAGES, RP_FACT_COUNT, RP_F_NONE},
    {"fault_share", RP_F_JAX_FAULT_SHARE, RP_FACT_PERCENT, RP_F_NONE},
};

/* jax-keep.json's fastest warm call (wall) of r's program at r's size
 * under an allocator that keeps freed pages, per unit of work as r counts
 * it; NAN when not measured, or when r's call is no step (the pair
 * function: 0 steps a call). *alloc: its allocator. */
static double
kept_warm(const json_t *keep, const json_t *r, const char **alloc)
{
	const json_t *row;
	double best = NAN, steps = rp_jax_steps_per_call(r);
	size_t i;

	*alloc = NULL;
	if (!(steps > 0))
		return NAN;
	json_array_foreach(json_object_get(keep, "rows"), i, row)
	{
		double t = rp_num(row, "warm_wall_keep_s") / steps;
		if (strcmp(rp_str(row, "workload"), rp_str(r, "workload")) ||
		    strcmp(rp_str(row, "program"), rp_str(r, "variant")) ||
		    rp_num(row, "n") != rp_field(r, RP_F_N) ||
		    strcmp(
			rp_str(json_object_get(row, "status"), "keep"), "ok") ||
		    !(t > 0) || (!isnan(best) && t >= best))
			continue;
		best = t, *alloc = rp_str(row, "allocator");
	}
	return best;
}

/* XLA's count of run's work a call priced (rp_jax_xla; none but for a
 * one-core run), by default and with freed pages kept, each against its
 * measured call (the warm calls' median; kept_call, jax-keep.json's), as
 * PREFIX.xla.*: the count, the terms, each prediction, its error and its
 * limiter (hx_model_verdict, the C model's rule). */
static void
xla_facts(rp_report_t *R, const json_t *run, double kept_call, const char *p)
{
	static const char *const terms[] = {"compute", "memory", "faults"};
	static const char *const pre[] = {"", "kept_"};
	const json_t *r = rp_jax_one_core(run) ? run : NULL;
	const double measured[] = {rp_jax_warm_call(run), kept_call};
	char lim[HX_MODEL_LIMITER_LEN], lanes[32];
	rp_jax_xla_t m;

	for (int k = 0; k < 2; k++) {
		int ok = rp_jax_xla(R->data.ceilings, r, k, &m) == 0;
		double s[] = {m.compute_s, m.memory_s, m.faults_s};
		double err = (m.predicted_s - measured[k]) / measured[k];

		if (k == 0) {
			rp_fact_num(
			    F, RP_FACT_NUMBER, m.flops, r, "%s.xla.flops", p);
			rp_fact_num(
			    F, RP_FACT_BYTES, m.bytes, r, "%s.xla.bytes", p);
			rp_fact_str(F, m.level, r, "%s.xla.level", p);
			/* The ceiling's width where XLA's code was not
			 * counted: said so. */
			snprintf(lanes, sizeof(lanes),
			    m.lanes_counted ? "%.0f" : "%.0f (assumed)",
			    m.lanes);
			rp_fact_text(F, RP_FACT_COUNT, m.lanes,
			    isnan(m.lanes) ? NULL : lanes, r, "%s.xla.lanes",
			    p);
			for (int t = 0; t < 3; t++)
				rp_fact_num(F, RP_FACT_TIME, s[t], r,
				    "%s.xla.%s", p, terms[t]);
		}
		rp_fact_num(F, RP_FACT_TIME, m.predicted_s, r,
		    "%s.xla.%spredicted", p, pre[k]);
		/* The default's is the warm call (.warm); the kept one's, a
		 * call (kept_warm is a step's). */
		if (k == 1)
			rp_fact_num(F, RP_FACT_TIME, ok ? measured[k] : NAN, r,
			    "%s.xla.kept_measured", p);
		rp_fact_num(F, RP_FACT_PERCENT_SIGNED, err, r, "%s.xla.%serror",
		    p, pre[k]);
		rp_fact_str(F,
		    !ok || isnan(err)
			? NULL
			: hx_model_verdict(terms, s, 3 - k, m.predicted_s,
			      measured[k], lim, sizeof(lim)),
		    r, "%s.xla.%slimiter", p, pre[k]);
	}
}

/* A row's reference to the facts of run r, PREFIX.W.VARIANT (cleaned as
 * facts are named), as the string fact ROW.NAME; null without a run. */
static void
ref_fact(rp_report_t *R, const json_t *r, const char *row, const char *name,
    const char *prefix, const rp_workload_t *w)
{
	char ref[RP_FACTS_NAME_MAX];

	snprintf(ref, sizeof(ref), "%s.%s.%s", prefix, w->name,
	    rp_str(r, "variant"));
	rp_facts_name_clean(ref);
	rp_fact_str(F, r != NULL ? ref : NULL, r, "%s.%s", row, name);
}

/* The next row of table family (jaxprog.same, jaxprog.best), its prefix
 * into p: JAX program j against C run c (either may be NULL), their
 * names, the references to their facts and j's unit time over c's. */
static void
pair_row(rp_report_t *R, const jax_size_t *sz, const char *family,
    const json_t *j, const json_t *c, json_t *rows, char *p, size_t len)
{
	rp_jax_next_row(rows, family, p, len);
	rp_fact_str(F, j ? rp_str(j, "variant") : NULL, j, "%s.program", p);
	rp_fact_str(F, c ? rp_str(c, "variant") : NULL, c, "%s.c_variant", p);
	ref_fact(R, j, p, "jax", sz->jax, sz->w);
	ref_fact(R, c, p, "c", sz->c, sz->w);
	rp_fact_num2(F, RP_FACT_RATIO,
	    rp_jax_unit_time(j) / rp_jax_c_unit_time(c), j, c, "%s.over_c", p);
}

/* Run r of the JAX set of sz (failed ones too) as PREFIX.W.P (PREFIX:
 * jax or jax_large). An ok run of set jax-W (the programs' tables, the
 * idiom map) also gets its steps, its calls not waited for, and its
 * working bytes checked against its stand-in's model; an ok one-core run
 * its row of jaxprog.same onto same (at its default and with freed pages
 * kept, each over its stand-in's one-thread C run; none without that
 * run). Returns the unit time of an ok one-core run, else NAN. */
static double
run_facts(rp_report_t *R, const json_t *keep, const jax_size_t *sz,
    const json_t *r, json_t *same)
{
	int ok = strcmp(rp_str(r, "status"), "ok") == 0;
	char p[160], row[64], v[RUN_NAME_MAX];
	const json_t *c = rp_jax_c_one_thread(
	    &R->data, sz->c_set, sz->w->name, rp_jax_stand_in(r, v, sizeof(v)));
	const char *alloc;
	double kept = kept_warm(keep, r, &alloc);
	double t = ok && rp_jax_one_core(r) ? rp_jax_unit_time(r) : NAN;
	double work = rp_jax_work(&R->data, r);
	double model = rp_field(c, RP_F_MODEL_BYTES);

	snprintf(p, sizeof(p), "%s.%s.%s", sz->jax, sz->w->name,
	    rp_str(r, "variant"));
	rp_fact_str(F, rp_str(r, "status"), r, "%s.status", p);
	rp_fact_str(F, ok ? NULL : rp_str(r, "reason"), r, "%s.reason", p);
	RP_FACTS_FIELDS(F, r, p, n_rss);
	RP_FACTS_FIELDS(F, r, p, run_nums);
	rp_fact_str(F, v, r, "%s.stand_in", p);
	rp_fact_num(F, RP_FACT_BYTES, rp_jax_rss_work(&R->data, r), r,
	    "%s.rss_work", p);
	warm_facts(R, r, p);
	rp_fact_num(F, RP_FACT_TIME, kept, r, "%s.kept_warm", p);
	rp_fact_str(F, alloc, r, "%s.kept_allocator", p);
	if (!isnan(t) && c != NULL) {
		pair_row(R, sz, "jaxprog.same", r, c, same, row, sizeof(row));
		rp_fact_num2(F, RP_FACT_RATIO, kept / rp_jax_c_unit_time(c), r,
		    c, "%s.kept_over_c", row);
	}
	if (!ok || sz->large)
		return t;
	rp_fact_num(
	    F, RP_FACT_COUNT, rp_field(r, RP_F_STEPS), r, "%s.steps", p);
	rp_fact_num(F, RP_FACT_TIME,
	    rp_jax_median(r, "reported.unblocked_call_s"), r, "%s.unblocked",
	    p);
	rp_fact_str(F, rp_jax_check_model(work, model, rp_jax_unit(r)), r,
	    "%s.check", p);
	rp_fact_num(F, RP_FACT_BYTES, work, r, "%s.work", p);
	rp_fact_num(F, RP_FACT_BYTES, model, r, "%s.model", p);
	xla_facts(R, r, kept * rp_jax_steps_per_call(r), p);
	return t;
}

/* Every run of the JAX set of sz (run_facts), each ok one-core run's row
 * of jaxprog.same onto same. At the tables' size, table is the number of
 * the workload's table of them (0 at the large, which has none). Returns
 * the fastest ok one-core run by unit time, NULL when none. */
static const json_t *
set_facts(rp_report_t *R, const json_t *keep, const jax_size_t *sz, int table,
    json_t *same)
{
	const rp_workload_t *w = sz->w;
	rp_query_t q = {.set = sz->set, .workload = w->name, .any_status = 1};
	json_t *labels = json_array();
	const json_t *fast = NULL, *first = rp_data_find(&R->data, &q), *r;

	for (size_t i = 0; (r = rp_data_next(&R->data, &q, &i)) != NULL;) {
		double t = run_facts(R, keep, sz, r, same);
		json_array_append_new(
		    labels, json_string(rp_str(r, "variant")));
		if (!isnan(t) && (fast == NULL || t < rp_jax_unit_time(fast)))
			fast = r;
	}
	if (table == 0) {
		json_decref(labels);
		return fast;
	}
	/* The table: its number, its first run's size and parameter, its
	 * programs. */
	rp_fact_num(F, RP_FACT_COUNT, table, NULL, "jaxprog.%s.table", w->name);
	rp_fact_bool(F, first != NULL, first, "jaxprog.%s.present", w->name);
	rp_fact_num(F, RP_FACT_SIZE, rp_field(first, RP_F_N), first,
	    "jaxprog.%s.n", w->name);
	rp_fact_str(F, w->jax_letter, NULL, "jaxprog.%s.letter", w->name);
	rp_fact_num(F, RP_FACT_COUNT, rp_field(first, w->jax_param), first,
	    "jaxprog.%s.param", w->name);
	rp_fact_list(F, labels, "jaxprog.%s.programs", w->name);
	return fast;
}

/* The one-thread C runs of the C sets of sz, the first of each variant
 * (rp_jax_c_one_thread: PREFIX.W.V, PREFIX jaxc or jaxc_large: time and
 * range per unit, threads). Returns the fastest of them by unit time,
 * NULL when none. */
static const json_t *
c_set_facts(rp_report_t *R, const jax_size_t *sz)
{
	const rp_workload_t *w = sz->w;
	rp_query_t q = {.set = sz->c_set,
	    .workload = w->name,
	    .threads = 1,
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *fast = NULL, *c;
	char p[160];

	for (size_t i = 0; (c = rp_data_next(&R->data, &q, &i)) != NULL;) {
		const char *v = rp_str(c, "variant");
		double t = rp_jax_c_unit_time(c);
		/* The range of the times t is the median of. */
		int steps = rp_jax_c_unit_is_step(c);
		if (rp_jax_c_one_thread(&R->data, sz->c_set, w->name, v) != c)
			continue; /* a later run of its variant */
		snprintf(p, sizeof(p), "%s.%s.%s", sz->c, w->name, v);
		rp_fact_num(
		    F, RP_FACT_COUNT, rp_data_threads(c), c, "%s.threads", p);
		rp_fact_num(F, RP_FACT_TIME, t, c, "%s.time", p);
		rp_fact_num(F, RP_FACT_TIME,
		    rp_field(c, steps ? RP_F_STEPS_MIN : RP_F_TIME_MIN), c,
		    "%s.lo", p);
		rp_fact_num(F, RP_FACT_TIME,
		    rp_field(c, steps ? RP_F_STEPS_MAX : RP_F_TIME_MAX), c,
		    "%s.hi", p);
		if (!isnan(t) && (fast == NULL || t < rp_jax_c_unit_time(fast)))
			fast = c;
	}
	return fast;
}

/* Why there is no JAX data: jax-skipped.txt's line; null for none. */
static void
absent_facts(rp_report_t *R)
{
	char path[4400], line[512] = "";
	FILE *f;

	snprintf(path, sizeof(path), "%s/jax-skipped.txt", R->data.dir);
	if ((f = fopen(path, "r")) != NULL) {
		if (fgets(line, sizeof(line), f) == NULL)
			line[0] = '\0';
		fclose(f);
	}
	line[strcspn(line, "\n")] = '\0';
	rp_fact_str(F, line[0] ? line : NULL, NULL, "jaxprog.skipped");
}

/* What the section's method says: JAX's version and backend, the
 * baseline process's peak, the model check's bounds. */
static void
intro_facts(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const json_t *any = rp_jax_run(&R->data, w, w->jax_jitted);
	rp_query_t qb = {.set = "jax-base"};
	const json_t *base = rp_data_find(&R->data, &qb);

	rp_fact_str(F, rp_str_or_null(any, "reported.jax_version"), any,
	    "jaxprog.jax_version");
	rp_fact_str(
	    F, rp_str_or_null(any, "reported.backend"), any, "jaxprog.backend");
	rp_fact_num(F, RP_FACT_BYTES, rp_field(base, RP_F_PEAK_RSS), base,
	    "jaxprog.baseline_rss");
	rp_fact_num(F, RP_FACT_NUMBER, RP_JAX_MODEL_FACTOR, NULL,
	    "jaxprog.model_factor");
	rp_fact_num(
	    F, RP_FACT_PERCENT_WHOLE, RP_JAX_SMALL, NULL, "jaxprog.small");
}

/* ---- the memory question's peak against N ---- */

/* C's op-by-op variant at the question's size: its RSS where it ran at
 * that size and M, and its model (else the JAX-size run's, scaled: it is
 * linear in N). */
static void
question_c_facts(rp_report_t *R, const rp_workload_t *w, double m)
{
	rp_query_t q = {.workload = w->name,
	    .variant = w->op_by_op,
	    .n = QUESTION_N,
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *c = rp_data_find(&R->data, &q);
	const json_t *j =
	    rp_jax_c_one_thread(&R->data, w->sets.jax_c, w->name, w->op_by_op);
	int at;

	if (c != NULL && rp_field(c, RP_F_M) != m)
		c = NULL;
	at = c != NULL && !isnan(rp_field(c, RP_F_MODEL_BYTES));
	rp_fact_bool(F, c != NULL, c, "jaxprog.peak.c_measured");
	rp_fact_num(F, RP_FACT_BYTES, rp_field(c, RP_F_PEAK_RSS), c,
	    "jaxprog.peak.c_rss");
	rp_fact_bool(F, !at, NULL, "jaxprog.peak.c_scaled");
	rp_fact_num(F, RP_FACT_BYTES,
	    at ? rp_field(c, RP_F_MODEL_BYTES)
	       : rp_field(j, RP_F_MODEL_BYTES) * QUESTION_N /
		    rp_field(j, RP_F_N),
	    at ? c : j, "jaxprog.peak.c_model");
	rp_fact_str(F, w->op_by_op, NULL, "jaxprog.peak.c_variant");
}

/* The un-jitted question's runs at every N, one a row (any status), and
 * least squares of the peak RSS on N over the ok ones, carried to the
 * question's N; the largest N's ok run into *big. Returns how many ok
 * runs. */
static int
question_rows(rp_report_t *R, const rp_workload_t *w, const json_t **big)
{
	rp_query_t q = {
	    .set = w->sets.jax_all, .variant = w->jax_asked, .any_status = 1};
	json_t *rows = json_array(), *stopped = json_array();
	const json_t *r;
	double sx = 0, sy = 0, sxx = 0, sxy = 0, slope = NAN, icpt = NAN;
	char p[64];
	int k = 0;

	*big = NULL;
	for (size_t i = 0; (r = rp_data_next(&R->data, &q, &i)) != NULL;) {
		double x = rp_field(r, RP_F_N), y = rp_field(r, RP_F_PEAK_RSS);
		int ok = strcmp(rp_str(r, "status"), "ok") == 0;
		rp_jax_next_row(rows, "jaxprog.peak", p, sizeof(p));
		rp_fact_str(F, rp_str(r, "_set"), r, "%s.set", p);
		rp_fact_str(F, rp_str(r, "status"), r, "%s.status", p);
		rp_fact_str(F, rp_str(r, "reason"), r, "%s.reason", p);
		RP_FACTS_FIELDS(F, r, p, n_rss);
		/* The guard stopped it: a sentence of its own. */
		if (!ok &&
		    rp_data_set_matches(w->sets.jax_scale, rp_str(r, "_set")))
			json_array_append_new(
			    stopped, json_string(strrchr(p, '.') + 1));
		if (!ok || isnan(x) || isnan(y))
			continue;
		sx += x, sy += y, sxx += x * x, sxy += x * y, k++;
		if (*big == NULL || x > rp_field(*big, RP_F_N))
			*big = r;
	}
	if (k >= 2 && k * sxx - sx * sx > 0) {
		slope = (k * sxy - sx * sy) / (k * sxx - sx * sx);
		icpt = (sy - slope * sx) / k;
	}
	rp_fact_num(F, RP_FACT_BYTES, slope, NULL, "jaxprog.peak.slope");
	rp_fact_num(F, RP_FACT_BYTES, icpt, NULL, "jaxprog.peak.base");
	rp_fact_num(F, RP_FACT_BYTES, icpt + slope * QUESTION_N, NULL,
	    "jaxprog.peak.at_question");
	rp_fact_list(F, rows, "jaxprog.peak.rows");
	rp_fact_list(F, stopped, "jaxprog.peak.stopped");
	return k;
}

/* jax-plan.json's figures: the sweep's memory guard and its time. */
static const rp_fact_key_t plan_nums[] = {
    {"peak.mem_limit", "mem_limit_bytes", RP_FACT_BYTES},
    {"peak.mem_available", "mem_available_bytes", RP_FACT_BYTES},
    {"peak.large_n", "large_n", RP_FACT_SIZE},
    {"sweep.seconds", "seconds", RP_FACT_TIME},
    {"sweep.large_n_from", "large_n_from", RP_FACT_STRING},
    {"peak.large_n_tunables", "large_n_tunables", RP_FACT_STRING},
    /* The runs kept for their memory, made beside the cache simulation:
     * their first calls are no times to print. */
    {"sweep.memory_beside", "memory_beside", RP_FACT_STRING},
};

/* The sweep's memory guard and time (jax-plan.json). */
static void
guard_facts(rp_report_t *R)
{
	json_t *plan = rp_jax_file(&R->data, "jax-plan.json");

	rp_fact_bool(F,
	    json_array_size(json_object_get(plan, "large_n_tried")) > 0, NULL,
	    "jaxprog.peak.guard");
	RP_FACTS_KEYS(F, plan, NULL, "jaxprog", plan_nums);
	json_decref(plan);
}

/* The memory question's program as asked against N. */
static void
peak_facts(rp_report_t *R, const rp_workload_t *w)
{
	const json_t *q = rp_jax_run(&R->data, w, w->jax_asked), *big;
	int k = question_rows(R, w, &big);
	double m = rp_field(q, RP_F_M);

	rp_fact_str(F, w->name, NULL, "jaxprog.peak.workload");
	rp_fact_num(F, RP_FACT_COUNT, m, q, "jaxprog.peak.m");
	rp_fact_num(F, RP_FACT_COUNT, k, NULL, "jaxprog.peak.runs");
	rp_fact_str(F, w->sets.jax, NULL, "jaxprog.peak.set");
	rp_fact_str(F, w->sets.jax_scale, NULL, "jaxprog.peak.scale_set");
	RP_FACTS_FIELDS(F, big, "jaxprog.peak.largest", n_rss);
	rp_fact_bool(F, rp_field(big, RP_F_N) >= QUESTION_N, big,
	    "jaxprog.peak.measured_at_question");
	question_c_facts(R, w, m);
}

/* ---- the jaxpr comparisons ---- */

/* One comparison's numbers: KEY.<a or b> as NAME_a, NAME_b. */
static const rp_fact_key_t jaxpr_nums[] = {
    {"eqns", "eqns", RP_FACT_COUNT},
    {"arith", "arithmetic_eqns", RP_FACT_COUNT},
    {"instructions", "compiled.instructions", RP_FACT_COUNT},
    {"temp", "compiled.temp_bytes", RP_FACT_BYTES},
};

/* DATA/jax-jaxpr-W.json, the one reader of it: the two programs, the
 * verdict, whether their arithmetic is the same (null: not compared),
 * their equations and, under jit, XLA's instructions and temporaries
 * (jaxprog.jaxpr.W.*). */
static void
jaxpr_facts(rp_report_t *R, const rp_workload_t *w)
{
	char file[96], p[96], side[160];
	json_t *j;
	const json_t *c, *same;

	snprintf(file, sizeof(file), "jax-jaxpr-%s.json", w->name);
	snprintf(p, sizeof(p), "jaxprog.jaxpr.%s", w->name);
	j = rp_jax_file(&R->data, file);
	c = json_object_get(j, "compiled");
	same = json_object_get(j, "same_arithmetic");
	rp_fact_str(F, w->jaxpr_what, NULL, "%s.what", p);
	rp_fact_str(F, file, NULL, "%s.file", p);
	rp_fact_bool(F, j != NULL, NULL, "%s.present", p);
	rp_fact_str(F, rp_str(j, "a"), NULL, "%s.a", p);
	rp_fact_str(F, rp_str(j, "b"), NULL, "%s.b", p);
	rp_fact_str(F, rp_str(j, "verdict"), NULL, "%s.verdict", p);
	if (json_is_boolean(same))
		rp_fact_bool(
		    F, json_is_true(same), NULL, "%s.same_arithmetic", p);
	else
		rp_fact_str(F, NULL, NULL, "%s.same_arithmetic", p);
	rp_fact_bool(F, json_is_object(c), NULL, "%s.compiled", p);
	rp_fact_bool(F, json_is_true(json_object_get(c, "same_instructions")),
	    NULL, "%s.same_instructions", p);
	for (size_t i = 0; i < sizeof(jaxpr_nums) / sizeof(jaxpr_nums[0]); i++)
		for (int b = 0; b < 2; b++) {
			snprintf(side, sizeof(side), "%s.%s", jaxpr_nums[i].key,
			    rp_str(j, b ? "b" : "a"));
			rp_fact_num(F, jaxpr_nums[i].kind, rp_num(j, side),
			    NULL, "%s.%s_%c", p, jaxpr_nums[i].name,
			    b ? 'b' : 'a');
		}
	json_decref(j);
}

void
rp_jax_interp_after(rp_report_t *R, const rp_workload_t *w)
{
	json_t *names = json_array();

	peak_facts(R, w);
	for (const rp_workload_t *k = rp_workloads; k->name != NULL; k++) {
		if (k->jaxpr_what == NULL)
			continue;
		json_array_append_new(names, json_string(k->name));
		jaxpr_facts(R, k);
	}
	rp_fact_list(F, names, "jaxprog.jaxpr.workloads");
}

/* ---- the speed question's puzzle ---- */

void
rp_jax_colony_after(rp_report_t *R, const rp_workload_t *w)
{
	const json_t *st = rp_jax_run(&R->data, w, w->jax_jitted);
	const json_t *pair = rp_jax_run(&R->data, w, w->jax_pair);
	const json_t *loop = rp_jax_run(&R->data, w, w->jax_loop);
	const json_t *fori = rp_jax_run(&R->data, w, w->jax_fori);

	rp_fact_str(F, w->name, NULL, "jaxprog.puzzle.workload");
	rp_fact_list(F, rp_jax_programs_of(&R->data, w, NULL, 0),
	    "jaxprog.puzzle.programs");
	rp_fact_num2(F, RP_FACT_RATIO,
	    rp_jax_warm_call(st) / rp_jax_warm_call(pair), st, pair,
	    "jaxprog.puzzle.step_over_pair");
	rp_fact_num2(F, RP_FACT_RATIO,
	    rp_jax_warm_call(loop) / rp_jax_warm_call(fori), loop, fori,
	    "jaxprog.puzzle.loop_over_fori");
	rp_fact_bool(F,
	    rp_advice_dispatch(rp_jax_median(st, "reported.unblocked_call_s"),
		rp_jax_warm_call(st)),
	    st, "jaxprog.puzzle.dispatch");
}

/* ---- the fixes, the fastest ---- */

/* The fixes of the question a workload answers against its jitted
 * program at one size, as rows of jaxprog.fixes: a row names the two
 * programs' facts (.jax, .question); the pays verdict and the ratio are
 * its own. A fix the JAX size lacks goes onto missing. */
static void
fixes_facts(rp_report_t *R, const jax_size_t *sz, json_t *rows, json_t *missing)
{
	const rp_workload_t *w = sz->w;
	rp_query_t qq = {.set = sz->set, .variant = w->jax_jitted};
	/* a query with no variant would match any program */
	const json_t *q =
	    w->jax_jitted != NULL ? rp_data_find(&R->data, &qq) : NULL;
	double qm, qlo, qhi, m, lo, hi;
	char p[64];

	rp_jax_warm(q, 1, &qm, &qlo, &qhi);
	for (const char *const *f = w->jax_fixes; f && *f != NULL; f++) {
		rp_query_t fq = {.set = sz->set, .variant = *f};
		const json_t *r = rp_data_find(&R->data, &fq);
		if (r == NULL) {
			if (!sz->large)
				json_array_append_new(missing,
				    json_sprintf("%s (%s)", *f, sz->set));
			continue;
		}
		rp_jax_warm(r, 1, &m, &lo, &hi);
		rp_jax_next_row(rows, "jaxprog.fixes", p, sizeof(p));
		ref_fact(R, r, p, "jax", sz->jax, w);
		ref_fact(R, q, p, "question", sz->jax, w);
		rp_fact_str(F, w->jax_jitted, q, "%s.question_name", p);
		rp_fact_str(F, *f, r, "%s.program", p);
		rp_fact_num(F, RP_FACT_RATIO, qm / m, r, "%s.speedup", p);
		rp_fact_num(F, RP_FACT_RATIO, m / qm, r, "%s.slowdown", p);
		rp_fact_str(F, rp_jax_pays(lo, hi, qlo, qhi), r, "%s.pays", p);
	}
}

/* At one size the fastest one-core JAX program j against the fastest
 * one-thread C variant c and against its own C stand-in, as a row of
 * jaxprog.best (none when neither side ran). */
static void
best_facts(rp_report_t *R, const jax_size_t *sz, const json_t *j,
    const json_t *c, json_t *rows)
{
	char p[64], v[RUN_NAME_MAX];
	const json_t *si = rp_jax_c_one_thread(
	    &R->data, sz->c_set, sz->w->name, rp_jax_stand_in(j, v, sizeof(v)));

	if (c == NULL && j == NULL)
		return;
	pair_row(R, sz, "jaxprog.best", j, c, rows, p, sizeof(p));
	rp_fact_str(F, sz->w->name, NULL, "%s.workload", p);
	rp_fact_bool(F, !sz->large, NULL, "%s.anchor", p);
	rp_fact_str(F, si ? v : NULL, si, "%s.stand_in", p);
	ref_fact(R, si, p, "stand_in_ref", sz->c, sz->w);
	/* The size: the C side's where no JAX program ran to the end. */
	rp_fact_num(
	    F, RP_FACT_SIZE, rp_field(j ? j : c, RP_F_N), j ? j : c, "%s.n", p);
	rp_fact_num2(F, RP_FACT_RATIO,
	    rp_jax_unit_time(j) / rp_jax_c_unit_time(si), j, si,
	    "%s.over_stand_in", p);
}

void
rp_jax_programs_question_facts(rp_report_t *R)
{
	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++)
		if (w->jax_after != NULL)
			w->jax_after(R, w);
}

void
rp_jax_programs_facts(rp_report_t *R)
{
	json_t *keep, *fixes, *missing, *same, *best;
	int k = 1;

	absent_facts(R);
	if (!rp_jax_present(&R->data))
		return;
	intro_facts(R);
	keep = rp_jax_file(&R->data, "jax-keep.json");
	fixes = json_array(), missing = json_array();
	same = json_array(), best = json_array();
	/* Each workload's size of the tables, then its large size. */
	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++)
		for (int large = 0; large < 2; large++) {
			const jax_size_t sz = {w,
			    large ? w->sets.jax_large : w->sets.jax,
			    large ? w->sets.jax_c_large : w->sets.jax_c,
			    large ? "jax_large" : "jax",
			    large ? "jaxc_large" : "jaxc", large};
			const json_t *j, *c;
			if (sz.set == NULL)
				continue;
			j = set_facts(R, keep, &sz, large ? 0 : k++, same);
			c = c_set_facts(R, &sz);
			fixes_facts(R, &sz, fixes, missing);
			best_facts(R, &sz, j, c, best);
		}
	rp_fact_list(F, fixes, "jaxprog.fixes.rows");
	rp_fact_list(F, missing, "jaxprog.fixes.missing");
	rp_fact_list(F, same, "jaxprog.same.rows");
	rp_fact_list(F, best, "jaxprog.best.rows");
	guard_facts(R);
	json_decref(keep);
}
