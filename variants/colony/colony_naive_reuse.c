/*
 * colony naive-reuse: naive's (N,N) pair arrays, allocated once per measured
 * run (by step 0, so they count as the run's workspace) and reused by the
 * later steps; freed by the next reset or by teardown. The same 16 N^2 bytes
 * at peak, without the per-step malloc, page faults and free.
 */
#include <stdlib.h>

#include "colony/colony.h"

typedef struct colony_naive_reuse_state_s {
	colony_state_t base;
	colony_pair_arrays_t arrays; /* empty until step 0 of a run */
} colony_naive_reuse_state_t;

static int
colony_naive_reuse_setup(const params_t *p, void **state)
{
	return colony_state_setup(p, sizeof(colony_naive_reuse_state_t), state);
}

static void
colony_naive_reuse_reset(void *state)
{
	colony_pair_arrays_free(&((colony_naive_reuse_state_t *)state)->arrays);
	colony_state_reset(state);
}

static void
colony_naive_reuse_teardown(void *state)
{
	if (state != NULL)
		colony_pair_arrays_free(
		    &((colony_naive_reuse_state_t *)state)->arrays);
	colony_state_teardown(state);
}

static int
colony_naive_reuse_step(void *state, uint64_t k)
{
	colony_naive_reuse_state_t *st = state;
	const uint64_t n = st->base.n;

	colony_step_begin(&st->base);
	if (st->arrays.forces == NULL &&
	    colony_pair_arrays_alloc(&st->arrays, n, n) != 0)
		return -1;
	colony_rows_all(
	    &st->base, &st->arrays, variant_threads(&st->base.params));
	colony_step_end(&st->base, k);
	return 0;
}

static uint64_t
colony_naive_reuse_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	return colony_pair_arrays_model(p->n, p->n, round);
}

const variant_t colony_naive_reuse = {
    .name = "naive-reuse",
    .workload = &colony_workload,
    .description = "naive's (N,N) pair arrays allocated once per run and "
		   "reused by every step",
    .idiom = "jit(vmap(vmap(pair))) with the buffers donated/reused "
	     "across steps",
    .loops = "naive's loops, F, T, R allocated once and kept across "
	     "steps",
    .notes = "naive's work on arrays kept across steps: beside naive, "
	     "what fresh pages cost a step",
    .model_formula = "N*N*8 + N*N*4 + N*N*4",
    .model_bytes = colony_naive_reuse_model,
    .setup = colony_naive_reuse_setup,
    .reset = colony_naive_reuse_reset,
    .step = colony_naive_reuse_step,
    .digest = colony_state_digest,
    .teardown = colony_naive_reuse_teardown,
    .flops = colony_all_pairs_flops,
    .bytes = colony_materialized_bytes,
    .incore =
	/* In-core minimum, per one pair (one side), counted from the spec's
	 * operations in the centred-arm form colony.h derives
	 * (colony_pair_both): d from the centres (2 adds), its minimum image (2
	 * x: a multiply, a rounding, a multiply-subtract), the dots u_i.u_j,
	 * u_i.d and u_j.d (6), 1 - c^2 (1), the parallel rods' compare and
	 * bound select (2 selects), alpha0 (a multiply-subtract and a divide),
	 * its clamp (2 selects), beta and alpha (2) with their clamps (4
	 * selects), the contact vector (4), |m| and |d| (4 and 2 square roots),
	 * the crossing test and its four selects (5 selects), 2R - dist and its
	 * divide (1 and a divide), the contact's and the density's cut-offs (2
	 * selects), the density's (R_s - |d|)^2 (2), and the sums g n, arm g n
	 * and a_j w (the product arm g and 5 FMAs: 6): 33 multiply-adds, 4
	 * divides and square roots, 2 roundings, 15 selects. */
    {.functions = "colony_rows_fill",
	.vectors = 1,
	.fma = 33,
	.divsqrt = 4,
	.round = 2,
	.select = 15,
	.gather = 0,
	.extra = 30,
	.extra_why =
	    "fused's loop control (3) and loads of u_j (2), the four "
	    "terms stored (forces x and y, torque, density: 4), the self "
	    "lane's select (a compare and the two selects of g and w: 3), "
	    "k_cc and the density factor a pair (the terms are stored, "
	    "not summed: 2 multiplies and 3 more), and up to 13 register "
	    "copies and reloads in x86-64-v3's 16 registers (7 in the "
	    "native build): 30"},
};
