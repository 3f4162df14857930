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
    .reset = interp_state_reset,
    .step = interp_fused_step,
    .digest = interp_state_digest,
    .teardown = interp_state_teardown,
    .flops = interp_fused_flops,
    .bytes = interp_fused_bytes,
    .insn_allowance = 3.5,
    .insn_allowance_why =
	"of the 39 counted flops only the weights' and the dot's 31 fuse "
	"into multiply-adds; the clamps, divide, floor, conversions and the "
	"window clamp are one instruction each, plus four gathers, their "
	"masks and the table offsets: 53 instructions per 8 pairs on "
	"x86-64-v3 where the minimum assumes 19.5; 3.0x at the smoke size "
	"with M = 64",
};
