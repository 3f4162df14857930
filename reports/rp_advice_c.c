/*
 * rp_advice_c: the C side of the advice table (rp_advice.h): each row's
 * values from the C runs, found by name, and its time claims decided by
 * the runs' own samples (rp_advice_time).
 */
#include <math.h>
#include <stdio.h>

#include "hx_fields.h"
#include "hx_stats.h"
#include "rp_advice.h"
#include "rp_colony.h"

#define PEAK(r) rp_field(r, RP_F_PEAK_WORKSPACE)
#define MEDIAN(r) rp_field(r, RP_F_TIME_MEDIAN)
#define STEP(r) rp_field(r, RP_F_STEPS_MEDIAN)
/* A time claim's margin: the ratio it must clear, as a fraction. */
#define MARGIN (RP_ADVICE_TIME_RATIO - 1.0)
/* The most samples of a run compared. */
#define SAMPLES_MAX 256

/* The main runs of variants (NULL-terminated) of a workload into out;
 * -1 with "why" for the first missing one. */
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
		rp_vals_str(x, "why",
		    rp_data_why_missing(&R->data, &q, why, sizeof(why)));
		return -1;
	}
	rp_vals_num(x, "n", rp_data_max_n(&R->data, w->sets.main, w->name));
	return 0;
}

/* Whether run b is faster than run a by margin, by their samples, as
 * rp_advice_time's named values KEY*. */
static void
faster(rp_vals_t *x, const char *key, const json_t *a, const json_t *b,
    double margin)
{
	double sa[SAMPLES_MAX], sb[SAMPLES_MAX];
	size_t na = rp_data_samples(a, sa, SAMPLES_MAX),
	       nb = rp_data_samples(b, sb, SAMPLES_MAX);

	rp_advice_time(x, key, sa, na, sb, nb, margin);
}

int
rp_advice_c_cause_nm(const rp_report_t *R, rp_vals_t *x)
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

/* What the op-by-op run shows beside advice C cannot test: its peak,
 * the liveness walk's bytes, the (N,M,4) gather's. */
int
rp_advice_c_op_by_op(const rp_report_t *R, rp_vals_t *x)
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

/* A rewrite that takes the (N,M) or (N,N) arrays away: from (before) ->
 * to (after), its peaks and times; colony's also the memory exponents of
 * its figure. */
static int
rewrite(const rp_report_t *R, rp_question_t qn, rp_vals_t *x)
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

int
rp_advice_c_fuse(const rp_report_t *R, rp_vals_t *x)
{
	return rewrite(R, RP_QUESTION_MEMORY, x);
}

int
rp_advice_c_in_place(const rp_report_t *R, rp_vals_t *x)
{
	return rewrite(R, RP_QUESTION_SPEED, x);
}

int
rp_advice_c_jit(const rp_report_t *R, rp_vals_t *x)
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

/* The batch size the advice names is chunked's default: Table 1's run,
 * measured in the same sweep as materialized and fused. */
int
rp_advice_c_batch(const rp_report_t *R, rp_vals_t *x)
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

int
rp_advice_c_cause_n2(const rp_report_t *R, rp_vals_t *x)
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

/* Advice about compilation scope: the C step beside it. */
int
rp_advice_c_step(const rp_report_t *R, rp_vals_t *x)
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

int
rp_advice_c_compile_loop(const rp_report_t *R, rp_vals_t *x)
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
		rp_vals_str(x, "why",
		    rp_data_why_missing(&R->data, &q, why, sizeof(why)));
		return -1;
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

int
rp_advice_c_recompile(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	double worst = rp_colony_widest_spread(R, w, NULL);

	if (isnan(worst)) {
		rp_vals_str(x, "why", "no_run");
		rp_vals_str(x, "what", w->sets.spread);
		return -1;
	}
	rp_vals_num(x, "worst", worst);
	rp_vals_num(x, "shown", worst);
	return 0;
}

int
rp_advice_c_warm_up(const rp_report_t *R, rp_vals_t *x)
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
	if (nq == 0) {
		rp_vals_str(x, "why", "no_repeats");
		return -1;
	}
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
