/*
 * rp_rules: the advice rules, each with the measurement that fills its
 * values from named runs; their decisions are rp_decide.c's (see
 * rp_verdict.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_stats.h"
#include "rp_colony.h"
#include "rp_decide.h"
#include "rp_verdict.h"
#include "rp_workloads.h"

/* ---- measurements: named runs to named values ---- */

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
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const vs[] = {"materialized", "fused", NULL};
	const json_t *r[2];

	if (need_main(R, w->name, vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "n", rp_data_max_n(&R->data, w->sets.main, w->name));
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
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const vs[] = {
	    "eager", "materialized", "fused", NULL};
	const json_t *r[3];

	if (need_main(R, w->name, vs, r, x) != 0)
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
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const vs[] = {
	    "materialized", "fused", "chunked", NULL};
	const json_t *r[3];

	if (need_main(R, w->name, vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "n", rp_data_max_n(&R->data, w->sets.main, w->name));
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
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const vs[] = {"eager", "materialized", NULL};
	const json_t *r[2];
	double nm;

	if (need_main(R, w->name, vs, r, x) != 0)
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
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const vs[] = {"eager", NULL};
	const json_t *r[1];

	if (need_main(R, w->name, vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "pe", PEAK(r[0]));
	rp_vals_num(x, "bare", rp_num(r[0], "memory.model_bare_bytes"));
	rp_vals_num(x, "shown", PEAK(r[0]));
	return 0;
}

static int
measure_atleast_1d(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const vs[] = {"eager", NULL};
	const json_t *r[1];
	double nm4;

	if (need_main(R, w->name, vs, r, x) != 0)
		return -1;
	nm4 = 16.0 * rp_num(r[0], "params.n") * rp_num(r[0], "params.m");
	rp_vals_num(x, "s", nm4);
	rp_vals_num(x, "shown", nm4);
	return 0;
}

static int
measure_cause_n2(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	static const char *const vs[] = {"naive", "naive-reuse", "fused", NULL};
	const json_t *r[3];
	double ir, inf;

	if (need_main(R, w->name, vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "n", rp_data_max_n(&R->data, w->sets.main, w->name));
	rp_vals_num(x, "tn", STEP(r[0]));
	rp_vals_num(x, "tr", STEP(r[1]));
	rp_vals_num(x, "tf", STEP(r[2]));
	rp_vals_num(x, "alloc", STEP(r[0]) / STEP(r[1]));
	rp_vals_num(x, "traffic", STEP(r[1]) / STEP(r[2]));
	ir = rp_num(rp_data_cachesim(&R->data, w->name, "naive-reuse"),
	    "cachesim.instructions_per_unit");
	inf = rp_num(rp_data_cachesim(&R->data, w->name, "fused"),
	    "cachesim.instructions_per_unit");
	rp_vals_num(x, "insn", ir / inf);
	rp_vals_num(x, "rest", STEP(r[1]) / STEP(r[2]) / (ir / inf));
	rp_vals_str(x, "insn_words",
	    isnan(ir / inf) ? "the instructions a pair not simulated"
			    : rp_text_fmt_num(ir / inf, "%.2fx"));
	return 0;
}

/* Advice about compilation scope: the C step beside it. */
static int
measure_step_scope(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	static const char *const vs[] = {"naive", "fused", NULL};
	const json_t *r[2];

	if (need_main(R, w->name, vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "tn", STEP(r[0]));
	rp_vals_num(x, "tf", STEP(r[1]));
	rp_vals_num(x, "shown", STEP(r[1]));
	return 0;
}

static int
measure_recompile(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	double worst = rp_colony_widest_spread(R, w, NULL);

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
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	static const char *const vs[] = {"eager", NULL};
	const json_t *r[1];

	if (need_main(R, w->name, vs, r, x) != 0)
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
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	static const char *const vs[] = {"naive", "fused", NULL};
	const json_t *r[2];
	double kf = fitted(R, rp_workload_fig(w, "memory"), "fused");

	if (need_main(R, w->name, vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "n", rp_data_max_n(&R->data, w->sets.main, w->name));
	rp_vals_num(x, "from", PEAK(r[0]));
	rp_vals_num(x, "to", PEAK(r[1]));
	rp_vals_str(x, "tos", rp_report_peak(r[1]));
	rp_vals_num(x, "tn", STEP(r[0]));
	rp_vals_num(x, "tf", STEP(r[1]));
	rp_vals_num(x, "speedup", STEP(r[0]) / STEP(r[1]));
	rp_vals_num(x, "kn", fitted(R, rp_workload_fig(w, "memory"), "naive"));
	rp_vals_str(
	    x, "kf", isnan(kf) ? "none (0 B)" : rp_text_fmt_num(kf, "%.2f"));
	return 0;
}

static int
measure_compile_loop(const rp_report_t *R, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	rp_query_t q = {.set = w->sets.spread,
	    .workload = w->name,
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
	rp_variant_run_t vr[RP_WORKLOAD_MAX_RUNS];
	size_t nv = rp_workload_main_runs(&R->data, vr, RP_WORKLOAD_MAX_RUNS);
	double q[RP_WORKLOAD_MAX_RUNS], worst = NAN;
	const json_t *wr = NULL;
	size_t nq = 0;
	char label[128];

	for (size_t i = 0; i < nv; i++) {
		const json_t *r = vr[i].main;
		if (r == NULL || rp_num(r, "time_s.repeats") < 1)
			continue;
		q[nq] = rp_num(r, "time_s.cold") / MEDIAN(r);
		if (isnan(worst) || q[nq] > worst) {
			worst = q[nq];
			wr = r;
		}
		nq++;
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
	.question = RP_QUESTION_MEMORY,
	.figures = {{RP_QUESTION_MEMORY, "memory"},
	    {RP_QUESTION_MEMORY, "timeline"}},
	.tables = ", Table 1",
	.measure = measure_cause_nm,
	.decide = rp_decide_cause_nm,
	.measured = "one (N,M) float32 array is {nm:b}; compiled without "
		    "fusion (materialized) the peak is {pm:b}, op by op "
		    "(eager) {pe:b}: {k:g3} such arrays alive at once, so the "
		    "temporaries, not the one array, make the figure{note:s}",
    },
    {
	.id = "stop-gradient",
	.advice = "stop_gradient only stops gradient tracing; it does not "
		  "reduce the forward pass's memory",
	.question = RP_QUESTION_MEMORY,
	.figures = {{RP_QUESTION_MEMORY, "timeline"}},
	.measure = measure_stop_gradient,
	.decide = rp_decide_not_in_c,
	.measured = "C has no automatic differentiation; beside it, the "
		    "op-by-op forward pass alone peaks at {pe:b} ({bare:b} by "
		    "the liveness walk), with no gradient machinery at all; no "
		    "JAX program here differs by a gradient stop{note:s}",
    },
    {
	.id = "atleast-1d",
	.advice = "atleast_1d gives the index a needless axis that adds to "
		  "the dynamic_slice's memory",
	.question = RP_QUESTION_MEMORY,
	.figures = {{RP_QUESTION_MEMORY, "memory"}},
	.measure = measure_atleast_1d,
	.decide = rp_decide_not_in_c,
	.measured = "C has no array shapes; by arithmetic an axis of length "
		    "1 multiplies the element count by 1, so the gathered "
		    "(N,M,4) values are {s:b} with or without it; the JAX "
		    "programs decide it (Advice re-graded on JAX){note:s}",
    },
    {
	.id = "fuse",
	.advice = "Fuse the reduction into the inner map",
	.question = RP_QUESTION_MEMORY,
	.figures = {{RP_QUESTION_MEMORY, "memory"},
	    {RP_QUESTION_MEMORY, "time"}},
	.tables = ", Table 1",
	.measure = measure_fuse,
	.decide = rp_decide_fuse,
	.measured = "at N={n:n}: peak workspace {from:b} (materialized) -> "
		    "{tos:s} (fused); median {tm:t} -> {tf:t} (speed-up "
		    "{speedup:r}){note:s}",
    },
    {
	.id = "jit",
	.advice = "Compile the whole function (jit) so buffers are reused",
	.question = RP_QUESTION_MEMORY,
	.figures = {{RP_QUESTION_MEMORY, "memory"},
	    {RP_QUESTION_MEMORY, "timeline"}},
	.measure = measure_jit,
	.decide = rp_decide_jit,
	.measured = "op by op (eager) {eager:b} -> compiled without fusion "
		    "(materialized) {from:b}, {cut:r} less memory, speed-up "
		    "{speedup:r}; but the compiled program still holds the "
		    "(N,M) array: {from:b} against {fuseds:s} once the "
		    "reduction is fused{note:s}",
    },
    {
	.id = "batch",
	.advice = "Process the points in batches of 10,000",
	.question = RP_QUESTION_MEMORY,
	.figures = {{RP_QUESTION_MEMORY, "chunk"}},
	.tables = ", Table 1",
	.measure = measure_batch,
	.decide = rp_decide_batch,
	.measured = "B={b:i} at N={n:n} (Table 1's run): peak workspace "
		    "{pc:b}, {less:r} less than materialized's {pm:b}; median "
		    "{tc:t} against {tm:t} (materialized) and {tf:t} (fused, "
		    "{pf:s} workspace, no batch size to choose){note:s}",
    },
    {
	.id = "cause-n2",
	.advice = "The cause: the O(N^2) force and torque arrays and their "
		  "memory traffic slow the compiled step",
	.question = RP_QUESTION_SPEED,
	.figures = {{RP_QUESTION_SPEED, "time"}},
	.tables = ", Table 3",
	.measure = measure_cause_n2,
	.decide = rp_decide_cause_n2,
	.measured =
	    "at N={n:n}: median step {tn:t} with fresh (N,N) arrays "
	    "(naive), {tr:t} with the same arrays reused (naive-reuse), "
	    "{tf:t} with none (fused): allocating them costs {alloc:r}; "
	    "reused, they still cost {traffic:r} over fused, of which the "
	    "simulated instructions a pair account for {insn_words:s} "
	    "(naive-reuse over fused; the limits table's last column) and the "
	    "rest, their traffic, {rest:r}{note:s}",
    },
    {
	.id = "in-place",
	.advice = "Avoid the O(N^2) intermediate by summing each particle's "
		  "pairs in place",
	.question = RP_QUESTION_SPEED,
	.figures = {{RP_QUESTION_SPEED, "memory"}, {RP_QUESTION_SPEED, "time"}},
	.tables = ", Table 3",
	.measure = measure_in_place,
	.decide = rp_decide_in_place,
	.measured = "at N={n:n}: peak workspace {from:b} (naive) -> {tos:s} "
		    "(fused); median step {tn:t} -> {tf:t} (speed-up "
		    "{speedup:r}); memory exponent {kn:f2} -> {kf:s}{note:s}",
    },
    {
	.id = "embed-jit",
	.advice = "Calling the un-compiled force function inside a larger "
		  "compiled step adds compilation and run-time overhead",
	.question = RP_QUESTION_SPEED,
	.figures = {{RP_QUESTION_SPEED, "time"}},
	.tables = ", Table 3",
	.measure = measure_step_scope,
	.decide = rp_decide_not_in_c,
	.measured = "C compiles the force sum and the step as one program "
		    "ahead of time, so there is no boundary to measure; the "
		    "whole C step takes {tf:t} (fused) to {tn:t} (naive), the "
		    "force sum included{note:s}",
    },
    {
	.id = "jit-scope",
	.advice = "Write the per-pair sum inside the compiled step, so one "
		  "compiled program holds the whole step",
	.question = RP_QUESTION_SPEED,
	.figures = {{RP_QUESTION_SPEED, "time"}},
	.tables = ", Table 3",
	.measure = measure_step_scope,
	.decide = rp_decide_not_in_c,
	.measured = "the memory half of this advice is the in-place row "
		    "(fused: {tf:t} a step); one compilation scope against "
		    "two has no counterpart in C, where every variant is one "
		    "compiled program{note:s}",
    },
    {
	.id = "compile-loop",
	.advice = "Compile the whole step and the loop (one compiled "
		  "program, buffers kept)",
	.question = RP_QUESTION_SPEED,
	.figures = {{RP_QUESTION_SPEED, "spread"}},
	.tables = ", Table 5",
	.measure = measure_compile_loop,
	.decide = rp_decide_compile_loop,
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
	.question = RP_QUESTION_SPEED,
	.figures = {{RP_QUESTION_SPEED, "spread"}},
	.tables = ", Table 5",
	.measure = measure_recompile,
	.decide = rp_decide_not_in_c,
	.measured =
	    "C compiles nothing at run time; without compilation "
	    "the widest step of one run here (its first included) is {worst:r} "
	    "of its median, {reading:s}{note:s}",
    },
    {
	.id = "warm-up",
	.advice = "Measure after a warm-up and wait for the result",
	.question = RP_QUESTION_SPEED,
	.figures = {{RP_QUESTION_NONE, "cold-warm"}},
	.measure = measure_warm_up,
	.decide = rp_decide_not_in_c,
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
	.question = RP_QUESTION_SPEED,
	.figures = {{RP_QUESTION_MEMORY, "timeline"}},
	.measure = measure_profiler,
	.decide = rp_decide_not_in_c,
	.measured = "the advice is about the array library's profiler, which "
		    "C has not; beside it, the harness's own memory timeline "
		    "of one op-by-op run reaches {tl:b} of live bytes against "
		    "its measured peak workspace {pe:b}; no JAX program here "
		    "was profiled{note:s}",
    },
};

const size_t rp_rules_count = sizeof(rp_rules) / sizeof(rp_rules[0]);

const char *
rp_rule_figure(const rp_rule_t *rule, int k)
{
	static char buf[RP_TEXT_ROTATE][64];
	static unsigned turn;
	char *b = buf[turn++ % RP_TEXT_ROTATE];
	const rp_rule_fig_t *f;

	if (k < 0 || k >= RP_RULE_FIGS || rule->figures[k].what == NULL)
		return NULL;
	f = &rule->figures[k];
	if (f->of != RP_QUESTION_NONE)
		return rp_workload_fig(rp_workload_question(f->of), f->what);
	snprintf(b, 64, "fig-%s", f->what);
	return b;
}

const char *
rp_rule_question(const rp_rule_t *rule)
{
	return rp_workload_question(rule->question)->name;
}
