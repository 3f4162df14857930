/*
 * interp materialized: the (N,M) array of values is built in full, then
 * squared in place and reduced, as a compiled nested map that returns the
 * values to an outer reduction does.
 */
#include <stdlib.h>

#include "interp/interp.h"

static int
interp_materialized_step(void *state, uint64_t k)
{
	interp_state_t *st = state;
	const interp_inputs_t *in = &st->in;
	const int threads = variant_threads(&st->params);
	double partial[VARIANT_THREADS_MAX];
	float *values, *rowsum;

	(void)k;
	values = malloc(in->n * in->m * sizeof(float));
	rowsum = malloc(in->n * sizeof(float));
	if (values == NULL || rowsum == NULL) {
		free(values);
		free(rowsum);
		return -1;
	}
	/* The same two arrays; each thread fills, squares and reduces the
	 * rows of its share of the points. */
	VARIANT_PARALLEL({
		const int t = variant_thread_num();
		uint64_t lo, hi;

		variant_share(in->n, t, threads, &lo, &hi);
		partial[t] = interp_block_materialized(
		    in, lo, hi - lo, values + lo * in->m, rowsum + lo);
	});
	free(values);
	free(rowsum);
	st->total = variant_sum_partials(partial, threads);
	return 0;
}

static uint64_t
interp_materialized_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	return model_add(round(model_mul(model_mul(p->n, interp_m(p)), 4)),
	    round(model_mul(p->n, 4)));
}

static double
interp_materialized_flops(const params_t *p)
{
	return interp_flops_per_pair_recomputed() * (double)p->n *
	    (double)interp_m(p);
}

static double
interp_materialized_bytes(const params_t *p)
{
	/* The (N,M) array written, read and written by the square, read by
	 * the reduction. */
	return 4.0 * 4.0 * (double)p->n * (double)interp_m(p);
}

const variant_t interp_materialized = {
    .name = "materialized",
    .workload = &interp_workload,
    .description = "the (N,M) value array in full, then square and reduce",
    .idiom = "jit(vmap(vmap(f))) returning values to an outer sum",
    .loops = "V = new (N,M); for n: for i: V[n,i] = f(x[n], i); then for "
	     "n, i: s += V[n,i]^2",
    .notes = "writes the (N,M) value array once and reads it back once, "
	     "the array allocated and freed every run",
    .model_formula = "N*M*4 + N*4",
    .model_bytes = interp_materialized_model,
    .setup = interp_setup,
    .gather_bytes_of = interp_tables_bytes,
    .reset = interp_state_reset,
    .step = interp_materialized_step,
    .digest = interp_state_digest,
    .teardown = interp_state_teardown,
    .flops = interp_materialized_flops,
    .bytes = interp_materialized_bytes,
    .incore = INTERP_BLOCK_MATERIALIZED_INCORE, /* interp.h */
    /* The pair loop is interp_common's (the time model's hot loop). */
    .hot_symbol = "interp_block_materialized",
    /* Its remainder on xmm, the square and the rows' reduction (interp.h):
     * the two passes after the pair loop took 4.2% and 2% of the
     * samples (perf record -e cpu-clock, N = 1e6). */
    .passes = INTERP_BLOCK_MATERIALIZED_PASSES,
};
