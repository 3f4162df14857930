/*
 * interp chunked: the materialized schedule B points at a time; the (B,M)
 * buffer is the only workspace. B is --chunk, 10,000 by default (the batch
 * size the original answer suggested), at most N. With T threads each
 * holds a buffer of its own: T of them at once.
 */
#include <stdlib.h>

#include "interp/interp.h"

#define INTERP_CHUNK_DEFAULT 10000

static uint64_t
interp_chunked_size(const params_t *p)
{
	if (p->chunk != 0)
		return p->chunk;
	return p->n < INTERP_CHUNK_DEFAULT ? p->n : INTERP_CHUNK_DEFAULT;
}

/* The points [lo, hi) B at a time through one (B,M) buffer of this
 * thread's own; the float64 sum of their rows, or NAN when the buffer could
 * not be allocated. */
static double
interp_chunked_points(
    const interp_inputs_t *in, const void *arg, uint64_t lo, uint64_t hi)
{
	const uint64_t b = *(const uint64_t *)arg;
	float *values = malloc(b * in->m * sizeof(float));
	float *rowsum = malloc(b * sizeof(float));
	double total = 0.0;

	if (values == NULL || rowsum == NULL)
		total = NAN;
	for (uint64_t n0 = lo; !isnan(total) && n0 < hi; n0 += b) {
		uint64_t len = hi - n0 < b ? hi - n0 : b;

		total += interp_block_materialized(in, n0, len, values, rowsum);
	}
	free(values);
	free(rowsum);
	return total;
}

static int
interp_chunked_step(void *state, uint64_t k)
{
	interp_state_t *st = state;
	const uint64_t b = interp_chunked_size(&st->params);

	(void)k;
	/* One chunk buffer per thread, each thread on its share of points. */
	st->total = interp_points_split(
	    &st->in, variant_threads(&st->params), interp_chunked_points, &b);
	return isnan(st->total) ? -1 : 0;
}

static uint64_t
interp_chunked_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	uint64_t b = interp_chunked_size(p);

	return model_mul(
	    model_add(round(model_mul(model_mul(b, interp_m(p)), 4)),
		round(model_mul(b, 4))),
	    (uint64_t)variant_threads(p));
}

static double
interp_chunked_flops(const params_t *p)
{
	return interp_flops_per_pair_recomputed() * (double)p->n *
	    (double)interp_m(p);
}

static double
interp_chunked_bytes(const params_t *p)
{
	/* As materialized while the (B,M) buffer exceeds the caches. */
	return 4.0 * 4.0 * (double)p->n * (double)interp_m(p);
}

const variant_t interp_chunked = {
    .name = "chunked",
    .workload = &interp_workload,
    .description = "the materialized schedule B points at a time (--chunk)",
    .idiom = "lax.map(f, xs, batch_size=B) or a Python loop over batches",
    .loops = "for each block of B points: V = (B,M) buffer; for n in "
	     "block: for i: V[n,i] = f(x[n], i); s += sum(V^2)",
    .notes = "the materialized trip through one (B,M) buffer per thread, "
	     "kept across blocks",
    .model_formula = "T*(B*M*4 + B*4)",
    .model_bytes = interp_chunked_model,
    .setup = interp_setup,
    .gather_bytes_of = interp_tables_bytes,
    .reset = interp_state_reset,
    .step = interp_chunked_step,
    .digest = interp_state_digest,
    .teardown = interp_state_teardown,
    .flops = interp_chunked_flops,
    .bytes = interp_chunked_bytes,
    .incore = INTERP_BLOCK_MATERIALIZED_INCORE, /* interp.h */
    /* The pair loop is interp_common's (the time model's hot loop). */
    .hot_symbol = "interp_block_materialized",
    /* Its remainder on xmm, the square and the rows' reduction (interp.h):
     * the two passes after the pair loop took 4.2% and 2% of the
     * samples (perf record -e cpu-clock, N = 1e6). */
    .passes = INTERP_BLOCK_MATERIALIZED_PASSES,
};
