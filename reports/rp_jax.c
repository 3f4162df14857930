/*
 * rp_jax: the section "The same programs in JAX" (see rp_jax.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_stats.h"
#include "rp_jax.h"
#include "rp_jaxfix.h"
#include "rp_jaxrule.h"
#include "rp_text.h"

#define B rp_text_fmt_bytes
#define T rp_text_fmt_time
#define N rp_text_fmt_n
#define NUM rp_text_fmt_num
#define RATIO rp_text_fmt_ratio

/* ---- checks: pure ---- */

rp_jax_check_t
rp_jax_check_model(double work, double model, double unit)
{
	if (isnan(work) || isnan(model) || isnan(unit) || unit <= 0)
		return RP_JAX_UNTESTED;
	if (model < RP_JAX_SMALL * unit)
		return work < RP_JAX_SMALL * unit ? RP_JAX_CONFIRMED
						  : RP_JAX_REFUTED;
	return work * RP_JAX_MODEL_FACTOR >= model &&
		work <= RP_JAX_MODEL_FACTOR * model
	    ? RP_JAX_CONFIRMED
	    : RP_JAX_REFUTED;
}

const char *
rp_jax_check_word(rp_jax_check_t c)
{
	static const char *const words[] = {
	    "confirmed", "not confirmed", "not measured"};
	return c <= RP_JAX_UNTESTED ? words[c] : "?";
}

/* ---- lookups ---- */

int
rp_jax_present(const rp_data_t *D)
{
	rp_query_t qi = {.set = "jax-interp", .any_status = 1};
	rp_query_t qc = {.set = "jax-colony", .any_status = 1};
	return rp_data_find(D, &qi) != NULL || rp_data_find(D, &qc) != NULL;
}

const json_t *
rp_jax_run(const rp_data_t *D, const char *workload, const char *label)
{
	char set[64];
	rp_query_t q = {.set = set, .workload = workload, .variant = label};

	snprintf(set, sizeof(set), "jax-%s", workload);
	return rp_data_find(D, &q);
}

double
rp_jax_median(const json_t *r, const char *key)
{
	const json_t *a = json_object_get(json_object_get(r, "reported"), key);
	double v[64];
	size_t n = 0, i;
	json_t *e;

	json_array_foreach(a, i, e)
	{
		if (json_is_number(e) && n < 64)
			v[n++] = json_number_value(e);
	}
	return n > 0 ? hx_stats_median(v, n) : NAN;
}

double
rp_jax_temp(const json_t *r)
{
	return rp_num(r, "reported.memory_analysis.temp_bytes");
}

/* Peak RSS of JAX's baseline process; NAN when not measured. */
static double
baseline_peak(const rp_data_t *D)
{
	rp_query_t q = {.set = "jax-base"};
	return rp_num(rp_data_find(D, &q), "memory.peak_rss_bytes");
}

double
rp_jax_rss_work(const rp_data_t *D, const json_t *r)
{
	double w = rp_num(r, "memory.peak_rss_bytes") - baseline_peak(D);
	return w < 0 ? 0 : w;
}

double
rp_jax_work(const rp_data_t *D, const json_t *r)
{
	double t = rp_jax_temp(r);
	return isnan(t) ? rp_jax_rss_work(D, r) : t;
}

double
rp_jax_steps_per_call(const json_t *r)
{
	const char *v = rp_str(r, "variant");

	if (strncmp(v, "loop", 4) == 0 || strncmp(v, "fori", 4) == 0)
		return rp_num(r, "params.steps");
	return strncmp(v, "pair", 4) == 0 ? 0 : 1;
}

const char *
rp_jax_stand_in(const json_t *r, char *buf, size_t len)
{
	const char *s = rp_str(json_object_get(r, "reported"), "c_variant");
	snprintf(buf, len, "%.*s", (int)strcspn(s, " ,("), s);
	return buf;
}

double
rp_jax_c_threads(const json_t *r)
{
	double t = rp_num(r, "params.threads");

	/* The harness leaves params.threads out at its default, one. */
	return r == NULL ? NAN : isnan(t) ? 1 : t;
}

const json_t *
rp_jax_c_run(const rp_data_t *D, const char *workload, const char *variant)
{
	char set[64];
	size_t i;
	json_t *r;
	rp_query_t q = {.set = set,
	    .workload = workload,
	    .variant = variant,
	    .alloc = RP_ALLOC_JEMALLOC};

	/* The pattern also matches the -threads sets: only one-thread runs. */
	snprintf(set, sizeof(set), "jax-c-%s*", workload);
	json_array_foreach(D->runs, i, r)
	{
		if (rp_data_run_matches(r, &q) && rp_jax_one_thread(r))
			return r;
	}
	return NULL;
}

int
rp_jax_one_thread(const json_t *r)
{
	return rp_jax_c_threads(r) == 1;
}

double
rp_jax_unit(const json_t *r)
{
	double n = rp_num(r, "params.n");
	if (strcmp(rp_str(r, "workload"), "interp") == 0)
		return n * rp_num(r, "params.m") * 4;
	return n * n * 4;
}

rp_jax_check_t
rp_jax_check_run(
    const rp_data_t *D, const json_t *r, double *work, double *model)
{
	char v[64];
	const json_t *c =
	    rp_jax_c_run(D, rp_str(r, "workload"), rp_jax_stand_in(r, v, 64));

	*work = rp_jax_work(D, r);
	*model = rp_num(c, "memory.model_bytes");
	return rp_jax_check_model(*work, *model, rp_jax_unit(r));
}

/* A label of one core at the random preset: no '@'. */
static int
one_core(const json_t *r)
{
	return strchr(rp_str(r, "variant"), '@') == NULL;
}

const char *
rp_jax_idiom_cell(const rp_data_t *D, const char *workload, const char *variant,
    char *buf, size_t len)
{
	char set[64], v[64];
	rp_query_t q = {.set = set, .workload = workload};
	size_t i, k = 0;
	json_t *r;

	snprintf(set, sizeof(set), "jax-%s", workload);
	buf[0] = '\0';
	json_array_foreach(D->runs, i, r)
	{
		double work, model;
		rp_jax_check_t c;
		if (!rp_data_run_matches(r, &q) || !one_core(r) ||
		    strcmp(rp_jax_stand_in(r, v, sizeof(v)), variant) != 0)
			continue;
		c = rp_jax_check_run(D, r, &work, &model);
		k += (size_t)snprintf(buf + k, k < len ? len - k : 0,
		    "%s%s: %s (%s against %s)", k ? "; " : "",
		    rp_str(r, "variant"), rp_jax_check_word(c), B(work),
		    B(model));
		if (k >= len)
			break;
	}
	if (buf[0] == '\0')
		snprintf(buf, len, "-");
	return buf;
}

json_t *
rp_jax_file(const rp_data_t *D, const char *name)
{
	char path[4400];
	snprintf(path, sizeof(path), "%s/%s", D->dir, name);
	return json_load_file(path, 0, NULL);
}

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
program_table(rp_report_t *R, const char *w, const char *title, int k)
{
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
	    "**Table J%d.** %s at N=%s%s%s: each program in one process.\n\n",
	    k, title, N(rp_num(first, "params.n")),
	    strcmp(w, "interp") == 0 ? ", M=" : ", K=",
	    NUM(rp_num(first,
		    strcmp(w, "interp") == 0 ? "params.m" : "params.steps"),
		"%.0f"));
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
	const json_t *any = rp_jax_run(&R->data, "interp", "question_jit");
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
	rp_query_t q = {.set = "jax-interp*", .variant = "question"};
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
	rp_query_t q = {.workload = "interp",
	    .variant = "eager",
	    .n = 1e6,
	    .any_status = 1};
	const json_t *r = rp_data_find(D, &q);

	*scaled = 0;
	if (r != NULL && rp_num(r, "params.m") == m &&
	    !isnan(rp_num(r, "memory.model_bytes")))
		return rp_num(r, "memory.model_bytes");
	r = rp_jax_c_run(D, "interp", "eager");
	*scaled = 1;
	return rp_num(r, "memory.model_bytes") * 1e6 / rp_num(r, "params.n");
}

/* The question's runs at other N that did not finish (the guard). */
static void
stopped_runs(rp_report_t *R)
{
	rp_query_t q = {
	    .set = "jax-interp-scale", .variant = "question", .any_status = 1};
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
	double slope, icpt, nmax, pmax, m, model;
	const json_t *q = rp_jax_run(&R->data, "interp", "question");
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
	    "M=%s: %d run%s (sets jax-interp and jax-interp-scale), the "
	    "largest at N=%s with a peak RSS of %s. ",
	    NUM(m, "%.0f"), k, k > 1 ? "s" : "", N(nmax), B(pmax));
	if (nmax >= 1e6)
		rp_md(R, "At N=1e6 it was measured: **%s**. ", B(pmax));
	else if (!isnan(slope))
		rp_md(R,
		    "A straight line through the runs: %s per point over a "
		    "base of %s; carried to N=1e6: **%s (extrapolated)**. ",
		    B(slope), B(icpt), B(icpt + slope * 1e6));
	model = eager_model_1e6(&R->data, m, &scaled);
	{
		rp_query_t cq = {.workload = "interp",
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
	rp_query_t q = {
	    .set = "jax-interp*", .variant = "question", .any_status = 1};
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
	jaxpr_line(R, "jax-jaxpr-interp.json",
	    "interp, the question's program against the answer's rewrite "
	    "(the sum moved into the inner map)");
	jaxpr_line(R, "jax-jaxpr-colony.json",
	    "colony, the double-vmap step against the per-particle sum");
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
	return rp_jax_median(
	    rp_jax_run(&R->data, "colony", label), "warm_call_s");
}

static void
puzzle(rp_report_t *R)
{
	rp_query_t q = {.set = "jax-colony", .workload = "colony"};
	const json_t *st = rp_jax_run(&R->data, "colony", "step");
	size_t i;
	json_t *r;

	rp_md(R, "### The colony timing puzzle, decomposed\n\n");
	rp_md(R,
	    "**Table J3.** colony's one-core programs: the first call "
	    "(tracing and compilation) against the warm calls waited for "
	    "(`block_until_ready`), the time a call takes to return without "
	    "waiting, and the calls back to back as `%%timeit` makes them "
	    "(%s of them: returned / all done).\n\n| program | first call | of "
	    "it, compile "
	    "| warm call | returned unwaited | back to back | per step |\n"
	    "|---|---|---|---|---|---|---|\n",
	    NUM(rp_num(st, "reported.back_to_back.calls"), "%.0f"));
	json_array_foreach(R->data.runs, i, r)
	{
		if (rp_data_run_matches(r, &q) && one_core(r))
			puzzle_row(R, r);
	}
	rp_md(R,
	    "\nThe pair function alone (three N x N outputs) takes %s warm, "
	    "the jitted step around it %s (%s). A jitted step returns in %s "
	    "when not waited for: that is dispatch, not the step. Its first "
	    "call costs %s against %s warm. %s steps as a Python loop of "
	    "jitted steps take %s, as one `fori_loop` %s (the loop over "
	    "fori: %s). The step un-jitted (op by op): %s.\n\n",
	    T(warm(R, "pair")), T(warm(R, "step")),
	    RATIO(warm(R, "step") / warm(R, "pair")),
	    T(rp_jax_median(st, "unblocked_call_s")),
	    T(rp_num(st, "reported.first_call_s")), T(warm(R, "step")),
	    N(rp_num(st, "params.steps")), T(warm(R, "loop")),
	    T(warm(R, "fori")), RATIO(warm(R, "loop") / warm(R, "fori")),
	    T(warm(R, "step_eager")));
}

/* Time of one unit of work: interp's whole program, colony's step. */
double
rp_jax_unit_time(const json_t *r)
{
	double s = rp_jax_steps_per_call(r);
	if (strcmp(rp_str(r, "workload"), "interp") == 0)
		s = 1;
	return s > 0 ? rp_jax_median(r, "warm_call_s") / s : NAN;
}

double
rp_jax_c_unit_time(const json_t *r)
{
	double s = rp_num(r, "steps_s.median");

	return strcmp(rp_str(r, "workload"), "colony") == 0 && !isnan(s)
	    ? s
	    : rp_num(r, "time_s.median");
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
		if (!rp_data_run_matches(r, &q) || (jax && !one_core(r)) ||
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
	const char *const *ws = rp_report_workloads;

	rp_md(R, "### Performance against the anchor\n\n");
	rp_md(R,
	    "The fastest one-core JAX program (warm call) against its own C "
	    "stand-in, the same schedule, and against the fastest C variant, "
	    "which may be another algorithm; all on CPU 0, one thread "
	    "(interp: the whole program; colony: one step).\n\n| workload "
	    "| size | fastest JAX | its C stand-in | JAX / stand-in | fastest "
	    "C | JAX / fastest C |\n|---|---|---|---|---|---|---|\n");
	for (int i = 0; ws[i] != NULL; i++) {
		char set[64], jset[64], sv[64];
		const json_t *c, *j, *s;
		snprintf(set, sizeof(set), "jax-c-%s*", ws[i]);
		snprintf(jset, sizeof(jset), "jax-%s", ws[i]);
		c = fastest(&R->data, set, ws[i], 0);
		j = fastest(&R->data, jset, ws[i], 1);
		s = rp_jax_c_run(&R->data, ws[i],
		    j != NULL ? rp_jax_stand_in(j, sv, sizeof(sv)) : "");
		rp_md(R, "| %s | N=%s | %s, %s | %s, %s | %s | %s, %s | %s |\n",
		    ws[i], N(rp_num(j, "params.n")),
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
	program_table(R, "interp", "interp's programs in JAX", 1);
	question_peak(R);
	jaxpr(R);
	program_table(R, "colony", "colony's programs in JAX", 2);
	puzzle(R);
	anchor(R);
	rp_jaxfix_write(R);
	rp_jaxrule_write(R);
}
