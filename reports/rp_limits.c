/*
 * rp_limits: what limits each variant (see rp_limits.h). Each sentence is a
 * template (rp_text.h) filled by a small function from the variant's main
 * run and the runs it is compared with.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_limiter.h"
#include "rp_limits.h"
#include "rp_text.h"
#include "rp_workloads.h"

#define MEDIAN(r) rp_num(r, "time_s.median")

const char *
rp_limits_level(const json_t *r, double bytes)
{
	static const char *const names[] = {"L1", "L2", "L3"};
	static const char *const paths[] = {"machine.caches.l1d_bytes",
	    "machine.caches.l2_bytes", "machine.caches.l3_bytes"};

	for (int i = 0; i < 3; i++)
		if (bytes <= rp_num(r, paths[i]))
			return names[i];
	return "DRAM";
}

/* The chunk sizes measured, with their medians, sorted by B. */
static size_t
chunk_points(const rp_report_t *R, double *b, double *t, size_t cap)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	rp_query_t q = {.workload = w->name,
	    .variant = "chunked",
	    .alloc = RP_ALLOC_JEMALLOC};
	size_t i, n = 0;
	json_t *r;

	json_array_foreach(R->data.runs, i, r)
	{
		const char *set = rp_str(r, "_set");
		if (n == cap || !rp_data_run_matches(r, &q) ||
		    (strcmp(set, w->sets.chunk) != 0 &&
			!rp_data_set_matches(w->sets.main, set)))
			continue;
		b[n] = rp_data_chunk(r);
		t[n++] = MEDIAN(r);
	}
	for (size_t a = 1; a < n; a++)
		for (size_t k = a; k > 0 && b[k - 1] > b[k]; k--) {
			double tb = b[k], tt = t[k];
			b[k] = b[k - 1], t[k] = t[k - 1];
			b[k - 1] = tb, t[k - 1] = tt;
		}
	return n;
}

/* interp chunked: every chunk size with its median and the cache level
 * its buffer fits in, and the largest rise between neighbours, a knee only
 * beyond the time threshold. */
static int
fill_chunked(const rp_report_t *R, const json_t *r, rp_vals_t *x)
{
	double b[32], t[32], m = rp_num(r, "params.m"), best = 0;
	double tt = rp_report_time_threshold(&R->data, 1.10);
	size_t n = chunk_points(R, b, t, 32), k = 0, len = 0;
	char list[512] = "";

	for (size_t i = 0; i < n && len < sizeof(list) - 64; i++) {
		snprintf(list + len, sizeof(list) - len, "%sB=%s %s (%s)",
		    i ? ", " : "", rp_text_fmt_n(b[i]), rp_text_fmt_time(t[i]),
		    rp_limits_level(r, b[i] * m * 4));
		len = strlen(list);
		if (i + 1 < n && t[i + 1] / t[i] > best) {
			best = t[i + 1] / t[i];
			k = i;
		}
	}
	if (n < 2)
		return -1;
	rp_vals_str(x, "list", list);
	rp_vals_num(x, "b", rp_data_chunk(r));
	rp_vals_num(x, "rise", best);
	rp_vals_num(x, "b1", b[k]);
	rp_vals_num(x, "b2", b[k + 1]);
	{
		const char *l1 = rp_limits_level(r, b[k] * m * 4);
		const char *l2 = rp_limits_level(r, b[k + 1] * m * 4);
		char knee[256];
		if (best < tt)
			snprintf(knee, sizeof(knee),
			    "within the noise threshold (%.2f), so no knee is "
			    "measured here",
			    tt);
		else if (strcmp(l1, l2) != 0)
			snprintf(knee, sizeof(knee),
			    "the knee: the buffer moves from %s to %s", l1, l2);
		else
			snprintf(knee, sizeof(knee),
			    "a rise with the buffer in %s on both sides, not a "
			    "cache level's edge",
			    l1);
		rp_vals_str(x, "knee", knee);
	}
	rp_vals_num(x, "l2", rp_num(r, "machine.caches.l2_bytes"));
	rp_vals_num(x, "l3", rp_num(r, "machine.caches.l3_bytes"));
	return 0;
}

/* Faults a step that count as faulting an array again: 16 pages. */
#define FAULTING 16.0

static double
faults_per_step(const json_t *r)
{
	return rp_num(r, "memory.minor_faults") / rp_num(r, "params.steps");
}

/* colony naive: the first N of the scaling sweep whose steps fault, and
 * the largest array there against jemalloc's oversize threshold. */
static int
fill_naive(const rp_report_t *R, const json_t *r, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	rp_query_t q = {.set = w->sets.scale_all,
	    .workload = w->name,
	    .variant = "naive",
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *below = NULL, *at = NULL, *e;
	char kink[512];
	double na, big, thr;
	size_t i;

	json_array_foreach(R->data.runs, i, e)
	{
		double f = faults_per_step(e), n = rp_num(e, "params.n");
		if (!rp_data_run_matches(e, &q))
			continue;
		if (f < FAULTING &&
		    (below == NULL || n > rp_num(below, "params.n")))
			below = e;
		if (f >= FAULTING && (at == NULL || n < rp_num(at, "params.n")))
			at = e;
	}
	rp_vals_num(x, "pages", rp_num(r, "memory.model_bytes") / 4096);
	if (at == NULL || below == NULL) {
		rp_vals_str(x, "kink",
		    " No kink in the scaling sweep: its steps either all fault "
		    "or none do.");
		return 0;
	}
	na = rp_num(at, "params.n");
	big = 8.0 * na * na;
	thr = rp_num(r, "machine.allocator_policy.oversize_threshold_bytes");
	snprintf(kink, sizeof(kink),
	    " The kink in its time between N=%s and N=%s: from N=%s %s (%s) "
	    "%s jemalloc's oversize threshold (%s)%s (%.0f faults a step, "
	    "against %.0f at N=%s).",
	    rp_text_fmt_n(rp_num(below, "params.n")), rp_text_fmt_n(na),
	    rp_text_fmt_n(na), "the (N,N,2) forces array",
	    rp_text_fmt_bytes(big), big >= thr ? "reaches" : "is under",
	    rp_text_fmt_bytes(thr),
	    big >= thr ? ", is handed back to the kernel when freed, and each "
			 "step faults it in again"
		       : ", yet its steps fault",
	    faults_per_step(at), faults_per_step(below),
	    rp_text_fmt_n(rp_num(below, "params.n")));
	rp_vals_str(x, "kink", kink);
	return 0;
}

/* colony cells: pairs evaluated, from its flop count over one pair's
 * flops (fused's flops per N^2 pair). */
static int
fill_cells(const rp_report_t *R, const json_t *r, rp_vals_t *x)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	const json_t *f = rp_data_main_run(&R->data, w->name, "fused");
	double fpp = rp_num(f, "work.flops") / rp_num(f, "work.units");
	double pairs = rp_num(r, "work.flops") / fpp;
	double n = rp_num(r, "params.n"), steps = rp_num(r, "params.steps");

	if (f == NULL || !(pairs > 0))
		return -1;
	rp_vals_num(x, "per", pairs / (n * steps));
	rp_vals_num(x, "nse", 1e9 * MEDIAN(r) / pairs);
	rp_vals_num(x, "nsf", rp_num(f, "work.ns_per_unit"));
	rp_vals_num(x, "gff", rp_num(f, "work.gflops_per_s"));
	return 0;
}

typedef struct fact_s {
	rp_question_t question; /* the workload that answers it */
	const char *variant;
	int (*fill)(const rp_report_t *, const json_t *, rp_vals_t *);
	const char *text;
} fact_t;

/* Measurements beside a verdict: what the tables call for, stated as
 * measured, with no cause the rule did not decide. */
static const fact_t facts[] = {
    {RP_QUESTION_MEMORY, "chunked", fill_chunked,
	"median by B, with the level that holds its (B,M) buffer (L2 "
	"{l2:b}, L3 {l3:b}): {list:s}. The largest rise, {rise:r} from "
	"B={b1:n} to B={b2:n}, is {knee:s}."},
    {RP_QUESTION_SPEED, "naive", fill_naive,
	"{fps:i} minor faults a step at N={n:n} (its arrays are {pages:i} "
	"pages).{kink:s}"},
    {RP_QUESTION_SPEED, "cells", fill_cells,
	"it evaluates about {per:f2} candidate pairs per particle (its "
	"flop count over one pair's), at {nse:g3} ns per evaluated pair "
	"against fused's {nsf:g3} ns."},
};

static void
limits_facts(rp_report_t *R, const char *w)
{
	for (size_t k = 0; k < sizeof(facts) / sizeof(facts[0]); k++) {
		const json_t *r =
		    rp_data_main_run(&R->data, w, facts[k].variant);
		rp_vals_t x = {.n = 0};
		if (strcmp(rp_workload_question(facts[k].question)->name, w) !=
			0 ||
		    r == NULL)
			continue;
		rp_vals_num(&x, "n", rp_num(r, "params.n"));
		rp_vals_num(&x, "fps", faults_per_step(r));
		if (facts[k].fill(R, r, &x) != 0)
			continue;
		rp_md(R, "- %s/%s: ", w, facts[k].variant);
		rp_text_fill(R->md, facts[k].text, &x);
		rp_md(R, "\n");
	}
}

/* Each variant's own note (variant_t.notes): what its code stores and
 * moves, beside the verdicts, not a cause. */
static void
limits_notes(rp_report_t *R, const char *w)
{
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv =
	    rp_data_variants(&R->data, w, NULL, vs, RP_DATA_MAX_VARIANTS);

	for (size_t i = 0; i < nv; i++) {
		const char *t =
		    rp_data_variant_text(&R->data, w, vs[i], "notes");
		if (t != NULL && t[0] != '\0')
			rp_md(R, "- %s/%s: %s.\n", w, vs[i], t);
	}
}

/* A share as a percentage, "n/a" when not measured. */
static const char *
pct(double share)
{
	return rp_text_fmt_num(100 * share, "%.1f%%");
}

static void
limits_workload(rp_report_t *R, const char *w)
{
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv =
	    rp_data_variants(&R->data, w, NULL, vs, RP_DATA_MAX_VARIANTS);

	for (size_t i = 0; i < nv; i++) {
		rp_limiter_in_t in;
		rp_limiter_t v = rp_limiter_of(&R->data, w, vs[i], &in);
		char ipu[96];
		if (v.kind == RP_LIMIT_UNMEASURED) {
			rp_query_t q = {.workload = w, .variant = vs[i]};
			rp_md(R,
			    "| %s/%s | not at the main size (N=%s, its own "
			    "sweeps) | | | | | |\n",
			    w, vs[i],
			    rp_text_fmt_n(rp_num(
				rp_data_find(&R->data, &q), "params.n")));
			continue;
		}
		snprintf(
		    ipu, sizeof(ipu), "%s", rp_text_fmt_num(in.ipu, "%.3g"));
		if (!isnan(in.ipu_min))
			snprintf(ipu + strlen(ipu), sizeof(ipu) - strlen(ipu),
			    " (minimum %s: %s, bound %s)",
			    rp_text_fmt_num(in.ipu_min, "%.3g"),
			    rp_text_fmt_ratio(in.ipu / in.ipu_min),
			    rp_text_fmt_ratio(isnan(in.allowance)
				    ? RP_LIMITER_INSN_ALLOWANCE
				    : in.allowance));
		rp_md(R,
		    "| %s/%s | **%s** | %s | %s (%s) | %s%s%s%s | %s | %s |\n",
		    w, vs[i], rp_limiter_verdict_word(&v),
		    pct(in.gflops / in.fma), pct(in.bytes_per_s / in.triad),
		    in.level, pct(in.miss_bytes_s / in.miss_triad),
		    in.miss_level != NULL ? " (" : "",
		    in.miss_level != NULL ? in.miss_level : "",
		    in.miss_level != NULL ? ")" : "",
		    pct(in.faults * in.fault_cost_s / in.time_s), ipu);
	}
}

/* The threads goal's case at one thread, swept alone (w's threads_goal
 * set), against its main run in the interleaved sweep at the same N: both
 * shares of the FMA peak measured in the same data. Nothing when either is
 * missing or their N differ. */
static void
limits_alone(rp_report_t *R, const rp_workload_t *w)
{
	const rp_data_t *D = &R->data;
	rp_query_t q = {
	    .set = w->sets.threads_goal, .workload = w->name, .threads = 1};
	double fma = rp_num(D->ceilings, "fma_flops_per_s") * 1e-9;
	const json_t *alone, *main_run;

	if (q.set == NULL || !(fma > 0))
		return;
	alone = rp_data_find(D, &q);
	main_run = alone != NULL
	    ? rp_data_main_run(D, w->name, rp_str(alone, "variant"))
	    : NULL;
	if (main_run == NULL ||
	    rp_num(main_run, "params.n") != rp_num(alone, "params.n"))
		return;
	rp_md(R,
	    "- %s/%s swept alone at one thread (set `%s`, %.0f timed runs): "
	    "%s, %s GFLOP/s, %s of the FMA peak; in its main sweep, "
	    "interleaved with the other variants' runs, %s, %s GFLOP/s, "
	    "%s.\n",
	    w->name, rp_str(alone, "variant"), q.set,
	    rp_num(alone, "time_s.repeats"),
	    rp_text_fmt_time(rp_num(alone, "time_s.median")),
	    rp_text_fmt_num(rp_num(alone, "work.gflops_per_s"), "%.3g"),
	    pct(rp_num(alone, "work.gflops_per_s") / fma),
	    rp_text_fmt_time(rp_num(main_run, "time_s.median")),
	    rp_text_fmt_num(rp_num(main_run, "work.gflops_per_s"), "%.3g"),
	    pct(rp_num(main_run, "work.gflops_per_s") / fma));
}

/* The cost of one fault: the ceilings' first write to fresh pages, which
 * the rule uses, and beside it the twin pair's, which also pays for giving
 * the pages back; the rule falls back to the pair without the first. */
static void
limits_fault_cost(rp_report_t *R)
{
	const char *twin;
	double ceiling = rp_limiter_fault_ceiling(&R->data);
	double pair = rp_limiter_fault_twin(&R->data, &twin);
	double spread = rp_num(R->data.ceilings, "minor_fault_spread");

	if (isnan(ceiling) && isnan(pair)) {
		rp_md(R,
		    "The cost of a fault is not measured in this data (it "
		    "needs `harness ceilings`, or %s in one sweep).\n\n",
		    twin);
		return;
	}
	rp_md(R, "| what | measured | by |\n|---|---|---|\n");
	if (!isnan(ceiling))
		rp_md(R,
		    "| one minor fault (the rule's) | %s | a first write to "
		    "each fresh 4 KiB page of 64 MiB, the best of %s runs "
		    "(spread %s), over the faults the kernel counted "
		    "(`harness ceilings`) |\n",
		    rp_text_fmt_time(ceiling),
		    rp_text_fmt_num(
			rp_num(R->data.ceilings, "minor_fault_runs"), "%.0f"),
		    rp_text_fmt_num(100 * spread, "%.0f%%"));
	if (!isnan(pair))
		rp_md(R,
		    "| a fresh page against a kept one | %s | %s: the first's "
		    "median run less the second's over their difference in "
		    "minor faults (same sweep, one thread); it also pays for "
		    "giving the pages back and the allocator's work%s |\n",
		    rp_text_fmt_time(pair), twin,
		    isnan(ceiling) ? "; the rule's figure, as this data has no "
				     "ceilings' one"
				   : "");
	rp_md(R, "\n");
}

void
rp_limits_write(rp_report_t *R)
{
	rp_md(R, "## What limits each variant\n\n");
	rp_md(R,
	    "One rule decides each variant's limiter (reports/rp_limiter.c), "
	    "from its main run at one thread: the first of these that passes "
	    "names it: GFLOP/s at %.0f%% or more of the FMA peak; "
	    "instructions per unit at their bound or more over the "
	    "arithmetic's minimum (%.1fx, or the variant's own allowance: "
	    "the bound in the last column); at %.0f%% or more, the schedule's "
	    "bytes per second against the triad of the level that holds its "
	    "working set, the simulated L1 misses' bytes per second against "
	    "the same triad, and page faults times the measured cost of one "
	    "against the run's time. None passing is \"not determined "
	    "here\", with what would decide it. This verdict is the one "
	    "every section prints.\n\n",
	    100 * RP_LIMITER_SHARE, RP_LIMITER_INSN_ALLOWANCE,
	    100 * RP_LIMITER_SHARE);
	limits_fault_cost(R);
	rp_md(R,
	    "| variant | limiter | of the FMA peak | bytes moved, of the "
	    "triad (level) | L1 misses, of the triad (level; simulated size) | "
	    "faults, of the time | "
	    "instructions per unit |\n|---|---|---|---|---|---|---|\n");
	for (int i = 0; rp_workloads[i].name != NULL; i++)
		limits_workload(R, rp_workloads[i].name);
	rp_md(R,
	    "\nWhere the limiter is not determined, what would decide it: "
	    "hardware counters (cycles, stalls, cache misses) on a machine "
	    "with a PMU, and for a variant the simulator did not run, a cache "
	    "simulation of it (`--cachesim`). The simulator's instruction "
	    "counts are in the last column, against their minimum where the "
	    "data has it (the lowest count of the same arithmetic is in "
	    "Table 1s).\n");
	rp_md(R, "\nMeasured beside the verdicts:\n\n");
	for (int i = 0; rp_workloads[i].name != NULL; i++)
		limits_facts(R, rp_workloads[i].name);
	for (int i = 0; rp_workloads[i].name != NULL; i++)
		limits_alone(R, &rp_workloads[i]);
	rp_md(R, "\n");
	rp_md(R,
	    "What each schedule stores and moves, in its own words (the "
	    "variant's `notes`: facts of its code, not measured causes):"
	    "\n\n");
	for (int i = 0; rp_workloads[i].name != NULL; i++)
		limits_notes(R, rp_workloads[i].name);
	rp_md(R, "\n");
}

/* ---- the section by the time model (templates/notebook/limits.md.j2) ---- */

/* Which part of the prediction a term that adds belongs to. */
static const char *
term_part(const char *name)
{
	if (strcmp(name, "l2") == 0 || strcmp(name, "l3") == 0)
		return "caches";
	return name;
}

double
rp_limits_model_part(const json_t *r, const char *part)
{
	const json_t *m = json_object_get(r, "model");
	double predicted = rp_num(m, "predicted_s"), sum = 0.0, added = 0.0;
	size_t i;
	json_t *t;

	if (m == NULL || !isfinite(predicted))
		return NAN;
	json_array_foreach(json_object_get(m, "terms"), i, t)
	{
		double s = rp_num(t, "seconds");
		if (json_is_true(json_object_get(t, "in_core")) || !isfinite(s))
			continue;
		added += s;
		if (strcmp(term_part(rp_str(t, "name")), part) == 0)
			sum += s;
	}
	if (strcmp(part, "in_core") == 0)
		return predicted - added;
	if (strcmp(part, "caches") == 0 || strcmp(part, "dram") == 0 ||
	    strcmp(part, "faults") == 0)
		return sum;
	return NAN;
}

double
rp_limits_limiter_roof(const json_t *r, const char *arg)
{
	const json_t *terms =
	    json_object_get(json_object_get(r, "model"), "terms");
	double top = 0.0;
	size_t i;
	json_t *t;

	(void)arg;
	json_array_foreach(terms, i, t) top = fmax(top, rp_num(t, "seconds"));
	return top > 0 ? rp_num(r, "work.flops") / top * 1e-9 : NAN;
}

int
rp_limits_model_present(const rp_data_t *D)
{
	for (int k = 0; rp_workloads[k].name != NULL; k++) {
		const char *vs[RP_DATA_MAX_VARIANTS];
		size_t nv = rp_data_variants(
		    D, rp_workloads[k].name, NULL, vs, RP_DATA_MAX_VARIANTS);
		for (size_t i = 0; i < nv; i++)
			if (json_object_get(rp_data_main_run(
						D, rp_workloads[k].name, vs[i]),
				"model") != NULL)
				return 1;
	}
	return 0;
}

/* The two largest terms of a model (by seconds), indexes into terms; -1
 * where there are fewer. */
static void
largest_two(const json_t *terms, int *first, int *second)
{
	size_t i;
	json_t *t;

	*first = *second = -1;
	json_array_foreach(terms, i, t)
	{
		double s = rp_num(t, "seconds");
		if (*first < 0 ||
		    s > rp_num(
			    json_array_get(terms, (size_t)*first), "seconds")) {
			*second = *first;
			*first = (int)i;
		} else if (*second < 0 ||
		    s > rp_num(
			    json_array_get(terms, (size_t)*second), "seconds"))
			*second = (int)i;
	}
}

/* One term of a row: limits.W.V.termK (its word), _s, _share. */
static void
term_facts(rp_report_t *R, const json_t *t, const json_t *r, const char *w,
    const char *v, int k)
{
	rp_fact_str(&R->facts,
	    t != NULL ? rp_limiter_term_word(rp_str(t, "name")) : NULL, r,
	    "limits.%s.%s.term%d", w, v, k);
	rp_fact_num(&R->facts, RP_FACT_TIME, rp_num(t, "seconds"), r,
	    "limits.%s.%s.term%d_s", w, v, k);
	rp_fact_text(&R->facts, RP_FACT_PERCENT, rp_num(t, "share"),
	    rp_text_fmt_num(100 * rp_num(t, "share"), "%.0f%%"), r,
	    "limits.%s.%s.term%d_share", w, v, k);
}

/* One variant's row: its prediction against its median, the two largest
 * terms, the verdict. Returns 1 when the prediction is within the
 * tolerance. */
static int
model_row_facts(rp_report_t *R, const char *w, const char *v)
{
	const json_t *r = rp_data_main_run(&R->data, w, v);
	const json_t *m = json_object_get(r, "model");
	const json_t *terms = json_object_get(m, "terms");
	double err = rp_num(m, "error");
	int within = fabs(err) <= RP_LIMITER_MODEL_TOLERANCE, a, b;
	rp_limiter_in_t in;
	rp_limiter_t lim = rp_limiter_of(&R->data, w, v, &in);

	largest_two(terms, &a, &b);
	rp_fact_bool(&R->facts, m != NULL, r, "limits.%s.%s.modelled", w, v);
	rp_fact_num(&R->facts, RP_FACT_TIME, rp_num(r, "time_s.median"), r,
	    "limits.%s.%s.measured", w, v);
	rp_fact_num(&R->facts, RP_FACT_TIME, rp_num(m, "predicted_s"), r,
	    "limits.%s.%s.predicted", w, v);
	rp_fact_text(&R->facts, RP_FACT_PERCENT, err,
	    rp_text_fmt_num(100 * err, "%+.0f%%"), r, "limits.%s.%s.error", w,
	    v);
	rp_fact_bool(
	    &R->facts, m != NULL && within, r, "limits.%s.%s.within", w, v);
	/* What the terms leave unexplained, or predict too much: its size,
	 * and which of the two. */
	rp_fact_num(&R->facts, RP_FACT_TIME,
	    m != NULL && !within
		? fabs(rp_num(r, "time_s.median") - rp_num(m, "predicted_s"))
		: NAN,
	    r, "limits.%s.%s.unexplained", w, v);
	rp_fact_bool(&R->facts, m != NULL && err > 0, r,
	    "limits.%s.%s.overpredicted", w, v);
	rp_fact_str(&R->facts, rp_data_variant_text(&R->data, w, v, "notes"), r,
	    "limits.%s.%s.notes", w, v);
	term_facts(
	    R, a >= 0 ? json_array_get(terms, (size_t)a) : NULL, r, w, v, 1);
	term_facts(
	    R, b >= 0 ? json_array_get(terms, (size_t)b) : NULL, r, w, v, 2);
	rp_fact_str(&R->facts, rp_limiter_verdict_word(&lim), r,
	    "limits.%s.%s.limiter", w, v);
	return m != NULL && within;
}

/* A term's seconds in model m by name; 0 when m has no such term (a
 * variant without faults has no fault term to speak of). */
static double
term_seconds(const json_t *m, const char *name)
{
	size_t i;
	json_t *t;

	json_array_foreach(json_object_get(m, "terms"), i, t)
	{
		if (strcmp(rp_str(t, "name"), name) == 0)
			return rp_num(t, "seconds");
	}
	return 0.0;
}

/* A pair's figures come from both runs, the term chosen by the pair: each
 * names the run it was not made with too, so that the same term of one
 * run in two pairs is two facts over different runs. */
static void
why_runs(rp_facts_t *F, const json_t *rf, const json_t *rs, const char *w,
    const char *fast, const char *slow)
{
	static const char *const of_slow[] = {"term1_fast", "term2_fast"};
	static const char *const of_fast[] = {"term1_slow", "term2_slow",
	    "shared_s", "predicted_gap", "measured_gap"};
	char name[RP_FACTS_NAME_MAX];

	for (size_t i = 0; i < sizeof(of_slow) / sizeof(of_slow[0]); i++) {
		snprintf(name, sizeof(name), "limits.why.%s.%s.%s.%s", w, fast,
		    slow, of_slow[i]);
		rp_fact_add_run(F, rs, name);
	}
	for (size_t i = 0; i < sizeof(of_fast) / sizeof(of_fast[0]); i++) {
		snprintf(name, sizeof(name), "limits.why.%s.%s.%s.%s", w, fast,
		    slow, of_fast[i]);
		rp_fact_add_run(F, rf, name);
	}
}

/* Why fast runs faster than slow, by their models: the two terms that
 * differ most (slow's seconds less fast's), and the largest term the two
 * share (the smaller of its two times), as limits.why.W.FAST.SLOW.*;
 * .modelled false when either run lacks a model. */
static void
why_facts(rp_report_t *R, const char *w, const char *fast, const char *slow)
{
	const json_t *rf = rp_data_main_run(&R->data, w, fast);
	const json_t *rs = rp_data_main_run(&R->data, w, slow);
	const json_t *mf = json_object_get(rf, "model");
	const json_t *ms = json_object_get(rs, "model");
	const char *name[2] = {NULL, NULL}, *shared = NULL;
	double gap[2] = {0, 0}, both = 0;
	size_t i;
	json_t *t;

	json_array_foreach(json_object_get(ms, "terms"), i, t)
	{
		const char *n = rp_str(t, "name");
		double s = rp_num(t, "seconds"), f = term_seconds(mf, n);
		if (s - f > gap[0]) {
			gap[1] = gap[0], name[1] = name[0];
			gap[0] = s - f, name[0] = n;
		} else if (s - f > gap[1]) {
			gap[1] = s - f, name[1] = n;
		}
		if (fmin(s, f) > both)
			both = fmin(s, f), shared = n;
	}
	rp_fact_bool(&R->facts, mf != NULL && ms != NULL, rs,
	    "limits.why.%s.%s.%s.modelled", w, fast, slow);
	for (int k = 0; k < 2; k++) {
		rp_fact_str(&R->facts,
		    name[k] != NULL ? rp_limiter_term_word(name[k]) : NULL, rs,
		    "limits.why.%s.%s.%s.term%d", w, fast, slow, k + 1);
		rp_fact_num(&R->facts, RP_FACT_TIME,
		    name[k] != NULL ? term_seconds(ms, name[k]) : NAN, rs,
		    "limits.why.%s.%s.%s.term%d_slow", w, fast, slow, k + 1);
		rp_fact_num(&R->facts, RP_FACT_TIME,
		    name[k] != NULL ? term_seconds(mf, name[k]) : NAN, rf,
		    "limits.why.%s.%s.%s.term%d_fast", w, fast, slow, k + 1);
	}
	rp_fact_str(&R->facts,
	    shared != NULL ? rp_limiter_term_word(shared) : NULL, rs,
	    "limits.why.%s.%s.%s.shared", w, fast, slow);
	rp_fact_num(&R->facts, RP_FACT_TIME, shared != NULL ? both : NAN, rs,
	    "limits.why.%s.%s.%s.shared_s", w, fast, slow);
	rp_fact_num(&R->facts, RP_FACT_TIME,
	    mf != NULL && ms != NULL
		? rp_num(ms, "predicted_s") - rp_num(mf, "predicted_s")
		: NAN,
	    rs, "limits.why.%s.%s.%s.predicted_gap", w, fast, slow);
	rp_fact_num(&R->facts, RP_FACT_TIME,
	    rp_num(rs, "time_s.median") - rp_num(rf, "time_s.median"), rs,
	    "limits.why.%s.%s.%s.measured_gap", w, fast, slow);
	why_runs(&R->facts, rf, rs, w, fast, slow);
}

/* The facts of every workload's pairs (rp_workload_t.why), and their
 * list (limits.why_pairs: [w, fast, slow] each) for the table. */
static void
why_pairs_facts(rp_report_t *R)
{
	json_t *pairs = json_array();

	for (int k = 0; rp_workloads[k].name != NULL; k++) {
		const rp_workload_t *w = &rp_workloads[k];
		for (int i = 0; i < RP_WORKLOAD_WHY_MAX && w->why[i][0] != NULL;
		     i++) {
			why_facts(R, w->name, w->why[i][0], w->why[i][1]);
			json_array_append_new(pairs,
			    json_pack("[s, s, s]", w->name, w->why[i][0],
				w->why[i][1]));
		}
	}
	rp_fact_list(&R->facts, pairs, "limits.why_pairs");
}

void
rp_limits_model_facts(rp_report_t *R)
{
	const json_t *any = NULL;

	rp_fact_text(&R->facts, RP_FACT_PERCENT, RP_LIMITER_MODEL_TOLERANCE,
	    rp_text_fmt_num(100 * RP_LIMITER_MODEL_TOLERANCE, "%.0f%%"), NULL,
	    "limits.tolerance");
	for (int k = 0; rp_workloads[k].name != NULL; k++) {
		const char *vs[RP_DATA_MAX_VARIANTS], *w = rp_workloads[k].name;
		size_t nv = rp_data_variants(
		    &R->data, w, NULL, vs, RP_DATA_MAX_VARIANTS);
		int within = 0, modelled = 0;

		for (size_t i = 0; i < nv; i++) {
			const json_t *r = rp_data_main_run(&R->data, w, vs[i]);
			if (json_object_get(r, "model") != NULL) {
				modelled++;
				any = any != NULL ? any : r;
			}
			within += model_row_facts(R, w, vs[i]);
		}
		rp_fact_num(&R->facts, RP_FACT_COUNT, modelled, NULL,
		    "limits.%s.modelled", w);
		rp_fact_num(&R->facts, RP_FACT_COUNT, within, NULL,
		    "limits.%s.within", w);
	}
	why_pairs_facts(R);
	rp_report_figure_facts(R, "fig-model-terms", "limits.figure.terms");
	rp_fact_str(&R->facts, rp_str(json_object_get(any, "model"), "rule"),
	    any, "limits.rule");
	rp_fact_num(&R->facts, RP_FACT_FIXED2, rp_num(any, "model.fp_overlap"),
	    any, "limits.fp_overlap");
}
