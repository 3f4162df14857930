/*
 * rp_advice: the advice table (rp_advice.h) and its facts. Each row's
 * functions stand together above the table, in its order: the C side's
 * measure (the C runs, found by name; a time claim decided by their own
 * samples), the JAX side's (the JAX runs, rp_jax.h, and the files of
 * reports/jax-sweep.sh; a time claim is fb_verdict's verdict), and their
 * decide functions. A time value is 1 (faster by the margin), 0 (not) or
 * NAN (not decided at this noise); a value not measured never supports
 * advice.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_fields.h"
#include "hx_stats.h"
#include "rp_advice.h"
#include "rp_colony.h"
#include "rp_jax.h"

#define MEM RP_ADVICE_MEMORY_FACTOR
#define GET rp_vals_get
#define PEAK(r) rp_field(r, RP_F_PEAK_WORKSPACE)
#define MEDIAN(r) rp_field(r, RP_F_TIME_MEDIAN)
#define STEP(r) rp_field(r, RP_F_STEPS_MEDIAN)
/* A time claim's margin: the ratio it must clear, as a fraction. */
#define MARGIN (RP_ADVICE_TIME_RATIO - 1.0)
/* The most samples of a run compared. */
#define SAMPLES_MAX 256

/* fb_verdict's words (variants/jax/fb_verdict.py). */
static const char second_faster[] = "second is faster";
static const char first_faster[] = "first is faster";
static const char undecided[] = "not decided at this noise";

/* ---- what the rows share ---- */

static rp_advice_decision_t
decide(rp_advice_verdict_t v, const char *note)
{
	return (rp_advice_decision_t){v, note};
}

rp_advice_decision_t
rp_advice_decide_cannot(const rp_vals_t *x)
{
	return isnan(GET(x, "shown")) ? decide(RP_ADVICE_NOT_SUPPORTED, "")
				      : decide(RP_ADVICE_CANNOT, "");
}

/* What is missing: why (a keyword the words explain, or the data's own
 * sentence) and what; -1. */
static int
missing(rp_vals_t *x, const char *why, const char *what)
{
	rp_vals_str(x, "why", why);
	rp_vals_str(x, "what", what);
	return -1;
}

/* A time claim as the values KEY (the answer), KEY_lo and KEY_hi (the
 * interval of the second run's speed-up over the first) and KEY_spread
 * (the wider set's). */
static void
time_vals(rp_vals_t *x, const char *key, double answer, double lo, double hi,
    double spread)
{
	static const char *const suffix[] = {"", "_lo", "_hi", "_spread"};
	double v[] = {answer, lo, hi, spread};
	char name[64];

	for (int i = 0; i < 4; i++) {
		snprintf(name, sizeof(name), "%s%s", key, suffix[i]);
		rp_vals_num(x, name, v[i]);
	}
}

/* Whether C run b is faster than run a by margin, by their samples. */
static void
faster(rp_vals_t *x, const char *key, const json_t *a, const json_t *b,
    double margin)
{
	double sa[SAMPLES_MAX], sb[SAMPLES_MAX];
	size_t na = rp_data_samples(a, sa, SAMPLES_MAX),
	       nb = rp_data_samples(b, sb, SAMPLES_MAX);
	hx_verdict_t v;
	int ok = hx_stats_verdict(sa, na, sb, nb, margin, RP_ADVICE_LEVEL, &v);

	if (ok != 0) {
		v.word = HX_VERDICT_UNDECIDED;
		v.lo = v.hi = v.spread[0] = v.spread[1] = NAN;
	}
	time_vals(x, key,
	    v.word == HX_VERDICT_UNDECIDED    ? NAN
		: v.word == HX_VERDICT_SECOND ? 1.0
					      : 0.0,
	    1.0 / v.hi, 1.0 / v.lo, fmax(v.spread[0], v.spread[1]));
}

/* A verdict object of fb_verdict as time values: 1 when its word is yes,
 * 0 when it names the other side or the same, NAN when not decided or
 * absent. */
static void
verdict_vals(rp_vals_t *x, const char *key, const json_t *v, const char *yes)
{
	const char *word = json_string_value(json_object_get(v, "verdict"));
	const json_t *iv = json_object_get(v, "interval");
	const json_t *sp = json_object_get(v, "spread");
	double s0 = json_number_value(json_array_get(sp, 0));
	double s1 = json_number_value(json_array_get(sp, 1));

	time_vals(x, key,
	    word == NULL || strcmp(word, undecided) == 0 ? NAN
		: strcmp(word, yes) == 0                 ? 1.0
							 : 0.0,
	    1.0 / json_number_value(json_array_get(iv, 1)),
	    1.0 / json_number_value(json_array_get(iv, 0)),
	    v == NULL ? NAN : fmax(s0, s1));
}

/* jax-verdicts.json's verdict on the CPU time of first against second
 * of workload w, as verdict_vals' values. */
static void
pair_verdict(const rp_report_t *R, const rp_workload_t *w, const char *key,
    const char *first, const char *second, const char *yes, rp_vals_t *x)
{
	json_t *j = rp_jax_file(&R->data, "jax-verdicts.json"), *row;
	const json_t *found = NULL;
	size_t i;

	json_array_foreach(json_object_get(j, "rows"), i, row)
	{
		if (strcmp(rp_str(row, "workload"), w->name) == 0 &&
		    strcmp(rp_str(row, "first"), first) == 0 &&
		    strcmp(rp_str(row, "second"), second) == 0)
			found = json_object_get(row, "by_cpu");
	}
	verdict_vals(x, key, found, yes);
	json_decref(j);
}

/* The C main runs of variants (NULL-terminated) of a workload into out,
 * and the value n; -1 with "why" for the first missing one. */
static int
need_main(const rp_report_t *R, const rp_workload_t *w, const char *const *vs,
    const json_t **out, rp_vals_t *x)
{
	char why[512];

	for (int i = 0; vs[i] != NULL; i++) {
		rp_query_t q = {.set = w->sets.main,
		    .workload = w->name,
		    .variant = vs[i],
		    .n = rp_data_max_n(&R->data, w->sets.main, w->name),
		    .alloc = RP_ALLOC_JEMALLOC};
		if ((out[i] = rp_data_main_run(&R->data, w->name, vs[i])) !=
		    NULL)
			continue;
		return missing(
		    x, rp_data_why_missing(&R->data, &q, why, sizeof(why)), "");
	}
	rp_vals_num(x, "n", rp_data_max_n(&R->data, w->sets.main, w->name));
	return 0;
}

/* The ok one-core JAX runs of programs (NULL-terminated) into out, and
 * the value n; -1 with "why" for the first missing one. */
static int
need(const rp_report_t *R, const rp_workload_t *w, const char *const *ps,
    const json_t **out, rp_vals_t *x)
{
	char what[128];

	for (int i = 0; ps[i] != NULL; i++) {
		if ((out[i] = rp_jax_run(&R->data, w->name, ps[i])) != NULL)
			continue;
		snprintf(what, sizeof(what), "%s/%s", w->name, ps[i]);
		return missing(x, "no_jax_run", what);
	}
	rp_vals_num(x, "n", rp_field(out[0], RP_F_N));
	return 0;
}

/* A JAX data file, or NULL with "why". New reference. */
static json_t *
need_file(const rp_report_t *R, const char *name, rp_vals_t *x)
{
	json_t *j = rp_jax_file(&R->data, name);

	if (j == NULL)
		missing(x, "no_file", name);
	return j;
}

/* The jaxpr comparison of workload w's two programs as values same (the
 * same arithmetic, and under jit the same instructions), eq_a, eq_b
 * (their equations); -1 with "why" when the file is missing. */
static int
jaxpr(const rp_report_t *R, const rp_workload_t *w, rp_vals_t *x)
{
	char file[96];
	json_t *j;

	snprintf(file, sizeof(file), "jax-jaxpr-%s.json", w->name);
	if ((j = need_file(R, file, x)) == NULL)
		return -1;
	rp_vals_num(x, "same",
	    json_is_true(json_object_get(j, "same_arithmetic")) &&
		json_is_true(json_object_get(
		    json_object_get(j, "compiled"), "same_instructions")));
	rp_vals_num(x, "eq_a",
	    rp_num(json_object_get(j, "arithmetic_eqns"), rp_str(j, "a")));
	rp_vals_num(x, "eq_b",
	    rp_num(json_object_get(j, "arithmetic_eqns"), rp_str(j, "b")));
	json_decref(j);
	return 0;
}

/* ---- cause-nm ---- */

static int
c_cause_nm(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const char *vs[] = {w->op_by_op, w->baseline, NULL};
	const json_t *r[2];
	double nm;

	if (need_main(R, w, vs, r, x) != 0)
		return -1;
	nm = rp_workload_array_bytes(w->name, json_object_get(r[1], "params"));
	rp_vals_num(x, "nm", nm);
	rp_vals_num(x, "pm", PEAK(r[1]));
	rp_vals_num(x, "pe", PEAK(r[0]));
	rp_vals_num(x, "k", rp_field(r[0], RP_F_MODEL_BARE_BYTES) / nm);
	return 0;
}

/* The (N,M) array is there in materialized (pm within 10% of nm, N*M*4)
 * and op by op (pe) holds at least two: supported; the array alone: a
 * nuance. */
static rp_advice_decision_t
decide_cause_nm(const rp_vals_t *x)
{
	double pm = GET(x, "pm");
	int array = pm >= 0.9 * GET(x, "nm");
	int temps = GET(x, "pe") >= 2.0 * pm;

	if (array && temps)
		return decide(RP_ADVICE_SUPPORTED, "");
	return array ? decide(RP_ADVICE_NUANCE, "array_alone")
		     : decide(RP_ADVICE_NOT_SUPPORTED, "");
}

static int
jax_cause_nm(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const ps[] = {"question", "question_jit", NULL};
	const json_t *r[2];

	if (need(R, w, ps, r, x) != 0)
		return -1;
	rp_vals_num(x, "q", rp_jax_work(&R->data, r[0]));
	rp_vals_num(x, "temp", rp_jax_temp(r[1]));
	rp_vals_num(x, "unit", rp_jax_unit(r[1]));
	rp_vals_num(x, "units", rp_jax_temp(r[1]) / rp_jax_unit(r[1]));
	return 0;
}

/* XLA's temporaries of the jitted question hold two (N,M) arrays or one. */
static rp_advice_decision_t
decide_jax_cause_nm(const rp_vals_t *x)
{
	double units = GET(x, "temp") / GET(x, "unit");

	if (units >= 2.0)
		return decide(RP_ADVICE_SUPPORTED, "");
	return units >= 0.9 ? decide(RP_ADVICE_NUANCE, "array_alone")
			    : decide(RP_ADVICE_NOT_SUPPORTED, "");
}

/* ---- stop-gradient ---- */

/* What the op-by-op run shows beside advice C cannot test (here, and in
 * atleast-1d and profiler): its peak, the liveness walk's bytes, the
 * (N,M,4) gather's. */
static int
c_op_by_op(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const char *vs[] = {w->op_by_op, NULL};
	const json_t *r[1];

	if (need_main(R, w, vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "pe", PEAK(r[0]));
	rp_vals_num(x, "bare", rp_field(r[0], RP_F_MODEL_BARE_BYTES));
	rp_vals_num(x, "gather",
	    4.0 *
		rp_workload_array_bytes(
		    w->name, json_object_get(r[0], "params")));
	rp_vals_num(x, "tl", rp_field(r[0], RP_F_TIMELINE_MAX_LIVE));
	rp_vals_num(x, "shown", PEAK(r[0]));
	return 0;
}

static int
jax_stop_gradient(const rp_report_t *R, rp_vals_t *x)
{
	json_t *j = need_file(R, "jax-protocol.json", x);
	const json_t *s = json_object_get(j, "stop_gradient");

	if (j == NULL)
		return -1;
	if (s == NULL) {
		json_decref(j);
		return missing(
		    x, "no_part", "jax-protocol.json: stop_gradient");
	}
	rp_vals_num(x, "n", rp_num(s, "n"));
	rp_vals_num(x, "m", rp_num(s, "m"));
	rp_vals_num(x, "with", rp_num(s, "temp_bytes_with"));
	rp_vals_num(x, "without", rp_num(s, "temp_bytes_without"));
	rp_vals_num(x, "eqns", rp_num(s, "stop_gradient_eqns"));
	verdict_vals(x, "unjitted",
	    json_object_get(json_object_get(s, "unjitted"), "verdict"),
	    second_faster);
	verdict_vals(x, "jitted",
	    json_object_get(json_object_get(s, "jit"), "verdict"),
	    second_faster);
	json_decref(j);
	return 0;
}

static rp_advice_decision_t
decide_no_cut(const rp_vals_t *x)
{
	return GET(x, "with") >= GET(x, "without")
	    ? decide(RP_ADVICE_SUPPORTED, "")
	    : decide(RP_ADVICE_NOT_SUPPORTED, "reduces");
}

/* ---- atleast-1d ---- */

/* The vmap rewrite (the sum inside the inner vmap; a scalar index; also
 * fuse's): the question against the rewrite, un-jitted and jitted, and
 * their jaxprs. */
static int
jax_rewrite(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const ps[] = {
	    "question", "rewrite", "question_jit", "rewrite_jit", NULL};
	const json_t *r[4];

	if (need(R, w, ps, r, x) != 0 || jaxpr(R, w, x) != 0)
		return -1;
	rp_vals_num(x, "q", rp_jax_work(&R->data, r[0]));
	rp_vals_num(x, "rw", rp_jax_work(&R->data, r[1]));
	rp_vals_num(x, "before", rp_jax_temp(r[2]));
	rp_vals_num(x, "after", rp_jax_temp(r[3]));
	return 0;
}

/* The axis adds memory when the program without it (a scalar index) needs
 * MEM times less. */
static rp_advice_decision_t
decide_axis(const rp_vals_t *x)
{
	return GET(x, "rw") * MEM <= GET(x, "q")
	    ? decide(RP_ADVICE_SUPPORTED, "")
	    : decide(RP_ADVICE_NOT_SUPPORTED, "");
}

/* ---- fuse (and in-place) ---- */

/* A rewrite that takes the (N,M) or (N,N) arrays away: from (before) ->
 * to (after), its peaks and times. */
static int
c_rewrite(const rp_report_t *R, rp_question_t qn, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(qn);
	const char *vs[] = {w->baseline, w->fused, NULL};
	const json_t *r[2];

	if (need_main(R, w, vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "from", PEAK(r[0]));
	rp_vals_num(x, "to", PEAK(r[1]));
	rp_vals_str(x, "tos", rp_report_peak(r[1]));
	rp_vals_num(x, "tb", w->per_step ? STEP(r[0]) : MEDIAN(r[0]));
	rp_vals_num(x, "ta", w->per_step ? STEP(r[1]) : MEDIAN(r[1]));
	rp_vals_num(x, "speedup", rp_vals_get(x, "tb") / rp_vals_get(x, "ta"));
	faster(x, "faster", r[0], r[1], MARGIN);
	return 0;
}

static int
c_fuse(const rp_report_t *R, rp_vals_t *x)
{
	return c_rewrite(R, RP_QUESTION_MEMORY, x);
}

static rp_advice_decision_t
decide_memory_time(const rp_vals_t *x)
{
	double faster = GET(x, "faster");

	if (!(GET(x, "to") * MEM <= GET(x, "from")))
		return decide(RP_ADVICE_NOT_SUPPORTED, "");
	if (isnan(faster))
		return decide(RP_ADVICE_UNDECIDED, "time_undecided");
	return faster == 1 ? decide(RP_ADVICE_SUPPORTED, "")
			   : decide(RP_ADVICE_NUANCE, "time_not_better");
}

/* A rewrite of the program (the sum inside the inner map; each particle's
 * sum) holds when it cuts XLA's temporaries by MEM. */
static rp_advice_decision_t
decide_rewrite(const rp_vals_t *x)
{
	if (GET(x, "after") * MEM <= GET(x, "before"))
		return decide(RP_ADVICE_SUPPORTED, "");
	return decide(
	    RP_ADVICE_NOT_SUPPORTED, GET(x, "same") == 1 ? "same_program" : "");
}

/* ---- jit ---- */

static int
c_jit(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const char *vs[] = {w->op_by_op, w->baseline, w->fused, NULL};
	const json_t *r[3];

	if (need_main(R, w, vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "op_by_op", PEAK(r[0]));
	rp_vals_num(x, "from", PEAK(r[1]));
	rp_vals_num(x, "fused_peak", PEAK(r[2]));
	rp_vals_str(x, "fuseds", rp_report_peak(r[2]));
	rp_vals_num(x, "cut", PEAK(r[0]) / PEAK(r[1]));
	rp_vals_num(x, "speedup", MEDIAN(r[0]) / MEDIAN(r[1]));
	return 0;
}

/* Compiling without fusion (from) halves op by op's peak; a nuance when
 * it still holds MEM times fused's workspace, counted as 1 byte or more. */
static rp_advice_decision_t
decide_jit(const rp_vals_t *x)
{
	double pm = GET(x, "from"), pf = GET(x, "fused_peak");
	int cut = pm * RP_ADVICE_JIT_CUT <= GET(x, "op_by_op");
	int still = pm > MEM * (pf > 1 ? pf : 1);

	if (!cut)
		return decide(RP_ADVICE_NOT_SUPPORTED, "");
	return still ? decide(RP_ADVICE_NUANCE, "array_kept")
		     : decide(RP_ADVICE_SUPPORTED, "");
}

static int
jax_jit(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const ps[] = {"question", "question_jit", NULL};
	const json_t *r[2];
	double q, qj;

	if (need(R, w, ps, r, x) != 0)
		return -1;
	q = rp_jax_rss_work(&R->data, r[0]);
	qj = rp_jax_rss_work(&R->data, r[1]);
	rp_vals_num(x, "q", q);
	rp_vals_num(x, "qj", qj);
	rp_vals_num(x, "cut", q / qj);
	rp_vals_num(x, "temp", rp_jax_temp(r[1]));
	rp_vals_num(x, "unit", rp_jax_unit(r[1]));
	rp_vals_num(x, "units", rp_jax_temp(r[1]) / rp_jax_unit(r[1]));
	pair_verdict(R, w, "faster", ps[0], ps[1], second_faster, x);
	return 0;
}

/* jit halves the un-jitted peak (q, qj: peak RSS less the baseline); not
 * testable when the un-jitted peak is under one (N,M) array above it. */
static rp_advice_decision_t
decide_jax_jit(const rp_vals_t *x)
{
	double unit = GET(x, "unit");

	if (!(GET(x, "q") >= unit))
		return decide(RP_ADVICE_MISSING, "too_small");
	if (!(GET(x, "qj") * RP_ADVICE_JIT_CUT <= GET(x, "q")))
		return decide(RP_ADVICE_NOT_SUPPORTED, "");
	return GET(x, "temp") >= unit ? decide(RP_ADVICE_NUANCE, "array_kept")
				      : decide(RP_ADVICE_SUPPORTED, "");
}

/* ---- batch ---- */

/* The batch size the advice names is chunked's default: Table 1's run,
 * measured in the same sweep as materialized and fused. */
static int
c_batch(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const char *vs[] = {w->baseline, w->fused, w->chunked, NULL};
	const json_t *r[3];

	if (need_main(R, w, vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "b", rp_data_chunk(r[2]));
	rp_vals_num(x, "pc", PEAK(r[2]));
	rp_vals_num(x, "pm", PEAK(r[0]));
	rp_vals_str(x, "pf", rp_report_peak(r[1]));
	rp_vals_num(x, "less", PEAK(r[0]) / PEAK(r[2]));
	rp_vals_num(x, "tc", MEDIAN(r[2]));
	rp_vals_num(x, "tm", MEDIAN(r[0]));
	rp_vals_num(x, "tf", MEDIAN(r[1]));
	faster(x, "fused_better", r[2], r[1], MARGIN);
	faster(x, "slower", r[2], r[0], MARGIN);
	return 0;
}

/* Batches cut materialized's peak by MEM; a nuance when fused or
 * materialized is faster than the batches. */
static rp_advice_decision_t
decide_batch(const rp_vals_t *x)
{
	double fb = GET(x, "fused_better"), sl = GET(x, "slower");

	if (!(GET(x, "pc") * MEM <= GET(x, "pm")))
		return decide(RP_ADVICE_NOT_SUPPORTED, "");
	if (fb == 1)
		return decide(RP_ADVICE_NUANCE, "fused_faster");
	if (sl == 1)
		return decide(RP_ADVICE_NUANCE, "batch_costs_time");
	if (isnan(fb) || isnan(sl))
		return decide(RP_ADVICE_UNDECIDED, "time_undecided");
	return decide(RP_ADVICE_SUPPORTED, "");
}

static int
jax_batch(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const ps[] = {"batched_jit", "question_jit", NULL};
	const json_t *r[2], *b = rp_jax_run(&R->data, w->name, "batched");
	const json_t *l = rp_jax_run(&R->data, w->name, "lax_map");

	if (need(R, w, ps, r, x) != 0)
		return -1;
	rp_vals_num(x, "pbj", rp_jax_rss_work(&R->data, r[0]));
	rp_vals_num(x, "pqj", rp_jax_rss_work(&R->data, r[1]));
	rp_vals_num(x, "pb", b != NULL ? rp_jax_rss_work(&R->data, b) : NAN);
	rp_vals_num(x, "tbj", rp_jax_warm_call(r[0]));
	rp_vals_num(x, "tqj", rp_jax_warm_call(r[1]));
	rp_vals_num(x, "tl", rp_jax_warm_call(l));
	rp_vals_num(x, "chunk", rp_field(r[0], RP_F_JAX_CHUNK));
	rp_vals_num(x, "unit", rp_jax_unit(r[1]));
	/* The batches are slower when question_jit (the first) is faster. */
	pair_verdict(R, w, "slower", ps[1], ps[0], first_faster, x);
	return 0;
}

/* The batched jitted loop cuts question_jit's peak (pqj, pbj: peak RSS
 * less the baseline) by MEM; not testable under one (N,M) array. */
static rp_advice_decision_t
decide_jax_batch(const rp_vals_t *x)
{
	double slower = GET(x, "slower");

	if (!(GET(x, "pqj") >= GET(x, "unit")))
		return decide(RP_ADVICE_MISSING, "too_small");
	if (!(GET(x, "pbj") * MEM <= GET(x, "pqj")))
		return decide(RP_ADVICE_NOT_SUPPORTED, "");
	if (isnan(slower))
		return decide(RP_ADVICE_UNDECIDED, "time_undecided");
	return slower == 1 ? decide(RP_ADVICE_NUANCE, "loop_costs_time")
			   : decide(RP_ADVICE_SUPPORTED, "");
}

/* ---- cause-n2 ---- */

static int
c_cause_n2(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	const char *vs[] = {w->baseline, w->reuse, w->fused, NULL};
	const json_t *r[3];
	double ir, inf, insn;

	if (need_main(R, w, vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "tn", STEP(r[0]));
	rp_vals_num(x, "tr", STEP(r[1]));
	rp_vals_num(x, "tf", STEP(r[2]));
	rp_vals_num(x, "alloc", STEP(r[0]) / STEP(r[1]));
	rp_vals_num(x, "cost", STEP(r[1]) / STEP(r[2]));
	ir = rp_field(
	    rp_data_cachesim(&R->data, w->name, vs[1]), RP_F_SIM_INSN_PER_UNIT);
	inf = rp_field(
	    rp_data_cachesim(&R->data, w->name, vs[2]), RP_F_SIM_INSN_PER_UNIT);
	insn = ir / inf;
	rp_vals_num(x, "insn", insn);
	rp_vals_num(x, "rest", STEP(r[1]) / STEP(r[2]) / insn);
	faster(x, "costly", r[0], r[2], MARGIN);
	/* Beyond the extra instructions: 1 when they were not simulated. */
	faster(x, "traffic", r[1], r[2],
	    RP_ADVICE_TIME_RATIO * (insn > 0 ? insn : 1.0) - 1.0);
	faster(x, "extra", r[1], r[2], MARGIN);
	return 0;
}

/* The all-pairs arrays cost time (fused faster than naive: costly):
 * supported when reused (no allocation) they still cost that much over
 * fused beyond their extra instructions (traffic); else a nuance: the
 * cost is their instructions (extra: fused faster than naive-reuse by the
 * plain margin) or their allocation. */
static rp_advice_decision_t
decide_cause_n2(const rp_vals_t *x)
{
	double costly = GET(x, "costly"), traffic = GET(x, "traffic");

	if (isnan(costly) || isnan(traffic))
		return decide(RP_ADVICE_UNDECIDED, "time_undecided");
	if (costly != 1)
		return decide(RP_ADVICE_NOT_SUPPORTED, "");
	if (traffic == 1)
		return decide(RP_ADVICE_SUPPORTED, "");
	return decide(RP_ADVICE_NUANCE,
	    GET(x, "extra") == 1 ? "instructions" : "allocation");
}

/* The jitted step's faults a call against XLA's temporary pages, and the
 * step with the allocator keeping freed pages against the default
 * (jax-keep.json), at the setting that helps it most. */
static int
jax_pages(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	json_t *j = need_file(R, "jax-keep.json", x), *row;
	const json_t *found = NULL;
	size_t i;

	json_array_foreach(json_object_get(j, "rows"), i, row)
	{
		if (strcmp(rp_str(row, "workload"), w->name) == 0 &&
		    strcmp(rp_str(row, "program"), "step") == 0 &&
		    (found == NULL ||
			rp_num(row, "cpu_ratio") > rp_num(found, "cpu_ratio")))
			found = row;
	}
	if (found == NULL) {
		json_decref(j);
		return missing(x, "no_part", "jax-keep.json: step");
	}
	rp_vals_num(x, "n", rp_num(found, "n"));
	rp_vals_str(x, "allocator", rp_str(found, "allocator"));
	rp_vals_num(x, "faults", rp_num(found, "faults_per_call_default"));
	rp_vals_num(x, "pages", rp_num(found, "temp_pages"));
	rp_vals_num(x, "ratio", rp_num(found, "cpu_ratio"));
	rp_vals_num(x, "share", rp_num(found, "fault_share_of_cpu_at_price"));
	verdict_vals(
	    x, "kept", json_object_get(found, "verdict"), second_faster);
	json_decref(j);
	return 0;
}

/* The all-pairs arrays slow the jitted step when keeping their pages
 * between calls makes it faster (kept) and the faults a call are their
 * pages (at least 90%): a nuance, since what costs is mapping them afresh
 * (allocation), which says nothing of their traffic. */
static rp_advice_decision_t
decide_pages(const rp_vals_t *x)
{
	double kept = GET(x, "kept");

	if (isnan(kept))
		return decide(RP_ADVICE_UNDECIDED, "time_undecided");
	if (kept == 1 && GET(x, "faults") >= 0.9 * GET(x, "pages"))
		return decide(RP_ADVICE_NUANCE, "pages");
	return decide(RP_ADVICE_NOT_SUPPORTED, "");
}

/* ---- in-place ---- */

static int
c_in_place(const rp_report_t *R, rp_vals_t *x)
{
	return c_rewrite(R, RP_QUESTION_SPEED, x);
}

/* The per-particle rewrite of the jitted step, graded as the vmap
 * rewrite is: XLA's temporaries of the two jitted programs and their
 * jaxprs; beside it their warm calls and the verdict between them, which
 * jax-verdicts.json reads as the noise of two processes. */
static int
jax_per_particle(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	static const char *const ps[] = {"step", "per_particle", NULL};
	const json_t *r[2];

	if (need(R, w, ps, r, x) != 0 || jaxpr(R, w, x) != 0)
		return -1;
	rp_vals_num(x, "before", rp_jax_temp(r[0]));
	rp_vals_num(x, "after", rp_jax_temp(r[1]));
	rp_vals_num(x, "ts", rp_jax_warm_call(r[0]));
	rp_vals_num(x, "tp", rp_jax_warm_call(r[1]));
	return 0;
}

/* ---- embed-jit and jit-scope ---- */

/* Advice about compilation scope: the C step beside it. */
static int
c_step(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	const char *vs[] = {w->baseline, w->fused, NULL};
	const json_t *r[2];

	if (need_main(R, w, vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "tn", STEP(r[0]));
	rp_vals_num(x, "tf", STEP(r[1]));
	rp_vals_num(x, "shown", STEP(r[1]));
	return 0;
}

/* Compilation scope: the double-vmapped step (the force function called
 * inside the jitted step) against the per-particle step (the sum written
 * inside it): their jaxprs. */
static int
jax_scope(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);

	if (jaxpr(R, w, x) != 0)
		return -1;
	rp_vals_num(x, "shown", rp_vals_get(x, "same"));
	return 0;
}

/* Advice that the way a step is written changes its compiled program: not
 * when they are the same program; else the jaxprs alone cannot say. */
static rp_advice_decision_t
decide_same_program(const rp_vals_t *x)
{
	return GET(x, "same") == 1
	    ? decide(RP_ADVICE_NOT_SUPPORTED, "same_program")
	    : decide(RP_ADVICE_MISSING, "");
}

/* ---- compile-loop ---- */

static int
c_compile_loop(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	rp_query_t q = {.set = w->sets.spread,
	    .workload = w->name,
	    .variant = w->baseline,
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *sn = rp_data_find(&R->data, &q), *sr;
	char why[512];

	q.variant = w->reuse;
	sr = rp_data_find(&R->data, &q);
	if (sn == NULL || sr == NULL) {
		q.variant = sn == NULL ? w->baseline : w->reuse;
		return missing(
		    x, rp_data_why_missing(&R->data, &q, why, sizeof(why)), "");
	}
	rp_vals_num(x, "tn", STEP(sn));
	rp_vals_num(x, "tr", STEP(sr));
	rp_vals_num(x, "speedup", STEP(sn) / STEP(sr));
	rp_vals_num(x, "fn", rp_field(sn, RP_F_COLD_MINOR_FAULTS));
	rp_vals_num(x, "fr", rp_field(sr, RP_F_COLD_MINOR_FAULTS));
	rp_vals_num(x, "first", rp_field(sr, RP_F_STEPS_FIRST) / STEP(sr));
	faster(x, "faster", sn, sr, MARGIN);
	return 0;
}

/* Reusing the buffers makes the step faster (faster): supported with a
 * nuance (the step stays O(N^2) in memory; compilation is not C's). */
static rp_advice_decision_t
decide_compile_loop(const rp_vals_t *x)
{
	double faster = GET(x, "faster");

	if (isnan(faster))
		return decide(RP_ADVICE_UNDECIDED, "time_undecided");
	return faster == 1 ? decide(RP_ADVICE_NUANCE, "still_n2")
			   : decide(RP_ADVICE_NOT_SUPPORTED, "");
}

static int
jax_fori(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	static const char *const ps[] = {"loop", "fori", "step", NULL};
	const json_t *r[3], *e = rp_jax_run(&R->data, w->name, "step_eager");

	if (need(R, w, ps, r, x) != 0)
		return -1;
	rp_vals_num(x, "k", rp_field(r[0], RP_F_STEPS));
	rp_vals_num(x, "tl", rp_jax_warm_call(r[0]));
	rp_vals_num(x, "tf", rp_jax_warm_call(r[1]));
	rp_vals_num(x, "ts", rp_jax_warm_call(r[2]));
	rp_vals_num(x, "te", rp_jax_warm_call(e));
	pair_verdict(R, w, "fori", "loop", "fori", second_faster, x);
	pair_verdict(R, w, "jit_step", "step_eager", "step", second_faster, x);
	return 0;
}

/* One fori_loop faster than the Python loop of jitted steps; else a
 * nuance when jit of the step is faster than op by op. */
static rp_advice_decision_t
decide_fori(const rp_vals_t *x)
{
	double fori = GET(x, "fori");

	if (fori == 1)
		return decide(RP_ADVICE_SUPPORTED, "");
	if (isnan(fori))
		return decide(RP_ADVICE_UNDECIDED, "time_undecided");
	return GET(x, "jit_step") == 1 ? decide(RP_ADVICE_NUANCE, "jit_step")
				       : decide(RP_ADVICE_NOT_SUPPORTED, "");
}

/* ---- recompile ---- */

static int
c_recompile(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	double worst = rp_colony_widest_spread(R, w, NULL);

	if (isnan(worst))
		return missing(x, "no_run", w->sets.spread);
	rp_vals_num(x, "worst", worst);
	rp_vals_num(x, "shown", worst);
	return 0;
}

/* The swing of the question's loop decomposed (jax-protocol.json) and
 * the compilations each protocol makes (jax-compiles.json: a protocol's
 * calls, each with its compiles). */
static int
jax_swing(const rp_report_t *R, rp_vals_t *x)
{
	static const struct {
		const char *name, *protocol;
		size_t call;
	} compiles[] = {
	    {"shape_new", "second_shape", 2},
	    {"shape_again", "second_shape", 3},
	    {"weak_new", "python_scalar_and_weak_type", 1},
	    {"strong", "python_scalar_and_weak_type", 2},
	    {"static_new", "python_scalar_static", 1},
	    {"traced_bound", "fori_traced_bound", 1},
	    {"static_bound", "fori_static_bound", 1},
	};
	json_t *p = need_file(R, "jax-protocol.json", x);
	json_t *c = p != NULL ? need_file(R, "jax-compiles.json", x) : NULL;
	const json_t *s = json_object_get(p, "swing");
	const json_t *f = json_object_get(s, "factors");
	const json_t *cc = json_object_get(c, "compiles");
	double first = rp_num(f, "first_over_waited");
	double bound = rp_num(f, "new_bound_over_waited");

	if (p == NULL || c == NULL) {
		json_decref(p);
		return -1;
	}
	if (s == NULL || cc == NULL) {
		json_decref(p);
		json_decref(c);
		return missing(x, "no_part",
		    s == NULL ? "jax-protocol.json: swing"
			      : "jax-compiles.json");
	}
	rp_vals_num(x, "n", rp_num(s, "n"));
	rp_vals_num(x, "span", rp_num(s, "span"));
	rp_vals_num(x, "wait", rp_num(f, "waited_over_unwaited"));
	rp_vals_num(x, "first", first);
	rp_vals_num(x, "bound", bound);
	rp_vals_num(x, "comp", first > bound || isnan(bound) ? first : bound);
	for (size_t i = 0; i < sizeof(compiles) / sizeof(compiles[0]); i++)
		rp_vals_num(x, compiles[i].name,
		    rp_num(json_array_get(
			       json_object_get(cc, compiles[i].protocol),
			       compiles[i].call),
			"compiles"));
	json_decref(p);
	json_decref(c);
	return 0;
}

/* The swing from the fastest to the slowest call (span) is compilation's
 * when compiling (comp: a compiling call over a warm one) makes at least
 * half of it on a log scale: supported; a nuance when compiling makes the
 * TIME ratio or more but less than half (the rest is timing unwaited);
 * else not. */
static rp_advice_decision_t
decide_swing(const rp_vals_t *x)
{
	double span = GET(x, "span"), comp = GET(x, "comp");

	if (!(comp >= RP_ADVICE_TIME_RATIO) || !(span > 1))
		return decide(RP_ADVICE_NOT_SUPPORTED, "");
	return log(comp) >= 0.5 * log(span)
	    ? decide(RP_ADVICE_SUPPORTED, "")
	    : decide(RP_ADVICE_NUANCE, "mostly_unwaited");
}

/* ---- warm-up ---- */

static int
c_warm_up(const rp_report_t *R, rp_vals_t *x)
{
	rp_variant_run_t vr[RP_WORKLOAD_MAX_RUNS];
	size_t nv = rp_workload_main_runs(&R->data, vr, RP_WORKLOAD_MAX_RUNS);
	double q[RP_WORKLOAD_MAX_RUNS], worst = NAN;
	const json_t *wr = NULL;
	size_t nq = 0;
	char label[128];

	for (size_t i = 0; i < nv; i++) {
		const json_t *r = vr[i].main;
		if (r == NULL || rp_field(r, RP_F_TIME_REPEATS) < 1)
			continue;
		q[nq] = rp_field(r, RP_F_TIME_COLD) / MEDIAN(r);
		if (isnan(worst) || q[nq] > worst) {
			worst = q[nq];
			wr = r;
		}
		nq++;
	}
	if (nq == 0)
		return missing(x, "no_repeats", "");
	snprintf(label, sizeof(label), "%s/%s", rp_str(wr, "workload"),
	    rp_str(wr, "variant"));
	rp_vals_num(x, "count", (double)nq);
	rp_vals_num(x, "median", hx_stats_median(q, nq));
	rp_vals_num(x, "shown", hx_stats_median(q, nq));
	rp_vals_num(x, "worst", worst);
	rp_vals_str(x, "worst_run", label);
	rp_vals_num(x, "cold_faults", rp_field(wr, RP_F_COLD_MINOR_FAULTS));
	rp_vals_num(x, "timed_faults", rp_field(wr, RP_F_MINOR_FAULTS));
	return 0;
}

static int
jax_wait(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	static const char *const ps[] = {"step", NULL};
	const json_t *r[1];

	if (need(R, w, ps, r, x) != 0)
		return -1;
	rp_vals_num(x, "first", rp_field(r[0], RP_F_JAX_FIRST_CALL));
	rp_vals_num(x, "compile", rp_field(r[0], RP_F_JAX_COMPILE));
	rp_vals_num(x, "warm", rp_jax_warm_call(r[0]));
	rp_vals_num(x, "unb", rp_jax_median(r[0], "unblocked_call_s"));
	return 0;
}

/* A cold first call and an asynchronous dispatch (rp_advice_dispatch):
 * supported; one of the two: a nuance. */
static rp_advice_decision_t
decide_wait(const rp_vals_t *x)
{
	double w = GET(x, "warm");
	int cold = GET(x, "first") >= RP_ADVICE_TIME_RATIO * w;
	int async = rp_advice_dispatch(GET(x, "unb"), w);

	if (cold && async)
		return decide(RP_ADVICE_SUPPORTED, "");
	if (cold || async)
		return decide(RP_ADVICE_NUANCE, cold ? "no_async" : "no_cold");
	return decide(RP_ADVICE_NOT_SUPPORTED, "");
}

/* ---- profiler ---- */

/* What a profiler trace of the jitted steps shows and what it costs
 * (jax-protocol.json's profiler). */
static int
jax_profiler(const rp_report_t *R, rp_vals_t *x)
{
	json_t *j = need_file(R, "jax-protocol.json", x);
	const json_t *p = json_object_get(j, "profiler");
	const json_t *t = json_object_get(p, "trace");

	if (j == NULL)
		return -1;
	if (t == NULL) {
		json_decref(j);
		return missing(x, "no_part", "jax-protocol.json: profiler");
	}
	rp_vals_num(x, "n", rp_num(p, "n"));
	rp_vals_num(x, "spans", rp_num(t, "spans"));
	rp_vals_num(x, "counters", rp_num(t, "counter_events"));
	rp_vals_num(x, "memory_events",
	    (double)json_array_size(json_object_get(t, "memory_named_events")));
	rp_vals_num(x, "kernels", rp_num(t, "kernels_us") / 1e6);
	rp_vals_num(x, "session", rp_num(p, "session_over_plain"));
	rp_vals_num(x, "call", rp_num(p, "call_over_plain"));
	rp_vals_num(x, "trace_bytes", rp_num(p, "trace_bytes"));
	json_decref(j);
	return 0;
}

/* The trace shows where the time goes (kernel spans) and where memory
 * goes (counter events of memory): supported; time alone: a nuance. */
static rp_advice_decision_t
decide_profiler(const rp_vals_t *x)
{
	if (!(GET(x, "spans") > 0))
		return decide(RP_ADVICE_NOT_SUPPORTED, "");
	return GET(x, "counters") > 0 ? decide(RP_ADVICE_SUPPORTED, "")
				      : decide(RP_ADVICE_NUANCE, "no_memory");
}

/* ---- the table ---- */

#define SIDE(m, d, f)                                                          \
	{                                                                      \
		.measure = m, .decide = d, .facts = f                          \
	}
/* The values a side's words quote: a name and how it prints, ending in
 * a NULL name. */
#define VALUES(...)                                                            \
	((const rp_advice_value_t[]){__VA_ARGS__, {NULL, RP_ADVICE_STRING}})
/* A kind a line, as the table it is. */
/* clang-format off */
#define BYTES(n) {n, RP_FACT_BYTES}
#define TIME(n) {n, RP_FACT_TIME}
#define RATIO(n) {n, RP_FACT_RATIO}
#define SIZE(n) {n, RP_FACT_SIZE}
#define COUNT(n) {n, RP_FACT_COUNT}
#define SHARE(n) {n, RP_FACT_PERCENT}
#define FIXED2(n) {n, RP_FACT_FIXED2}
#define NUMBER(n) {n, RP_FACT_NUMBER}
#define STR(n) {n, RP_ADVICE_STRING}
/* clang-format on */
/* A time value's facts: its answer, its interval, its spread. */
#define TIMED(k) COUNT(k), RATIO(k "_lo"), RATIO(k "_hi"), SHARE(k "_spread")

const rp_advice_t rp_advice[] = {
    {"cause-nm", RP_QUESTION_MEMORY,
	{{RP_QUESTION_MEMORY, "memory"}, {RP_QUESTION_MEMORY, "timeline"}},
	SIDE(c_cause_nm, decide_cause_nm,
	    VALUES(BYTES("nm"), BYTES("pm"), BYTES("pe"), NUMBER("k"))),
	SIDE(jax_cause_nm, decide_jax_cause_nm,
	    VALUES(SIZE("n"), BYTES("q"), BYTES("temp"), BYTES("unit"),
		FIXED2("units")))},
    {"stop-gradient", RP_QUESTION_MEMORY, {{RP_QUESTION_MEMORY, "timeline"}},
	SIDE(c_op_by_op, rp_advice_decide_cannot,
	    VALUES(BYTES("pe"), BYTES("bare"))),
	SIDE(jax_stop_gradient, decide_no_cut,
	    VALUES(SIZE("n"), SIZE("m"), BYTES("with"), BYTES("without"),
		COUNT("eqns"), TIMED("unjitted"), TIMED("jitted")))},
    {"atleast-1d", RP_QUESTION_MEMORY, {{RP_QUESTION_MEMORY, "memory"}},
	SIDE(c_op_by_op, rp_advice_decide_cannot, VALUES(BYTES("gather"))),
	SIDE(jax_rewrite, decide_axis,
	    VALUES(SIZE("n"), BYTES("q"), BYTES("rw"), COUNT("same")))},
    {"fuse", RP_QUESTION_MEMORY,
	{{RP_QUESTION_MEMORY, "memory"}, {RP_QUESTION_MEMORY, "time"}},
	SIDE(c_fuse, decide_memory_time,
	    VALUES(SIZE("n"), BYTES("from"), STR("tos"), TIME("tb"), TIME("ta"),
		RATIO("speedup"), TIMED("faster"))),
	SIDE(jax_rewrite, decide_rewrite,
	    VALUES(SIZE("n"), BYTES("q"), BYTES("rw"), BYTES("before"),
		BYTES("after"), COUNT("same"), COUNT("eq_a"), COUNT("eq_b")))},
    {"jit", RP_QUESTION_MEMORY,
	{{RP_QUESTION_MEMORY, "memory"}, {RP_QUESTION_MEMORY, "timeline"}},
	SIDE(c_jit, decide_jit,
	    VALUES(BYTES("op_by_op"), BYTES("from"), STR("fuseds"),
		RATIO("cut"), RATIO("speedup"))),
	SIDE(jax_jit, decide_jax_jit,
	    VALUES(SIZE("n"), BYTES("q"), BYTES("qj"), RATIO("cut"),
		BYTES("temp"), FIXED2("units"), TIMED("faster")))},
    {"batch", RP_QUESTION_MEMORY, {{RP_QUESTION_MEMORY, "chunk"}},
	SIDE(c_batch, decide_batch,
	    VALUES(SIZE("n"), COUNT("b"), BYTES("pc"), BYTES("pm"), STR("pf"),
		RATIO("less"), TIME("tc"), TIME("tm"), TIME("tf"),
		TIMED("fused_better"), TIMED("slower"))),
	SIDE(jax_batch, decide_jax_batch,
	    VALUES(SIZE("n"), COUNT("chunk"), BYTES("pbj"), BYTES("pqj"),
		BYTES("pb"), TIME("tbj"), TIME("tqj"), TIME("tl"),
		TIMED("slower")))},
    {"cause-n2", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "time"}},
	SIDE(c_cause_n2, decide_cause_n2,
	    VALUES(SIZE("n"), TIME("tn"), TIME("tr"), TIME("tf"),
		RATIO("alloc"), RATIO("cost"), RATIO("insn"), RATIO("rest"),
		TIMED("traffic"))),
	SIDE(jax_pages, decide_pages,
	    VALUES(SIZE("n"), STR("allocator"), COUNT("faults"), COUNT("pages"),
		RATIO("ratio"), SHARE("share"), TIMED("kept")))},
    {"in-place", RP_QUESTION_SPEED,
	{{RP_QUESTION_SPEED, "memory"}, {RP_QUESTION_SPEED, "time"}},
	SIDE(c_in_place, decide_memory_time,
	    VALUES(SIZE("n"), BYTES("from"), STR("tos"), TIME("tb"), TIME("ta"),
		RATIO("speedup"), TIMED("faster"))),
	SIDE(jax_per_particle, decide_rewrite,
	    VALUES(SIZE("n"), BYTES("before"), BYTES("after"), COUNT("same"),
		COUNT("eq_a"), COUNT("eq_b"), TIME("ts"), TIME("tp")))},
    {"embed-jit", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "time"}},
	SIDE(c_step, rp_advice_decide_cannot, VALUES(TIME("tn"), TIME("tf"))),
	SIDE(jax_scope, decide_same_program,
	    VALUES(COUNT("same"), COUNT("eq_a"), COUNT("eq_b")))},
    {"jit-scope", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "time"}},
	SIDE(c_step, rp_advice_decide_cannot, VALUES(TIME("tf"))),
	SIDE(jax_scope, decide_same_program,
	    VALUES(COUNT("same"), COUNT("eq_a"), COUNT("eq_b")))},
    {"compile-loop", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "spread"}},
	SIDE(c_compile_loop, decide_compile_loop,
	    VALUES(TIME("tn"), TIME("tr"), RATIO("speedup"), COUNT("fn"),
		COUNT("fr"), RATIO("first"), TIMED("faster"))),
	SIDE(jax_fori, decide_fori,
	    VALUES(SIZE("n"), COUNT("k"), TIME("tl"), TIME("tf"), TIME("ts"),
		TIME("te"), TIMED("fori"), TIMED("jit_step")))},
    {"recompile", RP_QUESTION_SPEED, {{RP_QUESTION_SPEED, "spread"}},
	SIDE(c_recompile, rp_advice_decide_cannot, VALUES(RATIO("worst"))),
	SIDE(jax_swing, decide_swing,
	    VALUES(SIZE("n"), RATIO("span"), RATIO("wait"), RATIO("first"),
		RATIO("bound"), RATIO("comp"), COUNT("shape_new"),
		COUNT("shape_again"), COUNT("weak_new"), COUNT("strong"),
		COUNT("static_new"), COUNT("traced_bound"),
		COUNT("static_bound")))},
    {"warm-up", RP_QUESTION_SPEED, {{RP_QUESTION_NONE, "cold-warm"}},
	SIDE(c_warm_up, rp_advice_decide_cannot,
	    VALUES(COUNT("count"), RATIO("median"), RATIO("worst"),
		STR("worst_run"), COUNT("cold_faults"), COUNT("timed_faults"))),
	SIDE(jax_wait, decide_wait,
	    VALUES(SIZE("n"), TIME("first"), TIME("compile"), TIME("warm"),
		TIME("unb")))},
    {"profiler", RP_QUESTION_SPEED, {{RP_QUESTION_MEMORY, "timeline"}},
	SIDE(c_op_by_op, rp_advice_decide_cannot,
	    VALUES(BYTES("tl"), BYTES("pe"))),
	SIDE(jax_profiler, decide_profiler,
	    VALUES(SIZE("n"), COUNT("spans"), COUNT("counters"),
		COUNT("memory_events"), TIME("kernels"), RATIO("session"),
		RATIO("call"), BYTES("trace_bytes")))},
};

const size_t rp_advice_count = sizeof(rp_advice) / sizeof(rp_advice[0]);

const rp_advice_t *
rp_advice_find(const char *id)
{
	for (size_t i = 0; i < rp_advice_count; i++)
		if (strcmp(rp_advice[i].id, id) == 0)
			return &rp_advice[i];
	return NULL;
}

const char *
rp_advice_word(rp_advice_verdict_t v)
{
	static const char *const words[] = {"supported", "nuance",
	    "not_supported", "undecided", "missing", "cannot"};
	return v <= RP_ADVICE_CANNOT ? words[v] : "?";
}

rp_advice_verdict_t
rp_advice_final(rp_advice_verdict_t c, rp_advice_verdict_t jax, int *by_jax)
{
	*by_jax = jax != RP_ADVICE_MISSING && jax != RP_ADVICE_CANNOT;
	return *by_jax ? jax : c;
}

/* One side's verdict ("missing" when its measurement fails), note, why
 * it could not be measured and what was missing, and the values its
 * words quote, as advice.ID.SIDE.NAME; its verdict. */
static rp_advice_verdict_t
side_facts(
    rp_report_t *R, const char *id, const char *side, const rp_advice_side_t *s)
{
	rp_vals_t x = {.n = 0};
	rp_advice_decision_t d = {RP_ADVICE_MISSING, ""};

	if (s->measure(R, &x) == 0)
		d = s->decide(&x);
	rp_fact_str(&R->facts, rp_advice_word(d.verdict), NULL,
	    "advice.%s.%s.verdict", id, side);
	rp_fact_str(&R->facts, d.note, NULL, "advice.%s.%s.note", id, side);
	rp_fact_str(&R->facts, rp_vals_get_str(&x, "why"), NULL,
	    "advice.%s.%s.why", id, side);
	rp_fact_str(&R->facts, rp_vals_get_str(&x, "what"), NULL,
	    "advice.%s.%s.what", id, side);
	for (const rp_advice_value_t *t = s->facts; t->name != NULL; t++)
		if (t->kind == RP_ADVICE_STRING)
			rp_fact_str(&R->facts, rp_vals_get_str(&x, t->name),
			    NULL, "advice.%s.%s.%s", id, side, t->name);
		else
			rp_fact_num(&R->facts, (rp_fact_kind_t)t->kind,
			    rp_vals_get(&x, t->name), NULL, "advice.%s.%s.%s",
			    id, side, t->name);
	return d.verdict;
}

/* The figures a row cites, "Figure 3, Figure 5". */
static void
figure_facts(rp_report_t *R, const char *id, const rp_advice_t *a)
{
	char buf[256] = "", name[64];
	size_t used = 0;

	for (int k = 0; k < RP_ADVICE_FIGS && a->figures[k].what != NULL; k++) {
		const rp_advice_fig_t *f = &a->figures[k];
		if (f->of != RP_QUESTION_NONE)
			snprintf(name, sizeof(name), "%s",
			    rp_workload_fig(
				rp_workload_question(f->of), f->what));
		else
			snprintf(name, sizeof(name), "fig-%s", f->what);
		used += (size_t)snprintf(buf + used, sizeof(buf) - used, "%s%s",
		    k ? ", " : "", rp_report_cite(R, name));
		if (used >= sizeof(buf))
			break;
	}
	rp_fact_str(&R->facts, buf, NULL, "advice.%s.figures", id);
}

void
rp_advice_facts(rp_report_t *R)
{
	static const struct {
		const char *name;
		rp_fact_kind_t kind;
		double value;
	} thresholds[] = {
	    {"memory_factor", RP_FACT_NUMBER, RP_ADVICE_MEMORY_FACTOR},
	    {"time_ratio", RP_FACT_RATIO, RP_ADVICE_TIME_RATIO},
	    {"level", RP_FACT_PERCENT, RP_ADVICE_LEVEL},
	};
	static const char *const sides[] = {"c", "jax"};
	json_t *ids = json_array();
	char id[64];
	int by_jax;

	for (size_t i = 0; i < sizeof(thresholds) / sizeof(thresholds[0]); i++)
		rp_fact_num(&R->facts, thresholds[i].kind, thresholds[i].value,
		    NULL, "advice.%s", thresholds[i].name);
	for (size_t i = 0; i < rp_advice_count; i++) {
		const rp_advice_t *a = &rp_advice[i];
		rp_advice_verdict_t c, j, v;

		snprintf(id, sizeof(id), "%s", a->id);
		rp_facts_name_clean(id);
		json_array_append_new(ids, json_string(id));
		rp_fact_str(&R->facts, rp_workload_question(a->question)->name,
		    NULL, "advice.%s.question", id);
		c = side_facts(R, id, sides[0], &a->c);
		j = side_facts(R, id, sides[1], &a->jax);
		v = rp_advice_final(c, j, &by_jax);
		rp_fact_str(&R->facts, rp_advice_word(v), NULL,
		    "advice.%s.verdict", id);
		rp_fact_str(&R->facts, sides[by_jax], NULL, "advice.%s.by", id);
		figure_facts(R, id, a);
	}
	rp_fact_list(&R->facts, ids, "advice.ids");
}
