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
