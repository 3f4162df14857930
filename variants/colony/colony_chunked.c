/*
 * colony chunked: naive's schedule B rows at a time; the (B,N,2), (B,N) and
 * (B,N) arrays of one block are the only workspace, allocated once per step.
 * B is --chunk, 256 by default (a 16 B N = 16 MB block at N = 4096, which
 * the caches still cannot hold: this variant shows the memory, not the
 * speed), at most N.
 */
#include <stdlib.h>

#include "colony/colony.h"

#define COLONY_CHUNK_DEFAULT 256

static uint64_t
colony_chunked_size(const params_t *p)
{
	if (p->chunk != 0)
		return p->chunk;
	return p->n < COLONY_CHUNK_DEFAULT ? p->n : COLONY_CHUNK_DEFAULT;
}

static int
colony_chunked_step(void *state, uint64_t k)
{
	colony_state_t *st = state;
	const uint64_t n = st->n, b = colony_chunked_size(&st->params);
	colony_pair_arrays_t arrays;

	colony_step_begin(st);
	if (colony_pair_arrays_alloc(&arrays, b, n) != 0)
		return -1;
	for (uint64_t i0 = 0; i0 < n; i0 += b) {
		uint64_t rows = n - i0 < b ? n - i0 : b;

		colony_rows_fill(st, i0, rows, &arrays);
		colony_rows_sum(st, i0, rows, &arrays);
	}
	colony_pair_arrays_free(&arrays);
	colony_step_end(st, k);
	return 0;
}

static uint64_t
colony_chunked_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	return colony_pair_arrays_model(colony_chunked_size(p), p->n, round);
}

static double
colony_chunked_bytes(const params_t *p)
{
	/* A block that fits the L2 cache never reaches DRAM; larger ones are
	 * written and read back like naive's. */
	if (16 * colony_chunked_size(p) * p->n <= 1024 * 1024)
		return 19.0 * 4.0 * (double)p->n * (double)p->steps;
	return colony_materialized_bytes(p);
}

const variant_t colony_chunked = {
    .name = "chunked",
    .workload = &colony_workload,
    .description = "naive's pair arrays B rows at a time (--chunk)",
    .idiom = "lax.map(row_sums, rows, batch_size=B) or a loop over "
	     "batches",
    .model_formula = "B*N*8 + B*N*4 + B*N*4",
    .model_bytes = colony_chunked_model,
    .setup = colony_setup,
    .reset = colony_state_reset,
    .step = colony_chunked_step,
    .digest = colony_state_digest,
    .teardown = colony_state_teardown,
    .flops = colony_all_pairs_flops,
    .bytes = colony_chunked_bytes,
};
