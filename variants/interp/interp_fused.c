/*
 * interp fused: each point's M values are squared and summed as they are
 * made; nothing of size N or M is stored. The same per-pair arithmetic as
 * materialized, with the reduction moved inside the inner map. Threads
 * split the points.
 */
#include "interp/interp.h"

/* sum over points [lo, hi) of sum_i v_i^2, the pair sums in float32. */
static double
interp_fused_points(
    const interp_inputs_t *in, const void *arg, uint64_t lo, uint64_t hi)
{
	/* A local copy and the point hoisted, as interp_block_materialized
	 * does: read through `in` inside the loop, gcc re-gathered the
	 * loop-invariant fields with 64-bit indices (17 vgatherqps per 8
	 * lanes at -march=native) or, for x86-64-v3, left the loop scalar. */
	const interp_inputs_t inputs = *in;
	const int32_t m = (int32_t)inputs.m;
	double total = 0.0;

	(void)arg;
	for (uint64_t n = lo; n < hi; n++) {
		const float x = inputs.x[n];
		float acc = 0.0f;
#pragma omp simd reduction(+ : acc)
		for (int32_t i = 0; i < m; i++) {
			float v = interp_value(&inputs, i, x);
			acc += v * v;
		}
		total += acc;
	}
	return total;
}

static int
interp_fused_step(void *state, uint64_t k)
{
	interp_state_t *st = state;

	(void)k;
	st->total = interp_points_split(
	    &st->in, variant_threads(&st->params), interp_fused_points, NULL);
	return 0;
}

static double
interp_fused_remainder(const params_t *p)
{
	return interp_remainder_iterations(p, 1.0);
}

static double
interp_fused_flops(const params_t *p)
{
	return interp_flops_per_pair_recomputed() * (double)p->n *
	    (double)interp_m(p);
}

static double
interp_fused_bytes(const params_t *p)
{
	/* DRAM traffic: the points once, the tables once when they fit the
	 * last-level cache; otherwise a cache line of a table per pair. */
	return 4.0 * (double)p->n +
	    interp_table_traffic(
		p, 16.0 * (double)p->n / (double)(interp_g(p) + 2));
}

const variant_t interp_fused = {
    .name = "fused",
    .workload = &interp_workload,
    .description = "each point's values squared and summed as they are made",
    .idiom = "jit(vmap(lambda x: sum(vmap(f)(x)**2))): reduction fused",
    .loops = "for n: for i: s += f(x[n], i)^2",
    .notes = "stores nothing but a running sum; every pair still does "
	     "its own cell search and four table lookups",
    .model_formula = "0",
    .model_bytes = interp_model_zero,
    .setup = interp_setup,
    .gather_bytes_of = interp_tables_bytes,
    .reset = interp_state_reset,
    .step = interp_fused_step,
    .digest = interp_state_digest,
    .teardown = interp_state_teardown,
    .flops = interp_fused_flops,
    .bytes = interp_fused_bytes,
    .incore =
	/* In-core minimum, per one pair (point, interpolant), from the spec's
	 * formula: the clamp of x to [lb, ub] (a max and a min), xc - a, xc /
	 * dx (a divide), floor and its conversion to int32 (2 roundings), t = r
	 * - (ix + 0.5) (2), the four weights by Horner's rule (12 FMAs), the
	 * clamp of the window start (a max and a min), the four table reads (4
	 * gathers), the dot product (a multiply and 3 FMAs) and the square
	 * summed (an FMA): 20 multiply-adds, 1 divide, 2 roundings, 4
	 * selects, 4 gathers a pair. */
    {.functions = "interp_fused_points",
	.vectors = 1,
	.fma = 20,
	.divsqrt = 1,
	.round = 2,
	.select = 4,
	.gather = 4,
	.extra = 22,
	.extra_why =
	    "a vector of points needs, beyond its arithmetic: the four "
	    "gathers' masks reset (a gather clears its mask: 4), the "
	    "window's index (the row offset and s added: 2), the four "
	    "per-interpolant parameters a, dx, lb and ub loaded where "
	    "they are not memory operands (4), copies of t for the four "
	    "Horner chains (the FMA overwrites a source: 4), on x86-64-v3 "
	    "the floor's clamp as compare, and and blend instead of a max "
	    "and a min (3), the loop control (counter, compare, branch: "
	    "3) and 2 copies or reloads under register pressure: 22"},
    /* The loop's scalar remainder, for the time model: M mod
     * INTERP_LANES turns a point (12 at M = 300 with AVX-512, where it
     * took 7.8% of interp_fused_points's samples, docs/model.md; 4 with
     * AVX2). */
    .passes = {{"interp_fused_points", 1, 0, interp_fused_remainder}},
};
