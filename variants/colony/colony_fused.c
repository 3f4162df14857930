/*
 * colony fused: each particle's sums are accumulated as its pairs are
 * evaluated, row by row (loop i, vectorized loop j); nothing of size N*N is
 * stored, and the step allocates nothing.
 */
#include "colony/colony.h"

/* The sums of the particles i in [lo, hi). The j loop runs over every j,
 * i included: the kernel's force is 0 for j = i (d = 0), and its density
 * term, w_a a_i exactly, is taken off after the loop, which saves the
 * per-lane test j == i. The sums are taken straight from the kernel's g,
 * normal and weight, each one FMA: F / k_cc += g n, for the torque
 * u_i x sum(arm_i F) (colony_pair_t) arm_i g n, and a_j w; k_cc,
 * COLONY_RHO_W and the cross product are applied once a row. */
static void
colony_fused_pairs(colony_state_t *st, uint64_t lo, uint64_t hi)
{
	const int32_t n = (int32_t)st->n;
	const float box = st->box;
	const float *restrict x = st->x, *restrict y = st->y;
	const float *restrict ux = st->ux, *restrict uy = st->uy;
	const float *restrict a = st->a;
	const colony_frame_t fr = colony_frame_make();

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
			    dx, dy, uix, uiy, ux[j], uy[j], a[j], 0, fr);
			float ag = pt.arm_i * pt.g;

			sfx += pt.g * pt.nx;
			sfy += pt.g * pt.ny;
			sax += ag * pt.nx;
			say += ag * pt.ny;
			srho += a[j] * pt.w;
		}
		st->f_x[i] = COLONY_K_CC * sfx;
		st->f_y[i] = COLONY_K_CC * sfy;
		st->torque[i] = COLONY_K_CC * colony_cross(uix, uiy, sax, say);
		st->rho[i] = COLONY_RHO_W * srho - COLONY_W_A * a[i];
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
	"the j loop is 69 instructions per 8 pairs on x86-64-v3 (gcc 12), "
	"where the minimum is 30 (60 flops as FMAs): 39 carry the flops "
	"(21 FMAs, 18 adds, multiplies, divides, square roots and "
	"roundings, one instruction for one flop), 18 carry none (the "
	"arms' clamps 6, the parallel and crossing selects 7, the force's "
	"and weight's integer min 2, the loop 3), and 12 are the cost of "
	"16 ymm registers (the row's invariants and bounds reloaded, "
	"copies for the destructive FMA forms, one sum on the stack); 57 "
	"without that traffic are 1.9x by themselves. Measured 2.38x at N "
	"= 1024, 2.69x at the smoke size (the rows' reductions weigh more "
	"at N = 200)",
};
