/*
 * rp_verdict: the rules, their measurements and decisions (see
 * rp_verdict.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hx_stats.h"
#include "rp_colony.h"
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

/* Memory falls by MEM and time improves by TIME: supported; memory alone:
 * a nuance. Values: from, to (peak bytes), speedup. */
static rp_decision_t
decide_memory_and_time(const rp_vals_t *x, const char *nuance_note)
{
	int mem_ok = rp_vals_get(x, "to") * MEM <= rp_vals_get(x, "from");
	int time_ok = rp_vals_get(x, "speedup") >= TIME;

	if (mem_ok && time_ok)
		return decide(RP_VERDICT_YES, "");
	return mem_ok ? decide(RP_VERDICT_NUANCE, nuance_note)
		      : decide(RP_VERDICT_NO, "");
}

static rp_decision_t
decide_fuse(const rp_vals_t *x)
{
	return decide_memory_and_time(
	    x, "; memory falls but time does not improve by 10%");
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
	int mem_ok = rp_vals_get(x, "pc") * MEM <= rp_vals_get(x, "pm");
	int fused_better = tc >= TIME * rp_vals_get(x, "tf");
	int slower = tc > tm * TIME;
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
	return decide(rp_vals_get(x, "speedup") >= TIME ? RP_VERDICT_NUANCE
							: RP_VERDICT_NO,
	    "");
}

/* The median variant's cold run costs TIME more than its timed ones:
 * supported; only the worst: a nuance. Values: median, worst. */
static rp_decision_t
decide_warm_up(const rp_vals_t *x)
{
	double med = rp_vals_get(x, "median"), worst = rp_vals_get(x, "worst");
	const char *note = med < TIME ? "; for most variants the first run "
					"costs what the others do"
				      : "";

	if (med >= TIME)
		return decide(RP_VERDICT_YES, note);
	return decide(worst >= TIME ? RP_VERDICT_NUANCE : RP_VERDICT_NO, note);
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
		if ((out[i] = rp_data_main(&R->data, set, w, vs[i])) != NULL)
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
	rp_vals_num(x, "cut", PEAK(r[0]) / PEAK(r[1]));
	rp_vals_num(x, "speedup", MEDIAN(r[0]) / MEDIAN(r[1]));
	return 0;
}

static int
measure_batch(const rp_report_t *R, rp_vals_t *x)
{
	static const char *const vs[] = {"materialized", "fused", NULL};
	rp_query_t q = {.set = "interp-chunk*",
	    .workload = "interp",
	    .variant = "chunked",
	    .chunk = 10000,
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *c10 = rp_data_find(&R->data, &q), *r[2];

	if (c10 == NULL) {
		rp_vals_str(
		    x, "why", "no chunked run with B=10000 in the chunk sweep");
		return -1;
	}
	if (need_main(R, "interp", vs, r, x) != 0)
		return -1;
	rp_vals_num(x, "n", rp_data_max_n(&R->data, IMAIN, "interp"));
	rp_vals_num(x, "pc", PEAK(c10));
	rp_vals_num(x, "pm", PEAK(r[0]));
	rp_vals_num(x, "pf", PEAK(r[1]));
	rp_vals_num(x, "less", PEAK(r[0]) / PEAK(c10));
	rp_vals_num(x, "tc", MEDIAN(c10));
	rp_vals_num(x, "tm", MEDIAN(r[0]));
	rp_vals_num(x, "tf", MEDIAN(r[1]));
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
	static const char *const workloads[] = {"interp", "colony"};
	double q[2 * RP_DATA_MAX_VARIANTS], worst = NAN;
	const json_t *wr = NULL;
	size_t nq = 0;
	char label[128];

	for (int w = 0; w < 2; w++) {
		const char *vs[RP_DATA_MAX_VARIANTS], *wl = workloads[w];
		size_t nv = rp_data_variants(
		    &R->data, wl, NULL, vs, RP_DATA_MAX_VARIANTS);
		char set[64];
		snprintf(set, sizeof(set), "%s-main*", wl);
		for (size_t i = 0; i < nv; i++) {
			const json_t *r =
			    rp_data_main(&R->data, set, wl, vs[i]);
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
	rp_vals_num(x, "worst", worst);
	rp_vals_str(x, "worst_run", label);
	rp_vals_num(x, "cold_faults", rp_num(wr, "memory.cold_minor_faults"));
	rp_vals_num(x, "timed_faults", rp_num(wr, "memory.minor_faults"));
	return 0;
}

/* ---- the rules ---- */

const rp_rule_t rp_rules[] = {
    {
	.id = "fuse",
	.advice = "Fuse the reduction into the inner map",
	.question = "interp",
	.figures = {"fig-interp-memory", "fig-interp-time"},
	.tables = ", Table 1",
	.measure = measure_fuse,
	.decide = decide_fuse,
	.measured = "at N={n:n}: peak workspace {from:b} (materialized) -> "
		    "{to:b} (fused); median {tm:t} -> {tf:t} (speed-up "
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
		    "(N,M) array: {from:b} against {fused:b} once the "
		    "reduction is fused{note:s}",
    },
    {
	.id = "batch",
	.advice = "Process the points in batches of 10,000",
	.question = "interp",
	.figures = {"fig-interp-chunk"},
	.measure = measure_batch,
	.decide = decide_batch,
	.measured = "B=10000 at N={n:n}: peak workspace {pc:b}, {less:r} less "
		    "than materialized's {pm:b}; median {tc:t} against {tm:t} "
		    "(materialized) and {tf:t} (fused, {pf:b} workspace, no "
		    "batch size to choose){note:s}",
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
	.measured = "at N={n:n}: peak workspace {from:b} (naive) -> {to:b} "
		    "(fused); median step {tn:t} -> {tf:t} (speed-up "
		    "{speedup:r}); memory exponent {kn:f2} -> {kf:s}{note:s}",
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
	.id = "warm-up",
	.advice = "Measure after a warm-up and wait for the result",
	.question = "colony",
	.figures = {"fig-cold-warm"},
	.measure = measure_warm_up,
	.decide = decide_warm_up,
	.measured = "cold run over median of the timed runs, {count:i} "
		    "variants: median {median:r}, largest {worst:r} "
		    "({worst_run:s}, {cold_faults:i} minor faults in its cold "
		    "run against {timed_faults:i} in a timed one){note:s}. "
		    "Waiting for an asynchronous result is not testable here: "
		    "C runs synchronously, so the harness always times "
		    "finished work; nor is compilation, the first-call cost "
		    "the advice is about",
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
	    "supported with a nuance", "not supported", "not testable here"};
	return v <= RP_VERDICT_UNTESTABLE ? words[v] : "?";
}

static void
rule_row(rp_report_t *R, const rp_rule_t *rule)
{
	rp_vals_t x = {.n = 0};
	rp_decision_t d = {RP_VERDICT_UNTESTABLE, ""};

	rp_md(R, "| %s | %s | ", rule->advice, rule->question);
	if (rule->measure(R, &x) != 0) {
		rp_md(R, "%s", rp_vals_get_str(&x, "why"));
	} else {
		d = rule->decide(&x);
		rp_vals_str(&x, "note", d.note);
		rp_text_fill(R->md, rule->measured, &x);
	}
	rp_md(R, " | **%s** | ", rp_verdict_word(d.verdict));
	for (int i = 0; i < 3 && rule->figures[i] != NULL; i++)
		rp_md(R, "%s%s", i ? ", " : "",
		    rp_report_cite(R, rule->figures[i]));
	rp_md(R, "%s |\n", rule->tables != NULL ? rule->tables : "");
}

void
rp_verdict_write(rp_report_t *R)
{
	rp_md(R, "## Advice and verdicts\n\n");
	rp_md(R,
	    "Each piece of advice the two questions received, in our words, "
	    "with the measurement that tests it. Thresholds: a memory claim "
	    "is supported when the peak falls by at least %.0fx; a time claim "
	    "when the median improves by at least %.0f%% (ratio >= %.2f); "
	    "'with a nuance' when the claim holds but the data add a "
	    "condition or a larger effect the advice missed.\n\n",
	    MEM, (TIME - 1) * 100, TIME);
	rp_md(R,
	    "| advice | question | measured | verdict | figure |\n"
	    "|---|---|---|---|---|\n");
	for (size_t i = 0; i < rp_rules_count; i++)
		rule_row(R, &rp_rules[i]);
	rp_md(R, "\n");
}
