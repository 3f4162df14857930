/*
 * colony chunked: naive's schedule B rows at a time; the (B,N,2), (B,N) and
 * (B,N) arrays of one block are the only workspace, allocated once per step.
 * B is --chunk, 256 by default (a 16 B N = 16 MB block at N = 4096, which
 * the caches still cannot hold: this variant shows the memory, not the
 * speed), at most N. With T threads each holds a block of its own: T of
 * them at once.
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

/* The rows [lo, hi) b at a time through pair arrays of this thread's own.
 * 0, or -1 when they could not be allocated. */
static int
colony_chunked_rows(colony_state_t *st, uint64_t b, uint64_t lo, uint64_t hi)
{
	colony_pair_arrays_t arrays;

	if (colony_pair_arrays_alloc(&arrays, b, st->n) != 0)
		return -1;
	for (uint64_t i0 = lo; i0 < hi; i0 += b) {
		uint64_t rows = hi - i0 < b ? hi - i0 : b;

		colony_rows_fill(st, i0, rows, &arrays);
		colony_rows_sum(st, i0, rows, &arrays);
	}
	colony_pair_arrays_free(&arrays);
	return 0;
}

static int
colony_chunked_step(void *state, uint64_t k)
{
	colony_state_t *st = state;
	const uint64_t b = colony_chunked_size(&st->params);
	const int threads = variant_threads(&st->params);
	int failed[VARIANT_THREADS_MAX];

	colony_step_begin(st);
	/* One block of arrays per thread, each on its share of the rows. */
	VARIANT_PARALLEL({
		const int t = variant_thread_num();
		uint64_t lo, hi;

		variant_share(st->n, t, threads, &lo, &hi);
		failed[t] = colony_chunked_rows(st, b, lo, hi);
	});
	for (int t = 0; t < threads; t++) {
		if (failed[t] != 0)
			return -1;
	}
	colony_step_end(st, k);
	return 0;
}

static uint64_t
colony_chunked_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	return model_mul(
	    colony_pair_arrays_model(colony_chunked_size(p), p->n, round),
	    (uint64_t)variant_threads(p));
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
    .loops = "for each block of B rows: (B,N) arrays; for i in block: "
	     "for j: ...; sum the block's rows",
    .notes = "naive's arrays B rows at a time, one (B,N) set per thread "
	     "kept across blocks",
    .model_formula = "T*(B*N*8 + B*N*4 + B*N*4)",
    .model_bytes = colony_chunked_model,
    .setup = colony_setup,
    .reset = colony_state_reset,
    .step = colony_chunked_step,
    .digest = colony_state_digest,
    .teardown = colony_state_teardown,
    .flops = colony_all_pairs_flops,
    .bytes = colony_chunked_bytes,
    .incore = COLONY_ROWS_FILL_INCORE, /* colony.h: the loop is theirs */
    .passes = {COLONY_ROWS_SUM_PASS, COLONY_STEP_PASSES},
};
