/*
 * rp_lesson: the lesson, the report's first part (see rp_lesson.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_accounting.h"
#include "rp_colony.h"
#include "rp_explain.h"
#include "rp_interp.h"
#include "rp_jax.h"
#include "rp_jaxfix.h"
#include "rp_jaxrule.h"
#include "rp_lesson.h"
#include "rp_limiter.h"
#include "rp_text.h"
#include "rp_verdict.h"
#include "rp_workloads.h"

#define PEAK(r) rp_num(r, "memory.peak_workspace_bytes")
#define MEDIAN(r) rp_num(r, "time_s.median")
#define STEP(r) rp_num(r, "steps_s.median")
#define WARM(r) rp_jax_median(r, "warm_call_s")

/* The colony question's own figures, as it reported them: the only
 * numbers of the report not read from the data. */
static const struct {
	const char *what;
	double seconds;
} question_colony[] = {
    {"the force function alone", 2.32e-3},
    {"the same inside the jitted step", 46.5e-3},
    {"a loop of steps, fastest", 2e-3},
    {"a loop of steps, slowest", 3.0},
};

/* The interp question's reported peak (the spec's 12*N*M*4 at N=1e6,
 * M=300, rounded as the question gave it). */
#define QUESTION_INTERP_BYTES 14e9

/* ---- the JAX code of a fix ---- */

static FILE *
open_in_repository(const rp_data_t *D, const char *path)
{
	char full[4400];
	FILE *f;

	snprintf(full, sizeof(full), "%s/../../%s", D->dir, path);
	if ((f = fopen(full, "r")) != NULL)
		return f;
	return fopen(path, "r");
}

int
rp_lesson_code(const rp_data_t *D, const char *path, const char *name,
    char *buf, size_t len)
{
	FILE *f = open_in_repository(D, path);
	char line[512], begin[128];
	int in = 0, n = 0;
	size_t used = 0;

	buf[0] = '\0';
	if (f == NULL)
		return 0;
	snprintf(begin, sizeof(begin), "# lesson:begin %s", name);
	while (fgets(line, sizeof(line), f) != NULL) {
		const char *t = line + strspn(line, " ");
		if (!in) {
			in = strncmp(t, begin, strlen(begin)) == 0 &&
			    strchr(" \r\n", t[strlen(begin)]) != NULL;
			continue;
		}
		if (strncmp(t, "# lesson:end", 12) == 0)
			break;
		if (n == RP_LESSON_CODE_LINES || used + strlen(line) + 1 >= len)
			continue;
		memcpy(buf + used, line, strlen(line) + 1);
		used += strlen(line);
		n++;
	}
	fclose(f);
	return n;
}

/* ---- the memory question ---- */

static const char memory_cause[] =
    "**What caused it.** A nested map is not a loop. Run op by op, every "
    "primitive of the inner function makes a whole (N,M) array, and at the "
    "worst moment twelve of them are alive at once (the figure below; the "
    "walk is in [Memory accounting](#memory-accounting)). C's op-by-op "
    "schedule (`eager`) at N={n:n}, M={m:n} peaked at {pe:b} in the "
    "allocator's size classes and {rss:b} of RSS (Table 1m); the "
    "question's own program in JAX, un-jitted, reached {jrss:b} of RSS at "
    "N={jn:n} ([the 14 GB in JAX](#the-questions-14-gb-in-jax)).\n\n";

static const char memory_fix_jax[] =
    "**What fixes it in JAX, and what that costs.** The answer's first "
    "rewrite (the sum moved into the inner map) {same:s}, {q:b} against "
    "{rw:b} un-jitted at N={jn2:n} (Table J1). `jax.jit` keeps {qj:b} of "
    "XLA temporaries, {qjk:s}. {lmw:s} `lax.map` over batches of points: "
    "{lm:b} of temporaries, a warm call of {tlm:t} against {tqj:t} for the "
    "jitted question. ";

static const char memory_fix_c[] =
    "In C, fusing the sum (`fused`) needs {pf:s} and runs "
    "{tf:t} against {tm:t} for the unfused compiled schedule "
    "(`materialized`, {pm:b}; Table 1): {rf:s}. Its limiter by the rule "
    "below: {lf:s}; the simulator counts {if:g3} instructions per pair for "
    "fused against {im:g3} for materialized (Table 1s). With the question's "
    "input (x = 0: every point in one cell, so every point reads the "
    "same four entries of each table; not simulated), fused runs {tf0:t} "
    "against "
    "{tm0:t} (Table 1b): {rf0:s}. Batching in C (`chunked`, B={b:n}) keeps "
    "{pc:b} "
    "and runs {tc:t}.\n\n";

/* "fused is the faster" / "fused is the slower" from two medians: the
 * word follows the measured medians, never a fixed expectation (the
 * ratio itself is in the tables). */
static const char *
ratio_words(char *buf, size_t len, const char *name, double a, double b)
{
	if (isnan(a) || isnan(b) || a <= 0 || b <= 0)
		snprintf(buf, len, "the ratio is not measured");
	else
		snprintf(buf, len, "%s is the %s", name,
		    a <= b ? "faster" : "slower");
	return buf;
}

/* explain's chart of the question's own JAX program, beside C eager's
 * model of twelve N x M arrays; a sentence when the data has no chart. */
static void
memory_explain(rp_report_t *R, const json_t *eager)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const char *name = NULL;
	json_t *e = rp_explain_of(&R->data, w->name, &name);
	const json_t *jit = json_object_get(e, "jit");
	double unit = rp_explain_unit(e);
	char peaks[1024], cap[2048];

	snprintf(cap, sizeof(cap),
	    "C's eager schedule holds twelve N x M arrays at its peak "
	    "(%s at N=%s, the spec's 12*N*M*4; %s in the allocator's size "
	    "classes, %s). Walked op by op, "
	    "the question's own program at N=%s, M=%s: %s. Under jit XLA "
	    "keeps %zu buffers, %s (%s full arrays), %s of them sharing "
	    "memory: %s of temporaries",
	    rp_text_fmt_bytes(rp_num(eager, "memory.model_bare_bytes")),
	    rp_text_fmt_n(rp_num(eager, "params.n")),
	    rp_text_fmt_bytes(rp_num(eager, "memory.peak_workspace_bytes")),
	    rp_report_cite(R, rp_workload_fig(w, "timeline")),
	    rp_text_fmt_n(rp_num(e, "program.params.n")),
	    rp_text_fmt_n(rp_num(e, "program.params.m")),
	    rp_explain_peaks(e, peaks, sizeof(peaks)),
	    json_array_size(json_object_get(jit, "buffers")),
	    rp_text_fmt_bytes(rp_num(jit, "buffers_bytes")),
	    rp_text_fmt_num(rp_num(jit, "buffers_bytes") / unit, "%.2f"),
	    rp_text_fmt_bytes(rp_num(jit, "shared_bytes")),
	    rp_text_fmt_bytes(rp_num(jit, "memory_analysis.temp_bytes")));
	if (e == NULL ||
	    rp_explain_chart(R, name,
		"The live arrays of the question's own JAX "
		"program, op by op (explain)",
		cap) != 0)
		rp_md(R,
		    "explain's chart of the question's own JAX program is not "
		    "in this data; C's eager model holds twelve N x M arrays "
		    "at its peak (%s at N=%s, the spec's 12*N*M*4).\n\n",
		    rp_text_fmt_bytes(rp_num(eager, "memory.model_bare_bytes")),
		    rp_text_fmt_n(rp_num(eager, "params.n")));
	json_decref(e);
}

/* The question's program in JAX at its largest N in the data, or NULL. */
static const json_t *
memory_jax_largest(const rp_data_t *D, const rp_workload_t *w)
{
	rp_query_t qj = {.set = w->sets.jax_all, .variant = "question"};
	const json_t *big = NULL;
	size_t i;
	json_t *r;

	json_array_foreach(D->runs, i, r)
	{
		if (rp_data_run_matches(r, &qj) &&
		    (big == NULL ||
			rp_num(r, "params.n") > rp_num(big, "params.n")))
			big = r;
	}
	return big;
}

/* What fixes it, and what that costs: the JAX rewrites' and C's figures
 * (e, m, f, c: C's eager, materialized, fused and chunked main runs). */
static void
memory_fix(rp_report_t *R, const rp_workload_t *w, const json_t *e,
    const json_t *m, const json_t *f, const json_t *c)
{
	const rp_data_t *D = &R->data;
	rp_query_t qs = {.set = w->sets.seed, .alloc = RP_ALLOC_JEMALLOC};
	const json_t *jq = rp_jax_run(D, w->name, "question");
	const json_t *cf = rp_data_cachesim(D, w->name, "fused");
	const json_t *cm = rp_data_cachesim(D, w->name, "materialized");
	rp_vals_t x = {.n = 0};
	char rf[64], rf0[64];
	double tf0, tm0;
	rp_limiter_in_t in;
	json_t *jaxpr;

	rp_vals_num(&x, "jn2", rp_num(jq, "params.n"));
	rp_vals_num(&x, "q", rp_jax_work(D, jq));
	rp_vals_num(
	    &x, "rw", rp_jax_work(D, rp_jax_run(D, w->name, "rewrite")));
	rp_vals_num(
	    &x, "qj", rp_jax_temp(rp_jax_run(D, w->name, "question_jit")));
	rp_vals_num(&x, "lm", rp_jax_temp(rp_jax_run(D, w->name, "lax_map")));
	jaxpr = rp_jax_file(D, "jax-jaxpr-interp.json");
	rp_lesson_jax_fix_words(&x, json_object_get(jaxpr, "same_arithmetic"),
	    rp_jax_temp(rp_jax_run(D, w->name, "question_jit")),
	    rp_jax_unit(jq), rp_jax_temp(rp_jax_run(D, w->name, "lax_map")));
	json_decref(jaxpr);
	rp_vals_num(&x, "tlm", WARM(rp_jax_run(D, w->name, "lax_map")));
	rp_vals_num(&x, "tqj", WARM(rp_jax_run(D, w->name, "question_jit")));
	rp_vals_str(&x, "pf", rp_report_peak(f));
	rp_vals_num(&x, "tf", MEDIAN(f));
	rp_vals_num(&x, "tm", MEDIAN(m));
	rp_vals_num(&x, "pm", PEAK(m));
	rp_vals_num(
	    &x, "if", rp_num(cf, "cachesim.Ir") / rp_num(cf, "work.units"));
	rp_vals_num(
	    &x, "im", rp_num(cm, "cachesim.Ir") / rp_num(cm, "work.units"));
	qs.variant = "fused";
	tf0 = MEDIAN(rp_data_find(D, &qs));
	qs.variant = "materialized";
	tm0 = MEDIAN(rp_data_find(D, &qs));
	rp_vals_num(&x, "tf0", tf0);
	rp_vals_num(&x, "tm0", tm0);
	rp_vals_str(&x, "lf",
	    rp_limiter_word(rp_limiter_of(D, w->name, "fused", &in).kind));
	rp_vals_str(&x, "rf",
	    ratio_words(rf, sizeof(rf), "fused", MEDIAN(f), MEDIAN(m)));
	rp_vals_str(
	    &x, "rf0", ratio_words(rf0, sizeof(rf0), "fused", tf0, tm0));
	rp_vals_num(&x, "b", rp_data_chunk(c));
	rp_vals_num(&x, "pc", PEAK(c));
	rp_vals_num(&x, "tc", MEDIAN(c));
	if (e == NULL || m == NULL || f == NULL || jq == NULL)
		rp_md(R,
		    "(Some of these runs are not measured in this data: "
		    "their figures read n/a.)\n\n");
	if (rp_jax_present(D))
		rp_text_fill(R->md, memory_fix_jax, &x);
	else
		rp_md(R,
		    "**What fixes it, and what that costs.** The JAX "
		    "programs are not measured in this data. ");
	rp_text_fill(R->md, memory_fix_c, &x);
}

static void
memory_question(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const rp_data_t *D = &R->data;
	const json_t *e = rp_data_main_run(D, w->name, "eager");
	const json_t *m = rp_data_main_run(D, w->name, "materialized");
	const json_t *f = rp_data_main_run(D, w->name, "fused");
	const json_t *c = rp_data_main_run(D, w->name, "chunked");
	const json_t *big = memory_jax_largest(D, w);
	rp_vals_t x = {.n = 0};

	rp_md(R,
	    "## The memory question\n\n**%s: why did two nested maps "
	    "take 14 GB?**\n\n",
	    w->name);
	rp_vals_num(&x, "n", rp_num(e, "params.n"));
	rp_vals_num(&x, "m", rp_num(e, "params.m"));
	rp_vals_num(&x, "pe", PEAK(e));
	rp_vals_num(&x, "rss", rp_num(e, "memory.peak_rss_bytes"));
	rp_vals_num(&x, "jrss", rp_num(big, "memory.peak_rss_bytes"));
	rp_vals_num(&x, "jn", rp_num(big, "params.n"));
	rp_text_fill(R->md, memory_cause, &x);
	rp_md(R,
	    "| the question reported | at N=1e6, M=300 | measured: RSS, C "
	    "eager | RSS, the question in JAX |\n|---|---|---|---|\n| peak "
	    "memory | %s | %s | %s |\n\n",
	    rp_text_fmt_bytes(QUESTION_INTERP_BYTES),
	    rp_text_fmt_bytes(rp_num(e, "memory.peak_rss_bytes")),
	    rp_text_fmt_bytes(rp_num(big, "memory.peak_rss_bytes")));
	rp_interp_timeline(R, w);
	memory_explain(R, e);
	memory_fix(R, w, e, m, f, c);
}

/* ---- the speed question ---- */

static void
puzzle_row(rp_report_t *R, int k, const char *measured)
{
	rp_md(R, "| %s | %s | %s |\n", question_colony[k].what,
	    rp_text_fmt_time(question_colony[k].seconds), measured);
}

static const char *
fmt(const char *f, double a, double b)
{
	static char buf[4][256];
	static int turn;
	char *o = buf[turn++ % 4];
	char ta[32], tb[32];

	snprintf(ta, sizeof(ta), "%s", rp_text_fmt_time(a));
	snprintf(tb, sizeof(tb), "%s", rp_text_fmt_time(b));
	snprintf(o, 256, f, ta, tb);
	return o;
}

/* One line: explain's op-by-op peak of one step, predicted and measured. */
static void
speed_explain(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	json_t *e = rp_explain_of(&R->data, w->name, NULL);
	char peaks[1024];

	if (e != NULL)
		rp_md(R,
		    "The memory of one step, op by op ([explain](#where-the-"
		    "memory-goes-by-source-line-explain), N=%s): %s.\n\n",
		    rp_text_fmt_n(rp_num(e, "program.params.n")),
		    rp_explain_peaks(e, peaks, sizeof(peaks)));
	json_decref(e);
}

/* What the decomposition reproduces, each clause from the measured
 * calls: the step over the pair function against the question's ratio;
 * whether every jitted call returned unwaited in a tenth of its waited
 * time (dispatch, not work); the span from the quickest unwaited return to
 * the slowest first call; the step's own warm calls. */
static void
puzzle_reading(rp_report_t *R, const json_t *pair, const json_t *step,
    const json_t *loop, const json_t *fori)
{
	const json_t *jit[] = {pair, step, fori};
	double unw[3], warm[3], umin = NAN, umax = NAN, lo, hi, med;
	double ratio = WARM(step) / WARM(pair);
	double q = question_colony[1].seconds / question_colony[0].seconds;
	double first = fmax(rp_num(loop, "reported.first_call_s"),
	    rp_num(fori, "reported.first_call_s"));
	int dispatch, swings;
	char span[128];

	for (int i = 0; i < 3; i++) {
		unw[i] = rp_jax_median(jit[i], "unblocked_call_s");
		warm[i] = WARM(jit[i]);
		umin = isnan(umin) || unw[i] < umin ? unw[i] : umin;
		umax = isnan(umax) || unw[i] > umax ? unw[i] : umax;
	}
	dispatch = rp_lesson_dispatch_only(unw, warm, 3);
	swings = dispatch &&
	    rp_num(step, "reported.first_call_s") >=
		RP_LESSON_DISPATCH_FACTOR * WARM(step);
	snprintf(span, sizeof(span), "%s", fmt("%s to %s", umin, first));
	rp_md(R,
	    "\nWhat each decomposition reproduces: waited for, the step costs "
	    "%s of the pair function alone, %s the question's %s; a jitted "
	    "call timed without waiting returns in %s %s, %s, and a first "
	    "call pays for tracing and compiling. Between those two the "
	    "measured calls span %s: %s",
	    rp_text_fmt_ratio(ratio), rp_lesson_against(ratio, q),
	    rp_text_fmt_ratio(q), dispatch ? "at most" : "up to",
	    rp_text_fmt_time(umax),
	    dispatch ? "a tenth of its waited time or less, whatever the work"
		     : "not always a tenth of its waited time",
	    span,
	    swings ? "timing without `block_until_ready` and counting the "
		     "first call make swings of that size"
		   : "what makes the swings is not decided by these calls");
	if (rp_jaxfix_warm(step, 0, &med, &lo, &hi) > 1)
		rp_md(R, "; the step's own warm calls span %s%s",
		    fmt("%s-%s", lo, hi),
		    hi <= RP_LESSON_SAME_FACTOR * lo
			? ", so its work does not"
			: ", so its work varies too");
	rp_md(R, ".\n\n");
}

static void
speed_puzzle(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	const rp_data_t *D = &R->data;
	const json_t *pair = rp_jax_run(D, w->name, "pair");
	const json_t *step = rp_jax_run(D, w->name, "step");
	const json_t *loop = rp_jax_run(D, w->name, "loop");
	const json_t *fori = rp_jax_run(D, w->name, "fori");

	rp_md(R,
	    "**The puzzle, decomposed.** The question's own figures (the "
	    "only numbers here not from the data) beside what the JAX "
	    "programs measure at N=%s ([Table J3](#the-%s-timing-puzzle-"
	    "decomposed)):\n\n| the question reported | time | measured in JAX "
	    "|\n|---|---|---|\n",
	    rp_text_fmt_n(rp_num(step, "params.n")), w->name);
	puzzle_row(R, 0,
	    fmt("pair function alone: %s waited; %s returned unwaited",
		WARM(pair), rp_jax_median(pair, "unblocked_call_s")));
	puzzle_row(R, 1,
	    fmt("the jitted step: %s waited; first call %s", WARM(step),
		rp_num(step, "reported.first_call_s")));
	puzzle_row(R, 2,
	    fmt("a call returns unwaited in %s (fori loop); one step %s",
		rp_jax_median(fori, "unblocked_call_s"),
		WARM(fori) / rp_num(fori, "params.steps")));
	puzzle_row(R, 3,
	    fmt("first call of the Python loop %s; of the fori loop %s",
		rp_num(loop, "reported.first_call_s"),
		rp_num(fori, "reported.first_call_s")));
	rp_md(R, "| the step over the function alone | %s | %s waited |\n",
	    rp_text_fmt_ratio(
		question_colony[1].seconds / question_colony[0].seconds),
	    rp_text_fmt_ratio(WARM(step) / WARM(pair)));
	puzzle_reading(R, pair, step, loop, fori);
	speed_explain(R);
}

static const char speed_c[] =
    "**What the C runs add.** The doubly nested map builds N x N arrays "
    "of forces, torques and densities every step: at N={n:n}, {pn:b} a "
    "step, and the step takes {tn:t} (`naive`; Table 3). Its limiter, by "
    "the rule below: {lim:s}. Reusing the arrays "
    "(`naive-reuse`) takes {tr:t}; summing each particle's pairs as they "
    "are made (`fused`) needs {pf:s} and {tf:t} a step, {sf:r} faster a "
    "run than naive. In Table 5's runs of many steps, without any "
    "compilation, no step takes more than {worst:r} of its run's median, "
    "the very first step included. Against a Python loop of jitted "
    "steps, one compiled loop in JAX {saves:s}: `fori_loop` steps at "
    "{tfo:t} against {tlo:t} (Table J3), XLA temporaries {mfo:b} against "
    "{mlo:b} (Table J2).\n\n";

static void
speed_question(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	const rp_data_t *D = &R->data;
	const json_t *n = rp_data_main_run(D, w->name, "naive");
	const json_t *rr = rp_data_main_run(D, w->name, "naive-reuse");
	const json_t *f = rp_data_main_run(D, w->name, "fused");
	const json_t *fori = rp_jax_run(D, w->name, "fori");
	const json_t *loop = rp_jax_run(D, w->name, "loop");
	rp_limiter_in_t in;
	rp_limiter_t v = rp_limiter_of(D, w->name, "naive", &in);
	char lim[512] = "";
	FILE *s = fmemopen(lim, sizeof(lim) - 1, "w");
	rp_vals_t x = {.n = 0};
	const char *saves;

	rp_md(R,
	    "## The speed question\n\n**%s: why is the compiled "
	    "step slow, and why do its times swing?**\n\n",
	    w->name);
	if (rp_jax_present(D))
		speed_puzzle(R);
	else
		rp_md(R,
		    "The JAX programs are not measured in this data, so "
		    "the puzzle is not decomposed here.\n\n");
	if (s != NULL) {
		rp_limiter_sentence(s, &in, &v);
		fclose(s);
	}
	rp_vals_num(&x, "n", rp_num(n, "params.n"));
	rp_vals_num(&x, "pn", PEAK(n));
	rp_vals_num(&x, "tn", STEP(n));
	rp_vals_str(&x, "lim", lim);
	rp_vals_num(&x, "tr", STEP(rr));
	rp_vals_str(&x, "pf", rp_report_peak(f));
	rp_vals_num(&x, "tf", STEP(f));
	rp_vals_num(&x, "sf", MEDIAN(n) / MEDIAN(f));
	rp_vals_num(&x, "worst", rp_colony_widest_spread(R, w, NULL));
	rp_vals_num(&x, "tfo", WARM(fori) / rp_num(fori, "params.steps"));
	rp_vals_num(&x, "tlo", WARM(loop) / rp_num(loop, "params.steps"));
	rp_vals_num(&x, "mfo", rp_jax_temp(fori));
	rp_vals_num(&x, "mlo", rp_jax_temp(loop));
	saves = rp_lesson_saves(
	    WARM(fori), WARM(loop), rp_jax_temp(fori), rp_jax_temp(loop));
	rp_vals_str(&x, "saves", saves != NULL ? saves : "is not measured");
	rp_text_fill(R->md, speed_c, &x);
}

/* ---- the limiters, the advice, and a minute's try ---- */

/* Why some verdicts read "not determined", from what the data holds:
 * whether the runs had hardware counters, and whether the simulator's
 * instruction minimum was measured. */
static void
limits_why_undetermined(rp_report_t *R, int undetermined, int with_min)
{
	const json_t *r = json_array_get(R->data.runs, 0);
	int pmu = json_is_true(
	    json_object_get(json_object_get(r, "pmu"), "hardware_pmu"));

	if (undetermined == 0) {
		rp_md(R, "\n");
		return;
	}
	rp_md(R,
	    "\n\"Not determined\" is the verdict where no measured "
	    "discriminator passes the rule: %s; %s%s.\n\n",
	    pmu ? "the runs had hardware counters"
		: "the runs had no hardware counters (cycles and cache "
		  "misses unmeasured)",
	    with_min > 0 ? "where the simulator measured instructions per unit "
			   "against their minimum, they stay under the rule's "
			   "bound (the variant's stated allowance), so they do "
			   "not decide either"
			 : "the instructions a unit of work needs at least are "
			   "not in this data",
	    with_min > 0 && with_min < undetermined
		? "; the other undetermined variants have no simulated run"
		: "");
}

static void
limits_brief(rp_report_t *R)
{
	int undetermined = 0, with_min = 0;

	rp_md(R,
	    "## Limiters in brief\n\nOne rule decides each variant's "
	    "limiter from measured discriminators, and every section prints "
	    "that verdict ([the rule and its evidence](#what-limits-each-"
	    "variant)). A cause is named only where its measurement passes "
	    "the rule:\n\n");
	for (int w = 0; rp_workloads[w].name != NULL; w++) {
		const char *vs[RP_DATA_MAX_VARIANTS],
		    *wl = rp_workloads[w].name;
		size_t nv = rp_data_variants(
		    &R->data, wl, NULL, vs, RP_DATA_MAX_VARIANTS);
		rp_md(R, "- %s:", wl);
		for (size_t i = 0; i < nv; i++) {
			rp_limiter_in_t in;
			rp_limiter_t v =
			    rp_limiter_of(&R->data, wl, vs[i], &in);
			if (v.kind != RP_LIMIT_UNMEASURED)
				rp_md(R, "%s %s %s", i ? "," : "", vs[i],
				    rp_limiter_word(v.kind));
			undetermined += v.kind == RP_LIMIT_UNDETERMINED;
			with_min += v.kind == RP_LIMIT_UNDETERMINED &&
			    !isnan(in.ipu_min);
		}
		rp_md(R, ".\n");
	}
	limits_why_undetermined(R, undetermined, with_min);
}

static void
try_it(rp_report_t *R)
{
	rp_md(R,
	    "## Try it in a minute\n\n```sh\nmake\n"
	    "build/jemalloc/harness run interp eager --n 1e5 --m 300\n"
	    "build/jemalloc/harness run interp fused --n 1e5 --m 300\n```\n\n"
	    "Each prints one line: the median time, the peak workspace "
	    "against the schedule's model, the RSS high-water mark and the "
	    "page faults. Eager holds twelve N x M arrays at its peak and "
	    "fused none; `harness list` names the other variants.\n\n");
}

void
rp_lesson_write(rp_report_t *R)
{
	memory_question(R);
	speed_question(R);
	rp_lesson_fixes_write(R);
	limits_brief(R);
	rp_verdict_brief_write(R);
	try_it(R);
}
