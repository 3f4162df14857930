/*
 * rp_jaxfix: the fixes in JAX (see rp_jaxfix.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hx_stats.h"
#include "rp_jax.h"
#include "rp_jaxfix.h"
#include "rp_text.h"
#include "rp_workloads.h"

#define B rp_text_fmt_bytes
#define T rp_text_fmt_time
#define N rp_text_fmt_n
#define RATIO rp_text_fmt_ratio

#define WARM_MAX 64
/* The most sizes compared (sizes()). */
#define SIZES_MAX 16

#define MEMORY RP_QUESTION_MEMORY
#define SPEED RP_QUESTION_SPEED

const rp_jaxfix_t rp_jaxfixes[] = {
    {MEMORY, 0, "hoisted", "question_jit"},
    {MEMORY, 0, "hoisted_map", "question_jit"},
    {MEMORY, 0, "hoisted_cache", "question_jit"},
    {MEMORY, 0, "sorted", "question_jit"},
    {MEMORY, 0, "scan", "question_jit"},
    {SPEED, 0, "chunked", "step"},
    {SPEED, 0, "cells", "step"},
    {SPEED, 1, "cells", "step"},
};
const size_t rp_jaxfixes_count = sizeof(rp_jaxfixes) / sizeof(rp_jaxfixes[0]);

const char *
rp_jaxfix_set(const rp_jaxfix_t *f)
{
	const rp_workload_t *w = rp_workload_question(f->answers);

	return f->large ? w->sets.jax_large : w->sets.jax;
}

/* The sizes compared, each JAX set beside the C sets of its size: every
 * registered workload's, its large size after its own. Returns how many
 * (at most 2 a workload) into w, set and c_set. */
static size_t
sizes(const char **w, const char **set, const char **c_set, size_t cap)
{
	size_t n = 0;

	for (const rp_workload_t *k = rp_workloads; k->name != NULL; k++)
		for (int large = 0; large < 2 && n < cap; large++) {
			const char *js =
			    large ? k->sets.jax_large : k->sets.jax;
			if (js == NULL)
				continue;
			w[n] = k->name, set[n] = js;
			c_set[n++] =
			    large ? k->sets.jax_c_large : k->sets.jax_c;
		}
	return n;
}

/* ---- pure ---- */

rp_jaxfix_pay_t
rp_jaxfix_pays(double fix_lo, double fix_hi, double q_lo, double q_hi)
{
	if (isnan(fix_lo) || isnan(fix_hi) || isnan(q_lo) || isnan(q_hi))
		return RP_JAXFIX_UNKNOWN;
	if (fix_hi < q_lo)
		return RP_JAXFIX_PAYS;
	return fix_lo > q_hi ? RP_JAXFIX_COSTS : RP_JAXFIX_EVEN;
}

const char *
rp_jaxfix_pay_word(rp_jaxfix_pay_t p)
{
	static const char *const words[] = {
	    "pays", "costs", "not distinguishable", "not measured"};
	return p <= RP_JAXFIX_UNKNOWN ? words[p] : "?";
}

/* ---- lookups ---- */

size_t
rp_jaxfix_warm(
    const json_t *r, int per_unit, double *med, double *lo, double *hi)
{
	const json_t *a =
	    json_object_get(json_object_get(r, "reported"), "warm_call_s");
	double v[WARM_MAX], steps = rp_jax_steps_per_call(r);
	size_t n = 0, i;
	json_t *e;

	*med = *lo = *hi = NAN;
	if (!per_unit || !rp_workload_per_step(rp_str(r, "workload")))
		steps = 1;
	if (!(steps > 0))
		return 0;
	json_array_foreach(a, i, e)
	{
		if (json_is_number(e) && n < WARM_MAX)
			v[n++] = json_number_value(e) / steps;
	}
	if (n == 0)
		return 0;
	*med = hx_stats_median(v, n);
	*lo = *hi = v[0];
	for (i = 1; i < n; i++) {
		*lo = v[i] < *lo ? v[i] : *lo;
		*hi = v[i] > *hi ? v[i] : *hi;
	}
	return n;
}

const char *
rp_jaxfix_warm_cell(const json_t *r, int per_unit, char *buf, size_t len)
{
	double med, lo, hi;
	size_t n = rp_jaxfix_warm(r, per_unit, &med, &lo, &hi);

	if (n == 0)
		snprintf(buf, len, "n/a (first call only)");
	else if (n == 1) /* one measurement, not a median */
		snprintf(buf, len, "%s (n = 1)", T(med));
	else
		snprintf(
		    buf, len, "%s (%s-%s, %zu calls)", T(med), T(lo), T(hi), n);
	return buf;
}

const json_t *
rp_jaxfix_c_one_thread(const rp_data_t *D, const char *c_set,
    const char *workload, const char *variant)
{
	rp_query_t q = {.set = c_set,
	    .workload = workload,
	    .variant = variant,
	    .alloc = RP_ALLOC_JEMALLOC};
	size_t i;
	json_t *r;

	json_array_foreach(D->runs, i, r)
	{
		if (rp_data_run_matches(r, &q) && rp_jax_c_threads(r) == 1)
			return r;
	}
	return NULL;
}

/* The ok JAX run labelled label in set, or NULL. */
static const json_t *
jax_run(const rp_data_t *D, const char *set, const char *label)
{
	rp_query_t q = {.set = set, .variant = label};
	return rp_data_find(D, &q);
}

/* A C run's time per unit and its range (time_s or steps_s min..max). */
static double
c_time(const json_t *c, double *lo, double *hi)
{
	const char *k = rp_workload_per_step(rp_str(c, "workload")) &&
		!isnan(rp_num(c, "steps_s.median"))
	    ? "steps_s"
	    : "time_s";
	char p[32];

	snprintf(p, sizeof(p), "%s.min", k);
	*lo = rp_num(c, p);
	snprintf(p, sizeof(p), "%s.max", k);
	*hi = rp_num(c, p);
	return rp_jax_c_unit_time(c);
}

/* ---- the fixes ---- */

/* 1 when the row was printed (the fix was measured), else 0. */
static int
fix_row(rp_report_t *R, const rp_jaxfix_t *f)
{
	const json_t *r = jax_run(&R->data, rp_jaxfix_set(f), f->program);
	const json_t *q = jax_run(&R->data, rp_jaxfix_set(f), f->question);
	char warm[128];
	double m, lo, hi, qm, qlo, qhi;

	if (r == NULL)
		return 0;
	rp_jaxfix_warm(r, 1, &m, &lo, &hi);
	rp_jaxfix_warm(q, 1, &qm, &qlo, &qhi);
	rp_md(R, "| %s | N=%s | %s | %s | %s | %s | %s |\n", f->program,
	    N(rp_num(r, "params.n")), B(rp_jax_temp(r)),
	    B(rp_jax_rss_work(&R->data, r)),
	    T(rp_num(r, "reported.first_call_s")),
	    rp_jaxfix_warm_cell(r, 1, warm, sizeof(warm)), RATIO(qm / m));
	return 1;
}

static void
fix_line(rp_report_t *R, const rp_jaxfix_t *f)
{
	const json_t *r = jax_run(&R->data, rp_jaxfix_set(f), f->program);
	const json_t *q = jax_run(&R->data, rp_jaxfix_set(f), f->question);
	double m, lo, hi, qm, qlo, qhi;
	rp_jaxfix_pay_t p;
	char v[64];

	if (r == NULL || q == NULL)
		return;
	rp_jaxfix_warm(r, 1, &m, &lo, &hi);
	rp_jaxfix_warm(q, 1, &qm, &qlo, &qhi);
	p = rp_jaxfix_pays(lo, hi, qlo, qhi);
	rp_md(R, "- `%s` (C %s) at N=%s: **%s**: %s against `%s`'s %s",
	    f->program, rp_jax_stand_in(r, v, sizeof(v)),
	    N(rp_num(r, "params.n")), rp_jaxfix_pay_word(p), T(m), f->question,
	    T(qm));
	if (p == RP_JAXFIX_PAYS)
		rp_md(R, ", %s faster", RATIO(qm / m));
	else if (p == RP_JAXFIX_COSTS)
		rp_md(R, ", %s slower", RATIO(m / qm));
	rp_md(R, "; XLA's temporaries %s against %s.\n", B(rp_jax_temp(r)),
	    B(rp_jax_temp(q)));
}

static void
fixes(rp_report_t *R)
{
	size_t missing = 0;

	rp_md(R, "### The fast C variants' schedules, in JAX\n\n");
	rp_md(R,
	    "Each fix of the C variants written as a jitted JAX program "
	    "(`variants/jax`, its C variant named in `run.py --list`), "
	    "measured like the programs above: one process, one core, "
	    "validated against the float64 reference. Warm call: the median "
	    "of the calls after the first, each waited for, with their "
	    "range. The last column is the question's own jitted program "
	    "(`question_jit` for interp, the jitted step `step` for colony) "
	    "at the same size over the fix.\n\n");
	rp_md(R,
	    "**Table J4.** The fixes in JAX, one core.\n\n| program | size | "
	    "XLA temporary | peak RSS less the baseline | first call | warm "
	    "call | question's jitted over it |\n|---|---|---|---|---|---|---"
	    "|\n");
	for (size_t i = 0; i < rp_jaxfixes_count; i++)
		missing += !fix_row(R, &rp_jaxfixes[i]);
	for (size_t i = 0, k = 0; missing > 0 && i < rp_jaxfixes_count; i++) {
		const rp_jaxfix_t *f = &rp_jaxfixes[i];
		if (jax_run(&R->data, rp_jaxfix_set(f), f->program) == NULL)
			rp_md(R, "%s`%s` (%s)",
			    k++ ? ", " : "\nNot measured in these data: ",
			    f->program, rp_jaxfix_set(f));
	}
	rp_md(R,
	    "%s\nWhether each fix pays in JAX (every warm call faster than "
	    "every warm call of the question's jitted program):\n\n",
	    missing > 0 ? ".\n" : "");
	for (size_t i = 0; i < rp_jaxfixes_count; i++)
		fix_line(R, &rp_jaxfixes[i]);
	rp_md(R, "\n");
}

/* ---- same schedule ---- */

/* 1 when the row was printed. */
static int
same_row(rp_report_t *R, const json_t *r, const char *c_set)
{
	char v[64], warm[128];
	const char *w = rp_str(r, "workload");
	const json_t *c;
	double ct, clo, chi, m, lo, hi;

	if (strchr(rp_str(r, "variant"), '@') != NULL ||
	    rp_jax_stand_in(r, v, sizeof(v))[0] == '\0' ||
	    (c = rp_jaxfix_c_one_thread(&R->data, c_set, w, v)) == NULL ||
	    rp_jaxfix_warm(r, 1, &m, &lo, &hi) == 0)
		return 0;
	ct = c_time(c, &clo, &chi);
	rp_md(R, "| %s | N=%s | %.0f | %s (%s-%s) | %s | %s | %s |\n", v,
	    N(rp_num(r, "params.n")), rp_jax_c_threads(c), T(ct), T(clo),
	    T(chi), rp_str(r, "variant"),
	    rp_jaxfix_warm_cell(r, 1, warm, sizeof(warm)), RATIO(m / ct));
	return 1;
}

static void
same_schedule(rp_report_t *R)
{
	rp_md(R,
	    "**Table J5.** *Same schedule*: each C variant against its JAX "
	    "counterpart, one core against one core. The C side's thread "
	    "count is read from its run (`params.threads`, one when the "
	    "harness left it at its default); a run of more threads is "
	    "never used. C: the median of its timed runs (colony: of its "
	    "steps) with their range.\n\n| C variant | size | C threads | C "
	    "time | JAX program | JAX warm call | JAX / C |\n|---|---|---|---|"
	    "---|---|---|\n");
	const char *w[SIZES_MAX], *set[SIZES_MAX], *c_set[SIZES_MAX];
	size_t ns = sizes(w, set, c_set, SIZES_MAX);

	for (size_t k = 0; k < ns; k++) {
		rp_query_t q = {.set = set[k]};
		size_t i;
		json_t *r;

		json_array_foreach(R->data.runs, i, r)
		{
			if (rp_data_run_matches(r, &q))
				same_row(R, r, c_set[k]);
		}
	}
	rp_md(R, "\n");
}

/* ---- best against best ---- */

/* The fastest run by unit time: one-thread C runs of c_set, or one-core
 * JAX runs of set (c_set NULL). */
static const json_t *
fastest(const rp_data_t *D, const char *set, const char *c_set, const char *w)
{
	rp_query_t q = {.set = c_set ? c_set : set, .workload = w};
	const json_t *best = NULL;
	double tb = NAN;
	size_t i;
	json_t *r;

	json_array_foreach(D->runs, i, r)
	{
		double t;
		if (!rp_data_run_matches(r, &q) ||
		    (c_set == NULL && strchr(rp_str(r, "variant"), '@')) ||
		    (c_set != NULL && rp_jax_c_threads(r) != 1))
			continue;
		t = c_set ? rp_jax_c_unit_time(r) : rp_jax_unit_time(r);
		if (!isnan(t) && (isnan(tb) || t < tb))
			best = r, tb = t;
	}
	return best;
}

static void
best_against_best(rp_report_t *R)
{
	const char *w[SIZES_MAX], *set[SIZES_MAX], *c_set[SIZES_MAX];
	size_t ns = sizes(w, set, c_set, SIZES_MAX);

	rp_md(R, "### Best against best\n\n");
	rp_md(R,
	    "The fastest C variant (one thread) against the fastest JAX "
	    "program (one core), both pinned to CPU 0, at each size (%s). "
	    "Unlike Table J5 the two "
	    "sides may be different algorithms.\n\n| workload | size | "
	    "fastest C | time | fastest JAX | time | JAX / C |\n|---|---|---|"
	    "---|---|---|---|\n",
	    rp_workload_units());
	for (size_t k = 0; k < ns; k++) {
		const json_t *c = fastest(&R->data, NULL, c_set[k], w[k]);
		const json_t *j = fastest(&R->data, set[k], NULL, w[k]);
		if (c == NULL && j == NULL)
			continue;
		rp_md(R, "| %s | N=%s | %s | %s | %s | %s | %s |\n", w[k],
		    N(rp_num(j, "params.n")), c ? rp_str(c, "variant") : "none",
		    T(rp_jax_c_unit_time(c)), j ? rp_str(j, "variant") : "none",
		    T(rp_jax_unit_time(j)),
		    RATIO(rp_jax_unit_time(j) / rp_jax_c_unit_time(c)));
	}
	rp_md(R, "\n");
}

/* How long reports/jax-sweep.sh took for these data (jax-plan.json). */
static void
sweep_time(rp_report_t *R)
{
	json_t *plan = rp_jax_file(&R->data, "jax-plan.json");
	const char *from = rp_str(plan, "large_n_from");

	if (plan == NULL || isnan(rp_num(plan, "seconds"))) {
		json_decref(plan);
		return;
	}
	rp_md(R, "reports/jax-sweep.sh took %s for the JAX data of this report",
	    T(rp_num(plan, "seconds")));
	if (from[0] != '\0')
		rp_md(R,
		    " (the question's run at N=%s not included: it is from %s)",
		    N(rp_num(plan, "large_n")), from);
	rp_md(R, ".\n\n");
	json_decref(plan);
}

void
rp_jaxfix_write(rp_report_t *R)
{
	fixes(R);
	same_schedule(R);
	best_against_best(R);
	sweep_time(R);
}
