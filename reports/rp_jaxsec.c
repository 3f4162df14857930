/*
 * rp_jaxsec: the section "The same programs in JAX" (see rp_jax.h): the
 * programs' tables, the question's peak against N, the jaxpr equivalence,
 * the colony puzzle and the anchor; the lookups are rp_jax.c's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rp_jax.h"
#include "rp_jaxfix.h"
#include "rp_jaxrule.h"
#include "rp_text.h"
#include "rp_workloads.h"

#define B rp_text_fmt_bytes
#define T rp_text_fmt_time
#define N rp_text_fmt_n
#define NUM rp_text_fmt_num
#define RATIO rp_text_fmt_ratio

/* ---- the section ---- */

/* Why there is no JAX data: jax-skipped.txt's line, or a default. */
static void
why_absent(rp_report_t *R)
{
	char path[4400], line[512] = "";
	FILE *f;

	snprintf(path, sizeof(path), "%s/jax-skipped.txt", R->data.dir);
	if ((f = fopen(path, "r")) != NULL) {
		if (fgets(line, sizeof(line), f) == NULL)
			line[0] = '\0';
		fclose(f);
	}
	line[strcspn(line, "\n")] = '\0';
	rp_md(R, "The JAX programs were not measured for this report: %s.\n\n",
	    line[0] ? line
		    : "the data holds no run of reports/jax-sweep.sh "
		      "(make jax, then make report)");
}

/* One row of a workload's table. */
static void
program_row(rp_report_t *R, const json_t *r)
{
	char v[64], warm[128];
	double work, model;
	rp_jax_check_t c = rp_jax_check_run(&R->data, r, &work, &model);
	const json_t *rep = json_object_get(r, "reported");

	if (strcmp(rp_str(r, "status"), "ok") != 0) {
		rp_md(R, "| %s | N=%s: %s: %s | | | | | |\n",
		    rp_str(r, "variant"), N(rp_num(r, "params.n")),
		    rp_str(r, "status"), rp_str(r, "reason"));
		return;
	}
	rp_md(R, "| %s | %s | %s | %s | %s | %s (%s) | %s (%s) |\n",
	    rp_str(r, "variant"), B(rp_num(r, "memory.peak_rss_bytes")),
	    B(rp_jax_temp(r)), T(rp_num(rep, "first_call_s")),
	    rp_jaxfix_warm_cell(r, 0, warm, sizeof(warm)),
	    rp_jax_stand_in(r, v, sizeof(v)), B(model), rp_jax_check_word(c),
	    B(work));
}

static void
program_table(rp_report_t *R, const rp_workload_t *wl, int k)
{
	const char *w = wl->name;
	char set[64];
	rp_query_t q = {.set = set, .workload = w, .any_status = 1};
	const json_t *first;
	size_t i;
	json_t *r;

	snprintf(set, sizeof(set), "jax-%s", w);
	if ((first = rp_data_find(&R->data, &q)) == NULL) {
		rp_md(R, "No %s program of JAX in the data.\n\n", w);
		return;
	}
	rp_md(R,
	    "**Table J%d.** %s's programs in JAX at N=%s, %s=%s: each "
	    "program in one process.\n\n",
	    k, w, N(rp_num(first, "params.n")), wl->jax_letter,
	    NUM(rp_num(first, wl->jax_param), "%.0f"));
	rp_md(R,
	    "| program | peak RSS | XLA temporary | first call | warm call "
	    "(calls) | C stand-in (its model) | model check (working bytes) "
	    "|\n|---|---|---|---|---|---|---|\n");
	json_array_foreach(R->data.runs, i, r)
	{
		if (rp_data_run_matches(r, &q))
			program_row(R, r);
	}
	rp_md(R, "\n");
}

static void
intro(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const json_t *any = rp_jax_run(&R->data, w->name, "question_jit");
	const json_t *rep = json_object_get(any, "reported");
	rp_query_t qb = {.set = "jax-base"};

	rp_md(R,
	    "The questions' programs in JAX itself (`variants/jax`, jax %s "
	    "on the %s backend), each run by `harness exec` as one process "
	    "and validated against the same float64 reference as the C "
	    "variants. A label without `@` ran on one core (the process "
	    "pinned to CPU 0, like the C variants); `@all` is XLA's default "
	    "threading, `@seed` the question's inputs (x = 0). First call: "
	    "tracing and compilation included; warm call: the median of the "
	    "calls after it, each waited for, with their range and count (one "
	    "call is one measurement, not a median; a run kept for its memory "
	    "makes the first call only). Working bytes: XLA's temporary "
	    "bytes for a compiled program; for an un-jitted one, its peak RSS "
	    "less the %s of JAX's baseline process. A C model is confirmed "
	    "when the working bytes are within %.0fx of it (a model under "
	    "%.0f%% of one full array: when they are too). The C models are "
	    "from C runs at the same sizes (sets `jax-c-*`).\n\n",
	    rp_str(rep, "jax_version")[0] ? rp_str(rep, "jax_version") : "?",
	    rp_str(rep, "backend")[0] ? rp_str(rep, "backend") : "?",
	    B(rp_num(rp_data_find(&R->data, &qb), "memory.peak_rss_bytes")),
	    RP_JAX_MODEL_FACTOR, RP_JAX_SMALL * 100);
}

/* The one-core, random-preset question runs at every N: least squares of
 * the peak RSS on N. Returns the number of runs (slope and icpt NAN below
 * two distinct N); the largest N run's into nmax and pmax. */
static int
question_fit(
    const rp_data_t *D, double *slope, double *icpt, double *nmax, double *pmax)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	rp_query_t q = {.set = w->sets.jax_all, .variant = "question"};
	double sx = 0, sy = 0, sxx = 0, sxy = 0, den;
	int k = 0;
	size_t i;
	json_t *r;

	*slope = *icpt = *nmax = *pmax = NAN;
	json_array_foreach(D->runs, i, r)
	{
		double x = rp_num(r, "params.n");
		double y = rp_num(r, "memory.peak_rss_bytes");
		if (!rp_data_run_matches(r, &q) || isnan(x) || isnan(y))
			continue;
		sx += x, sy += y, sxx += x * x, sxy += x * y, k++;
		if (isnan(*nmax) || x > *nmax)
			*nmax = x, *pmax = y;
	}
	den = k * sxx - sx * sx;
	if (k >= 2 && den > 0) {
		*slope = (k * sxy - sx * sy) / den;
		*icpt = (sy - *slope * sx) / k;
	}
	return k;
}

/* C eager's model at N=1e6 and the question's M: a run at that size, else
 * the JAX-size C run's model scaled (it is linear in N). */
static double
eager_model_1e6(const rp_data_t *D, double m, int *scaled)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	rp_query_t q = {
	    .workload = w->name, .variant = "eager", .n = 1e6, .any_status = 1};
	const json_t *r = rp_data_find(D, &q);

	*scaled = 0;
	if (r != NULL && rp_num(r, "params.m") == m &&
	    !isnan(rp_num(r, "memory.model_bytes")))
		return rp_num(r, "memory.model_bytes");
	r = rp_jax_c_run(D, w->name, "eager");
	*scaled = 1;
	return rp_num(r, "memory.model_bytes") * 1e6 / rp_num(r, "params.n");
}

/* The question's runs at other N that did not finish (the guard). */
static void
stopped_runs(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	rp_query_t q = {
	    .set = w->sets.jax_scale, .variant = "question", .any_status = 1};
	size_t i;
	json_t *r;

	json_array_foreach(R->data.runs, i, r)
	{
		if (rp_data_run_matches(r, &q) &&
		    strcmp(rp_str(r, "status"), "ok") != 0)
			rp_md(R, "At N=%s the run was %s: %s. ",
			    N(rp_num(r, "params.n")), rp_str(r, "status"),
			    rp_str(r, "reason"));
	}
}

static void question_runs(rp_report_t *R);

static void
question_peak(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	double slope, icpt, nmax, pmax, m, model;
	const json_t *q = rp_jax_run(&R->data, w->name, "question");
	int k = question_fit(&R->data, &slope, &icpt, &nmax, &pmax), scaled = 0;
	json_t *plan = rp_jax_file(&R->data, "jax-plan.json");

	m = rp_num(q, "params.m");
	rp_md(R, "### The question's 14 GB, in JAX\n\n");
	if (k == 0) {
		rp_md(R, "No run of the un-jitted question (N=0).\n\n");
		json_decref(plan);
		return;
	}
	rp_md(R,
	    "The question's program as asked (nested vmap, un-jitted) at "
	    "M=%s: %d run%s (sets %s and %s), the "
	    "largest at N=%s with a peak RSS of %s. ",
	    NUM(m, "%.0f"), k, k > 1 ? "s" : "", w->sets.jax, w->sets.jax_scale,
	    N(nmax), B(pmax));
	if (nmax >= 1e6)
		rp_md(R, "At N=1e6 it was measured: **%s**. ", B(pmax));
	else if (!isnan(slope))
		rp_md(R,
		    "A straight line through the runs: %s per point over a "
		    "base of %s; carried to N=1e6: **%s (extrapolated)**. ",
		    B(slope), B(icpt), B(icpt + slope * 1e6));
	model = eager_model_1e6(&R->data, m, &scaled);
	{
		rp_query_t cq = {.workload = w->name,
		    .variant = "eager",
		    .n = 1e6,
		    .alloc = RP_ALLOC_JEMALLOC};
		const json_t *ce = rp_data_find(&R->data, &cq);
		if (ce != NULL && rp_num(ce, "params.m") == m)
			rp_md(R,
			    "C eager at N=1e6, M=%s, RSS against RSS: %s (its "
			    "size-class model, %s, counts address space that "
			    "is never touched). ",
			    NUM(m, "%.0f"),
			    B(rp_num(ce, "memory.peak_rss_bytes")), B(model));
		else
			rp_md(R,
			    "The C eager model (one array per primitive) at "
			    "N=1e6, M=%s: %s%s. ",
			    NUM(m, "%.0f"), B(model),
			    scaled ? " (its model at the JAX size, scaled to "
				     "N=1e6)"
				   : "");
	}
	stopped_runs(R);
	if (json_array_size(json_object_get(plan, "large_n_tried")) > 0)
		rp_md(R,
		    "The sweep's memory guard was %s (of %s available); the "
		    "largest N run to the end under it: %s.",
		    B(rp_num(plan, "mem_limit_bytes")),
		    B(rp_num(plan, "mem_available_bytes")),
		    json_is_number(json_object_get(plan, "large_n"))
			? N(rp_num(plan, "large_n"))
			: "none of those tried");
	rp_md(R, "\n\n");
	question_runs(R);
	json_decref(plan);
}

/* The un-jitted question's runs at every N, one core. */
static void
question_runs(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	rp_query_t q = {
	    .set = w->sets.jax_all, .variant = "question", .any_status = 1};
	size_t i;
	json_t *r;

	rp_md(R, "| set | N | status | peak RSS |\n|---|---|---|---|\n");
	json_array_foreach(R->data.runs, i, r)
	{
		if (rp_data_run_matches(r, &q))
			rp_md(R, "| %s | %s | %s | %s |\n", rp_str(r, "_set"),
			    N(rp_num(r, "params.n")), rp_str(r, "status"),
			    B(rp_num(r, "memory.peak_rss_bytes")));
	}
	rp_md(R, "\n");
}

/* One jaxpr comparison as a sentence. */
static void
jaxpr_line(rp_report_t *R, const char *file, const char *what)
{
	json_t *j = rp_jax_file(&R->data, file);
	const char *a = rp_str(j, "a"), *b = rp_str(j, "b");
	const json_t *eq = json_object_get(j, "eqns");
	const json_t *ar = json_object_get(j, "arithmetic_eqns");
	const json_t *c = json_object_get(j, "compiled");

	if (j == NULL) {
		rp_md(R, "- %s: not compared (no %s).\n", what, file);
		return;
	}
	rp_md(R,
	    "- %s (`%s` against `%s`): **%s**. Equations %s and %s, of which "
	    "arithmetic %s and %s",
	    what, a, b, rp_str(j, "verdict"), NUM(rp_num(eq, a), "%.0f"),
	    NUM(rp_num(eq, b), "%.0f"), NUM(rp_num(ar, a), "%.0f"),
	    NUM(rp_num(ar, b), "%.0f"));
	if (c != NULL && json_is_object(c))
		rp_md(R,
		    "; under jit, XLA's optimized programs have %s and %s "
		    "instructions (%s), temporary bytes %s and %s",
		    NUM(rp_num(json_object_get(c, "instructions"), a), "%.0f"),
		    NUM(rp_num(json_object_get(c, "instructions"), b), "%.0f"),
		    json_is_true(json_object_get(c, "same_instructions"))
			? "the same"
			: "different",
		    B(rp_num(json_object_get(c, "temp_bytes"), a)),
		    B(rp_num(json_object_get(c, "temp_bytes"), b)));
	rp_md(R, ".\n");
	json_decref(j);
}

static void
jaxpr(rp_report_t *R)
{
	rp_md(R, "### Is the answer's first rewrite the same program?\n\n");
	rp_md(R,
	    "`jax.make_jaxpr` of both programs on the same small inputs, "
	    "variables renamed in order of appearance (`run.py --jaxpr`):\n\n");
	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++) {
		char file[96], what[256];
		if (w->jaxpr_what == NULL)
			continue;
		snprintf(file, sizeof(file), "jax-jaxpr-%s.json", w->name);
		snprintf(what, sizeof(what), "%s, %s", w->name, w->jaxpr_what);
		jaxpr_line(R, file, what);
	}
	rp_md(R, "\n");
}

static void
puzzle_row(rp_report_t *R, const json_t *r)
{
	const json_t *rep = json_object_get(r, "reported");
	double steps = rp_jax_steps_per_call(r);

	rp_md(R, "| %s | %s | %s | %s | %s | %s / %s | %s |\n",
	    rp_str(r, "variant"), T(rp_num(rep, "first_call_s")),
	    T(rp_num(rep, "compile_s")), T(rp_jax_median(r, "warm_call_s")),
	    T(rp_jax_median(r, "unblocked_call_s")),
	    T(rp_num(rep, "back_to_back.returned_s")),
	    T(rp_num(rep, "back_to_back.done_s")),
	    steps > 0 ? T(rp_jax_median(r, "warm_call_s") / steps) : "-");
}

/* "pair W against step W (ratio)": the named runs' warm calls. */
static double
warm(const rp_report_t *R, const char *label)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	return rp_jax_median(
	    rp_jax_run(&R->data, w->name, label), "warm_call_s");
}

static void
puzzle(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	rp_query_t q = {.set = w->sets.jax, .workload = w->name};
	const json_t *st = rp_jax_run(&R->data, w->name, "step");
	size_t i;
	json_t *r;

	rp_md(R, "### The %s timing puzzle, decomposed\n\n", w->name);
	rp_md(R,
	    "**Table J3.** %s's one-core programs: the first call "
	    "(tracing and compilation) against the warm calls waited for "
	    "(`block_until_ready`), the time a call takes to return without "
	    "waiting, and the calls back to back as `%%timeit` makes them "
	    "(%s of them: returned / all done).\n\n| program | first call | of "
	    "it, compile "
	    "| warm call | returned unwaited | back to back | per step |\n"
	    "|---|---|---|---|---|---|---|\n",
	    w->name, NUM(rp_num(st, "reported.back_to_back.calls"), "%.0f"));
	json_array_foreach(R->data.runs, i, r)
	{
		if (rp_data_run_matches(r, &q) && rp_jax_one_core(r))
			puzzle_row(R, r);
	}
	rp_md(R,
	    "\nThe pair function alone (three N x N outputs) takes %s warm, "
	    "the jitted step around it %s (%s). A jitted step returns in %s "
	    "when not waited for: %s. Its first "
	    "call costs %s against %s warm. %s steps as a Python loop of "
	    "jitted steps take %s, as one `fori_loop` %s (the loop over "
	    "fori: %s). The step un-jitted (op by op): %s.\n\n",
	    T(warm(R, "pair")), T(warm(R, "step")),
	    RATIO(warm(R, "step") / warm(R, "pair")),
	    T(rp_jax_median(st, "unblocked_call_s")),
	    rp_jaxrule_dispatch(
		rp_jax_median(st, "unblocked_call_s"), warm(R, "step"))
		? "that is dispatch, not the step"
		: "not much sooner than waited, so that timing measures the "
		  "step too",
	    T(rp_num(st, "reported.first_call_s")), T(warm(R, "step")),
	    N(rp_num(st, "params.steps")), T(warm(R, "loop")),
	    T(warm(R, "fori")), RATIO(warm(R, "loop") / warm(R, "fori")),
	    T(warm(R, "step_eager")));
}

/* The fastest run of set pattern (one core for JAX) by unit time. */
static const json_t *
fastest(const rp_data_t *D, const char *set, const char *w, int jax)
{
	rp_query_t q = {.set = set, .workload = w};
	const json_t *best = NULL;
	double tb = NAN;
	size_t i;
	json_t *r;

	json_array_foreach(D->runs, i, r)
	{
		double t;
		if (!rp_data_run_matches(r, &q) ||
		    (jax && !rp_jax_one_core(r)) ||
		    (!jax && !rp_jax_one_thread(r)))
			continue;
		t = jax ? rp_jax_unit_time(r) : rp_jax_c_unit_time(r);
		if (!isnan(t) && (isnan(tb) || t < tb))
			best = r, tb = t;
	}
	return best;
}

static void
anchor(rp_report_t *R)
{
	const rp_workload_t *ws = rp_workloads;

	rp_md(R, "### Performance against the anchor\n\n");
	rp_md(R,
	    "The fastest one-core JAX program (warm call) against its own C "
	    "stand-in, the same schedule, and against the fastest C variant, "
	    "which may be another algorithm; all on CPU 0, one thread "
	    "(%s).\n\n| workload "
	    "| size | fastest JAX | its C stand-in | JAX / stand-in | fastest "
	    "C | JAX / fastest C |\n|---|---|---|---|---|---|---|\n",
	    rp_workload_units());
	for (int i = 0; ws[i].name != NULL; i++) {
		char set[64], jset[64], sv[64];
		const json_t *c, *j, *s;
		snprintf(set, sizeof(set), "jax-c-%s*", ws[i].name);
		snprintf(jset, sizeof(jset), "jax-%s", ws[i].name);
		c = fastest(&R->data, set, ws[i].name, 0);
		j = fastest(&R->data, jset, ws[i].name, 1);
		s = rp_jax_c_run(&R->data, ws[i].name,
		    j != NULL ? rp_jax_stand_in(j, sv, sizeof(sv)) : "");
		rp_md(R, "| %s | N=%s | %s, %s | %s, %s | %s | %s, %s | %s |\n",
		    ws[i].name, N(rp_num(j, "params.n")),
		    j ? rp_str(j, "variant") : "none", T(rp_jax_unit_time(j)),
		    s ? rp_str(s, "variant") : "none", T(rp_jax_c_unit_time(s)),
		    RATIO(rp_jax_unit_time(j) / rp_jax_c_unit_time(s)),
		    c ? rp_str(c, "variant") : "none", T(rp_jax_c_unit_time(c)),
		    RATIO(rp_jax_unit_time(j) / rp_jax_c_unit_time(c)));
	}
	rp_md(R, "\n");
}

void
rp_jax_write(rp_report_t *R)
{
	rp_md(R, "## The same programs in JAX\n\n");
	if (!rp_jax_present(&R->data)) {
		why_absent(R);
		return;
	}
	intro(R);
	for (int k = 0; rp_workloads[k].name != NULL; k++) {
		program_table(R, &rp_workloads[k], k + 1);
		if (rp_workloads[k].jax_after != NULL)
			rp_workloads[k].jax_after(R, &rp_workloads[k]);
	}
	anchor(R);
	rp_jaxfix_write(R);
	rp_jaxrule_write(R);
}

void
rp_jax_interp_after(rp_report_t *R, const rp_workload_t *w)
{
	question_peak(R);
	jaxpr(R);
}

void
rp_jax_colony_after(rp_report_t *R, const rp_workload_t *w)
{
	puzzle(R);
}
