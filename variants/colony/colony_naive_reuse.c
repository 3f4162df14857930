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
    .incore = COLONY_ROWS_FILL_INCORE, /* colony.h: the loop is theirs */
    .passes = {COLONY_ROWS_SUM_PASS, COLONY_STEP_PASSES},
};
