/*
 * rp_scaling: "Every core: threads" (see rp_scaling.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_jax.h"
#include "rp_limiter.h"
#include "rp_scaling.h"
#include "rp_text.h"
#include "rp_workloads.h"

rp_scaling_limiter_t
rp_scaling_decide(double bw_share, double efficiency)
{
	if (!isnan(bw_share) && bw_share >= RP_SCALING_BW_SHARE)
		return RP_SCALING_BANDWIDTH;
	if (isnan(efficiency) || isnan(bw_share))
		return !isnan(efficiency) && efficiency >= RP_SCALING_EFFICIENCY
		    ? RP_SCALING_SCALES
		    : RP_SCALING_UNTESTED;
	return efficiency >= RP_SCALING_EFFICIENCY ? RP_SCALING_SCALES
						   : RP_SCALING_SHORT;
}

const char *
rp_scaling_word(rp_scaling_limiter_t l)
{
	switch (l) {
	case RP_SCALING_BANDWIDTH:
		return "stops at the triad";
	case RP_SCALING_SCALES:
		return "scales";
	case RP_SCALING_SHORT:
		return "scales short";
	default:
		return "not judged";
	}
}

int
rp_scaling_threads(const json_t *r)
{
	double t = rp_num(r, "params.threads");
	return isnan(t) ? 1 : (int)t;
}

/* The ok jemalloc runs of w/v in the sets matching pattern; T 0: any. */
static int
scaling_matches(const json_t *r, const char *pattern, const char *w,
    const char *v, int threads)
{
	rp_query_t q = {.set = pattern,
	    .workload = w,
	    .variant = v,
	    .alloc = RP_ALLOC_JEMALLOC};
	return rp_data_run_matches(r, &q) &&
	    (threads == 0 || rp_scaling_threads(r) == threads);
}

const json_t *
rp_scaling_run(const rp_data_t *D, const char *pattern, const char *w,
    const char *v, int threads)
{
	const json_t *best = NULL;
	double nmax = -1.0;
	size_t i;
	json_t *r;

	json_array_foreach(D->runs, i, r)
	{
		if (scaling_matches(r, pattern, w, v, 0) &&
		    rp_num(r, "params.n") > nmax)
			nmax = rp_num(r, "params.n");
	}
	json_array_foreach(D->runs, i, r)
	{
		if (best == NULL &&
		    scaling_matches(r, pattern, w, v, threads) &&
		    rp_num(r, "params.n") == nmax)
			best = r;
	}
	return best;
}

/* The distinct thread counts of w's runs in the sets, ascending, into ts
 * (at most RP_SCALING_MAX_T, the smallest); returns how many. */
static int
scaling_counts(const rp_data_t *D, const char *pattern, const char *w, int *ts)
{
	int n = 0;
	size_t i;
	json_t *r;

	json_array_foreach(D->runs, i, r)
	{
		int t = rp_scaling_threads(r), k;
		if (!scaling_matches(r, pattern, w, NULL, 0))
			continue;
		for (k = 0; k < n && ts[k] != t; k++)
			;
		if (k < n)
			continue;
		for (k = n; k > 0 && ts[k - 1] > t; k--)
			if (k < RP_SCALING_MAX_T)
				ts[k] = ts[k - 1];
		if (k < RP_SCALING_MAX_T)
			ts[k] = t;
		if (n < RP_SCALING_MAX_T)
			n++;
	}
	return n;
}

/* What a table says of one variant at the most threads. */
typedef struct scaling_row_s {
	const char *variant;
	double speedup, efficiency, share;
	rp_scaling_limiter_t limiter;
} scaling_row_t;

/* Workspace at one thread count: "upper / lower (model M)". */
static void
scaling_memory(rp_report_t *R, const json_t *r)
{
	const json_t *th =
	    json_object_get(json_object_get(r, "memory"), "threads");

	if (r == NULL) {
		rp_md(R, " no run |");
		return;
	}
	if (th == NULL)
		rp_md(R, " %s (one thread) |", rp_report_peak(r));
	else
		rp_md(R, " %s / %s |", rp_report_peak(r),
		    rp_text_fmt_bytes(rp_num(r,
			"memory.threads."
			"workspace_lower_bytes")));
	rp_md(R, " %s |", rp_text_fmt_bytes(rp_num(r, "memory.model_bytes")));
}

/* The thread counts whose workspace a table shows: the first and the
 * last. The index after k (nt when done). */
static int
scaling_next_shown(int k, int nt)
{
	return k == 0 && nt > 1 ? nt - 1 : nt;
}

/* One variant's row of the time table; its summary into *out. The
 * limiter is the variant's one verdict (rp_limiter.h), from its main run
 * at one thread; the scaling word is this table's own rule. */
static void
scaling_row(rp_report_t *R, const char *set, const char *w, const char *v,
    const int *ts, int nt, double triad, scaling_row_t *out)
{
	const json_t *r1 = rp_scaling_run(&R->data, set, w, v, ts[0]);
	const json_t *rt = rp_scaling_run(&R->data, set, w, v, ts[nt - 1]);
	double t1 = rp_jax_c_unit_time(r1), tt = rp_jax_c_unit_time(rt);
	double tmax = ts[nt - 1] / (double)ts[0];
	double bps = rp_num(rt, "work.gbytes_per_s") * 1e9;
	rp_limiter_in_t in;
	rp_limiter_t lim = rp_limiter_of(&R->data, w, v, &in);

	out->variant = v;
	out->speedup = t1 / tt;
	out->efficiency = out->speedup / tmax;
	out->share = bps / triad;
	out->limiter = rp_scaling_decide(out->share, out->efficiency);
	rp_md(R,
	    "| %s | %s | %s | %s | %s (%s) | %s | "
	    "[%s](#what-limits-each-variant) |\n",
	    v, rp_text_fmt_n(rp_num(r1 != NULL ? r1 : rt, "params.n")),
	    rp_text_fmt_time(t1), rp_text_fmt_time(tt),
	    rp_text_fmt_ratio(out->speedup),
	    rp_text_fmt_num(100.0 * out->efficiency, "%.0f%%"),
	    rp_scaling_word(out->limiter), rp_limiter_word(lim.kind));
}

/* One variant's row of the memory table. */
static void
scaling_memory_row(rp_report_t *R, const char *set, const char *w,
    const char *v, const int *ts, int nt, double triad)
{
	const json_t *rt = rp_scaling_run(&R->data, set, w, v, ts[nt - 1]);
	double bps = rp_num(rt, "work.gbytes_per_s") * 1e9;

	rp_md(R, "| %s |", v);
	for (int k = 0; k < nt; k = scaling_next_shown(k, nt))
		scaling_memory(R, rp_scaling_run(&R->data, set, w, v, ts[k]));
	rp_md(R, " %s%s (%s) |\n", isnan(bps) ? "n/a" : rp_text_fmt_bytes(bps),
	    isnan(bps) ? "" : "/s",
	    rp_text_fmt_num(100.0 * bps / triad, "%.1f%% of triad"));
}

static void
scaling_header(rp_report_t *R, const int *ts, int nt)
{
	rp_md(R,
	    "| variant | N | time, %d thread | time, %d threads | speed-up "
	    "(efficiency) | scaling at %d | limiter |\n"
	    "|---|---|---|---|---|---|---|\n",
	    ts[0], ts[nt - 1], ts[nt - 1]);
}

static void
scaling_memory_header(rp_report_t *R, const int *ts, int nt)
{
	rp_md(R, "| variant |");
	for (int k = 0; k < nt; k = scaling_next_shown(k, nt))
		rp_md(R, " workspace at %d (upper / lower) | model at %d |",
		    ts[k], ts[k]);
	rp_md(R, " bytes moved per s at %d |\n|---|", ts[nt - 1]);
	for (int k = 0; k < 2 * (nt > 1 ? 2 : 1) + 1; k++)
		rp_md(R, "---|");
	rp_md(R, "\n");
}

/* The triad bandwidth on T cores from ceilings-threads.json (NAN when
 * missing, or measured on another thread count). */
static double
scaling_triad(const rp_data_t *D, int threads, int *measured_on)
{
	const json_t *c = D->ceilings_threads;

	*measured_on = (int)rp_num(c, "threads");
	return c != NULL && *measured_on == threads
	    ? rp_num(c, "triad_bytes_per_s")
	    : NAN;
}

/* The sentences under a table, from its rows. */
static void
scaling_summary(rp_report_t *R, const scaling_row_t *rows, size_t n, int t)
{
	double noise = rp_report_time_threshold(&R->data, 1.0);
	const scaling_row_t *best = NULL;
	int count[RP_SCALING_SHORT + 1] = {0};

	for (size_t i = 0; i < n; i++) {
		count[rows[i].limiter]++;
		if (!isnan(rows[i].speedup) &&
		    (best == NULL || rows[i].speedup > best->speedup))
			best = &rows[i];
	}
	if (best == NULL) {
		rp_md(R, "No variant has runs at both thread counts.\n\n");
		return;
	}
	rp_md(R,
	    "At %d threads the largest speed-up is %s (%s, efficiency %s). "
	    "Of the %zu variants, %d move bytes at %.0f%% or more of the "
	    "triad bandwidth on %d cores, %d are below that and scale with "
	    "an efficiency of %.0f%% or more, and %d do neither",
	    t, rp_text_fmt_ratio(best->speedup), best->variant,
	    rp_text_fmt_num(100.0 * best->efficiency, "%.0f%%"), n,
	    count[RP_SCALING_BANDWIDTH], 100.0 * RP_SCALING_BW_SHARE, t,
	    count[RP_SCALING_SCALES], 100.0 * RP_SCALING_EFFICIENCY,
	    count[RP_SCALING_SHORT]);
	if (count[RP_SCALING_UNTESTED] > 0)
		rp_md(R,
		    ", and %d cannot be judged (a run or the threaded "
		    "ceilings are missing)",
		    count[RP_SCALING_UNTESTED]);
	rp_md(R, ".");
	if (best->speedup < noise)
		rp_md(R,
		    " No speed-up here exceeds the %s a time claim needs on "
		    "this machine (twice the noise band of the repeated "
		    "reference run): the threads did not measurably help.",
		    rp_text_fmt_ratio(noise));
	rp_md(R, "\n\n");
}

/* One workload's table, its sentences and its figure. */
static void
scaling_workload(rp_report_t *R, const char *w, const char *set,
    const char *fig, const char *caption)
{
	const char *vs[RP_DATA_MAX_VARIANTS];
	rp_query_t q = {.set = set, .alloc = RP_ALLOC_JEMALLOC};
	size_t nv = rp_data_variants(&R->data, w, &q, vs, RP_DATA_MAX_VARIANTS);
	scaling_row_t rows[RP_DATA_MAX_VARIANTS];
	int ts[RP_SCALING_MAX_T] = {0},
	    nt = scaling_counts(&R->data, set, w, ts);
	int on = 0;
	double triad = scaling_triad(&R->data, ts[nt > 0 ? nt - 1 : 0], &on);

	rp_md(R, "### %s\n\n", w);
	if (nv == 0 || nt < 2) {
		rp_md(R,
		    "No %s runs at two or more thread counts in the %s data "
		    "(make-report.sh measures them with `--threads`).\n\n",
		    w, set);
		return;
	}
	scaling_header(R, ts, nt);
	for (size_t i = 0; i < nv; i++)
		scaling_row(R, set, w, vs[i], ts, nt, triad, &rows[i]);
	rp_md(R, "\n");
	scaling_memory_header(R, ts, nt);
	for (size_t i = 0; i < nv; i++)
		scaling_memory_row(R, set, w, vs[i], ts, nt, triad);
	rp_md(R, "\n");
	if (isnan(triad))
		rp_md(R,
		    "The limiter needs the triad bandwidth on %d cores "
		    "(ceilings-threads.json, `harness ceilings --threads %d`); "
		    "%s.\n\n",
		    ts[nt - 1], ts[nt - 1],
		    on > 0 ? "the data's was measured on another count"
			   : "the data has none");
	scaling_summary(R, rows, nv, ts[nt - 1]);
	rp_report_embed(R, fig, caption);
}

/* Chunked's workspace at each thread count against its model. */
static void
scaling_chunk(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	int ts[RP_SCALING_MAX_T] = {0};
	int nt = scaling_counts(&R->data, w->sets.threads, w->name, ts);
	const json_t *r1 = rp_scaling_run(
	    &R->data, w->sets.threads, w->name, "chunked", ts[0]);
	const json_t *rt = nt > 1 ? rp_scaling_run(&R->data, w->sets.threads,
					w->name, "chunked", ts[nt - 1])
				  : NULL;
	double up = rp_num(rt, "memory.peak_workspace_bytes") /
	    rp_num(r1, "memory.peak_workspace_bytes");
	double model =
	    rp_num(rt, "memory.model_bytes") / rp_num(r1, "memory.model_bytes");

	rp_md(R, "### The chunk trade-off with threads\n\n");
	if (r1 == NULL || rt == NULL) {
		rp_md(R,
		    "No %s chunked runs at two thread counts in the "
		    "data.\n\n",
		    w->name);
		return;
	}
	rp_md(R,
	    "%s chunked holds one chunk of B points a thread (model `%s`, "
	    "B = %s). From %d to %d threads its workspace's upper bound "
	    "(the sum of the threads' peaks) goes from %s to %s, %s; the "
	    "model goes from %s to %s, %s. The lower bound (process-wide "
	    "allocated bytes, sampled) at %d threads is %s. A smaller B "
	    "keeps the total down as threads are added, at the price in "
	    "time the chunk sweep of Part 1 shows.\n\n",
	    w->name, rp_str(json_object_get(rt, "memory"), "model_formula"),
	    rp_text_fmt_n(rp_data_chunk(r1)), ts[0], ts[nt - 1],
	    rp_report_peak(r1), rp_report_peak(rt), rp_text_fmt_ratio(up),
	    rp_text_fmt_bytes(rp_num(r1, "memory.model_bytes")),
	    rp_text_fmt_bytes(rp_num(rt, "memory.model_bytes")),
	    rp_text_fmt_ratio(model), ts[nt - 1],
	    rp_text_fmt_bytes(
		rp_num(rt, "memory.threads.workspace_lower_bytes")));
}

/* One JAX program run on all cores ("P@all") beside its one-core run and
 * the C variant at one thread and at T threads. */
static void
scaling_jax_row(rp_report_t *R, const char *w, const json_t *all)
{
	char label[64], v[32], cset[32], tset[40];
	const json_t *one, *c1, *ct;
	/* A program of K steps a call is set beside C's time per step. */
	double j1, jt;
	int t;

	snprintf(label, sizeof(label), "%.*s",
	    (int)strcspn(rp_str(all, "variant"), "@"), rp_str(all, "variant"));
	one = rp_jax_run(&R->data, w, label);
	rp_jax_stand_in(all, v, sizeof(v));
	snprintf(cset, sizeof(cset), "jax-c-%s", w);
	snprintf(tset, sizeof(tset), "jax-c-%s-threads", w);
	c1 = rp_scaling_run(&R->data, cset, w, v, 1);
	t = rp_scaling_threads(rp_scaling_run(&R->data, tset, w, v, 0));
	ct = rp_scaling_run(&R->data, tset, w, v, t);
	j1 = rp_jax_unit_time(one);
	jt = rp_jax_unit_time(all);
	rp_md(R,
	    "| %s | %s | %s | %s / %s = %s | %s / %s (%d threads) = %s |\n", w,
	    label, v, rp_text_fmt_time(j1),
	    rp_text_fmt_time(rp_jax_c_unit_time(c1)),
	    rp_text_fmt_ratio(j1 / rp_jax_c_unit_time(c1)),
	    rp_text_fmt_time(jt), rp_text_fmt_time(rp_jax_c_unit_time(ct)), t,
	    rp_text_fmt_ratio(jt / rp_jax_c_unit_time(ct)));
}

/* The C variants beside the JAX programs at equal thread counts. */
static void
scaling_jax(rp_report_t *R)
{
	const rp_workload_t *ws = rp_workloads;
	int rows = 0;

	rp_md(R, "### Beside JAX at equal thread counts\n\n");
	for (size_t k = 0; ws[k].name != NULL; k++) {
		char set[32];
		size_t i;
		json_t *r;

		snprintf(set, sizeof(set), "jax-%s", ws[k].name);
		json_array_foreach(R->data.runs, i, r)
		{
			const char *v = rp_str(r, "variant");
			size_t len = strlen(v);
			if (strcmp(rp_str(r, "_set"), set) != 0 || len < 4 ||
			    strcmp(v + len - 4, "@all") != 0 ||
			    strcmp(rp_str(r, "status"), "ok") != 0)
				continue;
			if (rows++ == 0)
				rp_md(R,
				    "| workload | JAX program | C variant | "
				    "one core: JAX / C, one thread | all "
				    "cores: JAX / C, threads |\n"
				    "|---|---|---|---|---|\n");
			scaling_jax_row(R, ws[k].name, r);
		}
	}
	if (rows == 0) {
		rp_md(R,
		    "The data has no JAX program run on all cores "
		    "(reports/jax-sweep.sh, `@all`).\n\n");
		return;
	}
	rp_md(R,
	    "\nJAX's times are the median warm call (waited for); C's are "
	    "the median run (interp) or step (colony; a JAX program of K "
	    "steps a call is divided by K), at the JAX programs' sizes. One "
	    "core: "
	    "both processes pinned to CPU 0; all cores: XLA's default "
	    "threading, and the C variant with `--threads` on the same CPUs "
	    "(jax-c-*-threads).\n\n");
}

/* The figure's caption: what it shows and the sweep that measured it. */
static void
scaling_caption(const rp_data_t *D, const char *set, const char *w,
    const char *what, char *out, size_t len)
{
	char main_set[64], list[64] = "";
	rp_query_t q = {.set = main_set, .workload = w};
	int ts[RP_SCALING_MAX_T] = {0}, nt = scaling_counts(D, set, w, ts);
	size_t used = 0;
	const json_t *r;

	for (int k = 0; k < nt && used < sizeof(list); k++)
		used += (size_t)snprintf(list + used, sizeof(list) - used,
		    "%s%d", k ? "," : "", ts[k]);
	/* The settings of the set's main sweep (NAME-threads). */
	snprintf(
	    main_set, sizeof(main_set), "%.*s", (int)strcspn(set, "*"), set);
	r = rp_data_find(D, &q);
	snprintf(out, len,
	    "Speed-up of each variant (its time at %d thread over its time "
	    "at T) against T, from the table above; the dashed line is the "
	    "ideal, speed-up = T. %s Measured by `harness sweep --workload "
	    "%s --threads %s --repeat %.0f --warmup %.0f` "
	    "(reports/make-report.sh), the thread counts interleaved in one "
	    "sweep.",
	    nt > 0 ? ts[0] : 1, what, w, list, rp_num(r, "settings.repeat"),
	    rp_num(r, "settings.warmup"));
}

/* The memory question's eager is not at its's size: one sentence why, with
 * what its runs there would cost (its cold run's time, times the runs of
 * the threads sweep at each of its thread counts). */
void
rp_scaling_interp_after(rp_report_t *R, const rp_workload_t *w)
{
	const json_t *e =
	    rp_scaling_run(&R->data, w->sets.threads, w->name, "eager", 1);
	const json_t *q =
	    rp_scaling_run(&R->data, w->sets.main, w->name, "eager", 1);
	rp_query_t qs = {.set = w->sets.threads_main, .workload = w->name};
	const json_t *s = rp_data_find(&R->data, &qs);
	int ts[RP_SCALING_MAX_T] = {0};
	int nt = scaling_counts(&R->data, w->sets.threads_main, w->name, ts);
	double runs = nt *
	    (1.0 + rp_num(s, "settings.repeat") + rp_num(s, "settings.warmup"));

	if (q != NULL && !isnan(runs))
		rp_md(R,
		    "%s eager is left out at the question's size: one run "
		    "there takes %s (Table 1's cold run), so the %.0f runs of "
		    "this sweep would add about %s to the report's time. ",
		    w->name, rp_text_fmt_time(rp_num(q, "time_s.cold")), runs,
		    rp_text_fmt_time(runs * rp_num(q, "time_s.cold")));
	else
		rp_md(R,
		    "%s eager is left out at the question's size, to "
		    "keep the report's time budget (this data has no run "
		    "of it there to quote). ",
		    w->name);
	rp_md(R, "%s\n\n",
	    e != NULL ? "Its row above is measured at a smaller N instead, "
			"so its speed-up is comparable, not its time."
		      : "The data has no eager run with threads.");
}

/* The goal's two cases: their speed-up at two threads, as measured. Each
 * is read from its own sweep of that variant alone when the data has one
 * (the thread counts interleaved with nothing else between them), else
 * from the scaling table's sets. */
static void
scaling_goal(rp_report_t *R)
{
	static const struct {
		rp_question_t question;
		const char *variant;
	} cases[] = {
	    {RP_QUESTION_MEMORY, "sorted"}, {RP_QUESTION_SPEED, "cells"}};
	const rp_workload_t *w[2] = {rp_workload_question(cases[0].question),
	    rp_workload_question(cases[1].question)};

	rp_md(R,
	    "The goal set for two threads on this 2-core machine was %s for "
	    "%s %s at the question's size and %s %s at N = 65,536. As "
	    "measured here:",
	    rp_text_fmt_ratio(RP_SCALING_GOAL), w[0]->name, cases[0].variant,
	    w[1]->name, cases[1].variant);
	for (int k = 0; k < 2; k++) {
		const char *set = w[k]->sets.threads_goal,
			   *v = cases[k].variant;
		const json_t *r1, *r2;
		double s;

		r2 = rp_scaling_run(&R->data, set, w[k]->name, v, 2);
		if (r2 == NULL) {
			set = w[k]->sets.threads;
			r2 = rp_scaling_run(&R->data, set, w[k]->name, v, 2);
		}
		r1 = rp_scaling_run(&R->data, set, w[k]->name, v, 1);
		s = rp_jax_c_unit_time(r1) / rp_jax_c_unit_time(r2);
		rp_md(R, "%s %s %s at N = %s, %s (%s", k ? ";" : "", w[k]->name,
		    v, rp_text_fmt_n(rp_num(r1, "params.n")),
		    rp_text_fmt_ratio(s),
		    isnan(s)                   ? "not measured"
			: s >= RP_SCALING_GOAL ? "reached"
					       : "not reached");
		if (!isnan(s))
			rp_md(R, "; %s and %s timed runs, set `%s`",
			    rp_text_fmt_num(
				rp_num(r1, "time_s.repeats"), "%.0f"),
			    rp_text_fmt_num(
				rp_num(r2, "time_s.repeats"), "%.0f"),
			    rp_str(r2, "_set"));
		rp_md(R, ")");
	}
	rp_md(R,
	    ". A goal case with a set of its own was swept alone, its "
	    "thread counts alternating run by run; in the table above the "
	    "other variants' runs come between its runs, so its figure "
	    "there can differ. These are medians on a machine that may "
	    "have had other work: a thread that shares its core holds up "
	    "the whole static team.\n\n");
}

void
rp_scaling_write(rp_report_t *R)
{
	char cap[1024];

	rp_md(R, "## Every core: threads\n\n");
	rp_md(R,
	    "Each variant again, on one thread and on more (`--threads T`, "
	    "OpenMP, static schedules, partial sums added in thread order). "
	    "A speed-up is the time at one thread over the time at T; the "
	    "parallel efficiency is the speed-up over T. Workspace at T > 1 "
	    "has two bounds: the sum of the threads' own peaks (upper) and "
	    "the largest process-wide allocated bytes the sampler saw "
	    "(lower). The scaling column is this section's rule: bytes moved "
	    "per second at the most threads at %.0f%% or more of the triad "
	    "measured on as many cores stop at the triad, which threads do "
	    "not add; below that, an efficiency of %.0f%% or more scales; "
	    "the rest scale short. The limiter column is each variant's one "
	    "verdict at one thread (what limits each variant).\n\n",
	    100.0 * RP_SCALING_BW_SHARE, 100.0 * RP_SCALING_EFFICIENCY);
	for (const rp_workload_t *w = rp_workloads; w->name != NULL; w++) {
		char set[64], fig[64];
		snprintf(set, sizeof(set), "%s-threads*", w->name);
		snprintf(fig, sizeof(fig), "fig-%s-threads", w->name);
		scaling_caption(&R->data, set, w->name,
		    w->per_step
			? "Time per step; each variant at the N in the table."
			: "Each row's N is in the table.",
		    cap, sizeof(cap));
		scaling_workload(R, w->name, set, fig, cap);
		if (w->threads_after != NULL)
			w->threads_after(R, w);
	}
	scaling_goal(R);
	scaling_chunk(R);
	scaling_jax(R);
}
