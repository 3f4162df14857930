/*
 * rp_decide: the rules' decisions, pure functions of the measured values
 * (see rp_decide.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_decide.h"

#define MEM RP_VERDICT_MEMORY_FACTOR
#define TIME RP_VERDICT_TIME_RATIO

/* ---- decisions: pure functions of the measured values ---- */

static rp_decision_t
decide(rp_verdict_t v, const char *note)
{
	rp_decision_t d = {v, note};
	return d;
}

/* The speed-up a time claim needs: "tt" when given, else TIME. */
static double
time_ratio(const rp_vals_t *x)
{
	double t = rp_vals_get(x, "tt");
	return isnan(t) ? TIME : t;
}

/* Memory falls by MEM and time improves by TIME: supported; memory alone:
 * a nuance. Values: from, to (peak bytes), speedup. */
static rp_decision_t
decide_memory_and_time(const rp_vals_t *x, const char *nuance_note)
{
	int mem_ok = rp_vals_get(x, "to") * MEM <= rp_vals_get(x, "from");
	int time_ok = rp_vals_get(x, "speedup") >= time_ratio(x);

	if (mem_ok && time_ok)
		return decide(RP_VERDICT_YES, "");
	return mem_ok ? decide(RP_VERDICT_NUANCE, nuance_note)
		      : decide(RP_VERDICT_NO, "");
}

rp_decision_t
rp_decide_fuse(const rp_vals_t *x)
{
	return decide_memory_and_time(x,
	    "; memory falls but the time does not improve beyond the "
	    "time threshold");
}

rp_decision_t
rp_decide_in_place(const rp_vals_t *x)
{
	return decide_memory_and_time(x, "");
}

/* Compiling without fusion halves eager's peak: supported; a nuance when
 * the compiled program still holds MEM times fused's workspace (at least
 * 1 byte). Values: eager, from (materialized), fused (peak bytes). */
rp_decision_t
rp_decide_jit(const rp_vals_t *x)
{
	double pe = rp_vals_get(x, "eager"), pm = rp_vals_get(x, "from");
	double pf = rp_vals_get(x, "fused");
	int cut = pm * RP_VERDICT_JIT_CUT <= pe;
	int still = pm > MEM * (pf > 1 ? pf : 1);

	if (cut && still)
		return decide(RP_VERDICT_NUANCE, "");
	return decide(cut ? RP_VERDICT_YES : RP_VERDICT_NO, "");
}

/* Batches cut materialized's peak by MEM: supported, unless fused is TIME
 * faster than the batches or the batches are TIME slower than
 * materialized (a nuance). Values: pc, pm (peaks), tc, tm, tf (medians). */
rp_decision_t
rp_decide_batch(const rp_vals_t *x)
{
	double tc = rp_vals_get(x, "tc"), tm = rp_vals_get(x, "tm");
	double tt = time_ratio(x);
	int mem_ok = rp_vals_get(x, "pc") * MEM <= rp_vals_get(x, "pm");
	int fused_better = tc >= tt * rp_vals_get(x, "tf");
	int slower = tc > tm * tt;
	const char *note = fused_better
	    ? "; fusing the reduction is faster than batching"
	    : slower ? "; batching costs time here"
		     : "";

	if (!mem_ok)
		return decide(RP_VERDICT_NO, note);
	return decide(
	    fused_better || slower ? RP_VERDICT_NUANCE : RP_VERDICT_YES, note);
}

/* Reusing the buffers speeds the step up by TIME: supported with a nuance
 * (the step stays O(N^2) in memory; compilation is not testable). Values:
 * speedup. */
rp_decision_t
rp_decide_compile_loop(const rp_vals_t *x)
{
	return decide(rp_vals_get(x, "speedup") >= time_ratio(x)
		? RP_VERDICT_NUANCE
		: RP_VERDICT_NO,
	    "");
}

/* Advice about what C has no counterpart of: "not testable in C" when the
 * values it shows beside it were measured, else not supported (a value that
 * was not measured never supports advice). Values: shown. */
rp_decision_t
rp_decide_not_in_c(const rp_vals_t *x)
{
	return decide(isnan(rp_vals_get(x, "shown")) ? RP_VERDICT_NO
						     : RP_VERDICT_NOT_IN_C,
	    "");
}

/* The (N,M) array is there in materialized (within 10% of N*M*4) and op by
 * op holds at least two of them: supported; the array alone: a nuance.
 * Values: nm (N*M*4), pm, pe (peaks). */
rp_decision_t
rp_decide_cause_nm(const rp_vals_t *x)
{
	double nm = rp_vals_get(x, "nm"), pm = rp_vals_get(x, "pm");
	int array = pm >= 0.9 * nm;
	int temps = rp_vals_get(x, "pe") >= 2.0 * pm;

	if (array && temps)
		return decide(RP_VERDICT_YES, "");
	return decide(array ? RP_VERDICT_NUANCE : RP_VERDICT_NO,
	    array ? "; the temporaries around it are not seen here" : "");
}

/* The all-pairs arrays cost time (naive over fused beyond the threshold):
 * supported when reusing them (no allocation) still costs that much over
 * fused beyond what their extra instructions explain (insn: the simulated
 * instructions a pair of naive-reuse over fused's; 1 when not simulated,
 * so the whole excess counts as traffic); a nuance when the cost is mostly
 * allocation or instructions. Values: tn, tr, tf (median steps), insn. */
rp_decision_t
rp_decide_cause_n2(const rp_vals_t *x)
{
	double tn = rp_vals_get(x, "tn"), tr = rp_vals_get(x, "tr");
	double tf = rp_vals_get(x, "tf"), tt = time_ratio(x);
	double insn = rp_vals_get(x, "insn");

	if (!(insn > 0))
		insn = 1.0;
	if (!(tn >= tt * tf))
		return decide(RP_VERDICT_NO, "");
	if (tr >= tt * tf * insn)
		return decide(RP_VERDICT_YES, "");
	return decide(RP_VERDICT_NUANCE,
	    tr >= tt * tf ? "; reused, the arrays cost little beyond the "
			    "extra instructions, not their traffic"
			  : "; most of the cost is allocating the arrays "
			    "afresh, not their traffic");
}
