/*
 * rp_lesson: short answers, memory accounting and glossary (see
 * rp_lesson.h). The prose is templates (rp_text.h) filled from named values.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_colony.h"
#include "rp_lesson.h"
#include "rp_text.h"

#define IMAIN "interp-main*"
#define CMAIN "colony-main*"

#define PEAK(r) rp_num(r, "memory.peak_workspace_bytes")
#define MEDIAN(r) rp_num(r, "time_s.median")
#define STEP(r) rp_num(r, "steps_s.median")

static const char interp_answer[] =
    "**interp: why did two nested maps take 14 GB?** A nested map is not "
    "a loop. Run op by op, every primitive of the inner function makes a "
    "whole (N,M) array, and at the worst moment twelve of them are alive "
    "at once (the accounting section walks through them). Here, at "
    "N={n:n} and M={m:n}, that schedule (`eager`) peaked at {pe:b}: "
    "12 x N x M x 4 bytes is {bare:b} before the allocator rounds each "
    "request up, and the same arithmetic at the question's N=1e6, M=300 "
    "gives 14.4 GB. *What fixes it:* square and sum each point's M values "
    "inside the inner map (`fused`): the workspace falls to {pf:s}, and "
    "the run takes {tf:t} against {tm:t} for the compiled but unfused "
    "program (`materialized`, which still holds one (N,M) array of "
    "{pm:b}). *What it costs:* nothing in memory; fused runs {sf:r} as "
    "fast as materialized{why:s}. *What no "
    "answer said:* all the interpolants share one grid, so a point's cell "
    "and weights can be computed once (`hoisted`, {th:t}, {sh:r} faster "
    "than fused), and sorting the points by cell (`sorted`, {ts:t}) makes "
    "it {ss:r} faster than fused. Stopping gradients changes nothing here: "
    "the whole peak is the forward pass.\n\n";

static const char colony_answer[] =
    "**colony: why is the compiled step slow, and why do its times "
    "swing?** The doubly nested map builds N x N arrays of forces, torques "
    "and densities in every step: at N={n:n} that is {pn:b} a step, and "
    "the step takes {tn:t} (`naive`). Summing each particle's pairs as they "
    "are made (`fused`) needs {pf:s} and takes {tf:t}, {sf:r} faster; "
    "merely reusing the arrays (`naive-reuse`) takes {tr:t}. *The swings:* "
    "without any compilation this run's steps vary by at most {worst:r} of "
    "their median, so allocating the arrays does not explain "
    "milliseconds-to-seconds; compiling on the first call and timing "
    "without waiting for the result are the likelier causes, and C cannot "
    "test them. *What no answer said:* contacts reach only r_cut, so a "
    "cell list (`cells`) finds the neighbours in O(N) work: {tc:t} a step, "
    "{sc:r} faster than fused.\n\n";

/* The main runs of vs (NULL-terminated) into out; 0, or -1 after writing
 * which is missing. */
static int
need(rp_report_t *R, const char *set, const char *w, const char *const *vs,
    const json_t **out)
{
	for (int i = 0; vs[i] != NULL; i++)
		if ((out[i] = rp_data_main(&R->data, set, w, vs[i])) == NULL) {
			rp_md(R, "(%s/%s was not measured.)\n\n", w, vs[i]);
			return -1;
		}
	return 0;
}

static void
answer_interp(rp_report_t *R)
{
	static const char *const vs[] = {
	    "eager", "materialized", "fused", "hoisted", "sorted", NULL};
	const json_t *r[5];
	rp_vals_t x = {.n = 0};

	rp_md(R, "### The memory question\n\n");
	if (need(R, IMAIN, "interp", vs, r) != 0)
		return;
	rp_vals_num(&x, "n", rp_num(r[1], "params.n"));
	rp_vals_num(&x, "m", rp_num(r[1], "params.m"));
	rp_vals_num(&x, "pe", PEAK(r[0]));
	rp_vals_num(&x, "bare", rp_num(r[0], "memory.model_bare_bytes"));
	rp_vals_str(&x, "pf", rp_report_peak(r[2]));
	rp_vals_num(&x, "pm", PEAK(r[1]));
	rp_vals_num(&x, "tm", MEDIAN(r[1]));
	rp_vals_num(&x, "tf", MEDIAN(r[2]));
	rp_vals_num(&x, "sf", MEDIAN(r[1]) / MEDIAN(r[2]));
	rp_vals_str(&x, "why",
	    MEDIAN(r[1]) / MEDIAN(r[2]) < 3
		? ", not more, because the work is the table lookups of every "
		  "pair, not the array (see what limits each variant)"
		: "");
	rp_vals_num(&x, "th", MEDIAN(r[3]));
	rp_vals_num(&x, "sh", MEDIAN(r[2]) / MEDIAN(r[3]));
	rp_vals_num(&x, "ts", MEDIAN(r[4]));
	rp_vals_num(&x, "ss", MEDIAN(r[2]) / MEDIAN(r[4]));
	rp_text_fill(R->md, interp_answer, &x);
}

static double
widest_spread(const rp_report_t *R)
{
	const json_t *runs[RP_PLOT_MAX_BLOCKS];
	size_t n = rp_colony_spread_runs(R, runs, RP_PLOT_MAX_BLOCKS);
	double worst = NAN;

	for (size_t i = 0; i < n; i++) {
		double q = rp_num(runs[i], "steps_s.max") / STEP(runs[i]);
		if (isnan(worst) || q > worst)
			worst = q;
	}
	return worst;
}

static void
answer_colony(rp_report_t *R)
{
	static const char *const vs[] = {
	    "naive", "naive-reuse", "fused", "cells", NULL};
	const json_t *r[4];
	rp_vals_t x = {.n = 0};

	rp_md(R, "### The speed question\n\n");
	if (need(R, CMAIN, "colony", vs, r) != 0)
		return;
	rp_vals_num(&x, "n", rp_num(r[0], "params.n"));
	rp_vals_num(&x, "pn", PEAK(r[0]));
	rp_vals_num(&x, "tn", STEP(r[0]));
	rp_vals_num(&x, "tr", STEP(r[1]));
	rp_vals_str(&x, "pf", rp_report_peak(r[2]));
	rp_vals_num(&x, "tf", STEP(r[2]));
	rp_vals_num(&x, "sf", STEP(r[0]) / STEP(r[2]));
	rp_vals_num(&x, "worst", widest_spread(R));
	rp_vals_num(&x, "tc", STEP(r[3]));
	rp_vals_num(&x, "sc", STEP(r[2]) / STEP(r[3]));
	rp_text_fill(R->md, colony_answer, &x);
}

void
rp_lesson_answers(rp_report_t *R)
{
	rp_md(R, "## Two short answers\n\n");
	rp_md(R,
	    "Both answers, with this run's numbers (the tables below give "
	    "the intervals; the sizes are this run's, not always the "
	    "questions').\n\n");
	answer_interp(R);
	answer_colony(R);
}

/* ---- memory accounting ---- */

/* interp eager, primitive by primitive: what each makes and frees, and how
 * many N*M*4-byte units are alive after it (inside it, for the peaks). */
static const char liveness_table[] =
    "| step | primitive | makes | frees after | alive (units of N*M*4 "
    "bytes) |\n|---|---|---|---|---|\n"
    "| 1-3 | clamp to the bounds, shift | t1, t2, xr | t1, t2 | 1 (xr) |\n"
    "| 4-5 | floor-divide to the cell index | q (float), ix (int) | q | "
    "2 (xr, ix) |\n"
    "| 6 | offset in the cell | ra, rb, ratx | ra, rb | 3 (xr, ix, ratx; 5 "
    "inside) |\n"
    "| 7 | four weights by Horner's rule, (N,M,4) each | u, w in turn, "
    "asx | u, w | 7 (asx counts 4; 11 inside) |\n"
    "| 8 | gather four table values | s (N,M,4) | | 11 |\n"
    "| 9 | dot product: the values | v | xr, ix, ratx, asx, s | **12 "
    "inside: xr, ix, ratx, v + asx, s (4 each)**, then 1 |\n"
    "| 10-12 | square, sum over M, sum over N | g, row sums | v, g | 1 "
    "and an N-vector |\n\n";

static const char accounting_text[] =
    "Why twelve arrays? The array library keeps an array alive while "
    "anything still needs it. At primitive 9 the dot product needs the "
    "weights and the gathered values (four numbers per pair each) while "
    "the index, the offset and the clamped point are still referenced: "
    "4 + 4 + 1 + 1 + 1 + 1 = 12 units of N x M x 4 bytes. At N={n:n}, "
    "M={m:n} one unit is {unit:b}, so the live bytes at the peak are "
    "{bare:b} (the model without rounding, `12*N*M*4`).\n\n"
    "Three views of the same peak, in this run:\n\n"
    "- **Live bytes**, what the program asked for: {bare:b}.\n"
    "- **Size classes**, what the allocator counts: jemalloc serves each "
    "request from the next of its size classes (four per doubling, so up "
    "to 25% more), so its peak is {model:b} by the model and {pe:b} "
    "measured.\n"
    "- **RSS**, what the kernel counts: pages the process touched, "
    "{rss:b} at the high-water mark (the inputs and the process's own "
    "{base:b} included). The rounded tail of each size class is address "
    "space that is never written, so it never becomes resident: RSS "
    "follows the live bytes, not the size classes.\n\n";

static void
accounting_numbers(rp_report_t *R)
{
	const json_t *e = rp_data_main(&R->data, IMAIN, "interp", "eager");
	rp_vals_t x = {.n = 0};
	double n = rp_num(e, "params.n"), m = rp_num(e, "params.m");

	if (e == NULL) {
		rp_md(R, "(interp/eager was not measured.)\n\n");
		return;
	}
	rp_vals_num(&x, "n", n);
	rp_vals_num(&x, "m", m);
	rp_vals_num(&x, "unit", 4.0 * n * m);
	rp_vals_num(&x, "bare", rp_num(e, "memory.model_bare_bytes"));
	rp_vals_num(&x, "model", rp_num(e, "memory.model_bytes"));
	rp_vals_num(&x, "pe", PEAK(e));
	rp_vals_num(&x, "rss", rp_num(e, "memory.peak_rss_bytes"));
	rp_vals_num(&x, "base", rp_num(e, "memory.rss_baseline_bytes"));
	rp_text_fill(R->md, accounting_text, &x);
}

typedef struct sketch_s {
	const char *workload, *variant, *loops;
} sketch_t;

/* One loop nest per schedule, in pseudo-code: f(x, i) is one pair's
 * interpolated value, pair(i, j) one pair's force, torque and density. */
static const sketch_t sketches[] = {
    {"interp", "eager",
	"for each primitive p: A_p = new (N,M) array; for n, i: A_p[n,i] = "
	"p(...); free A_p after its last use"},
    {"interp", "materialized",
	"V = new (N,M); for n: for i: V[n,i] = f(x[n], i); then for n, i: "
	"s += V[n,i]^2"},
    {"interp", "fused", "for n: for i: s += f(x[n], i)^2"},
    {"interp", "chunked",
	"for each block of B points: V = (B,M) buffer; for n in block: for "
	"i: V[n,i] = f(x[n], i); s += sum(V^2)"},
    {"interp", "tiled",
	"for each tile of T points: for i: for n in tile: acc[n] += f(x[n], "
	"i)^2"},
    {"interp", "hoisted",
	"for n: cell c and weights w of x[n], once; for i: s += (w . F[c..c+3, "
	"i])^2, the tables stored grid-major"},
    {"interp", "sorted",
	"sort the points by cell; for each cell c: for n in c: for i: s += "
	"(w_n . F[c..c+3, i])^2"},
    {"colony", "naive",
	"every step: F, T, R = new (N,N) arrays; for i: for j: F[i,j], "
	"T[i,j], R[i,j] = pair(i, j); sum the rows; free"},
    {"colony", "naive-reuse",
	"naive's loops, F, T, R allocated once and kept across steps"},
    {"colony", "fused", "for i: for j: (f_i, t_i, r_i) += pair(i, j)"},
    {"colony", "chunked",
	"for each block of B rows: (B,N) arrays; for i in block: for j: "
	"...; sum the block's rows"},
    {"colony", "tiled",
	"for each block of T particles j (staged): for i: for j in block, j "
	"> i: p = pair(i, j); f_i += p; f_j -= p"},
    {"colony", "cells",
	"sort the particles into cells of side >= r_cut; for i: for j in the "
	"3 x 3 cells around i: f_i += pair(i, j)"},
};

static const char *
sketch_of(const char *w, const char *v)
{
	for (size_t i = 0; i < sizeof(sketches) / sizeof(sketches[0]); i++)
		if (strcmp(sketches[i].workload, w) == 0 &&
		    strcmp(sketches[i].variant, v) == 0)
			return sketches[i].loops;
	return NULL;
}

static void
sketch_rows(rp_report_t *R, const char *w)
{
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv =
	    rp_data_variants(&R->data, w, NULL, vs, RP_DATA_MAX_VARIANTS);
	char set[64];

	snprintf(set, sizeof(set), "%s-main*", w);
	for (size_t i = 0; i < nv; i++) {
		rp_query_t q = {
		    .workload = w, .variant = vs[i], .any_status = 1};
		const json_t *r = rp_data_main(&R->data, set, w, vs[i]);
		const char *s = sketch_of(w, vs[i]);
		if (r == NULL)
			r = rp_data_find(&R->data, &q);
		rp_md(R, "| %s | %s | `%s` | `%s` = %s at N=%s | %s |\n", w,
		    vs[i], s != NULL ? s : rp_str(r, "description"),
		    rp_str(json_object_get(r, "memory"), "model_formula"),
		    rp_text_fmt_bytes(rp_num(r, "memory.model_bytes")),
		    rp_text_fmt_n(rp_num(r, "params.n")), rp_str(r, "idiom"));
	}
}

void
rp_lesson_accounting(rp_report_t *R)
{
	rp_md(R, "## Memory accounting, for learners\n\n");
	rp_md(R,
	    "A nested vectorizing map describes *what* to compute for every "
	    "pair; it says nothing about *when* each intermediate exists. Run "
	    "op by op, each primitive finishes over all N x M pairs before "
	    "the next starts, so every intermediate is a full array. The walk "
	    "below follows interp's inner function through that schedule "
	    "(`variants/interp/interp_eager.c` does exactly this).\n\n");
	rp_md(R, "%s", liveness_table);
	accounting_numbers(R);
	rp_md(R,
	    "### The schedules as loops\n\nThe same mathematics in each "
	    "variant; only the loop order and what is stored differ. The "
	    "memory formula is the variant's own model (B: batch, T: tile, "
	    "G: grid points, nc: cells a side).\n\n| workload | variant | "
	    "loop nest | memory formula | array-library idiom |\n"
	    "|---|---|---|---|---|\n");
	sketch_rows(R, "interp");
	sketch_rows(R, "colony");
	rp_md(R, "\n");
}

void
rp_lesson_glossary(rp_report_t *R)
{
	rp_md(R,
	    "## Glossary\n\n"
	    "- **materialize**: store an intermediate result in full (an "
	    "(N,M) array) before the next operation reads it.\n"
	    "- **fuse**: do two operations in one pass, so the first one's "
	    "result is consumed as it is made and never stored (the square "
	    "and the sum inside the loop that makes each value).\n"
	    "- **chunk** (batch): run a materializing schedule over B items "
	    "at a time, so the intermediate is (B,M) instead of (N,M).\n"
	    "- **tile**: cut the iteration space into blocks small enough "
	    "that their data stay in a cache while the block is worked on.\n"
	    "- **live bytes**: the bytes the program has allocated and not "
	    "yet freed at a moment; their maximum is the peak workspace.\n"
	    "- **size class**: the allocator rounds each request up to one "
	    "of a fixed set of sizes; the rounding is counted by the "
	    "allocator but never touched.\n"
	    "- **RSS** (resident set size): the memory pages of the process "
	    "that are in RAM, counted by the kernel; a page counts once it "
	    "is first written.\n"
	    "- **arithmetic intensity**: floating-point operations per byte "
	    "moved to or from a given level of memory.\n"
	    "- **roofline**: the speed a kernel of a given intensity can "
	    "reach at most: the smaller of the arithmetic peak and the "
	    "bandwidth times the intensity.\n\n");
}
