/*
 * rp_verdict: the rules, their measurements and decisions (see
 * rp_verdict.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_stats.h"
#include "rp_colony.h"
#include "rp_jaxrule.h"
#include "rp_verdict.h"

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

static rp_decision_t
decide_fuse(const rp_vals_t *x)
{
	return decide_memory_and_time(x,
	    "; memory falls but the time does not improve beyond the "
	    "time threshold");
}

static rp_decision_t
decide_in_place(const rp_vals_t *x)
{
	return decide_memory_and_time(x, "");
}

/* Compiling without fusion halves eager's peak: supported; a nuance when
 * the compiled program still holds MEM times fused's workspace (at least
 * 1 byte). Values: eager, from (materialized), fused (peak bytes). */
static rp_decision_t
decide_jit(const rp_vals_t *x)
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
static rp_decision_t
decide_batch(const rp_vals_t *x)
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
static rp_decision_t
decide_compile_loop(const rp_vals_t *x)
{
	return decide(rp_vals_get(x, "speedup") >= time_ratio(x)
		? RP_VERDICT_NUANCE
		: RP_VERDICT_NO,
	    "");
}

/* Advice about what C has no counterpart of: "not testable in C" when the
 * values it shows beside it were measured, else not supported (a value that
 * was not measured never supports advice). Values: shown. */
static rp_decision_t
decide_not_in_c(const rp_vals_t *x)
{
	return decide(isnan(rp_vals_get(x, "shown")) ? RP_VERDICT_NO
						     : RP_VERDICT_NOT_IN_C,
	    "");
}

/* The (N,M) array is there in materialized (within 10% of N*M*4) and op by
 * op holds at least two of them: supported; the array alone: a nuance.
 * Values: nm (N*M*4), pm, pe (peaks). */
static rp_decision_t
decide_cause_nm(const rp_vals_t *x)
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
 * supported when reusing them (no allocation, same traffic) still costs
 * that much over fused; a nuance when the cost is mostly allocation.
 * Values: tn, tr, tf (median steps). */
static rp_decision_t
decide_cause_n2(const rp_vals_t *x)
{
	double tn = rp_vals_get(x, "tn"), tr = rp_vals_get(x, "tr");
	double tf = rp_vals_get(x, "tf"), tt = time_ratio(x);

	if (!(tn >= tt * tf))
		return decide(RP_VERDICT_NO, "");
	if (tr >= tt * tf)
		return decide(RP_VERDICT_YES, "");
	return decide(RP_VERDICT_NUANCE,
	    "; most of the cost is allocating the arrays afresh, not their "
	    "traffic");
}

/* ---- measurements: named runs to named values ---- */

#define IMAIN "interp-main*"
#define CMAIN "colony-main*"

/* The main runs of variants (NULL-terminated) of a workload into out;
 * -1 with "why" for the first missing one. */
static int
need_main(const rp_report_t *R, const char *w, const char *const *vs,
    const json_t **out, rp_vals_t *x)
{
	char set[64], why[512];

	snprintf(set, sizeof(set), "%s-main*", w);
	for (int i = 0; vs[i] != NULL; i++) {
		rp_query_t q = {.set = set,
		    .workload = w,
		    .variant = vs[i],
		    .n = rp_data_max_n(&R->data, set, w),
		    .alloc = RP_ALLOC_JEMALLOC};
		if ((out[i] = rp_data_main_run(&R->data, w, vs[i])) != NULL)
			continue;
		rp_vals_str(x, "why",
		    rp_data_why_missing(&R->data, &q, why, sizeof(why)));
		return -1;
	}
	return 0;
}

#define PEAK(r) rp_num(r, "memory.peak_workspace_bytes")
#define MEDIAN(r) rp_num(r, "time_s.median")
#define STEP(r) rp_num(r, "steps_s.median")

static int
measure_fuse(const rp_report_t *R, rp_vals_t *x)
{
	static const char *const vs[] = {"materialized", "fused", NULL};
	const json_t *r[2];

	if (need_main(R, "interp", vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "n", rp_data_max_n(&R->data, IMAIN, "interp"));
	rp_vals_num(x, "from", PEAK(r[0]));
	rp_vals_num(x, "to", PEAK(r[1]));
	rp_vals_str(x, "tos", rp_report_peak(r[1]));
	rp_vals_num(x, "tm", MEDIAN(r[0]));
	rp_vals_num(x, "tf", MEDIAN(r[1]));
	rp_vals_num(x, "speedup", MEDIAN(r[0]) / MEDIAN(r[1]));
	return 0;
}

static int
measure_jit(const rp_report_t *R, rp_vals_t *x)
{
	static const char *const vs[] = {
	    "eager", "materialized", "fused", NULL};
	const json_t *r[3];

	if (need_main(R, "interp", vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "eager", PEAK(r[0]));
	rp_vals_num(x, "from", PEAK(r[1]));
	rp_vals_num(x, "fused", PEAK(r[2]));
	rp_vals_str(x, "fuseds", rp_report_peak(r[2]));
	rp_vals_num(x, "cut", PEAK(r[0]) / PEAK(r[1]));
	rp_vals_num(x, "speedup", MEDIAN(r[0]) / MEDIAN(r[1]));
	return 0;
}

/* The batch size the advice names is chunked's default: Table 1's run,
 * measured in the same sweep as materialized and fused. */
static int
measure_batch(const rp_report_t *R, rp_vals_t *x)
{
	static const char *const vs[] = {
	    "materialized", "fused", "chunked", NULL};
	const json_t *r[3];

	if (need_main(R, "interp", vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "n", rp_data_max_n(&R->data, IMAIN, "interp"));
	rp_vals_num(x, "b", rp_data_chunk(r[2]));
	rp_vals_num(x, "pc", PEAK(r[2]));
	rp_vals_num(x, "pm", PEAK(r[0]));
	rp_vals_str(x, "pf", rp_report_peak(r[1]));
	rp_vals_num(x, "less", PEAK(r[0]) / PEAK(r[2]));
	rp_vals_num(x, "tc", MEDIAN(r[2]));
	rp_vals_num(x, "tm", MEDIAN(r[0]));
	rp_vals_num(x, "tf", MEDIAN(r[1]));
	return 0;
}

static int
measure_cause_nm(const rp_report_t *R, rp_vals_t *x)
{
	static const char *const vs[] = {"eager", "materialized", NULL};
	const json_t *r[2];
	double nm;

	if (need_main(R, "interp", vs, r, x) != 0)
		return -1;
	nm = 4.0 * rp_num(r[1], "params.n") * rp_num(r[1], "params.m");
	rp_vals_num(x, "nm", nm);
	rp_vals_num(x, "pm", PEAK(r[1]));
	rp_vals_num(x, "pe", PEAK(r[0]));
	rp_vals_num(x, "k", rp_num(r[0], "memory.model_bare_bytes") / nm);
	return 0;
}

static int
measure_stop_gradient(const rp_report_t *R, rp_vals_t *x)
{
	static const char *const vs[] = {"eager", NULL};
	const json_t *r[1];

	if (need_main(R, "interp", vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "pe", PEAK(r[0]));
	rp_vals_num(x, "bare", rp_num(r[0], "memory.model_bare_bytes"));
	rp_vals_num(x, "shown", PEAK(r[0]));
	return 0;
}

static int
measure_atleast_1d(const rp_report_t *R, rp_vals_t *x)
{
	static const char *const vs[] = {"eager", NULL};
	const json_t *r[1];
	double nm4;

	if (need_main(R, "interp", vs, r, x) != 0)
		return -1;
	nm4 = 16.0 * rp_num(r[0], "params.n") * rp_num(r[0], "params.m");
	rp_vals_num(x, "s", nm4);
	rp_vals_num(x, "shown", nm4);
	return 0;
}

static int
measure_cause_n2(const rp_report_t *R, rp_vals_t *x)
{
	static const char *const vs[] = {"naive", "naive-reuse", "fused", NULL};
	const json_t *r[3];

	if (need_main(R, "colony", vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "n", rp_data_max_n(&R->data, CMAIN, "colony"));
	rp_vals_num(x, "tn", STEP(r[0]));
	rp_vals_num(x, "tr", STEP(r[1]));
	rp_vals_num(x, "tf", STEP(r[2]));
	rp_vals_num(x, "alloc", STEP(r[0]) / STEP(r[1]));
	rp_vals_num(x, "traffic", STEP(r[1]) / STEP(r[2]));
	return 0;
}

/* Advice about compilation scope: the C step beside it. */
static int
measure_step_scope(const rp_report_t *R, rp_vals_t *x)
{
	static const char *const vs[] = {"naive", "fused", NULL};
	const json_t *r[2];

	if (need_main(R, "colony", vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "tn", STEP(r[0]));
	rp_vals_num(x, "tf", STEP(r[1]));
	rp_vals_num(x, "shown", STEP(r[1]));
	return 0;
}

static int
measure_recompile(const rp_report_t *R, rp_vals_t *x)
{
	double worst = rp_colony_widest_spread(R, NULL);

	if (isnan(worst)) {
		rp_vals_str(x, "why", "no spread run in the data");
		return -1;
	}
	rp_vals_num(x, "worst", worst);
	rp_vals_num(x, "shown", worst);
	rp_vals_str(x, "reading",
	    worst < 1000 ? "short of the question's three orders of "
			   "magnitude; compilation and unwaited calls are "
			   "measured in JAX (Table J3)"
			 : "as wide as the question's, without any "
			   "compilation");
	return 0;
}

static int
measure_profiler(const rp_report_t *R, rp_vals_t *x)
{
	static const char *const vs[] = {"eager", NULL};
	const json_t *r[1];

	if (need_main(R, "interp", vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "tl", rp_num(r[0], "timeline.max_live_bytes"));
	rp_vals_num(x, "pe", PEAK(r[0]));
	rp_vals_num(x, "shown", rp_num(r[0], "timeline.max_live_bytes"));
	return 0;
}

/* The exponent a figure fitted to a variant's block; NAN when none. */
static double
fitted(const rp_report_t *R, const char *fig, const char *variant)
{
	const rp_block_t *b = rp_figure_block(rp_report_plot(R, fig), variant);
	return b != NULL ? b->fit : NAN;
}

static int
measure_in_place(const rp_report_t *R, rp_vals_t *x)
{
	static const char *const vs[] = {"naive", "fused", NULL};
	const json_t *r[2];
	double kf = fitted(R, "fig-colony-memory", "fused");

	if (need_main(R, "colony", vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "n", rp_data_max_n(&R->data, CMAIN, "colony"));
	rp_vals_num(x, "from", PEAK(r[0]));
	rp_vals_num(x, "to", PEAK(r[1]));
	rp_vals_str(x, "tos", rp_report_peak(r[1]));
	rp_vals_num(x, "tn", STEP(r[0]));
	rp_vals_num(x, "tf", STEP(r[1]));
	rp_vals_num(x, "speedup", STEP(r[0]) / STEP(r[1]));
	rp_vals_num(x, "kn", fitted(R, "fig-colony-memory", "naive"));
	rp_vals_str(
	    x, "kf", isnan(kf) ? "none (0 B)" : rp_text_fmt_num(kf, "%.2f"));
	return 0;
}

static int
measure_compile_loop(const rp_report_t *R, rp_vals_t *x)
{
	rp_query_t q = {.set = "colony-spread*",
	    .workload = "colony",
	    .variant = "naive",
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *sn = rp_data_find(&R->data, &q), *sr;
	char why[512];

	q.variant = "naive-reuse";
	sr = rp_data_find(&R->data, &q);
	if (sn == NULL || sr == NULL) {
		q.variant = sn == NULL ? "naive" : "naive-reuse";
		rp_vals_str(x, "why",
		    rp_data_why_missing(&R->data, &q, why, sizeof(why)));
		return -1;
	}
	rp_vals_num(x, "tn", STEP(sn));
	rp_vals_num(x, "tr", STEP(sr));
	rp_vals_num(x, "speedup", STEP(sn) / STEP(sr));
	rp_vals_num(x, "fn", rp_num(sn, "memory.cold_minor_faults"));
	rp_vals_num(x, "fr", rp_num(sr, "memory.cold_minor_faults"));
	rp_vals_num(x, "first", rp_num(sr, "steps_s.first") / STEP(sr));
	return 0;
}

static int
measure_warm_up(const rp_report_t *R, rp_vals_t *x)
{
	double q[2 * RP_DATA_MAX_VARIANTS], worst = NAN;
	const json_t *wr = NULL;
	size_t nq = 0;
	char label[128];

	for (int w = 0; w < 2 && rp_report_workloads[w] != NULL; w++) {
		const char *vs[RP_DATA_MAX_VARIANTS],
		    *wl = rp_report_workloads[w];
		size_t nv = rp_data_variants(
		    &R->data, wl, NULL, vs, RP_DATA_MAX_VARIANTS);
		for (size_t i = 0; i < nv; i++) {
			const json_t *r = rp_data_main_run(&R->data, wl, vs[i]);
			if (r == NULL || rp_num(r, "time_s.repeats") < 1)
				continue;
			q[nq] = rp_num(r, "time_s.cold") / MEDIAN(r);
			if (isnan(worst) || q[nq] > worst) {
				worst = q[nq];
				wr = r;
			}
			nq++;
		}
	}
	if (nq == 0) {
		rp_vals_str(x, "why", "no run with timed repeats in the data");
		return -1;
	}
	snprintf(label, sizeof(label), "%s/%s", rp_str(wr, "workload"),
	    rp_str(wr, "variant"));
	rp_vals_num(x, "count", (double)nq);
	rp_vals_num(x, "median", hx_stats_median(q, nq));
	rp_vals_num(x, "shown", hx_stats_median(q, nq));
	rp_vals_num(x, "worst", worst);
	rp_vals_str(x, "worst_run", label);
	rp_vals_num(x, "cold_faults", rp_num(wr, "memory.cold_minor_faults"));
	rp_vals_num(x, "timed_faults", rp_num(wr, "memory.minor_faults"));
	return 0;
}

/* ---- the rules ---- */

const rp_rule_t rp_rules[] = {
    {
	.id = "cause-nm",
	.advice = "The cause: the nested maps build an (N,M) array (about "
		  "1.2 GB in float32) and temporaries on top of it",
	.question = "interp",
	.figures = {"fig-interp-memory", "fig-interp-timeline"},
	.tables = ", Table 1",
	.measure = measure_cause_nm,
	.decide = decide_cause_nm,
	.measured = "one (N,M) float32 array is {nm:b}; compiled without "
		    "fusion (materialized) the peak is {pm:b}, op by op "
		    "(eager) {pe:b}: {k:g3} such arrays alive at once, so the "
		    "temporaries, not the one array, make the figure{note:s}",
    },
    {
	.id = "stop-gradient",
	.advice = "stop_gradient only stops gradient tracing; it does not "
		  "reduce the forward pass's memory",
	.question = "interp",
	.figures = {"fig-interp-timeline"},
	.measure = measure_stop_gradient,
	.decide = decide_not_in_c,
	.measured = "C has no automatic differentiation; beside it, the "
		    "op-by-op forward pass alone peaks at {pe:b} ({bare:b} by "
		    "the liveness walk), with no gradient machinery at all; no "
		    "JAX program here differs by a gradient stop{note:s}",
    },
    {
	.id = "atleast-1d",
	.advice = "atleast_1d gives the index a needless axis that adds to "
		  "the dynamic_slice's memory",
	.question = "interp",
	.figures = {"fig-interp-memory"},
	.measure = measure_atleast_1d,
	.decide = decide_not_in_c,
	.measured = "C has no array shapes; by arithmetic an axis of length "
		    "1 multiplies the element count by 1, so the gathered "
		    "(N,M,4) values are {s:b} with or without it; the JAX "
		    "programs decide it (Advice re-graded on JAX){note:s}",
    },
    {
	.id = "fuse",
	.advice = "Fuse the reduction into the inner map",
	.question = "interp",
	.figures = {"fig-interp-memory", "fig-interp-time"},
	.tables = ", Table 1",
	.measure = measure_fuse,
	.decide = decide_fuse,
	.measured = "at N={n:n}: peak workspace {from:b} (materialized) -> "
		    "{tos:s} (fused); median {tm:t} -> {tf:t} (speed-up "
		    "{speedup:r}){note:s}",
    },
    {
	.id = "jit",
	.advice = "Compile the whole function (jit) so buffers are reused",
	.question = "interp",
	.figures = {"fig-interp-memory", "fig-interp-timeline"},
	.measure = measure_jit,
	.decide = decide_jit,
	.measured = "op by op (eager) {eager:b} -> compiled without fusion "
		    "(materialized) {from:b}, {cut:r} less memory, speed-up "
		    "{speedup:r}; but the compiled program still holds the "
		    "(N,M) array: {from:b} against {fuseds:s} once the "
		    "reduction is fused{note:s}",
    },
    {
	.id = "batch",
	.advice = "Process the points in batches of 10,000",
	.question = "interp",
	.figures = {"fig-interp-chunk"},
	.tables = ", Table 1",
	.measure = measure_batch,
	.decide = decide_batch,
	.measured = "B={b:i} at N={n:n} (Table 1's run): peak workspace "
		    "{pc:b}, {less:r} less than materialized's {pm:b}; median "
		    "{tc:t} against {tm:t} (materialized) and {tf:t} (fused, "
		    "{pf:s} workspace, no batch size to choose){note:s}",
    },
    {
	.id = "cause-n2",
	.advice = "The cause: the O(N^2) force and torque arrays and their "
		  "memory traffic slow the compiled step",
	.question = "colony",
	.figures = {"fig-colony-time"},
	.tables = ", Table 3",
	.measure = measure_cause_n2,
	.decide = decide_cause_n2,
	.measured =
	    "at N={n:n}: median step {tn:t} with fresh (N,N) arrays "
	    "(naive), {tr:t} with the same arrays reused (naive-reuse), "
	    "{tf:t} with none (fused): allocating them costs {alloc:r}, "
	    "their traffic {traffic:r}{note:s}",
    },
    {
	.id = "in-place",
	.advice = "Avoid the O(N^2) intermediate by summing each particle's "
		  "pairs in place",
	.question = "colony",
	.figures = {"fig-colony-memory", "fig-colony-time"},
	.tables = ", Table 3",
	.measure = measure_in_place,
	.decide = decide_in_place,
	.measured = "at N={n:n}: peak workspace {from:b} (naive) -> {tos:s} "
		    "(fused); median step {tn:t} -> {tf:t} (speed-up "
		    "{speedup:r}); memory exponent {kn:f2} -> {kf:s}{note:s}",
    },
    {
	.id = "embed-jit",
	.advice = "Calling the un-compiled force function inside a larger "
		  "compiled step adds compilation and run-time overhead",
	.question = "colony",
	.figures = {"fig-colony-time"},
	.tables = ", Table 3",
	.measure = measure_step_scope,
	.decide = decide_not_in_c,
	.measured = "C compiles the force sum and the step as one program "
		    "ahead of time, so there is no boundary to measure; the "
		    "whole C step takes {tf:t} (fused) to {tn:t} (naive), the "
		    "force sum included{note:s}",
    },
    {
	.id = "jit-scope",
	.advice = "Write the per-pair sum inside the compiled step, so one "
		  "compiled program holds the whole step",
	.question = "colony",
	.figures = {"fig-colony-time"},
	.tables = ", Table 3",
	.measure = measure_step_scope,
	.decide = decide_not_in_c,
	.measured = "the memory half of this advice is the in-place row "
		    "(fused: {tf:t} a step); one compilation scope against "
		    "two has no counterpart in C, where every variant is one "
		    "compiled program{note:s}",
    },
    {
	.id = "compile-loop",
	.advice = "Compile the whole step and the loop (one compiled "
		  "program, buffers kept)",
	.question = "colony",
	.figures = {"fig-colony-spread"},
	.tables = ", Table 5",
	.measure = measure_compile_loop,
	.decide = decide_compile_loop,
	.measured = "keeping the (N,N) buffers across steps: median step "
		    "{tn:t} (fresh arrays) -> {tr:t} (reused), speed-up "
		    "{speedup:r}; minor faults {fn:i} -> {fr:i} per run; the "
		    "first step of the reusing run costs {first:r} of its "
		    "median (it touches the new pages). Nuance: the step is "
		    "still O(N^2) in memory; the compile-time part (tracing, "
		    "recompilation) has no counterpart in C and is not "
		    "testable here{note:s}",
    },
    {
	.id = "recompile",
	.advice = "The loop's swings from milliseconds to seconds come from "
		  "compiling on the first call and recompiling when shapes, "
		  "types or the cache change",
	.question = "colony",
	.figures = {"fig-colony-spread"},
	.tables = ", Table 5",
	.measure = measure_recompile,
	.decide = decide_not_in_c,
	.measured =
	    "C compiles nothing at run time; without compilation "
	    "the widest step of one run here (its first included) is {worst:r} "
	    "of its median, {reading:s}{note:s}",
    },
    {
	.id = "warm-up",
	.advice = "Measure after a warm-up and wait for the result",
	.question = "colony",
	.figures = {"fig-cold-warm"},
	.measure = measure_warm_up,
	.decide = decide_not_in_c,
	.measured = "the advice is about compilation on the first call and "
		    "asynchronous dispatch, neither of which C has: here the "
		    "cold run over the median of the timed runs is {median:r} "
		    "(median of {count:i} variants; largest {worst:r}, "
		    "{worst_run:s}, {cold_faults:i} minor faults in its cold "
		    "run against {timed_faults:i} in a timed one), which says "
		    "nothing about either{note:s}",
    },
    {
	.id = "profiler",
	.advice = "Use the profiler's trace to see where time and memory go",
	.question = "colony",
	.figures = {"fig-interp-timeline"},
	.measure = measure_profiler,
	.decide = decide_not_in_c,
	.measured = "the advice is about the array library's profiler, which "
		    "C has not; beside it, the harness's own memory timeline "
		    "of one op-by-op run reaches {tl:b} of live bytes against "
		    "its measured peak workspace {pe:b}; no JAX program here "
		    "was profiled{note:s}",
    },
};

const size_t rp_rules_count = sizeof(rp_rules) / sizeof(rp_rules[0]);

const rp_rule_t *
rp_rule_find(const char *id)
{
	for (size_t i = 0; i < rp_rules_count; i++)
		if (strcmp(rp_rules[i].id, id) == 0)
			return &rp_rules[i];
	return NULL;
}

const char *
rp_verdict_word(rp_verdict_t v)
{
	static const char *const words[] = {"supported",
	    "supported with a nuance", "not supported", "not testable here",
	    "not testable in C"};
	return v <= RP_VERDICT_NOT_IN_C ? words[v] : "?";
}

rp_verdict_t
rp_verdict_c(const rp_report_t *R, const rp_rule_t *rule)
{
	rp_vals_t x = {.n = 0};

	rp_vals_num(&x, "tt", rp_report_time_threshold(&R->data, TIME));
	if (rule->measure(R, &x) != 0)
		return RP_VERDICT_UNTESTABLE;
	return rule->decide(&x).verdict;
}

rp_verdict_t
rp_verdict_final(
    const rp_report_t *R, const rp_rule_t *rule, rp_verdict_t c, int *by_jax)
{
	const rp_jaxrule_t *j = rp_jaxrule_find(rule->id);
	rp_vals_t x = {.n = 0};

	*by_jax = 0;
	if (c != RP_VERDICT_NOT_IN_C || j == NULL ||
	    j->measure(&R->data, &x) != 0)
		return c;
	*by_jax = 1;
	return j->decide(&x).verdict;
}

const char *
rp_verdict_final_word(
    const rp_report_t *R, const rp_rule_t *rule, rp_verdict_t c)
{
	static char buf[RP_TEXT_ROTATE][96];
	static unsigned turn;
	char *b = buf[turn++ % RP_TEXT_ROTATE];
	int by_jax;
	rp_verdict_t v = rp_verdict_final(R, rule, c, &by_jax);

	if (by_jax)
		snprintf(b, 96, "**%s** (in JAX; not testable in C)",
		    rp_verdict_word(v));
	else
		snprintf(b, 96, "**%s**", rp_verdict_word(v));
	return b;
}

static void
rule_row(rp_report_t *R, const rp_rule_t *rule)
{
	rp_vals_t x = {.n = 0};
	rp_decision_t d = {RP_VERDICT_UNTESTABLE, ""};

	rp_md(R, "| %s | %s | ", rule->advice, rule->question);
	rp_vals_num(&x, "tt", rp_report_time_threshold(&R->data, TIME));
	if (rule->measure(R, &x) != 0) {
		rp_md(R, "%s", rp_vals_get_str(&x, "why"));
	} else {
		d = rule->decide(&x);
		rp_vals_str(&x, "note", d.note);
		rp_text_fill(R->md, rule->measured, &x);
	}
	rp_md(R, " | %s | ", rp_verdict_final_word(R, rule, d.verdict));
	for (int i = 0; i < 3 && rule->figures[i] != NULL; i++)
		rp_md(R, "%s%s", i ? ", " : "",
		    rp_report_cite(R, rule->figures[i]));
	rp_md(R, "%s |\n", rule->tables != NULL ? rule->tables : "");
}

void
rp_verdict_write(rp_report_t *R)
{
	double noise = rp_report_noise(&R->data);
	double tt = rp_report_time_threshold(&R->data, TIME);

	rp_md(R, "## Advice and verdicts\n\n");
	rp_md(R,
	    "Each piece of advice the two questions received, in our words, "
	    "with the measurement that tests it. Thresholds: a memory claim "
	    "is supported when the peak falls by at least %.0fx; a time claim "
	    "when the median improves by at least %.0f%% or by twice the "
	    "machine's noise band (",
	    MEM, (TIME - 1) * 100);
	if (isnan(noise))
		rp_md(R, "not measured in this data");
	else
		rp_md(R, "+-%.1f%%", 100 * noise);
	rp_md(R,
	    "), whichever is larger: here a ratio of at least %.2f; 'with a "
	    "nuance' when the claim holds but the data add a condition or a "
	    "larger effect the advice missed; 'not testable in C' when the "
	    "advice is about what C has no counterpart of (compilation, "
	    "asynchronous dispatch, automatic differentiation, array "
	    "shapes): the row then says what the C data can say beside "
	    "it.\n\n",
	    tt);
	rp_md(R,
	    "| advice | question | measured | verdict | figure |\n"
	    "|---|---|---|---|---|\n");
	for (size_t i = 0; i < rp_rules_count; i++)
		rule_row(R, &rp_rules[i]);
	rp_md(R, "\n");
}
