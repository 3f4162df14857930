/*
 * rp_limiter: one rule deciding each variant's limiter from measured
 * discriminators (see rp_limiter.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_bandwidth.h"
#include "rp_limiter.h"
#include "rp_limits.h"
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
	    {"l2", "L2 traffic"},
	    {"l3", "L3 traffic"},
	    {"dram", "DRAM bandwidth"},
	    {"faults", "page faults"},
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

double
rp_limiter_fault_ceiling(const rp_data_t *D)
{
	double c = rp_num(D->ceilings, "minor_fault_s");

	return c > 0 ? c : NAN;
}

double
rp_limiter_fault_cost(const rp_data_t *D, const char **label)
{
	double c = rp_limiter_fault_ceiling(D);

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
	in->miss_level = rp_limits_level(at,
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
	in->level = r != NULL ? rp_limits_level(r, ws) : "DRAM";
	in->triad = rp_bandwidth_ceiling(D, in->level, 1).bytes_per_s;
	sim_traffic(D, r, cs, in);
	in->faults = rp_field(r, RP_F_MINOR_FAULTS);
	in->fault_cost_s = rp_limiter_fault_cost(D, &in->twin);
	instructions(D, r, in);
	model_of(r, in);
	return rp_limiter_decide(in);
}

/* What would decide an undetermined verdict: the instructions against
 * their minimum when they were simulated, else the simulation itself. */
static void
deciders(FILE *f, const rp_limiter_in_t *in)
{
	if (!isnan(in->ipu) && isnan(in->ipu_min)) {
		fprintf(f,
		    "; would be decided by its instructions per unit (%s "
		    "simulated",
		    rp_text_fmt_num(in->ipu, "%.3g"));
		if (in->low_name != NULL)
			fprintf(f, "; %s: %s", in->low_name,
			    rp_text_fmt_num(in->ipu_low, "%.3g"));
		fprintf(f, ") against the arithmetic's minimum");
	} else if (isnan(in->ipu))
		fprintf(f, "; not simulated");
}

void
rp_limiter_sentence(FILE *f, const rp_limiter_in_t *in, const rp_limiter_t *v)
{
	const char *pct = "%.1f%%";

	switch (v->kind) {
	case RP_LIMIT_COMPUTE:
		fprintf(f, "compute: %s GFLOP/s, %s of the FMA peak",
		    rp_text_fmt_num(in->gflops, "%.3g"),
		    rp_text_fmt_num(100 * v->share, pct));
		return;
	case RP_LIMIT_INSTRUCTIONS:
		fprintf(f,
		    "instructions: %s per unit, %s the %s the arithmetic "
		    "needs",
		    rp_text_fmt_num(in->ipu, "%.3g"),
		    rp_text_fmt_ratio(v->share),
		    rp_text_fmt_num(in->ipu_min, "%.3g"));
		return;
	case RP_LIMIT_BANDWIDTH:
		fprintf(f, "bandwidth: %s/s moved, %s of the %s triad",
		    rp_text_fmt_bytes(in->bytes_per_s),
		    rp_text_fmt_num(100 * v->share, pct), in->level);
		return;
	case RP_LIMIT_CACHE:
		fprintf(f,
		    "cache misses: simulated L1 misses move %s/s, %s of the "
		    "%s triad (both at the simulated size)",
		    rp_text_fmt_bytes(in->miss_bytes_s),
		    rp_text_fmt_num(100 * v->share, pct), in->miss_level);
		return;
	case RP_LIMIT_FAULTS:
		fprintf(f,
		    "page faults: %.0f a run at %s each (measured by %s) are "
		    "%s of its time",
		    in->faults, rp_text_fmt_time(in->fault_cost_s), in->twin,
		    rp_text_fmt_num(100 * v->share, pct));
		return;
	case RP_LIMIT_UNMEASURED:
		fprintf(f, "not measured: no main run in the data");
		return;
	case RP_LIMIT_MODEL:
		fprintf(f,
		    "%s: %s of the predicted %s (%s); predicted %s against "
		    "%s measured (%s)",
		    rp_limiter_term_word(v->term),
		    rp_text_fmt_time(in->model_term_s),
		    rp_text_fmt_time(in->model_predicted),
		    rp_text_fmt_num(100 * v->share, "%.0f%%"),
		    rp_text_fmt_time(in->model_predicted),
		    rp_text_fmt_time(in->time_s),
		    rp_text_fmt_num(100 * in->model_error, "%+.0f%%"));
		return;
	default:
		break;
	}
	if (in->model_term != NULL) {
		fprintf(f,
		    "not determined here: the model predicts %s against %s "
		    "measured (%s), %s %s",
		    rp_text_fmt_time(in->model_predicted),
		    rp_text_fmt_time(in->time_s),
		    rp_text_fmt_num(100 * in->model_error, "%+.0f%%"),
		    rp_text_fmt_time(fabs(in->time_s - in->model_predicted)),
		    in->model_predicted > in->time_s ? "predicted too much"
						     : "unexplained");
		return;
	}
	fprintf(f,
	    "not determined here: %s of the FMA peak, %s of the %s triad "
	    "moved",
	    rp_text_fmt_num(100 * in->gflops / in->fma, pct),
	    rp_text_fmt_num(100 * in->bytes_per_s / in->triad, pct), in->level);
	if (!isnan(in->miss_bytes_s))
		fprintf(f, " (%s of the %s triad in simulated L1 misses)",
		    rp_text_fmt_num(
			100 * in->miss_bytes_s / in->miss_triad, pct),
		    in->miss_level);
	if (!isnan(in->fault_cost_s))
		fprintf(f, ", page faults %s of its time",
		    rp_text_fmt_num(
			100 * in->faults * in->fault_cost_s / in->time_s, pct));
	deciders(f, in);
}
