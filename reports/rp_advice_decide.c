/*
 * rp_advice_decide: each side's decision of the advice table
 * (rp_advice.h), a pure function of the values its measurement filled, so
 * that the unit tests give each crafted values. A time value is the
 * three-way answer of rp_advice_time (1 faster by the margin, 0 not, NAN
 * not decided at this noise); a value that was not measured never
 * supports advice.
 */
#include <math.h>

#include "rp_advice.h"

#define MEM RP_ADVICE_MEMORY_FACTOR
#define GET rp_vals_get

static rp_advice_decision_t
decide(rp_advice_verdict_t v, const char *note)
{
	rp_advice_decision_t d = {v, note};
	return d;
}

/* The (N,M) array is there in materialized (within 10% of N*M*4) and op by
 * op holds at least two of them: supported; the array alone: a nuance.
 * Values: nm (N*M*4), pm, pe (peaks). */
rp_advice_decision_t
rp_advice_decide_cause_nm(const rp_vals_t *x)
{
	double pm = GET(x, "pm");
	int array = pm >= 0.9 * GET(x, "nm");
	int temps = GET(x, "pe") >= 2.0 * pm;

	if (array && temps)
		return decide(RP_ADVICE_SUPPORTED, "");
	return array ? decide(RP_ADVICE_NUANCE, "array_alone")
		     : decide(RP_ADVICE_NOT_SUPPORTED, "");
}

/* Memory falls by MEM and the time improves (faster = 1): supported;
 * memory alone: a nuance; memory falls and the time is not decided at
 * this noise: undecided. Values: from, to (peak bytes), faster. */
rp_advice_decision_t
rp_advice_decide_memory_time(const rp_vals_t *x)
{
	double faster = GET(x, "faster");

	if (!(GET(x, "to") * MEM <= GET(x, "from")))
		return decide(RP_ADVICE_NOT_SUPPORTED, "");
	if (isnan(faster))
		return decide(RP_ADVICE_UNDECIDED, "time_undecided");
	return faster == 1 ? decide(RP_ADVICE_SUPPORTED, "")
			   : decide(RP_ADVICE_NUANCE, "time_not_better");
}

/* Compiling without fusion halves op by op's peak: supported; a nuance
 * when the compiled program still holds MEM times fused's workspace (at
 * least 1 byte). Values: eager, from (materialized), fused (peaks). */
rp_advice_decision_t
rp_advice_decide_jit(const rp_vals_t *x)
{
	double pm = GET(x, "from"), pf = GET(x, "fused_peak");
	int cut = pm * RP_ADVICE_JIT_CUT <= GET(x, "op_by_op");
	int still = pm > MEM * (pf > 1 ? pf : 1);

	if (!cut)
		return decide(RP_ADVICE_NOT_SUPPORTED, "");
	return still ? decide(RP_ADVICE_NUANCE, "array_kept")
		     : decide(RP_ADVICE_SUPPORTED, "");
}

/* Batches cut materialized's peak by MEM: supported, unless fused is
 * faster than the batches (fused_better) or materialized is (slower): a
 * nuance; undecided when neither is and one is not decided at this
 * noise. Values: pc, pm (peaks), fused_better, slower. */
rp_advice_decision_t
rp_advice_decide_batch(const rp_vals_t *x)
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

/* The all-pairs arrays cost time (fused faster than naive: costly):
 * supported when reused (no allocation) they still cost that much over
 * fused beyond their extra instructions (traffic); else a nuance: the
 * cost is their instructions (extra: fused faster than naive-reuse by the
 * plain margin) or their allocation. Values: costly, traffic, extra. */
rp_advice_decision_t
rp_advice_decide_cause_n2(const rp_vals_t *x)
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

/* Reusing the buffers makes the step faster (faster): supported with a
 * nuance (the step stays O(N^2) in memory; compilation is not C's).
 * Values: faster. */
rp_advice_decision_t
rp_advice_decide_compile_loop(const rp_vals_t *x)
{
	double faster = GET(x, "faster");

	if (isnan(faster))
		return decide(RP_ADVICE_UNDECIDED, "time_undecided");
	return faster == 1 ? decide(RP_ADVICE_NUANCE, "still_n2")
			   : decide(RP_ADVICE_NOT_SUPPORTED, "");
}

/* Advice about what this side has no counterpart of: "cannot" once the
 * value it shows beside it was measured. Values: shown. */
rp_advice_decision_t
rp_advice_decide_cannot(const rp_vals_t *x)
{
	return isnan(GET(x, "shown")) ? decide(RP_ADVICE_NOT_SUPPORTED, "")
				      : decide(RP_ADVICE_CANNOT, "");
}

/* XLA's temporaries of the jitted question hold at least two (N,M)
 * arrays: supported; one: a nuance. Values: temp, unit. */
rp_advice_decision_t
rp_advice_decide_jax_cause_nm(const rp_vals_t *x)
{
	double units = GET(x, "temp") / GET(x, "unit");

	if (units >= 2.0)
		return decide(RP_ADVICE_SUPPORTED, "");
	return units >= 0.9 ? decide(RP_ADVICE_NUANCE, "array_alone")
			    : decide(RP_ADVICE_NOT_SUPPORTED, "");
}

/* A construct that "does not reduce the memory": supported when the
 * temporaries with it are not below those without. Values: with,
 * without (bytes). */
rp_advice_decision_t
rp_advice_decide_no_cut(const rp_vals_t *x)
{
	return GET(x, "with") >= GET(x, "without")
	    ? decide(RP_ADVICE_SUPPORTED, "")
	    : decide(RP_ADVICE_NOT_SUPPORTED, "reduces");
}

/* atleast_1d's axis adds memory when the program without it (a scalar
 * index) needs MEM times less. Values: q, rw (working bytes). */
rp_advice_decision_t
rp_advice_decide_axis(const rp_vals_t *x)
{
	return GET(x, "rw") * MEM <= GET(x, "q")
	    ? decide(RP_ADVICE_SUPPORTED, "")
	    : decide(RP_ADVICE_NOT_SUPPORTED, "");
}

/* A rewrite of the program (the sum inside the inner map; each particle's
 * sum) cuts XLA's temporaries by MEM: supported; else not, and when the
 * two jaxprs do the same arithmetic (same = 1) the note says it is the
 * same program. Values: before, after (bytes), same. */
rp_advice_decision_t
rp_advice_decide_rewrite(const rp_vals_t *x)
{
	if (GET(x, "after") * MEM <= GET(x, "before"))
		return decide(RP_ADVICE_SUPPORTED, "");
	return decide(
	    RP_ADVICE_NOT_SUPPORTED, GET(x, "same") == 1 ? "same_program" : "");
}

/* jit at least halves the un-jitted peak: supported, a nuance when XLA's
 * temporaries still hold a full (N,M) array (unit); missing ("too
 * small") when the un-jitted peak is under one array above the
 * baseline. Values: q, qj (peak RSS less the baseline), temp, unit. */
rp_advice_decision_t
rp_advice_decide_jax_jit(const rp_vals_t *x)
{
	double unit = GET(x, "unit");

	if (!(GET(x, "q") >= unit))
		return decide(RP_ADVICE_MISSING, "too_small");
	if (!(GET(x, "qj") * RP_ADVICE_JIT_CUT <= GET(x, "q")))
		return decide(RP_ADVICE_NOT_SUPPORTED, "");
	return GET(x, "temp") >= unit ? decide(RP_ADVICE_NUANCE, "array_kept")
				      : decide(RP_ADVICE_SUPPORTED, "");
}

/* The batched jitted loop cuts question_jit's peak by MEM: supported, a
 * nuance when the batches are slower (slower = 1), undecided when that is
 * not decided at this noise; missing when question_jit's peak is under
 * one array. Values: pbj, pqj (peak RSS less the baseline), unit,
 * slower. */
rp_advice_decision_t
rp_advice_decide_jax_batch(const rp_vals_t *x)
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

/* The all-pairs arrays slow the jitted step when keeping their pages
 * between calls makes it faster (kept) and the faults a call are their
 * pages (at least 90%): a nuance, since what costs is mapping them afresh
 * (allocation), which says nothing of their traffic; undecided at this
 * noise. Values: kept, faults, pages. */
rp_advice_decision_t
rp_advice_decide_pages(const rp_vals_t *x)
{
	double kept = GET(x, "kept");

	if (isnan(kept))
		return decide(RP_ADVICE_UNDECIDED, "time_undecided");
	if (kept == 1 && GET(x, "faults") >= 0.9 * GET(x, "pages"))
		return decide(RP_ADVICE_NUANCE, "pages");
	return decide(RP_ADVICE_NOT_SUPPORTED, "");
}

/* Advice that the way a step is written changes its compiled program:
 * not supported when the two jaxprs do the same arithmetic and compile to
 * the same instructions (same = 1); missing otherwise (the jaxprs alone
 * cannot say). Values: same. */
rp_advice_decision_t
rp_advice_decide_same_program(const rp_vals_t *x)
{
	return GET(x, "same") == 1
	    ? decide(RP_ADVICE_NOT_SUPPORTED, "same_program")
	    : decide(RP_ADVICE_MISSING, "");
}

/* One fori_loop faster than the Python loop of jitted steps (fori):
 * supported; not decided at this noise: undecided; else a nuance when
 * jit of the step is faster than op by op (jit_step); else not. */
rp_advice_decision_t
rp_advice_decide_fori(const rp_vals_t *x)
{
	double fori = GET(x, "fori");

	if (fori == 1)
		return decide(RP_ADVICE_SUPPORTED, "");
	if (isnan(fori))
		return decide(RP_ADVICE_UNDECIDED, "time_undecided");
	return GET(x, "jit_step") == 1 ? decide(RP_ADVICE_NUANCE, "jit_step")
				       : decide(RP_ADVICE_NOT_SUPPORTED, "");
}

/* The swing from the fastest to the slowest call (span) is compilation's
 * when compiling (comp: a compiling call over a warm one) makes at least
 * half of it on a log scale: supported; a nuance when compiling makes the
 * TIME ratio or more but less than half (the rest is timing unwaited);
 * else not. Values: span, comp. */
rp_advice_decision_t
rp_advice_decide_swing(const rp_vals_t *x)
{
	double span = GET(x, "span"), comp = GET(x, "comp");

	if (!(comp >= RP_ADVICE_TIME_RATIO) || !(span > 1))
		return decide(RP_ADVICE_NOT_SUPPORTED, "");
	return log(comp) >= 0.5 * log(span)
	    ? decide(RP_ADVICE_SUPPORTED, "")
	    : decide(RP_ADVICE_NUANCE, "mostly_unwaited");
}

/* The first call costs TIME more than a warm one, and a call returns
 * RP_ADVICE_WAIT times sooner unwaited than waited: supported; one of the
 * two: a nuance; neither: not. Values: first, warm, unb. */
rp_advice_decision_t
rp_advice_decide_wait(const rp_vals_t *x)
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

/* The trace shows where the time goes (kernel spans) and where memory
 * goes (counter events of memory): supported; time alone: a nuance.
 * Values: spans, counters. */
rp_advice_decision_t
rp_advice_decide_profiler(const rp_vals_t *x)
{
	if (!(GET(x, "spans") > 0))
		return decide(RP_ADVICE_NOT_SUPPORTED, "");
	return GET(x, "counters") > 0 ? decide(RP_ADVICE_SUPPORTED, "")
				      : decide(RP_ADVICE_NUANCE, "no_memory");
}
