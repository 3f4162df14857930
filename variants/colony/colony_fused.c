/*
 * colony fused: each particle's sums are accumulated as its pairs are
 * evaluated, row by row (loop i, vectorized loop j); nothing of size N*N is
 * stored, and the step allocates nothing.
 */
#include "colony/colony.h"

/* The sums of the particles i in [lo, hi). */
static void
colony_fused_pairs(colony_state_t *st, uint64_t lo, uint64_t hi)
{
	const uint64_t n = st->n;
	const float box = st->box;
	const float *x = st->x, *y = st->y, *ux = st->ux, *uy = st->uy;
	const float *a = st->a;

	for (uint64_t i = lo; i < hi; i++) {
		const float xi = x[i], yi = y[i], uix = ux[i], uiy = uy[i];
		const int32_t self = (int32_t)i;
		float sfx = 0.0f, sfy = 0.0f, stq = 0.0f, srho = 0.0f;

		/* An int32 counter (check keeps N below 2^30): with a 64-bit
		 * one the test j == i is made in 64-bit lanes and narrowed,
		 * about 20 instructions per vector on x86-64-v3. */
#pragma omp simd reduction(+ : sfx, sfy, stq, srho)
		for (int32_t j = 0; j < (int32_t)n; j++) {
			float dx = colony_min_image(x[j] - xi, box);
			float dy = colony_min_image(y[j] - yi, box);
			colony_pair_t pt = colony_pair(
			    dx, dy, uix, uiy, ux[j], uy[j], a[j], j == self);

			sfx += pt.fx;
			sfy += pt.fy;
			stq += pt.tqi;
			srho += pt.rhoi;
		}
		st->f_x[i] = sfx;
		st->f_y[i] = sfy;
		st->torque[i] = stq;
		st->rho[i] = srho;
	}
}

static int
colony_fused_step(void *state, uint64_t k)
{
	colony_state_t *st = state;

	const int threads = variant_threads(&st->params);

	colony_step_begin(st);
	/* Each particle's sums are its own: the threads split the rows. */
	VARIANT_PARALLEL({
		uint64_t lo, hi;

		variant_share(st->n, variant_thread_num(), threads, &lo, &hi);
		colony_fused_pairs(st, lo, hi);
	});
	colony_step_end(st, k);
	return 0;
}

static double
colony_fused_bytes(const params_t *p)
{
	/* The five float32 inputs of the j loop (x, y, ux, uy, a) fit the
	 * caches at any N this runs at; per step they are read from DRAM
	 * once, plus the state update's reads and writes (about 14 arrays). */
	return (5.0 + 14.0) * 4.0 * (double)p->n * (double)p->steps;
}

const variant_t colony_fused = {
    .name = "fused",
    .workload = &colony_workload,
    .description = "each particle's sums accumulated as its pairs are "
		   "evaluated (loop i, vectorized loop j)",
    .idiom = "jit(vmap(lambda i: sum(vmap(pair)(i, js)))): reductions "
	     "fused into the inner map",
    .loops = "for i: for j: (f_i, t_i, r_i) += pair(i, j)",
    .notes = "no pair arrays: three sums per particle, every ordered "
	     "pair evaluated",
    .model_formula = "0",
    .model_bytes = colony_model_zero,
    .setup = colony_setup,
    .reset = colony_state_reset,
    .step = colony_fused_step,
    .digest = colony_state_digest,
    .teardown = colony_state_teardown,
    .flops = colony_all_pairs_flops,
    .bytes = colony_fused_bytes,
    .insn_allowance = 5.0,
    .insn_allowance_why =
	"the one-sided pair kernel compiles to 185 vector instructions per "
	"8 pairs on x86-64-v3, about 50 of them register spills, reloads "
	"and copies (16 ymm registers); the rest is its arithmetic, whose "
	"selects, compares, three divides and two square roots are one "
	"instruction for one flop or none, where 90 flops as FMAs would be "
	"45; 4.4x at the smoke size",
};
