/*
 * rp_unsaid: "What none of the answers said" (see rp_unsaid.h). The prose
 * is templates (rp_text.h) filled from named values.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_colony.h"
#include "rp_text.h"
#include "rp_unsaid.h"
#include "rp_workloads.h"

static const char grid_text[] =
    "- **Share the grid and fix the layout.** All {m:n} interpolants use "
    "the same grid, so the cell index and the four weights depend on the "
    "point only; `hoisted` computes them once per point and stores the "
    "tables grid-major so the loop over interpolants reads contiguous "
    "memory. At N={n:n} it takes {th:t} against fused's {tf:t} (speed-up "
    "{sp:r}) with {ph:b} of workspace ({fig:s}, Table 1).\n";
static const char sorted_text[] =
    "  Sorting the points by cell first (`sorted`) {l1:s}: {ts:t}, a "
    "further speed-up of {sp2:r} over hoisted, for {ps:b} of "
    "workspace.\n";
static const char cells_text[] =
    "- **Cell lists.** Contacts and sensing reach at most r_cut, so a cell "
    "list finds the neighbours in O(N) work. At N={n:n} `cells` takes "
    "{tc:t} per step against fused's {tf:t} (speed-up {sp:r}), and its time "
    "grows as N^{kc:f2} against N^{kf:f2} for fused ({fig:s}, Table 4). No "
    "answer questioned the all-pairs formulation itself.\n";
static const char cells_big_text[] =
    "  Against the fresh-array schedule at N={n:n}: `cells` {tc:t} per "
    "step, `naive` {tn:t} (speed-up {sp:r}).\n";
static const char allocator_text[] =
    "- **The allocator's part in step-time variance.** The fresh-array "
    "schedule frees its (N,N) arrays and allocates them again every step. "
    "With jemalloc its steps run from {jmed:t} (median) to {jmax:t} (max, "
    "{jq:r} of the median) with {jf:i} minor faults per step; with glibc "
    "malloc from {gmed:t} to {gmax:t} ({gq:r}) with {gf:i} faults per "
    "step. The workspace is {ws:b}, {pages:i} pages of 4 KiB: when the "
    "faults per step match the pages, the allocator handed the arrays back "
    "to the kernel and every step pays to map them again, and how often "
    "and how much it gives back is the allocator's policy ({fig:s}, Table "
    "5). Reusing the buffers (naive-reuse) leaves {rf:i} faults in the "
    "whole run, about one workspace's pages, touched once.\n";

#define MEDIAN(r) rp_num(r, "time_s.median")
#define STEP(r) rp_num(r, "steps_s.median")

/* What sorting does to the L1, from the simulated misses a pair of sorted
 * and hoisted: "keeps each cell's rows in L1" only when sorted's are a
 * tenth of hoisted's or fewer. */
static const char *
sorted_l1(const rp_report_t *R, const rp_workload_t *w, char *buf, size_t n)
{
	double ms = rp_num(rp_data_cachesim(&R->data, w->name, "sorted"),
	    "cachesim.D1_misses_per_unit");
	double mh = rp_num(rp_data_cachesim(&R->data, w->name, "hoisted"),
	    "cachesim.D1_misses_per_unit");

	if (isnan(ms) || isnan(mh))
		snprintf(buf, n,
		    "reads each cell's rows back to back (its L1 misses not "
		    "simulated here)");
	else
		snprintf(buf, n,
		    "%s (simulated L1 misses a pair %s against hoisted's %s, "
		    "Table 1s)",
		    ms * 10 <= mh ? "keeps each cell's rows in L1"
				  : "reads each cell's rows back to back, yet "
				    "misses L1 about as often",
		    rp_text_fmt_num(ms, "%.3g"), rp_text_fmt_num(mh, "%.3g"));
	return buf;
}

static void
grid(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_MEMORY);
	const json_t *hoi = rp_data_main_run(&R->data, w->name, "hoisted");
	const json_t *fus = rp_data_main_run(&R->data, w->name, "fused");
	const json_t *srt = rp_data_main_run(&R->data, w->name, "sorted");
	double nq = rp_data_max_n(&R->data, w->sets.main, w->name);
	rp_query_t q = {.set = w->sets.main,
	    .workload = w->name,
	    .variant = "hoisted",
	    .n = nq,
	    .alloc = RP_ALLOC_JEMALLOC};
	rp_vals_t x = {.n = 0};
	char why[512], l1[256];

	if (hoi == NULL || fus == NULL) {
		rp_md(R,
		    "- **Share the grid and fix the layout**: not measured "
		    "(%s).\n",
		    rp_data_why_missing(&R->data, &q, why, sizeof(why)));
		return;
	}
	rp_vals_num(&x, "m", rp_num(hoi, "params.m"));
	rp_vals_num(&x, "n", nq);
	rp_vals_num(&x, "th", MEDIAN(hoi));
	rp_vals_num(&x, "tf", MEDIAN(fus));
	rp_vals_num(&x, "sp", MEDIAN(fus) / MEDIAN(hoi));
	rp_vals_num(&x, "ph", rp_num(hoi, "memory.peak_workspace_bytes"));
	rp_vals_str(&x, "fig", rp_report_cite(R, rp_workload_fig(w, "time")));
	rp_text_fill(R->md, grid_text, &x);
	if (srt == NULL)
		return;
	rp_vals_num(&x, "ts", MEDIAN(srt));
	rp_vals_num(&x, "sp2", MEDIAN(hoi) / MEDIAN(srt));
	rp_vals_num(&x, "ps", rp_num(srt, "memory.peak_workspace_bytes"));
	rp_vals_str(&x, "l1", sorted_l1(R, w, l1, sizeof(l1)));
	rp_text_fill(R->md, sorted_text, &x);
}

/* naive against cells at the largest N where the scaling sweep measured
 * both, side by side in one sweep. */
static void
cells_big(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	rp_query_t qn = {
	    .set = w->sets.scale_all, .workload = w->name, .variant = "naive"};
	const json_t *big_naive = NULL, *big_cells = NULL;
	rp_vals_t x = {.n = 0};
	size_t i;
	json_t *r;

	json_array_foreach(R->data.runs, i, r)
	{
		rp_query_t qc = {.set = qn.set,
		    .workload = w->name,
		    .variant = "cells",
		    .n = rp_num(r, "params.n"),
		    .alloc = RP_ALLOC_JEMALLOC};
		const json_t *c;
		if (!rp_data_run_matches(r, &qn) ||
		    (c = rp_data_find(&R->data, &qc)) == NULL)
			continue;
		if (big_naive == NULL || qc.n > rp_num(big_naive, "params.n")) {
			big_naive = r;
			big_cells = c;
		}
	}
	if (big_naive == NULL)
		return;
	rp_vals_num(&x, "n", rp_num(big_naive, "params.n"));
	rp_vals_num(&x, "tc", STEP(big_cells));
	rp_vals_num(&x, "tn", STEP(big_naive));
	rp_vals_num(&x, "sp", STEP(big_naive) / STEP(big_cells));
	rp_text_fill(R->md, cells_big_text, &x);
}

static double
fitted(const rp_report_t *R, const char *variant)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	const rp_block_t *b = rp_figure_block(
	    rp_report_plot(R, rp_workload_fig(w, "time")), variant);
	return b != NULL ? b->fit : NAN;
}

static void
cells(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	const json_t *cc = rp_data_main_run(&R->data, w->name, "cells");
	const json_t *cf = rp_data_main_run(&R->data, w->name, "fused");
	double nc = rp_data_max_n(&R->data, w->sets.main, w->name);
	rp_query_t q = {.set = w->sets.main,
	    .workload = w->name,
	    .variant = "cells",
	    .n = nc,
	    .alloc = RP_ALLOC_JEMALLOC};
	rp_vals_t x = {.n = 0};
	char why[512];

	if (cc == NULL || cf == NULL) {
		rp_md(R, "- **Cell lists**: not measured (%s).\n",
		    rp_data_why_missing(&R->data, &q, why, sizeof(why)));
	} else {
		rp_vals_num(&x, "n", nc);
		rp_vals_num(&x, "tc", STEP(cc));
		rp_vals_num(&x, "tf", STEP(cf));
		rp_vals_num(&x, "sp", STEP(cf) / STEP(cc));
		rp_vals_num(&x, "kc", fitted(R, "cells"));
		rp_vals_num(&x, "kf", fitted(R, "fused"));
		rp_vals_str(
		    &x, "fig", rp_report_cite(R, rp_workload_fig(w, "time")));
		rp_text_fill(R->md, cells_text, &x);
	}
	cells_big(R);
}

/* The allocators' policies, as each stated them in its run's machine. */
static void
allocator_policies(rp_report_t *R, const json_t *sj, const json_t *sg)
{
	const json_t *pj =
	    json_object_get(json_object_get(sj, "machine"), "allocator_policy");
	const json_t *pg =
	    json_object_get(json_object_get(sg, "machine"), "allocator_policy");

	if (json_is_number(json_object_get(pj, "oversize_threshold_bytes")))
		rp_md(R,
		    "  This jemalloc serves requests of %s and more "
		    "(`opt.oversize_threshold`) from a dedicated arena (dirty "
		    "decay %s ms, muzzy decay %s ms for the others); ",
		    rp_text_fmt_bytes(rp_num(pj, "oversize_threshold_bytes")),
		    rp_text_fmt_num(rp_num(pj, "dirty_decay_ms"), "%.0f"),
		    rp_text_fmt_num(rp_num(pj, "muzzy_decay_ms"), "%.0f"));
	if (json_is_string(json_object_get(pg, "note")))
		rp_md(R, "%s.\n", rp_str(pg, "note"));
}

static void
allocator(rp_report_t *R)
{
	const rp_workload_t *w = rp_workload_question(RP_QUESTION_SPEED);
	rp_query_t q = {.set = w->sets.spread,
	    .workload = w->name,
	    .variant = "naive",
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *sj = rp_data_find(&R->data, &q), *sg, *sr;
	rp_vals_t x = {.n = 0};

	q.alloc = RP_ALLOC_GLIBC;
	sg = rp_data_find(&R->data, &q);
	q.alloc = RP_ALLOC_JEMALLOC;
	q.variant = "naive-reuse";
	sr = rp_data_find(&R->data, &q);
	if (sj == NULL || sg == NULL) {
		rp_md(R,
		    "- **The allocator's part in step-time variance**: not "
		    "measured (no naive spread run with both "
		    "allocators).\n");
		return;
	}
	rp_vals_num(&x, "jmed", STEP(sj));
	rp_vals_num(&x, "jmax", rp_num(sj, "steps_s.max"));
	rp_vals_num(&x, "jq", rp_num(sj, "steps_s.max") / STEP(sj));
	rp_vals_num(&x, "jf",
	    rp_num(sj, "memory.cold_minor_faults") /
		rp_num(sj, "params.steps"));
	rp_vals_num(&x, "gmed", STEP(sg));
	rp_vals_num(&x, "gmax", rp_num(sg, "steps_s.max"));
	rp_vals_num(&x, "gq", rp_num(sg, "steps_s.max") / STEP(sg));
	rp_vals_num(&x, "gf",
	    rp_num(sg, "memory.cold_minor_faults") /
		rp_num(sg, "params.steps"));
	rp_vals_num(&x, "ws", rp_num(sj, "memory.model_bytes"));
	rp_vals_num(&x, "pages", rp_num(sj, "memory.model_bytes") / 4096);
	rp_vals_str(&x, "fig", rp_report_cite(R, rp_workload_fig(w, "spread")));
	rp_vals_num(&x, "rf", rp_num(sr, "memory.cold_minor_faults"));
	rp_text_fill(R->md, allocator_text, &x);
	allocator_policies(R, sj, sg);
}

void
rp_unsaid_write(rp_report_t *R)
{
	rp_md(R, "### Beyond the answers, measured\n\n");
	grid(R);
	cells(R);
	allocator(R);
	rp_md(R, "\n");
}
