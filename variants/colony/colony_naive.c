/*
 * colony naive: what the original nested maps did. Every step mallocs the
 * (N,N,2) forces, (N,N) torques and (N,N) density, fills them with every pair
 * term, sums the rows and frees them: 16 N^2 bytes of workspace per step,
 * 268 MB at N = 4096.
 */
#include <stdlib.h>

#include "colony/colony.h"

static int
colony_naive_step(void *state, uint64_t k)
{
	colony_state_t *st = state;
	colony_pair_arrays_t arrays;

	colony_step_begin(st);
	if (colony_pair_arrays_alloc(&arrays, st->n, st->n) != 0)
		return -1;
	colony_rows_all(st, &arrays, variant_threads(&st->params));
	colony_pair_arrays_free(&arrays);
	colony_step_end(st, k);
	return 0;
}

static uint64_t
colony_naive_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	return colony_pair_arrays_model(p->n, p->n, round);
}

const variant_t colony_naive = {
    .name = "naive",
    .workload = &colony_workload,
    .description = "(N,N) pair arrays malloced, filled, row-summed and "
		   "freed every step",
    .idiom = "jit(vmap(vmap(pair))) then .sum(axis=1): compiled, only the "
	     "three outputs materialized",
    .loops = "every step: F, T, R = new (N,N) arrays; for i: for j: "
	     "F[i,j], T[i,j], R[i,j] = pair(i, j); sum the rows; free",
    .notes = "three (N,N) arrays allocated, filled and freed every "
	     "step",
    .model_formula = "N*N*8 + N*N*4 + N*N*4",
    .model_bytes = colony_naive_model,
    .setup = colony_setup,
    .reset = colony_state_reset,
    .step = colony_naive_step,
    .digest = colony_state_digest,
    .teardown = colony_state_teardown,
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
