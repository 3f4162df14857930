/*
 * rp_limiter: what limits each variant (see rp_limiter.h): the one rule
 * deciding each variant's limiter from measured discriminators or its time
 * model, then the notebook section's facts, by the model or by the rule.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_bandwidth.h"
#include "rp_colony.h"
#include "rp_limiter.h"
#include "rp_text.h"
#include "rp_workloads.h"

#define SHARE RP_LIMITER_SHARE

rp_limiter_t
rp_limiter_decide(const rp_limiter_in_t *in)
{
	rp_limiter_t v = {RP_LIMIT_UNDETERMINED, NAN, NULL};
	double allow =
	    isnan(in->allowance) ? RP_LIMITER_INSN_ALLOWANCE : in->allowance;
	double fault_share = in->faults * in->fault_cost_s / in->time_s;

	if (!(in->time_s > 0)) {
		v.kind = RP_LIMIT_UNMEASURED;
		return v;
	}
	if (in->model_term != NULL) {
		if (fabs(in->model_error) <= RP_LIMITER_MODEL_TOLERANCE &&
		    strcmp(in->model_term, "not determined") != 0)
			v.kind = RP_LIMIT_MODEL, v.share = in->model_share,
			v.term = in->model_term;
		return v;
	}
	if (in->gflops / in->fma >= SHARE)
		v.kind = RP_LIMIT_COMPUTE, v.share = in->gflops / in->fma;
	else if (in->ipu / in->ipu_min >= allow)
		v.kind = RP_LIMIT_INSTRUCTIONS, v.share = in->ipu / in->ipu_min;
	else if (in->bytes_per_s / in->triad >= SHARE)
		v.kind = RP_LIMIT_BANDWIDTH,
		v.share = in->bytes_per_s / in->triad;
	else if (in->miss_bytes_s / in->miss_triad >= SHARE)
		v.kind = RP_LIMIT_CACHE,
		v.share = in->miss_bytes_s / in->miss_triad;
	else if (fault_share >= SHARE)
		v.kind = RP_LIMIT_FAULTS, v.share = fault_share;
	return v;
}

const char *
rp_limiter_word(rp_limit_t kind)
{
	static const char *const words[] = {"compute", "instructions",
	    "bandwidth", "cache misses", "page faults", "the model's term",
	    "not determined", "not measured"};
	return kind <= RP_LIMIT_UNMEASURED ? words[kind] : "?";
}

const char *
rp_limiter_term_word(const char *term)
{
	static const char *const words[][2] = {
	    {"fma", "multiply-adds (FMA)"},
	    {"addmul", "adds and multiplies"},
	    {"divsqrt", "divides and square roots"},
	    {"gather", "gathers"},
	    {"load", "loads"},
	    {"store", "stores"},
	    {"shuffle", "shuffles and blends"},
	    {"other", "integer and control instructions"},
	    {"latency", "dependency chains"},
	    {"l2", "L2 traffic"},
	    {"l3", "L3 traffic"},
	    {"dram", "DRAM bandwidth"},
	    {"faults", "page faults"},
	    {"passes", "loops beside the hot loop"},
	};

	for (size_t i = 0; term != NULL && i < sizeof(words) / sizeof(words[0]);
	     i++)
		if (strcmp(term, words[i][0]) == 0)
			return words[i][1];
	return term != NULL ? term : "?";
}

const char *
rp_limiter_verdict_word(const rp_limiter_t *v)
{
	return v->kind == RP_LIMIT_MODEL ? rp_limiter_term_word(v->term)
					 : rp_limiter_word(v->kind);
}

/* The run's time model into in (model_term NULL when it has none): the
 * limiter's term, its seconds and share, the prediction and its error. */
static void
model_of(const json_t *r, rp_limiter_in_t *in)
{
	const json_t *t;
	size_t i;

	in->model_term = NULL;
	in->model_share = in->model_term_s = NAN;
	in->model_predicted = rp_field(r, RP_F_MODEL_PREDICTED);
	in->model_error = rp_field(r, RP_F_MODEL_ERROR);
	in->model_term =
	    json_string_value(rp_field_json(r, RP_F_MODEL_LIMITER));
	if (in->model_term == NULL)
		return;
	json_array_foreach(rp_field_json(r, RP_F_MODEL_TERMS), i, t)
	{
		if (strcmp(rp_str(t, "name"), in->model_term) == 0) {
			in->model_share = rp_num(t, "share");
			in->model_term_s = rp_num(t, "seconds");
		}
	}
}

double
rp_limiter_fault_twin(const rp_data_t *D, const char **label)
{
	/* The pair whose difference is allocation and page faults alone: the
	 * speed question's baseline, fresh buffers every step, against the
	 * same loops with its buffers kept (its reuse role). */
	const rp_workload_t *wl = rp_workload_question(RP_QUESTION_SPEED);
	const char *w = wl->name;
	const json_t *a = rp_data_main_run(D, w, wl->baseline);
	const json_t *b = rp_data_main_run(D, w, wl->reuse);
	double df =
	    rp_field(a, RP_F_MINOR_FAULTS) - rp_field(b, RP_F_MINOR_FAULTS);
	double dt =
	    rp_field(a, RP_F_TIME_MEDIAN) - rp_field(b, RP_F_TIME_MEDIAN);
	static char buf[128];

	snprintf(
	    buf, sizeof(buf), "%s %s against %s", w, wl->baseline, wl->reuse);
	*label = buf;
	if (a == NULL || b == NULL ||
	    rp_str(a, "_set")[0] != rp_str(b, "_set")[0] ||
	    strcmp(rp_str(a, "_set"), rp_str(b, "_set")) != 0 ||
	    !isnan(rp_field(a, RP_F_THREADS)) ||
	    !isnan(rp_field(b, RP_F_THREADS)) || !(df > 0) || !(dt > 0))
		return NAN;
	return dt / df;
}

/* The ceilings' cost of one minor fault (minor_fault_s), or NAN when the
 * data has none. */
static double
fault_ceiling(const rp_data_t *D)
{
	double c = rp_num(D->ceilings, "minor_fault_s");

	return c > 0 ? c : NAN;
}

double
rp_limiter_fault_cost(const rp_data_t *D, const char **label)
{
	double c = fault_ceiling(D);

	if (!isnan(c)) {
		*label = "the first write to fresh pages, `harness ceilings`";
		return c;
	}
	return rp_limiter_fault_twin(D, label);
}

/* The instructions per unit of the cache simulation, and the lowest of
 * another variant of the same workload and the same flops per unit. */
static void
instructions(const rp_data_t *D, const json_t *r, rp_limiter_in_t *in)
{
	const char *w = rp_field_str(r, RP_F_WORKLOAD),
		   *v = rp_field_str(r, RP_F_VARIANT);
	const json_t *cs = rp_data_cachesim(D, w, v);
	double fpu =
	    rp_field(r, RP_F_WORK_FLOPS) / rp_field(r, RP_F_WORK_UNITS);
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv = rp_data_variants(D, w, NULL, vs, RP_DATA_MAX_VARIANTS);

	in->ipu = rp_field(cs, RP_F_SIM_INSN_PER_UNIT);
	if (isnan(in->ipu) && cs != NULL)
		in->ipu =
		    rp_field(cs, RP_F_SIM_IR) / rp_field(cs, RP_F_WORK_UNITS);
	in->ipu_min = rp_field(cs, RP_F_SIM_INSN_MIN_PER_UNIT);
	in->allowance = rp_field(cs, RP_F_SIM_INSN_ALLOWANCE);
	in->ipu_low = NAN;
	in->low_name = NULL;
	for (size_t i = 0; i < nv && cs != NULL; i++) {
		const json_t *o = rp_data_cachesim(D, w, vs[i]);
		const json_t *om = rp_data_main_run(D, w, vs[i]);
		double ipu =
		    rp_field(o, RP_F_SIM_IR) / rp_field(o, RP_F_WORK_UNITS);
		double f = rp_field(om, RP_F_WORK_FLOPS) /
		    rp_field(om, RP_F_WORK_UNITS);
		if (o == NULL || o == cs || fabs(f - fpu) > 1e-9 * fpu)
			continue;
		if (isnan(in->ipu_low) || ipu < in->ipu_low)
			in->ipu_low = ipu, in->low_name = vs[i];
	}
}

/* The simulated L1 misses' bytes per second, both sides at the simulated
 * size: the misses per unit of the simulation over the time per unit of a
 * one-thread run at the same N and M, against the triad of the level that
 * holds that run's working set. */
static void
sim_traffic(
    const rp_data_t *D, const json_t *r, const json_t *cs, rp_limiter_in_t *in)
{
	rp_query_t q = {.workload = rp_field_str(r, RP_F_WORKLOAD),
	    .variant = rp_field_str(r, RP_F_VARIANT),
	    .n = rp_field(cs, RP_F_N),
	    .threads = 1,
	    .alloc = RP_ALLOC_JEMALLOC};
	const rp_workload_t *wl = rp_workload_find(q.workload);
	const json_t *at = NULL, *e;
	size_t i;

	in->miss_bytes_s = NAN;
	in->miss_level = NULL;
	in->miss_triad = NAN;
	if (cs == NULL)
		return;
	/* The scaling sweep's run at that N first (Table 4's, measured beside
	 * the other variants), then any set's: not whichever file loads
	 * first. */
	for (int pass = 0; pass < 2 && at == NULL; pass++) {
		q.set = pass == 0 && wl != NULL ? wl->sets.scale_all : NULL;
		if (pass == 0 && q.set == NULL)
			continue;
		json_array_foreach(D->runs, i, e)
		{
			double m = rp_field(e, RP_F_M);
			double cm = rp_field(cs, RP_F_M);
			/* m: the same, or absent from both (colony). */
			if (rp_data_run_matches(e, &q) &&
			    (m == cm || (isnan(m) && isnan(cm)))) {
				at = e;
				break;
			}
		}
	}
	if (at == NULL)
		return;
	in->miss_level = rp_bandwidth_level(at,
	    rp_field(at, RP_F_PEAK_WORKSPACE) + rp_field(at, RP_F_INPUT_BYTES));
	in->miss_triad = rp_bandwidth_ceiling(D, in->miss_level, 1).bytes_per_s;
	in->miss_bytes_s = rp_field(cs, RP_F_SIM_D1_PER_UNIT) *
	    RP_LIMITER_LINE / rp_field(at, RP_F_NS_PER_UNIT) * 1e9;
}

rp_limiter_t
rp_limiter_of(const rp_data_t *D, const char *workload, const char *variant,
    rp_limiter_in_t *in)
{
	const json_t *r = rp_data_main_run(D, workload, variant);
	const json_t *cs = rp_data_cachesim(D, workload, variant);
	double ws =
	    rp_field(r, RP_F_PEAK_WORKSPACE) + rp_field(r, RP_F_INPUT_BYTES);

	memset(in, 0, sizeof(*in));
	in->time_s = r != NULL ? rp_field(r, RP_F_TIME_MEDIAN) : NAN;
	in->gflops = rp_field(r, RP_F_GFLOPS);
	in->fma = 1e-9 * rp_num(D->ceilings, "fma_flops_per_s");
	in->bytes_per_s = 1e9 * rp_field(r, RP_F_GBYTES);
	in->level = r != NULL ? rp_bandwidth_level(r, ws) : "DRAM";
	in->triad = rp_bandwidth_ceiling(D, in->level, 1).bytes_per_s;
	sim_traffic(D, r, cs, in);
	in->faults = rp_field(r, RP_F_MINOR_FAULTS);
	in->fault_cost_s = rp_limiter_fault_cost(D, &in->twin);
	instructions(D, r, in);
	model_of(r, in);
	return rp_limiter_decide(in);
}

/* A keyword per kind, for templates to choose words by. */
static const char *
limiter_key(rp_limit_t kind)
{
	static const char *const keys[] = {"compute", "instructions",
	    "bandwidth", "cache", "faults", "model", "undetermined",
	    "unmeasured"};
	return kind <= RP_LIMIT_UNMEASURED ? keys[kind] : "?";
}

/* The model's prediction against the median under at (.predicted,
 * .error), and beyond the tolerance what the terms leave unexplained or
 * predict too much (.unexplained, .overpredicted): a verdict's and the
 * model table's row alike. */
static void
prediction_facts(
    rp_facts_t *F, const rp_limiter_in_t *in, const json_t *r, const char *at)
{
	double off = in->model_predicted - in->time_s;

	rp_fact_num(
	    F, RP_FACT_TIME, in->model_predicted, r, "%s.predicted", at);
	rp_fact_text(F, RP_FACT_PERCENT, in->model_error,
	    rp_text_fmt_num(100 * in->model_error, "%+.0f%%"), r, "%s.error",
	    at);
	rp_fact_num(F, RP_FACT_TIME,
	    fabs(in->model_error) > RP_LIMITER_MODEL_TOLERANCE ? fabs(off)
							       : NAN,
	    r, "%s.unexplained", at);
	rp_fact_bool(F, off > 0, r, "%s.overpredicted", at);
}

/* The model's half of a verdict's facts: the limiter's term, and the
 * prediction. */
static void
verdict_model_facts(
    rp_facts_t *F, const rp_limiter_in_t *in, const json_t *r, const char *at)
{
	rp_fact_str(F,
	    in->model_term != NULL ? rp_limiter_term_word(in->model_term)
				   : NULL,
	    r, "%s.term", at);
	rp_fact_num(F, RP_FACT_TIME, in->model_term_s, r, "%s.term_s", at);
	rp_fact_text(F, RP_FACT_PERCENT, in->model_share,
	    rp_text_fmt_num(100 * in->model_share, "%.0f%%"), r,
	    "%s.term_share", at);
	prediction_facts(F, in, r, at);
}

/* The shares the rule compares and what they were read against, under at
 * (at.fma_share, .triad_share, .level, ...): a verdict's and the limits
 * table's row alike. */
static void
share_facts(
    rp_facts_t *F, const rp_limiter_in_t *in, const json_t *r, const char *at)
{
	rp_fact_num(
	    F, RP_FACT_PERCENT, in->gflops / in->fma, r, "%s.fma_share", at);
	rp_fact_num(F, RP_FACT_NUMBER, in->ipu, r, "%s.ipu", at);
	rp_fact_num(F, RP_FACT_NUMBER, in->ipu_min, r, "%s.ipu_min", at);
	rp_fact_num(
	    F, RP_FACT_RATIO, in->ipu / in->ipu_min, r, "%s.ipu_over_min", at);
	rp_fact_num(F, RP_FACT_PERCENT, in->bytes_per_s / in->triad, r,
	    "%s.triad_share", at);
	rp_fact_str(F, in->level, r, "%s.level", at);
	rp_fact_num(F, RP_FACT_PERCENT, in->miss_bytes_s / in->miss_triad, r,
	    "%s.miss_share", at);
	rp_fact_str(F, in->miss_level, r, "%s.miss_level", at);
	rp_fact_num(F, RP_FACT_PERCENT,
	    in->faults * in->fault_cost_s / in->time_s, r, "%s.fault_share",
	    at);
}

void
rp_limiter_verdict_facts(rp_facts_t *F, const rp_limiter_in_t *in,
    const rp_limiter_t *v, const json_t *r, const char *at)
{
	rp_fact_str(F, limiter_key(v->kind), r, "%s.verdict", at);
	share_facts(F, in, r, at);
	rp_fact_num(F, RP_FACT_NUMBER, in->gflops, r, "%s.gflops", at);
	rp_fact_num(F, RP_FACT_NUMBER, in->ipu_low, r, "%s.ipu_low", at);
	rp_fact_str(F, in->low_name, r, "%s.low_name", at);
	rp_fact_num(F, RP_FACT_BYTES, in->bytes_per_s, r, "%s.bytes_s", at);
	rp_fact_num(
	    F, RP_FACT_BYTES, in->miss_bytes_s, r, "%s.miss_bytes_s", at);
	rp_fact_num(F, RP_FACT_COUNT, in->faults, r, "%s.faults", at);
	rp_fact_num(F, RP_FACT_TIME, in->fault_cost_s, r, "%s.fault_cost", at);
	rp_fact_str(F, in->twin, r, "%s.fault_by", at);
	verdict_model_facts(F, in, r, at);
}

/* ---- the section by the rule (templates/notebook/limits.md.j2) ---- */

/* The chunk sizes measured, with their medians, sorted by B. */
static size_t
chunk_points(const rp_report_t *R, const rp_workload_t *w, double *b, double *t,
    size_t cap)
{
	rp_query_t q = {.workload = w->name,
	    .variant = w->chunked,
	    .alloc = RP_ALLOC_JEMALLOC};
	size_t i, n = 0;
	json_t *r;

	json_array_foreach(R->data.runs, i, r)
	{
		const char *set = rp_str(r, "_set");
		if (n == cap || !rp_data_run_matches(r, &q) ||
		    (strcmp(set, w->sets.chunk) != 0 &&
			!rp_data_set_matches(w->sets.main, set)))
			continue;
		b[n] = rp_data_chunk(r);
		t[n++] = rp_field(r, RP_F_TIME_MEDIAN);
	}
	for (size_t a = 1; a < n; a++)
		for (size_t k = a; k > 0 && b[k - 1] > b[k]; k--) {
			double tb = b[k], tt = t[k];
			b[k] = b[k - 1], t[k] = t[k - 1];
			b[k - 1] = tb, t[k - 1] = tt;
		}
	return n;
}

/* The memory question's chunked variant (limits.chunked.*): every chunk
 * size with its median and the cache level its (B,M) buffer fits in, and
 * the largest rise between neighbours, which is a knee (.knee "edge")
 * only beyond the time threshold and across a level's edge. */
static void
chunked_facts(rp_report_t *R, const rp_workload_t *w)
{
	rp_facts_t *F = &R->facts;
	const json_t *r = rp_data_main_run(&R->data, w->name, w->chunked);
	double b[32], t[32], m = rp_field(r, RP_F_M), best = 0;
	double tt = rp_report_time_threshold(&R->data, 1.10);
	size_t n = r != NULL ? chunk_points(R, w, b, t, 32) : 0, k = 0;
	json_t *points = json_array();
	const char *l1, *l2;

	for (size_t i = 0; i < n; i++) {
		json_array_append_new(points, json_sprintf("%zu", i));
		rp_fact_num(
		    F, RP_FACT_SIZE, b[i], r, "limits.chunked.p%zu.b", i);
		rp_fact_num(
		    F, RP_FACT_TIME, t[i], r, "limits.chunked.p%zu.median", i);
		rp_fact_str(F, rp_bandwidth_level(r, b[i] * m * 4), r,
		    "limits.chunked.p%zu.level", i);
		if (i + 1 < n && t[i + 1] / t[i] > best)
			best = t[i + 1] / t[i], k = i;
	}
	rp_fact_bool(F, n >= 2, r, "limits.chunked.measured");
	rp_fact_list(F, points, "limits.chunked.points");
	rp_fact_str(F, w->name, NULL, "limits.chunked.workload");
	rp_fact_str(F, w->chunked, NULL, "limits.chunked.variant");
	if (n < 2)
		return;
	l1 = rp_bandwidth_level(r, b[k] * m * 4);
	l2 = rp_bandwidth_level(r, b[k + 1] * m * 4);
	rp_fact_num(F, RP_FACT_BYTES, rp_field(r, RP_F_L2_BYTES), r,
	    "limits.chunked.l2");
	rp_fact_num(F, RP_FACT_BYTES, rp_field(r, RP_F_L3_BYTES), r,
	    "limits.chunked.l3");
	rp_fact_num(F, RP_FACT_RATIO, best, r, "limits.chunked.rise");
	rp_fact_num(F, RP_FACT_SIZE, b[k], r, "limits.chunked.rise_from");
	rp_fact_num(F, RP_FACT_SIZE, b[k + 1], r, "limits.chunked.rise_to");
	rp_fact_str(F, l1, r, "limits.chunked.level_from");
	rp_fact_str(F, l2, r, "limits.chunked.level_to");
	rp_fact_num(F, RP_FACT_FIXED2, tt, NULL, "limits.chunked.threshold");
	rp_fact_str(
	    F, rp_limiter_knee(best, tt, l1, l2), r, "limits.chunked.knee");
}

const char *
rp_limiter_knee(double rise, double threshold, const char *from, const char *to)
{
	if (!(rise >= threshold))
		return "noise";
	return strcmp(from, to) != 0 ? "edge" : "within";
}

static double
faults_per_step(const json_t *r)
{
	return rp_field(r, RP_F_MINOR_FAULTS) / rp_field(r, RP_F_STEPS);
}

/* The speed question's baseline (limits.baseline.*): its faults a step,
 * and the kink in its time across the scaling sweep: the first N whose
 * steps fault, whose largest array (the (N,N,2) forces, 8 N^2 bytes) is
 * set against the allocator's oversize threshold (.reaches). */
static void
baseline_facts(rp_report_t *R, const rp_workload_t *w)
{
	rp_facts_t *F = &R->facts;
	const json_t *r = rp_data_main_run(&R->data, w->name, w->baseline);
	const json_t *below, *at = rp_colony_faulting(&R->data, w, &below);
	double na, big, thr;

	rp_fact_bool(F, r != NULL, r, "limits.baseline.measured");
	rp_fact_str(F, w->name, NULL, "limits.baseline.workload");
	rp_fact_str(F, w->baseline, NULL, "limits.baseline.variant");
	rp_fact_num(F, RP_FACT_COUNT, faults_per_step(r), r,
	    "limits.baseline.faults_per_step");
	rp_fact_num(
	    F, RP_FACT_SIZE, rp_field(r, RP_F_N), r, "limits.baseline.n");
	rp_fact_num(F, RP_FACT_COUNT, rp_field(r, RP_F_MODEL_BYTES) / 4096, r,
	    "limits.baseline.pages");
	rp_fact_bool(
	    F, at != NULL && below != NULL, NULL, "limits.baseline.kink");
	if (at == NULL || below == NULL)
		return;
	na = rp_field(at, RP_F_N);
	big = 8.0 * na * na;
	thr = rp_field(r, RP_F_OVERSIZE_THRESHOLD);
	rp_fact_num(F, RP_FACT_SIZE, rp_field(below, RP_F_N), below,
	    "limits.baseline.n_below");
	rp_fact_num(F, RP_FACT_SIZE, na, at, "limits.baseline.n_at");
	rp_fact_num(F, RP_FACT_BYTES, big, at, "limits.baseline.largest");
	rp_fact_num(F, RP_FACT_BYTES, thr, r, "limits.baseline.oversize");
	rp_fact_bool(F, big >= thr, at, "limits.baseline.reaches");
	rp_fact_num(F, RP_FACT_COUNT, faults_per_step(at), at,
	    "limits.baseline.faults_at");
	rp_fact_num(F, RP_FACT_COUNT, faults_per_step(below), below,
	    "limits.baseline.faults_below");
}

/* The speed question's cell lists (limits.cell_lists.*): the pairs it
 * evaluates, from its flop count over one pair's (fused's flops per N^2
 * pair), and its time per evaluated pair against fused's. */
static void
cell_lists_facts(rp_report_t *R, const rp_workload_t *w)
{
	rp_facts_t *F = &R->facts;
	const json_t *r = rp_data_main_run(&R->data, w->name, w->cell_lists);
	const json_t *f = rp_data_main_run(&R->data, w->name, w->fused);
	double fpp =
	    rp_field(f, RP_F_WORK_FLOPS) / rp_field(f, RP_F_WORK_UNITS);
	double pairs = rp_field(r, RP_F_WORK_FLOPS) / fpp;

	rp_fact_bool(F, r != NULL && f != NULL && pairs > 0, r,
	    "limits.cell_lists.measured");
	rp_fact_str(F, w->name, NULL, "limits.cell_lists.workload");
	rp_fact_str(F, w->cell_lists, NULL, "limits.cell_lists.variant");
	rp_fact_str(F, w->fused, NULL, "limits.cell_lists.fused");
	rp_fact_num(F, RP_FACT_FIXED2,
	    pairs / (rp_field(r, RP_F_N) * rp_field(r, RP_F_STEPS)), r,
	    "limits.cell_lists.pairs_per_particle");
	rp_fact_num(F, RP_FACT_NUMBER,
	    1e9 * rp_field(r, RP_F_TIME_MEDIAN) / pairs, r,
	    "limits.cell_lists.ns_per_pair");
	rp_fact_num(F, RP_FACT_NUMBER, rp_field(f, RP_F_NS_PER_UNIT), f,
	    "limits.cell_lists.fused_ns_per_pair");
}

/* One variant's row (limits.W.V.*): its verdict and every discriminator
 * the rule read, as shares; without a main run, the N of its own sweeps. */
static void
rule_row_facts(rp_report_t *R, const char *w, const char *v)
{
	rp_facts_t *F = &R->facts;
	const json_t *r = rp_data_main_run(&R->data, w, v);
	rp_query_t q = {.workload = w, .variant = v};
	rp_limiter_in_t in;
	rp_limiter_t lim = rp_limiter_of(&R->data, w, v, &in);
	/* The ceiling the rule read the bytes against, printed as the threads
	 * section prints its own (rp_bandwidth.h's one rule). */
	rp_bandwidth_ceiling_t c = rp_bandwidth_ceiling(&R->data, in.level, 1);
	char ceiling[128], at[RP_FACTS_NAME_MAX];

	rp_fact_str(
	    F, rp_limiter_verdict_word(&lim), r, "limits.%s.%s.limiter", w, v);
	rp_fact_str(F, rp_data_variant_text(&R->data, w, v, "notes"), r,
	    "limits.%s.%s.notes", w, v);
	rp_fact_num(F, RP_FACT_SIZE,
	    rp_field(rp_data_find(&R->data, &q), RP_F_N), NULL,
	    "limits.%s.%s.n", w, v);
	snprintf(at, sizeof(at), "limits.%s.%s", w, v);
	share_facts(F, &in, r, at);
	rp_fact_text(F, RP_FACT_NUMBER, c.bytes_per_s,
	    rp_bandwidth_text(&c, ceiling, sizeof(ceiling)), NULL,
	    "limits.%s.%s.ceiling", w, v);
	rp_fact_num(F, RP_FACT_RATIO,
	    isnan(in.allowance) ? RP_LIMITER_INSN_ALLOWANCE : in.allowance, r,
	    "limits.%s.%s.ipu_bound", w, v);
}

/* The threads goal's case at one thread, swept alone (w's threads_goal
 * set), against its main run in the interleaved sweep at the same N: both
 * shares of the FMA peak measured in the same data (limits.W.alone.*;
 * .measured false when either is missing or their N differ). */
static void
alone_facts(rp_report_t *R, const rp_workload_t *w)
{
	const rp_data_t *D = &R->data;
	rp_facts_t *F = &R->facts;
	rp_query_t q = {
	    .set = w->sets.threads_goal, .workload = w->name, .threads = 1};
	double fma = rp_num(D->ceilings, "fma_flops_per_s") * 1e-9;
	const json_t *alone = q.set != NULL ? rp_data_find(D, &q) : NULL;
	const json_t *main_run = alone != NULL
	    ? rp_data_main_run(D, w->name, rp_field_str(alone, RP_F_VARIANT))
	    : NULL;
	const json_t *runs[2] = {alone, main_run};
	const char *as[2] = {"alone", "interleaved"};

	rp_fact_bool(F,
	    fma > 0 && main_run != NULL &&
		rp_field(main_run, RP_F_N) == rp_field(alone, RP_F_N),
	    alone, "limits.%s.alone.measured", w->name);
	rp_fact_str(F, rp_field_str(alone, RP_F_VARIANT), alone,
	    "limits.%s.alone.variant", w->name);
	rp_fact_str(F, q.set, NULL, "limits.%s.alone.set", w->name);
	rp_fact_num(F, RP_FACT_COUNT, rp_field(alone, RP_F_TIME_REPEATS), alone,
	    "limits.%s.alone.repeats", w->name);
	for (int k = 0; k < 2; k++) {
		rp_fact_num(F, RP_FACT_TIME,
		    rp_field(runs[k], RP_F_TIME_MEDIAN), runs[k],
		    "limits.%s.%s.median", w->name, as[k]);
		rp_fact_num(F, RP_FACT_NUMBER, rp_field(runs[k], RP_F_GFLOPS),
		    runs[k], "limits.%s.%s.gflops", w->name, as[k]);
		rp_fact_num(F, RP_FACT_PERCENT,
		    rp_field(runs[k], RP_F_GFLOPS) / fma, runs[k],
		    "limits.%s.%s.fma_share", w->name, as[k]);
	}
}

/* The cost of one fault (limits.fault.*): the ceilings' first write to
 * fresh pages, which the rule uses, and beside it the twin pair's, which
 * also pays for giving the pages back; the rule falls back to the pair
 * without the first. */
static void
fault_facts(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	const char *twin;
	double spread = rp_num(R->data.ceilings, "minor_fault_spread");

	rp_fact_num(&R->facts, RP_FACT_TIME, fault_ceiling(&R->data), NULL,
	    "limits.fault.ceiling");
	rp_fact_num(&R->facts, RP_FACT_COUNT,
	    rp_num(R->data.ceilings, "minor_fault_runs"), NULL,
	    "limits.fault.ceiling_runs");
	rp_fact_text(&R->facts, RP_FACT_PERCENT, spread,
	    rp_text_fmt_num(100 * spread, "%.0f%%"), NULL,
	    "limits.fault.ceiling_spread");
	rp_fact_num(&R->facts, RP_FACT_TIME,
	    rp_limiter_fault_twin(&R->data, &twin), NULL, "limits.fault.twin");
	rp_fact_str(&R->facts, w->name, NULL, "limits.fault.twin_workload");
	rp_fact_str(&R->facts, w->baseline, NULL, "limits.fault.twin_fresh");
	rp_fact_str(&R->facts, w->reuse, NULL, "limits.fault.twin_kept");
}

/* The section by the discriminators' rule (see rp_limiter_facts). */
static void
rule_facts(rp_report_t *R)
{
	rp_variant_run_t vr[RP_WORKLOAD_MAX_RUNS];
	size_t n = rp_workload_main_runs(&R->data, vr, RP_WORKLOAD_MAX_RUNS);

	rp_fact_text(&R->facts, RP_FACT_PERCENT, RP_LIMITER_SHARE,
	    rp_text_fmt_num(100 * RP_LIMITER_SHARE, "%.0f%%"), NULL,
	    "limits.share");
	rp_fact_text(&R->facts, RP_FACT_RATIO, RP_LIMITER_INSN_ALLOWANCE,
	    rp_text_fmt_num(RP_LIMITER_INSN_ALLOWANCE, "%.1fx"), NULL,
	    "limits.insn_allowance");
	fault_facts(R);
	for (size_t i = 0; i < n; i++)
		rule_row_facts(R, vr[i].workload, vr[i].variant);
	for (int k = 0; rp_workloads[k].name != NULL; k++)
		alone_facts(R, &rp_workloads[k]);
	chunked_facts(R, rp_workload_question(RP_QUESTION_MEMORY));
	baseline_facts(R, rp_workload_question(RP_QUESTION_SPEED));
	cell_lists_facts(R, rp_workload_question(RP_QUESTION_SPEED));
}

/* ---- the section by the time model (templates/notebook/limits.md.j2) ---- */

double
rp_limiter_model_part(const json_t *r, const char *part)
{
	const json_t *m = json_object_get(r, "model");
	double predicted = rp_num(m, "predicted_s"), sum = 0.0, added = 0.0;
	size_t i;
	json_t *t;

	if (m == NULL || !isfinite(predicted))
		return NAN;
	json_array_foreach(json_object_get(m, "terms"), i, t)
	{
		double s = rp_num(t, "seconds");
		const char *n = rp_str(t, "name");
		if (json_is_true(json_object_get(t, "in_core")) || !isfinite(s))
			continue;
		added += s;
		/* l2 and l3 are the caches' part. */
		if (strcmp(part, "caches") == 0
			? strcmp(n, "l2") == 0 || strcmp(n, "l3") == 0
			: strcmp(n, part) == 0)
			sum += s;
	}
	if (strcmp(part, "in_core") == 0)
		return predicted - added;
	if (strcmp(part, "caches") == 0 || strcmp(part, "dram") == 0 ||
	    strcmp(part, "faults") == 0)
		return sum;
	return NAN;
}

double
rp_limiter_roof(const json_t *r, const char *arg)
{
	const json_t *terms =
	    json_object_get(json_object_get(r, "model"), "terms");
	double top = 0.0;
	size_t i;
	json_t *t;

	(void)arg;
	json_array_foreach(terms, i, t) top = fmax(top, rp_num(t, "seconds"));
	return top > 0 ? rp_field(r, RP_F_WORK_FLOPS) / top * 1e-9 : NAN;
}

/* 1 when a main run of the data carries the time model (model.*). */
static int
model_present(const rp_data_t *D)
{
	rp_variant_run_t vr[RP_WORKLOAD_MAX_RUNS];
	size_t n = rp_workload_main_runs(D, vr, RP_WORKLOAD_MAX_RUNS);

	for (size_t i = 0; i < n; i++)
		if (json_object_get(vr[i].main, "model") != NULL)
			return 1;
	return 0;
}

/* The two largest terms of a model (by seconds), indexes into terms; -1
 * where there are fewer. */
static void
largest_two(const json_t *terms, int *first, int *second)
{
	size_t i;
	json_t *t;

	*first = *second = -1;
	json_array_foreach(terms, i, t)
	{
		double s = rp_num(t, "seconds");
		if (*first < 0 ||
		    s > rp_num(
			    json_array_get(terms, (size_t)*first), "seconds")) {
			*second = *first;
			*first = (int)i;
		} else if (*second < 0 ||
		    s > rp_num(
			    json_array_get(terms, (size_t)*second), "seconds"))
			*second = (int)i;
	}
}

/* One term of a row: P.termK (its word), _s, _share. */
static void
term_facts(
    rp_report_t *R, const json_t *t, const json_t *r, const char *p, int k)
{
	rp_fact_str(&R->facts,
	    t != NULL ? rp_limiter_term_word(rp_str(t, "name")) : NULL, r,
	    "%s.term%d", p, k);
	rp_fact_num(&R->facts, RP_FACT_TIME, rp_num(t, "seconds"), r,
	    "%s.term%d_s", p, k);
	rp_fact_text(&R->facts, RP_FACT_PERCENT, rp_num(t, "share"),
	    rp_text_fmt_num(100 * rp_num(t, "share"), "%.0f%%"), r,
	    "%s.term%d_share", p, k);
}

/* One variant's row: its prediction against its median, the two largest
 * terms, the verdict. Returns 1 when the prediction is within the
 * tolerance. */
static int
model_row_facts(rp_report_t *R, const char *w, const char *v)
{
	const json_t *r = rp_data_main_run(&R->data, w, v);
	const json_t *m = json_object_get(r, "model");
	const json_t *terms = json_object_get(m, "terms");
	rp_limiter_in_t in;
	rp_limiter_t lim = rp_limiter_of(&R->data, w, v, &in);
	int within = fabs(in.model_error) <= RP_LIMITER_MODEL_TOLERANCE, a, b;
	char p[RP_FACTS_NAME_MAX];

	largest_two(terms, &a, &b);
	snprintf(p, sizeof(p), "limits.%s.%s", w, v);
	rp_fact_bool(&R->facts, m != NULL, r, "%s.modelled", p);
	rp_fact_num(&R->facts, RP_FACT_TIME, rp_field(r, RP_F_TIME_MEDIAN), r,
	    "%s.measured", p);
	rp_fact_bool(&R->facts, m != NULL && within, r, "%s.within", p);
	prediction_facts(&R->facts, &in, r, p);
	rp_fact_str(&R->facts, rp_data_variant_text(&R->data, w, v, "notes"), r,
	    "%s.notes", p);
	term_facts(
	    R, a >= 0 ? json_array_get(terms, (size_t)a) : NULL, r, p, 1);
	term_facts(
	    R, b >= 0 ? json_array_get(terms, (size_t)b) : NULL, r, p, 2);
	rp_fact_str(
	    &R->facts, rp_limiter_verdict_word(&lim), r, "%s.limiter", p);
	return m != NULL && within;
}

/* A term's seconds in model m by name; 0 when m has no such term (a
 * variant without faults has no fault term to speak of). */
static double
term_seconds(const json_t *m, const char *name)
{
	size_t i;
	json_t *t;

	json_array_foreach(json_object_get(m, "terms"), i, t)
	{
		if (strcmp(rp_str(t, "name"), name) == 0)
			return rp_num(t, "seconds");
	}
	return 0.0;
}

/* A time of a pair, P.LEAF, from run a and naming run b too: a pair's
 * figures come from both runs, the term chosen by the pair, so that the
 * same term of one run in two pairs is two facts over different runs. */
static void
pair_time(rp_facts_t *F, double v, const json_t *a, const json_t *b,
    const char *p, const char *leaf)
{
	rp_fact_num2(F, RP_FACT_TIME, v, a, b, "%s.%s", p, leaf);
}

/* A gap between a pair's slow and fast runs (slow's less fast's) as
 * p.WHAT_gap, its size, and p.WHAT_reversed, whether it is negative: the
 * pair's order is the schedules' design, and a noisy run can measure (or
 * the model predict) the faster schedule slower; the words say so rather
 * than print a negative time. */
static void
gap_facts(rp_facts_t *F, double gap, const json_t *a, const json_t *b,
    const char *p, const char *what)
{
	char leaf[32];

	snprintf(leaf, sizeof(leaf), "%s_gap", what);
	pair_time(F, fabs(gap), a, b, p, leaf);
	rp_fact_bool(F, gap < 0, a, "%s.%s_reversed", p, what);
}

/* Why fast runs faster than slow, by their models: the two terms that
 * differ most (slow's seconds less fast's), and the largest term the two
 * share (the smaller of its two times), as limits.why.W.FAST.SLOW.*;
 * .modelled false when either run lacks a model. */
static void
why_facts(rp_report_t *R, const char *w, const char *fast, const char *slow)
{
	const json_t *rf = rp_data_main_run(&R->data, w, fast);
	const json_t *rs = rp_data_main_run(&R->data, w, slow);
	const json_t *mf = json_object_get(rf, "model");
	const json_t *ms = json_object_get(rs, "model");
	const char *name[2] = {NULL, NULL}, *shared = NULL;
	double gap[2] = {0, 0}, both = 0;
	char p[96]; /* leaves room for pair_time's leaves */
	size_t i;
	json_t *t;

	json_array_foreach(json_object_get(ms, "terms"), i, t)
	{
		const char *n = rp_str(t, "name");
		double s = rp_num(t, "seconds"), f = term_seconds(mf, n);
		if (s - f > gap[0]) {
			gap[1] = gap[0], name[1] = name[0];
			gap[0] = s - f, name[0] = n;
		} else if (s - f > gap[1]) {
			gap[1] = s - f, name[1] = n;
		}
		if (fmin(s, f) > both)
			both = fmin(s, f), shared = n;
	}
	snprintf(p, sizeof(p), "limits.why.%s.%s.%s", w, fast, slow);
	rp_fact_bool(&R->facts, mf != NULL && ms != NULL, rs, "%s.modelled", p);
	for (int k = 0; k < 2; k++) {
		char ls[24], lf[24];
		snprintf(ls, sizeof(ls), "term%d_slow", k + 1);
		snprintf(lf, sizeof(lf), "term%d_fast", k + 1);
		rp_fact_str(&R->facts,
		    name[k] != NULL ? rp_limiter_term_word(name[k]) : NULL, rs,
		    "%s.term%d", p, k + 1);
		pair_time(&R->facts,
		    name[k] != NULL ? term_seconds(ms, name[k]) : NAN, rs, rf,
		    p, ls);
		pair_time(&R->facts,
		    name[k] != NULL ? term_seconds(mf, name[k]) : NAN, rf, rs,
		    p, lf);
	}
	rp_fact_str(&R->facts,
	    shared != NULL ? rp_limiter_term_word(shared) : NULL, rs,
	    "%s.shared", p);
	pair_time(
	    &R->facts, shared != NULL ? both : NAN, rs, rf, p, "shared_s");
	gap_facts(&R->facts,
	    mf != NULL && ms != NULL
		? rp_num(ms, "predicted_s") - rp_num(mf, "predicted_s")
		: NAN,
	    rs, rf, p, "predicted");
	gap_facts(&R->facts,
	    rp_field(rs, RP_F_TIME_MEDIAN) - rp_field(rf, RP_F_TIME_MEDIAN), rs,
	    rf, p, "measured");
}

/* The facts of every workload's pairs (rp_workload_t.why), and their
 * list (limits.why_pairs: [w, fast, slow] each) for the table. */
static void
why_pairs_facts(rp_report_t *R)
{
	json_t *pairs = json_array();

	for (int k = 0; rp_workloads[k].name != NULL; k++) {
		const rp_workload_t *w = &rp_workloads[k];
		for (int i = 0; i < RP_WORKLOAD_WHY_MAX && w->why[i][0] != NULL;
		     i++) {
			why_facts(R, w->name, w->why[i][0], w->why[i][1]);
			json_array_append_new(pairs,
			    json_pack("[s, s, s]", w->name, w->why[i][0],
				w->why[i][1]));
		}
	}
	rp_fact_list(&R->facts, pairs, "limits.why_pairs");
}

void
rp_limiter_model_facts(rp_report_t *R)
{
	const json_t *any = NULL;

	rp_fact_text(&R->facts, RP_FACT_PERCENT, RP_LIMITER_MODEL_TOLERANCE,
	    rp_text_fmt_num(100 * RP_LIMITER_MODEL_TOLERANCE, "%.0f%%"), NULL,
	    "limits.tolerance");
	for (int k = 0; rp_workloads[k].name != NULL; k++) {
		const char *vs[RP_DATA_MAX_VARIANTS], *w = rp_workloads[k].name;
		size_t nv = rp_data_variants(
		    &R->data, w, NULL, vs, RP_DATA_MAX_VARIANTS);
		int within = 0, modelled = 0;

		for (size_t i = 0; i < nv; i++) {
			const json_t *r = rp_data_main_run(&R->data, w, vs[i]);
			if (json_object_get(r, "model") != NULL) {
				modelled++;
				any = any != NULL ? any : r;
			}
			within += model_row_facts(R, w, vs[i]);
		}
		rp_fact_num(&R->facts, RP_FACT_COUNT, modelled, NULL,
		    "limits.%s.modelled", w);
		rp_fact_num(&R->facts, RP_FACT_COUNT, within, NULL,
		    "limits.%s.within", w);
	}
	why_pairs_facts(R);
	rp_report_figure_facts(R, "fig-model-terms", "limits.figure.terms");
	rp_fact_str(&R->facts, rp_str(json_object_get(any, "model"), "rule"),
	    any, "limits.rule");
	rp_fact_num(&R->facts, RP_FACT_FIXED2,
	    rp_field(any, RP_F_MODEL_FP_OVERLAP), any, "limits.fp_overlap");
	rp_fact_num(&R->facts, RP_FACT_NUMBER,
	    rp_field(any, RP_F_MODEL_WAIT_WINDOW), any, "limits.wait_window");
}

void
rp_limiter_facts(rp_report_t *R)
{
	int model = model_present(&R->data);

	rp_fact_bool(&R->facts, model, NULL, "limits.model_present");
	if (model)
		rp_limiter_model_facts(R);
	else
		rule_facts(R);
}
