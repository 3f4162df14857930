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
    .reset = interp_state_reset,
    .step = interp_materialized_step,
    .digest = interp_state_digest,
    .teardown = interp_state_teardown,
    .flops = interp_materialized_flops,
    .bytes = interp_materialized_bytes,
    .incore =
	/* In-core minimum, per one pair (point, interpolant), from the spec's
	 * formula: the clamp of x to [lb, ub] (a max and a min), xc - a, xc /
	 * dx (a divide), floor and its conversion to int32 (2 roundings), t = r
	 * - (ix + 0.5) (2), the four weights by Horner's rule (12 FMAs), the
	 * clamp of the window start (a max and a min), the four table reads (4
	 * gathers), the dot product (a multiply and 3 FMAs): 19
	 * multiply-adds (the square and its sum are the second pass's loop),
	 * 1 divide, 2 roundings, 4 selects, 4 gathers a pair. */
    {.functions = "interp_block_materialized",
	.vectors = 1,
	.fma = 19,
	.divsqrt = 1,
	.round = 2,
	.select = 4,
	.gather = 4,
	.extra = 22,
	.extra_why =
	    "as fused's (22: gather masks 4, window index 2, parameters "
	    "4, copies of t 4, the x86-64-v3 clamp 3, loop control 3), "
	    "with the value stored into the (N, M) array instead of "
	    "summed (1 store): 22"},
    /* The pair loop is interp_common's (the time model's hot loop). */
    .hot_symbol = "interp_block_materialized",
};
