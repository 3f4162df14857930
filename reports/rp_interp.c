/*
 * rp_interp: Part 1, interp (see rp_interp.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_interp.h"
#include "rp_text.h"
#include "rp_workloads.h"

/* The question's reported peak, as it gave it ("about 14 GB"; the spec's
 * 12*N*M*4 bytes at 1e6 x 300 are 14.4 GB, printed apart). */
#define QUESTION_PEAK_BYTES 14e9

#define B rp_text_fmt_bytes
#define T rp_text_fmt_time
#define N rp_text_fmt_n
#define NUM rp_text_fmt_num

/* Why a variant has no ok run at nq, for its rows. */
static const char *
table1_missing(rp_report_t *R, const rp_workload_t *w, const char *v, double nq,
    char *why, size_t n)
{
	rp_query_t q = {.set = w->sets.main,
	    .workload = w->name,
	    .variant = v,
	    .n = nq,
	    .alloc = RP_ALLOC_JEMALLOC};

	return rp_data_why_missing(&R->data, &q, why, n);
}

/* Table 1: time; Table 1m: memory; Table 1s: the simulated counts (kept
 * apart so that no table has more than seven columns). */
static void
table1_row(rp_report_t *R, const char *v, const json_t *r, double t_mat)
{
	rp_md(R, "| %s | %s (%s) | %s | %s | %s | %s |\n", v,
	    T(rp_num(r, "time_s.median")), rp_report_interval(r),
	    T(rp_num(r, "time_s.cold")),
	    NUM(rp_num(r, "work.gflops_per_s"), "%.3g"),
	    rp_text_fmt_ratio(t_mat / rp_num(r, "time_s.median")),
	    rp_report_warning_notes(R, r));
}

static void
table1m_row(rp_report_t *R, const char *v, const json_t *r)
{
	rp_md(R, "| %s | %s | %s | %s | %s |\n", v, rp_report_peak(r),
	    B(rp_num(r, "memory.model_bytes")),
	    B(rp_num(r, "memory.peak_rss_bytes")),
	    NUM(rp_num(r, "memory.minor_faults"), "%.0f"));
}

/* The N of the cache simulation, for the simulated columns' header. */
static double
cachesim_n(rp_report_t *R, const rp_workload_t *w)
{
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv =
	    rp_data_variants(&R->data, w->name, NULL, vs, RP_DATA_MAX_VARIANTS);

	for (size_t i = 0; i < nv; i++) {
		const json_t *cs = rp_data_cachesim(&R->data, w->name, vs[i]);
		if (cs != NULL)
			return rp_num(cs, "params.n");
	}
	return NAN;
}

static void
table1s(
    rp_report_t *R, const rp_workload_t *w, const char *const *vs, size_t nv)
{
	int minimum = 0;

	for (size_t i = 0; i < nv; i++)
		minimum |=
		    !isnan(rp_num(rp_data_cachesim(&R->data, w->name, vs[i]),
			"cachesim.instructions_min_per_unit"));
	rp_md(R,
	    "**Table 1s.** The cache simulation (%s at N=%s unless its row "
	    "says another, one run each; %s): per (point, interpolant) "
	    "pair.\n\n"
	    "| variant | instructions |%s D1 misses | LL misses |\n|---|---|%s"
	    "---|---|\n",
	    w->name, N(cachesim_n(R, w)),
	    rp_report_note(R,
		"The simulated counts are valgrind's cache simulator on one "
		"run at a smaller N than the timed tables, of a build for "
		"x86-64-v3 (valgrind 3.19 cannot decode AVX-512): simulated, "
		"not measured, and not the timed binary's instruction mix."),
	    minimum ? " the arithmetic's minimum |" : "",
	    minimum ? "---|" : "");
	for (size_t i = 0; i < nv; i++) {
		const json_t *cs = rp_data_cachesim(&R->data, w->name, vs[i]);
		double ipu = rp_num(cs, "cachesim.instructions_per_unit");
		if (cs == NULL)
			continue;
		if (isnan(ipu))
			ipu = rp_num(cs, "cachesim.Ir") /
			    rp_num(cs, "work.units");
		if (rp_num(cs, "params.n") != cachesim_n(R, w))
			rp_md(R, "| %s (at N=%s) | %s |", vs[i],
			    N(rp_num(cs, "params.n")), NUM(ipu, "%.3g"));
		else
			rp_md(R, "| %s | %s |", vs[i], NUM(ipu, "%.3g"));
		if (minimum)
			rp_md(R, " %s |",
			    NUM(rp_num(
				    cs, "cachesim.instructions_min_per_unit"),
				"%.3g"));
		rp_md(R, " %s | %s |\n",
		    NUM(rp_num(cs, "cachesim.D1_misses_per_unit"), "%.3g"),
		    NUM(rp_num(cs, "cachesim.LL_misses_per_unit"), "%.3g"));
	}
	rp_md(R, "\n");
	if (!minimum)
		rp_md(R,
		    "No column of the minimum instructions the arithmetic "
		    "needs: "
		    "this data does not hold it (cachesim."
		    "instructions_min_per_unit), so the instructions decide no "
		    "limiter here.\n\n");
}

static void
table1(rp_report_t *R, const rp_workload_t *w, double nq)
{
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv =
	    rp_data_variants(&R->data, w->name, NULL, vs, RP_DATA_MAX_VARIANTS);
	double t_mat =
	    rp_num(rp_data_main_run(&R->data, w->name, "materialized"),
		"time_s.median");
	char why[512];

	rp_md(R,
	    "| variant | median time (interval) | cold | GFLOP/s | speed-up "
	    "vs materialized | warnings |\n|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < nv; i++) {
		const json_t *r = rp_data_main_run(&R->data, w->name, vs[i]);
		if (r == NULL)
			rp_md(R, "| %s | not measured (%s) | | | | |\n", vs[i],
			    table1_missing(R, w, vs[i], nq, why, sizeof(why)));
		else
			table1_row(R, vs[i], r, t_mat);
	}
	rp_md(R,
	    "\n**Table 1m.** The same runs' memory.\n\n| variant | peak "
	    "workspace (measured) | model | RSS high-water | minor faults "
	    "|\n|---|---|---|---|---|\n");
	for (size_t i = 0; i < nv; i++) {
		const json_t *r = rp_data_main_run(&R->data, w->name, vs[i]);
		if (r == NULL)
			rp_md(R, "| %s | not measured | | | |\n", vs[i]);
		else
			table1m_row(R, vs[i], r);
	}
	rp_md(R, "\n");
	table1s(R, w, vs, nv);
}

/* The counters the machine counted and those it could not: one line
 * saying why the hardware columns are left out. */
static void
counters_note(rp_report_t *R, const rp_workload_t *w)
{
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv =
	    rp_data_variants(&R->data, w->name, NULL, vs, RP_DATA_MAX_VARIANTS);
	const json_t *r = NULL, *pmu, *e;
	char ok[512] = "", bad[512] = "";
	const char *name;

	for (size_t i = 0; i < nv && r == NULL; i++)
		r = rp_data_main_run(&R->data, w->name, vs[i]);
	if (r == NULL)
		return;
	json_object_foreach(json_object_get(r, "counters"), name, e)
	{
		char *dst =
		    strcmp(rp_str(e, "status"), "unsupported") == 0 ? bad : ok;
		size_t len = strlen(dst);
		snprintf(dst + len, 512 - len, "%s%s", len ? ", " : "", name);
	}
	pmu = json_object_get(r, "pmu");
	if (json_is_true(json_object_get(pmu, "hardware_pmu")))
		rp_md(R, "Counters counted: %s. Unsupported: %s.\n\n",
		    ok[0] ? ok : "none", bad[0] ? bad : "none");
	else
		rp_md(R,
		    "No IPC column: %s (counted: %s), so cycles and "
		    "instructions are n/a throughout; Table 1s gives the "
		    "simulator's counts instead.\n\n",
		    rp_str(pmu, "note"), ok[0] ? ok : "none");
}

/* What the table's statistics may say: the notes, the noise band of runs
 * of this table's lengths, and eager's repeats at the largest N where it
 * was timed more than once. */
static void
stats_note(rp_report_t *R, const rp_workload_t *w)
{
	const json_t *eager = rp_data_main_run(&R->data, w->name, "eager");
	const json_t *fast = rp_data_main_run(&R->data, w->name, "sorted");
	const json_t *slow =
	    rp_data_main_run(&R->data, w->name, "materialized");
	const json_t *best = NULL, *r;
	size_t i;

	json_array_foreach(R->data.runs, i, r)
	{
		rp_query_t q = {.workload = w->name,
		    .variant = "eager",
		    .alloc = RP_ALLOC_JEMALLOC};
		if (rp_data_run_matches(r, &q) &&
		    rp_num(r, "time_s.repeats") >= 2 &&
		    (best == NULL ||
			rp_num(r, "params.n") > rp_num(best, "params.n")))
			best = r;
	}
	rp_md(R, "Intervals: %s. Peaks: %s. ",
	    rp_report_note(R,
		"A 95% confidence interval of the median (bootstrap) is "
		"printed only from 5 timed runs; with fewer, the range of the "
		"runs and their number."),
	    rp_report_note(R,
		"A peak workspace under 64 KiB prints as \"< 64 KiB\": "
		"jemalloc's per-thread peak moves in steps of its 64 KiB "
		"event interval, so smaller values are not measurements (the "
		"model gives the schedule's own figure)."));
	rp_md(R,
	    "The noise band of runs of these lengths (the median of their "
	    "own bands, half the 10th-to-90th percentile spread; runs within "
	    "%.0fx of the length): +-%s%% at %s (sorted), +-%s%% at %s "
	    "(materialized). ",
	    RP_REPORT_LENGTH_CLASS,
	    NUM(100 *
		    rp_report_noise_at(&R->data, rp_num(fast, "time_s.median")),
		"%.1f"),
	    T(rp_num(fast, "time_s.median")),
	    NUM(100 *
		    rp_report_noise_at(&R->data, rp_num(slow, "time_s.median")),
		"%.1f"),
	    T(rp_num(slow, "time_s.median")));
	if (best != NULL)
		rp_md(R,
		    "Eager at Table 1's size is timed once (its cold and timed "
		    "runs take %s together); at N=%s it was timed %s "
		    "times: median %s (%s).",
		    T(rp_num(eager, "time_s.cold") +
			rp_num(eager, "time_s.median")),
		    N(rp_num(best, "params.n")),
		    NUM(rp_num(best, "time_s.repeats"), "%.0f"),
		    T(rp_num(best, "time_s.median")), rp_report_interval(best));
	rp_md(R, "\n\n");
}

/* Table 1b: the question's own input beside the random one. */
static void
table1b(rp_report_t *R, const rp_workload_t *w)
{
	double ns = rp_data_max_n(&R->data, w->sets.seed_all, w->name);
	const char *vs[RP_DATA_MAX_VARIANTS];
	rp_query_t in_seed = {.set = w->sets.seed_all};
	size_t nv = rp_data_variants(
	    &R->data, w->name, &in_seed, vs, RP_DATA_MAX_VARIANTS);

	rp_md(R, "### The question's own input\n\n");
	if (isnan(ns) || nv == 0) {
		rp_md(R,
		    "No run with the question's input (`--preset seed`) in "
		    "the data.\n\n");
		return;
	}
	rp_md(R,
	    "The question evaluated every interpolant at x = 0 for all "
	    "points (`--preset seed`); Table 1 uses random points. With x = 0 "
	    "every point falls in the same cell, so the table rows each "
	    "variant reads are the same four for all points (whether they "
	    "stay in L1 is not simulated at this input). "
	    "Memory does not depend on the input.\n\n**Table 1b.** %s "
	    "at N=%s with the question's input against random points.\n\n"
	    "| variant | median, random | median, x = 0 (interval) | "
	    "x = 0 over random | peak workspace, x = 0 |\n"
	    "|---|---|---|---|---|\n",
	    w->name, N(ns));
	for (size_t i = 0; i < nv; i++) {
		const json_t *rr = rp_data_main_run(&R->data, w->name, vs[i]);
		const json_t *rs =
		    rp_data_main(&R->data, w->sets.seed_all, w->name, vs[i]);
		if (rs == NULL)
			continue;
		rp_md(R, "| %s | %s | %s (%s) | %s | %s |\n", vs[i],
		    T(rp_num(rr, "time_s.median")),
		    T(rp_num(rs, "time_s.median")), rp_report_interval(rs),
		    rp_text_fmt_ratio(rp_num(rs, "time_s.median") /
			rp_num(rr, "time_s.median")),
		    rp_report_peak(rs));
	}
	rp_md(R, "\n");
}

static void
memory_prose(rp_report_t *R, const rp_workload_t *w, double nq)
{
	const json_t *eager = rp_data_main_run(&R->data, w->name, "eager");
	rp_query_t q = {.set = w->sets.main,
	    .workload = w->name,
	    .variant = "eager",
	    .n = nq,
	    .alloc = RP_ALLOC_JEMALLOC};
	char why[512];

	rp_md(R, "### Memory against N\n\n");
	if (eager != NULL)
		rp_md(R,
		    "Eager (the op-by-op order of the original program) was "
		    "measured at the full size: peak workspace %s at N=%s, "
		    "against %s modelled with the allocator's size classes "
		    "(%s without them: the spec's 12*N*M*4). The question's "
		    "figure is about %s.\n\n",
		    B(rp_num(eager, "memory.peak_workspace_bytes")), N(nq),
		    B(rp_num(eager, "memory.model_bytes")),
		    B(rp_num(eager, "memory.model_bare_bytes")),
		    B(QUESTION_PEAK_BYTES));
	else
		rp_md(R, "Eager was not measured at N=%s (%s).\n\n", N(nq),
		    rp_data_why_missing(&R->data, &q, why, sizeof(why)));
}

/* The timeline's blocks in order of their largest live bytes, largest
 * first: their indices into order, their maxima into mx; how many. */
static int
timeline_maxima(const rp_plot_t *P, int *order, double *mx)
{
	int n = 0;

	for (int i = 0; P != NULL && i < P->nblocks; i++) {
		mx[i] = 0;
		for (size_t j = 0; j < P->blocks[i].nrows; j++)
			if (P->blocks[i].rows[j].v[1] > mx[i])
				mx[i] = P->blocks[i].rows[j].v[1];
		order[n++] = i;
	}
	for (int a = 1; a < n; a++)
		for (int k = a; k > 0 && mx[order[k - 1]] < mx[order[k]]; k--) {
			int t = order[k];
			order[k] = order[k - 1];
			order[k - 1] = t;
		}
	return n;
}

/* The timeline's caption from its blocks: each variant's largest live
 * bytes, largest first. */
void
rp_interp_timeline(rp_report_t *R, const rp_workload_t *w)
{
	const rp_plot_t *P = rp_report_plot(R, rp_workload_fig(w, "timeline"));
	char cap[2048], *c = cap;
	int order[RP_PLOT_MAX_BLOCKS];
	double mx[RP_PLOT_MAX_BLOCKS];
	int n = timeline_maxima(P, order, mx);

	c += snprintf(c, sizeof(cap),
	    "The allocator's live bytes, sampled every millisecond by a "
	    "second thread during each variant's first run at Table 1's "
	    "size, above the live bytes just before the run (bucket maxima; "
	    "values under 1 kB drawn on the marked 1 kB line). Largest live "
	    "bytes in the run:");
	for (int i = 0; i < n && c < cap + sizeof(cap) - 128; i++)
		c += snprintf(c, (size_t)(cap + sizeof(cap) - c), "%s %s %s",
		    i ? "," : "", P->blocks[order[i]].label, B(mx[order[i]]));
	snprintf(c, (size_t)(cap + sizeof(cap) - c),
	    ". Eager's staircase is its temporaries made and freed one "
	    "primitive at a time.");
	rp_report_embed(R, rp_workload_fig(w, "timeline"), cap);
}

/* The notebook's table of the timeline's maxima (the lesson's figure
 * caption prints them; this is the table that holds them). */
static void
timeline_table(rp_report_t *R, const rp_workload_t *w)
{
	const rp_plot_t *P = rp_report_plot(R, rp_workload_fig(w, "timeline"));
	int order[RP_PLOT_MAX_BLOCKS];
	double mx[RP_PLOT_MAX_BLOCKS];
	int n = timeline_maxima(P, order, mx);

	if (n == 0)
		return;
	rp_md(R,
	    "| variant | largest live bytes, sampled in the first run |\n"
	    "|---|---:|\n");
	for (int i = 0; i < n; i++)
		rp_md(R, "| %s | %s |\n", P->blocks[order[i]].label,
		    B(mx[order[i]]));
	rp_md(R, "\n");
}

static void
figures(rp_report_t *R, const rp_workload_t *w)
{
	const json_t *c = R->data.ceilings;

	rp_report_embed(R, rp_workload_fig(w, "memory"),
	    "Open points: measured peak workspace (jemalloc's per-thread peak "
	    "above the inputs). Dashed lines: each variant's own model "
	    "(`memory.model_bytes` of the same runs, with allocator size "
	    "classes). Black dashes: the question's 14 GB. A workspace of 0 B "
	    "(fused) sits on the marked 1 kB floor; points under the 64 KiB "
	    "line are below what jemalloc's peak can resolve (tiled's model "
	    "is the figure to trust there).");
	rp_md(R, "### Time against N\n\n");
	rp_report_embed(R, rp_workload_fig(w, "time"),
	    "Median time per run; the error bars span the fastest and the "
	    "slowest timed run (the range, not a confidence interval: most "
	    "sizes have three runs). The grey dotted line is N^1 through "
	    "materialized's first point: at fixed M every schedule does N*M "
	    "pairs, so each should run parallel to it.");
	rp_md(R, "### Memory during one run\n\n");
	rp_md(R,
	    "The allocator's live bytes during one run of each variant are "
	    "%s, in the lesson (the memory question); the largest of "
	    "each:\n\n",
	    rp_report_cite(R, rp_workload_fig(w, "timeline")));
	timeline_table(R, w);
	rp_md(R, "### Chunk size: memory against time\n\n");
	rp_report_embed(R, rp_workload_fig(w, "chunk"),
	    "The chunked variant (the materialized schedule B points at a "
	    "time) at N as in Table 1, for each B: its peak workspace and "
	    "median time. The point at the default B is Table 1's own run "
	    "(measured in the same sweep as materialized and fused); the "
	    "other sizes come from the chunk sweep run after it, so each B "
	    "has one number in this report. The square is materialized (one "
	    "batch of N); the dashed line is fused's time, with no batch.");
	rp_md(R, "### Roofline\n\n");
	if (c != NULL)
		rp_md(R,
		    "Ceilings measured on this machine by `harness ceilings`, "
		    "one core: STREAM triad from memory %s/s (%s), from L3 "
		    "%s/s, "
		    "L2 %s/s, L1 %s/s (the same triad on arrays that fit the "
		    "level; n/a where the data predate that measurement); "
		    "float32 FMA %s GFLOP/s (%s, %s lanes).\n\n",
		    B(rp_num(c, "triad_bytes_per_s")),
		    rp_str(c, "triad_bytes_counted"),
		    B(rp_num(c, "l3_bytes_per_s")),
		    B(rp_num(c, "l2_bytes_per_s")),
		    B(rp_num(c, "l1_bytes_per_s")),
		    NUM(rp_num(c, "fma_flops_per_s") * 1e-9, "%.1f"),
		    rp_str(c, "fma_isa"),
		    NUM(rp_num(c, "fma_vector_width"), "%.0f"));
	rp_report_embed(R, "fig-roofline",
	    "Each variant at its arithmetic intensity (the schedule's FLOP "
	    "over the bytes it must move, `work.intensity_flops_per_byte`) "
	    "and achieved GFLOP/s (`work.gflops_per_s`), labelled with the "
	    "level that holds its working set (peak workspace plus inputs): "
	    "that level's roof is the one that bounds it, and with its one "
	    "limiter verdict (what limits each variant). A point far below "
	    "its roof is limited by something the roofline does not draw; "
	    "the verdict says whether this data decides what.");
}

/* One allocator's run of a variant at ng: its own set first, any interp
 * set after. */
static const json_t *
allocator_run(rp_report_t *R, const rp_workload_t *w, const char *v, double ng,
    rp_alloc_t a)
{
	rp_query_t q = {
	    .set = a == RP_ALLOC_GLIBC ? w->sets.glibc : w->sets.scale_all,
	    .workload = w->name,
	    .variant = v,
	    .n = ng,
	    .alloc = a};
	const json_t *r = rp_data_find(&R->data, &q);

	q.set = w->sets.all;
	return r != NULL ? r : rp_data_find(&R->data, &q);
}

static void
table2(rp_report_t *R, const rp_workload_t *w)
{
	double ng = rp_data_max_n(&R->data, w->sets.glibc, w->name);
	rp_query_t in_glibc = {.set = w->sets.glibc, .any_status = 1};
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv = rp_data_variants(
	    &R->data, w->name, &in_glibc, vs, RP_DATA_MAX_VARIANTS);

	rp_md(R, "### Allocator: glibc malloc against jemalloc\n\n");
	if (isnan(ng)) {
		rp_md(R, "No glibc %s runs in the data.\n\n", w->name);
		return;
	}
	rp_md(R,
	    "**Table 2.** %s at N=%s with each allocator "
	    "(glibc has no per-thread peak, so RSS is the "
	    "memory figure to compare).\n\n| variant | "
	    "allocator | median time | cold | RSS high-water "
	    "| minor faults |\n|---|---|---|---|---|---|\n",
	    w->name, N(ng));
	for (size_t i = 0; i < nv; i++)
		for (int g = 0; g < 2; g++) {
			const json_t *r = allocator_run(R, w, vs[i], ng,
			    g ? RP_ALLOC_GLIBC : RP_ALLOC_JEMALLOC);
			rp_md(R, "| %s | %s | %s | %s | %s | %s |\n", vs[i],
			    g ? "glibc" : "jemalloc",
			    T(rp_num(r, "time_s.median")),
			    T(rp_num(r, "time_s.cold")),
			    B(rp_num(r, "memory.peak_rss_bytes")),
			    NUM(rp_num(r, "memory.minor_faults"), "%.0f"));
		}
	rp_md(R, "\n");
}

void
rp_interp_write(rp_report_t *R, const rp_workload_t *w)
{
	double nq = rp_data_max_n(&R->data, w->sets.main, w->name);
	rp_query_t q = {
	    .set = w->sets.main, .workload = w->name, .n = nq, .any_status = 1};
	const json_t *any = rp_data_find(&R->data, &q);

	rp_md(
	    R, "## Part 1: %s, many interpolants at many points\n\n", w->name);
	rp_md(R,
	    "The question evaluated M=300 cubic interpolants at N=10^6 points "
	    "with two nested vectorizing maps, squared and summed, and saw "
	    "about 14 GB. Table 1 is every variant at N=%s, M=%s (G=%s), "
	    "jemalloc build.\n\n",
	    N(nq), N(rp_num(any, "params.m")), N(rp_num(any, "params.g")));
	rp_md(R, "**Table 1.** %s at N=%s, M=%s.\n\n", w->name, N(nq),
	    N(rp_num(any, "params.m")));
	table1(R, w, nq);
	stats_note(R, w);
	counters_note(R, w);
	table1b(R, w);
	memory_prose(R, w, nq);
	figures(R, w);
	table2(R, w);
}
