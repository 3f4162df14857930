/*
 * rp_accounting: the notebook's memory accounting (see rp_accounting.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_accounting.h"
#include "rp_text.h"
#include "rp_workloads.h"

#define PEAK(r) rp_num(r, "memory.peak_workspace_bytes")

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
    "{base:b} included). {rss_reading:s}\n\n";

static void
accounting_numbers(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const json_t *e = rp_data_main_run(&R->data, w->name, "eager");
	rp_vals_t x = {.n = 0};
	double n = rp_num(e, "params.n"), m = rp_num(e, "params.m");

	if (e == NULL) {
		rp_md(R, "(%s/eager was not measured.)\n\n", w->name);
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
	{
		double rss = rp_num(e, "memory.peak_rss_bytes");
		double bare = rp_num(e, "memory.model_bare_bytes");
		double model = rp_num(e, "memory.model_bytes");
		rp_vals_str(&x, "rss_reading",
		    fabs(rss - bare) < fabs(rss - model)
			? "RSS is nearer the live bytes than the size classes: "
			  "the rounded tail of each size class is address "
			  "space that is never written, so it never becomes "
			  "resident."
			: "RSS is nearer the size classes than the live "
			  "bytes here.");
	}
	rp_text_fill(R->md, accounting_text, &x);
}

/* Each variant's row: its own loop nest (variant_t.loops, else its
 * description) and model, from its main run. */
static void
sketch_rows(rp_report_t *R)
{
	rp_variant_run_t vr[RP_WORKLOAD_MAX_RUNS];
	size_t nv = rp_workload_main_runs(&R->data, vr, RP_WORKLOAD_MAX_RUNS);

	for (size_t i = 0; i < nv; i++) {
		const json_t *r = vr[i].any;
		const char *s = rp_data_variant_text(
		    &R->data, vr[i].workload, vr[i].variant, "loops");
		rp_md(R, "| %s | %s | `%s` | `%s` = %s at N=%s | %s |\n",
		    vr[i].workload, vr[i].variant,
		    s != NULL ? s : rp_str(r, "description"),
		    rp_str(json_object_get(r, "memory"), "model_formula"),
		    rp_text_fmt_bytes(rp_num(r, "memory.model_bytes")),
		    rp_text_fmt_n(rp_num(r, "params.n")), rp_str(r, "idiom"));
	}
}

void
rp_accounting_write(rp_report_t *R)
{
	rp_md(R, "## Memory accounting\n\n");
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
	sketch_rows(R);
	rp_md(R, "\n");
}

void
rp_accounting_glossary(rp_report_t *R)
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
