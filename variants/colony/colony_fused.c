/*
 * colony fused: each particle's sums are accumulated as its pairs are
 * evaluated, row by row (loop i, vectorized loop j); nothing of size N*N is
 * stored, and the step allocates nothing.
 */
#include "colony/colony.h"

/* The sums of the particles i in [lo, hi). The j loop runs over every j,
 * i included: the kernel's force is 0 for j = i (d = 0), and its density
 * term, w_a a_i exactly, is taken off after the loop, which saves the
 * per-lane test j == i. The torque is u_i x sum(arm_i F), summed as
 * u_i x (L/2 sum F - sum sigma F) (colony_pair_t). */
static void
colony_fused_pairs(colony_state_t *st, uint64_t lo, uint64_t hi)
{
	const int32_t n = (int32_t)st->n;
	const float box = st->box;
	const float *restrict x = st->x, *restrict y = st->y;
	const float *restrict ux = st->ux, *restrict uy = st->uy;
	const float *restrict a = st->a;

	for (uint64_t i = lo; i < hi; i++) {
		/* -x_i added, not x_i subtracted: the same value, and
		 * x[j] can then be the addition's memory operand. */
		const float nxi = 0.0f - x[i], nyi = 0.0f - y[i], uix = ux[i],
			    uiy = uy[i];
		float sfx = 0.0f, sfy = 0.0f, sax = 0.0f, say = 0.0f;
		float srho = 0.0f;

		/* An int32 counter (check keeps N below 2^30): 32-bit
		 * indices are what the loads need. */
#pragma omp simd reduction(+ : sfx, sfy, sax, say, srho)
		for (int32_t j = 0; j < n; j++) {
			float dx = colony_min_image(x[j] + nxi, box);
			float dy = colony_min_image(y[j] + nyi, box);
			colony_pair_t pt = colony_pair(
			    dx, dy, uix, uiy, ux[j], uy[j], a[j], 0);

			sfx += pt.fx;
			sfy += pt.fy;
			sax += pt.sigma * pt.fx;
			say += pt.sigma * pt.fy;
			srho += pt.rhoi;
		}
		st->f_x[i] = sfx;
		st->f_y[i] = sfy;
		st->torque[i] = colony_cross(uix, uiy,
		    0.5f * COLONY_L * sfx - sax, 0.5f * COLONY_L * sfy - say);
		st->rho[i] = srho - COLONY_W_A * a[i];
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
    .insn_allowance = 2.8,
    .insn_allowance_why =
	"the j loop is 78 instructions per 8 pairs on x86-64-v3 (gcc 12): "
	"60 are the pair's arithmetic with its two square roots, two "
	"divides, compares, blends and integer clamps, 3 the loop's counter "
	"(63, 1.80x the minimum of 35 by themselves: the 18 adds and "
	"multiplies that do not fuse, the divides, square roots and "
	"roundings are an instruction for one flop), 15 the cost of 16 ymm "
	"registers: the row's invariants reloaded, constants broadcast "
	"again, copies for the destructive FMA forms and two of the five "
	"sums kept on the stack; measured 2.29x at N = 1024, 2.55x at the "
	"smoke size (the rows' reductions and the step's own loops weigh "
	"more at N = 200)",
};
