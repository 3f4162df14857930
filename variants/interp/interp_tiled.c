/*
 * interp tiled: the N x M iteration space cut into tiles of T points. Within
 * a tile the loop runs interpolant by interpolant, so one interpolant's table
 * and the tile's points and accumulators stay in the L1 cache while T points
 * are evaluated against it (and the loop over points vectorizes). T is
 * --tile, or derived from the L1 data cache size.
 *
 * The arithmetic per pair is fused's; only the order of the loops and the
 * tile's accumulators differ. Threads split the points, each with
 * accumulators of its own.
 */
#include <stdlib.h>

#include "interp/interp.h"

/* A tile's point and its accumulator take 8 bytes; one table row, 4(G+2)
 * bytes, shares the other half of the L1 cache. */
static uint64_t
interp_tiled_size(const params_t *p)
{
	return variant_tile_items(p, 2 * sizeof(float), 256);
}

/* The state: interp's, and the tile size, found once at setup: the L1 size
 * is read from sysfs (files opened and parsed), which each step would
 * otherwise repeat inside the measured region (colony tiled's reason too). */
typedef struct interp_tiled_state_s {
	interp_state_t base;
	uint64_t tile;
} interp_tiled_state_t;

static int
interp_tiled_setup(const params_t *p, void **state)
{
	if (interp_state_setup(p, sizeof(interp_tiled_state_t), state) != 0)
		return -1;
	((interp_tiled_state_t *)*state)->tile = interp_tiled_size(p);
	return 0;
}

/* The tiles of points [lo, hi), with this thread's own accumulators; their
 * sum, or NAN when the accumulators could not be allocated. */
static double
interp_tiled_points(
    const interp_inputs_t *in, const void *arg, uint64_t lo, uint64_t hi)
{
	const uint64_t tile = *(const uint64_t *)arg;
	const uint64_t row = in->row;
	const int32_t s_max = interp_s_max(in->g);
	float *acc = malloc(tile * sizeof(float));
	double total = 0.0;

	if (acc == NULL)
		return NAN;
	for (uint64_t n0 = lo; n0 < hi; n0 += tile) {
		const uint64_t len = hi - n0 < tile ? hi - n0 : tile;
		const float *x = in->x + n0;

		for (uint64_t p = 0; p < len; p++)
			acc[p] = 0.0f;
		for (uint64_t i = 0; i < in->m; i++) {
			const float *f = in->table + i * row;
			const float a = in->a[i], dx = in->dx[i];
			const float lb = in->lb[i], ub = in->ub[i];

#pragma omp simd
			for (uint64_t p = 0; p < len; p++) {
				int32_t s;
				float t, v;

				interp_cell(x[p], a, dx, lb, ub, s_max, &s, &t);
				v = interp_dot(f, s, interp_weights(t));
				acc[p] += v * v;
			}
		}
		for (uint64_t p = 0; p < len; p++)
			total += acc[p];
	}
	free(acc);
	return total;
}

static int
interp_tiled_step(void *state, uint64_t k)
{
	interp_tiled_state_t *ts = state;
	interp_state_t *st = &ts->base;

	(void)k;
	st->total = interp_points_split(&st->in, variant_threads(&st->params),
	    interp_tiled_points, &ts->tile);
	return isnan(st->total) ? -1 : 0;
}

static uint64_t
interp_tiled_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	return model_mul(round(model_mul(interp_tiled_size(p), 4)),
	    (uint64_t)variant_threads(p));
}

static double
interp_tiled_flops(const params_t *p)
{
	return interp_flops_per_pair_recomputed() * (double)p->n *
	    (double)interp_m(p);
}

static double
interp_tiled_bytes(const params_t *p)
{
	/* DRAM traffic: the points once; the tables once per tile, or once in
	 * all when they fit the last-level cache. */
	return 4.0 * (double)p->n +
	    interp_table_traffic(
		p, (double)p->n / (double)interp_tiled_size(p));
}

/* What the hot loop's gathers range over: the tables of the two
 * interpolants an iteration runs against (incore.vectors below), 32.8 kB
 * at G = 4096, for a whole tile of points, where fused's range over all
 * M tables for every point. The tile's points and sums (8 bytes a point:
 * 24.6 kB at T = 3072, the default with a 48 kB L1) pass through the same
 * cache while they are read, so the part the gathers need kept is both:
 * 57.3 kB, beyond a 48 kB L1. The tile is sized for one table beside its
 * points (interp_tiled_size); gcc's unroll and jam runs two. */
static double
interp_tiled_gather_bytes(const params_t *p)
{
	return 2.0 * 4.0 * (double)(interp_g(p) + 2) +
	    8.0 * (double)interp_tiled_size(p);
}

/* A tile's pass over two interpolants fetches their tables' lines anew
 * (the other M - 2 tables ran since): 2 x 4(G+2) bytes over 2T pairs,
 * 5.3 bytes a pair at G = 4096, T = 3072 (all of a table's lines: the
 * tile's points fall everywhere on its grid). The model prices them from
 * the level that holds all M tables, when that is beyond the one the
 * gathers' part fits. */
static double
interp_tiled_refill_bytes(const params_t *p)
{
	return 4.0 * (double)(interp_g(p) + 2) / (double)interp_tiled_size(p);
}

const variant_t interp_tiled = {
    .name = "tiled",
    .workload = &interp_workload,
    .description = "tiles of T points, interpolant by interpolant, a tile "
		   "sized for one table beside it in L1 (--tile)",
    .idiom = "a hand-tiled kernel (Pallas/Triton style blocks)",
    .loops = "for each tile of T points: for i: for n in tile: acc[n] += "
	     "f(x[n], i)^2",
    .notes = "T sums per thread; each interpolant's table is read once "
	     "per tile",
    .model_formula = "threads*T*4",
    .model_bytes = interp_tiled_model,
    .setup = interp_tiled_setup,
    .reset = interp_state_reset,
    .step = interp_tiled_step,
    .digest = interp_state_digest,
    .teardown = interp_state_teardown,
    .flops = interp_tiled_flops,
    .bytes = interp_tiled_bytes,
    .gather_bytes_of = interp_tiled_gather_bytes,
    .gather_refill_of = interp_tiled_refill_bytes,
    .incore =
	/* In-core minimum, per one pair (point, interpolant), from the spec's
	 * formula: the clamp of x to [lb, ub] (a max and a min), xc - a, xc /
	 * dx (a divide), floor and its conversion to int32 (2 roundings), t = r
	 * - (ix + 0.5) (2), the four weights by Horner's rule (12 FMAs), the
	 * clamp of the window start (a max and a min), the four table reads (4
	 * gathers), the dot product (a multiply and 3 FMAs) and the square
	 * summed (an FMA): 20 multiply-adds, 1 divide, 2 roundings, 4
	 * selects, 4 gathers a pair. vectors 2: gcc (-O3's unroll and jam)
	 * runs two interpolants a vector of points an iteration. */
    {.functions = "interp_tiled_points",
	.vectors = 2,
	.fma = 20,
	.divsqrt = 1,
	.round = 2,
	.select = 4,
	.gather = 4,
	.extra = 44,
	.extra_why =
	    "each of the iteration's two vectors needs what fused's does "
	    "(22: gather masks 4, window index 2, parameters 4, copies of "
	    "t 4, the x86-64-v3 clamp 3, loop control 3, copies 2), the "
	    "accumulator acc[p] of the tile stored back (1) and the loop "
	    "control counted once: 44"},
};
