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
    .incore = COLONY_ROWS_FILL_INCORE, /* colony.h: the loop is theirs */
    .passes = {COLONY_ROWS_SUM_PASS, COLONY_STEP_PASSES},
};
