/*
 * rp_limits: what limits each variant (see rp_limits.h). Each sentence is a
 * template (rp_text.h) filled by a small function from the variant's main
 * run and the runs it is compared with.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rp_limits.h"
#include "rp_text.h"

#define IMAIN "interp-main*"
#define CMAIN "colony-main*"

#define MEDIAN(r) rp_num(r, "time_s.median")
#define STEP(r) rp_num(r, "steps_s.median")

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

/* Values every sentence may use: GFLOP/s, its share of the FMA peak, bytes
 * moved per second, simulated misses per pair, faults per step. */
static void
common_values(const rp_report_t *R, const json_t *r, rp_vals_t *x)
{
	const json_t *cs = rp_data_cachesim(
	    &R->data, rp_str(r, "workload"), rp_str(r, "variant"));
	double fma = rp_num(R->data.ceilings, "fma_flops_per_s");

	rp_vals_num(x, "gf", rp_num(r, "work.gflops_per_s"));
	rp_vals_num(x, "pct", 100e9 * rp_num(r, "work.gflops_per_s") / fma);
	rp_vals_num(x, "gb", 1e9 * rp_num(r, "work.gbytes_per_s"));
	rp_vals_num(x, "d1", rp_num(cs, "cachesim.D1_misses_per_unit"));
	rp_vals_num(x, "ll", rp_num(cs, "cachesim.LL_misses_per_unit"));
	rp_vals_num(x, "fps",
	    rp_num(r, "memory.minor_faults") / rp_num(r, "params.steps"));
	rp_vals_num(x, "n", rp_num(r, "params.n"));
	rp_vals_num(x, "ws", rp_num(r, "memory.model_bytes"));
	rp_vals_str(
	    x, "lvl", rp_limits_level(r, rp_num(r, "memory.model_bytes")));
}

/* interp: fused against materialized. */
static int
fill_fused(const rp_report_t *R, const json_t *r, rp_vals_t *x)
{
	const json_t *m =
	    rp_data_main(&R->data, IMAIN, "interp", "materialized");
	const json_t *cm = rp_data_cachesim(&R->data, "interp", "materialized");

	char gain[256];

	if (m == NULL)
		return -1;
	if (MEDIAN(m) > MEDIAN(r))
		snprintf(gain, sizeof(gain),
		    "fusing removes only the array's trip, which was %s of "
		    "materialized's %s, hence %s and no more",
		    rp_text_fmt_time(MEDIAN(m) - MEDIAN(r)),
		    rp_text_fmt_time(MEDIAN(m)),
		    rp_text_fmt_ratio(MEDIAN(m) / MEDIAN(r)));
	else
		snprintf(gain, sizeof(gain),
		    "fusing saved no time here (%s against materialized's %s): "
		    "at this size the array's trip costs nothing measurable",
		    rp_text_fmt_time(MEDIAN(r)), rp_text_fmt_time(MEDIAN(m)));
	rp_vals_str(x, "gain", gain);
	rp_vals_num(x, "d1m", rp_num(cm, "cachesim.D1_misses_per_unit"));
	return 0;
}

/* The chunk sizes measured, with their medians, sorted by B. */
static size_t
chunk_points(const rp_report_t *R, double *b, double *t, size_t cap)
{
	rp_query_t q = {.workload = "interp",
	    .variant = "chunked",
	    .alloc = RP_ALLOC_JEMALLOC};
	size_t i, n = 0;
	json_t *r;

	json_array_foreach(R->data.runs, i, r)
	{
		const char *set = rp_str(r, "_set");
		if (n == cap || !rp_data_run_matches(r, &q) ||
		    (strcmp(set, "interp-chunk") != 0 &&
			!rp_data_set_matches(IMAIN, set)))
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
	rp_query_t q = {.set = "colony-scale*",
	    .workload = "colony",
	    .variant = "naive",
	    .alloc = RP_ALLOC_JEMALLOC};
	const json_t *below = NULL, *at = NULL, *e;
	char kink[512];
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
	snprintf(kink, sizeof(kink),
	    " The kink in its time between N=%s and N=%s: from N=%s the "
	    "(N,N,2) forces array (%s) reaches jemalloc's oversize threshold "
	    "(%s), is handed back to the kernel when freed, and each step "
	    "faults it in again (%.0f faults a step, against %.0f at N=%s).",
	    rp_text_fmt_n(rp_num(below, "params.n")),
	    rp_text_fmt_n(rp_num(at, "params.n")),
	    rp_text_fmt_n(rp_num(at, "params.n")),
	    rp_text_fmt_bytes(
		8.0 * rp_num(at, "params.n") * rp_num(at, "params.n")),
	    rp_text_fmt_bytes(
		rp_num(r, "machine.allocator_policy.oversize_threshold_bytes")),
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
	const json_t *f = rp_data_main(&R->data, CMAIN, "colony", "fused");
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

/* colony: against fused. */
static int
fill_vs_fused(const rp_report_t *R, const json_t *r, rp_vals_t *x)
{
	const json_t *f = rp_data_main(&R->data, CMAIN, "colony", "fused");

	if (f == NULL)
		return -1;
	rp_vals_num(x, "gff", rp_num(f, "work.gflops_per_s"));
	rp_vals_num(x, "sf", STEP(r) / STEP(f));
	return 0;
}

typedef struct limiter_s {
	const char *workload, *variant;
	int (*fill)(const rp_report_t *, const json_t *, rp_vals_t *);
	const char *text;
} limiter_t;

static const limiter_t limiters[] = {
    {"interp", "eager", NULL,
	"memory traffic and page faults: every primitive writes a full-size "
	"array and the next reads it back, {gb:b}/s moved, at {gf:g3} GFLOP/s "
	"({pct:f2}% of the FMA peak)."},
    {"interp", "materialized", NULL,
	"the (N,M) array's trip out to memory and back ({ws:b}, held in "
	"{lvl:s}) on top of each pair's table lookups: {gb:b}/s moved, "
	"{gf:g3} GFLOP/s, {d1:g3} simulated L1 misses per pair."},
    {"interp", "fused", fill_fused,
	"the gathered table loads, four values from a random cell for every "
	"pair ({d1:g3} simulated L1 misses per pair, against {d1m:g3} for "
	"materialized): {gain:s}; {gf:g3} GFLOP/s, {pct:f2}% of the FMA "
	"peak."},
    {"interp", "chunked", fill_chunked,
	"where its (B,M) buffer of B*M*4 bytes lives (L2 {l2:b}, L3 "
	"{l3:b}); median by B, with the level that holds the buffer: "
	"{list:s}. The largest rise, {rise:r} from B={b1:n} to B={b2:n}, is "
	"{knee:s}; at B={b:n} it runs at {gf:g3} GFLOP/s."},
    {"interp", "tiled", NULL,
	"the same lookups as fused, now from L1 ({d1:g3} simulated L1 "
	"misses per pair): {gf:g3} GFLOP/s, {pct:f2}% of the FMA peak."},
    {"interp", "hoisted", NULL,
	"the four grid-major rows of each random point, read from the last "
	"level cache ({d1:g3} simulated L1 and {ll:g3} last-level misses "
	"per pair): {gf:g3} GFLOP/s, {pct:f2}% of the FMA peak."},
    {"interp", "sorted", NULL,
	"the multiply-adds themselves, once the rows stay in L1: {gf:g3} "
	"GFLOP/s, {pct:f2}% of the one-core FMA peak."},
    {"colony", "naive", fill_naive,
	"allocating and faulting its arrays every step: {fps:i} minor "
	"faults a step at N={n:n} (its arrays are {pages:i} pages).{kink:s}"},
    {"colony", "naive-reuse", fill_vs_fused,
	"the traffic of its N x N arrays, kept between steps ({ws:b}, held "
	"in {lvl:s}): {gf:g3} GFLOP/s against fused's {gff:g3}, {sf:r} "
	"slower a step."},
    {"colony", "fused", NULL,
	"the pair arithmetic for all N^2 pairs: {gf:g3} GFLOP/s, {pct:f2}% "
	"of the FMA peak."},
    {"colony", "chunked", fill_vs_fused,
	"each block's arrays, allocated every step ({ws:b}, {fps:i} faults "
	"a step): {gf:g3} GFLOP/s, {sf:r} slower a step than fused."},
    {"colony", "tiled", fill_vs_fused,
	"the pair arithmetic, done once per unordered pair from L1: {gf:g3} "
	"GFLOP/s counted over all N^2 pairs, {sf:r} of fused's step time."},
    {"colony", "cells", fill_cells,
	"the neighbour bookkeeping, not arithmetic: it evaluates about "
	"{per:f2} candidate pairs per particle (its flop count over one "
	"pair's), at {nse:g3} ns per evaluated pair against fused's {nsf:g3} "
	"ns, so its {gf:g3} GFLOP/s (fused: {gff:g3}) is short, irregular "
	"inner loops and the cell list rebuilt every step."},
};

static void
limits_workload(rp_report_t *R, const char *w)
{
	const char *vs[RP_DATA_MAX_VARIANTS];
	size_t nv =
	    rp_data_variants(&R->data, w, NULL, vs, RP_DATA_MAX_VARIANTS);
	char set[64];

	snprintf(set, sizeof(set), "%s-main*", w);
	for (size_t i = 0; i < nv; i++) {
		const json_t *r = rp_data_main(&R->data, set, w, vs[i]);
		const limiter_t *l = NULL;
		rp_vals_t x = {.n = 0};

		for (size_t k = 0; k < sizeof(limiters) / sizeof(limiters[0]);
		     k++)
			if (strcmp(limiters[k].workload, w) == 0 &&
			    strcmp(limiters[k].variant, vs[i]) == 0)
				l = &limiters[k];
		if (r == NULL || l == NULL) {
			rp_md(R, "- %s/%s: %s.\n", w, vs[i],
			    r == NULL ? "not measured" : "no analysis written");
			continue;
		}
		common_values(R, r, &x);
		rp_md(R, "- **%s/%s** is limited by ", w, vs[i]);
		if (l->fill != NULL && l->fill(R, r, &x) != 0)
			rp_md(R,
			    "(the runs this sentence compares with are "
			    "missing) ");
		rp_text_fill(R->md, l->text, &x);
		rp_md(R, "\n");
	}
}

void
rp_limits_write(rp_report_t *R)
{
	rp_md(R, "## What limits each variant\n\n");
	rp_md(R,
	    "One sentence per variant at the sizes of Tables 1 and 3: what "
	    "bounds its time, and the measurement that shows it. The FMA "
	    "peak and the bandwidths are this machine's (`harness "
	    "ceilings`, one core); simulated misses are from the cache "
	    "simulation of Table 1.\n\n");
	limits_workload(R, "interp");
	limits_workload(R, "colony");
	rp_md(R, "\n");
}
