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
 * COLONY_RHO_W and the cross product are applied once a row.
 *
 * Each iteration evaluates two pairs, j and j + N/2 (one vector of each):
 * a pair is one long chain of dependent operations (about 110 cycles from
 * d to the sums: two divides, two square roots, the clamps), and with one
 * chain an iteration the out-of-order window held too few iterations to
 * keep the multiply-add pipes busy. Two independent chains in one body
 * gave 5-8% less CPU time a step (colony fused, N = 4096, alternating
 * builds: 98.6, 98.0, 99.3 ms against 104.2, 104.1, 108.3 ms). An odd
 * N's last j runs alone after the loop. */
static void
colony_fused_pairs(colony_state_t *st, uint64_t lo, uint64_t hi)
{
	const int32_t n = (int32_t)st->n;
	const float box = st->box;
	const float *restrict x = st->x, *restrict y = st->y;
	const float *restrict ux = st->ux, *restrict uy = st->uy;
	const float *restrict a = st->a;
	const colony_frame_t fr = colony_frame_make();
	const int32_t half = n / 2;

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
		for (int32_t j = 0; j < half; j++) {
			const int32_t k = j + half;
			float dx = colony_min_image(x[j] + nxi, box);
			float dy = colony_min_image(y[j] + nyi, box);
			float ex = colony_min_image(x[k] + nxi, box);
			float ey = colony_min_image(y[k] + nyi, box);
			colony_pair_t pt = colony_pair(
			    dx, dy, uix, uiy, ux[j], uy[j], a[j], 0, fr);
			colony_pair_t qt = colony_pair(
			    ex, ey, uix, uiy, ux[k], uy[k], a[k], 0, fr);
			float ag = pt.arm_i * pt.g, bg = qt.arm_i * qt.g;

			sfx += pt.g * pt.nx + qt.g * qt.nx;
			sfy += pt.g * pt.ny + qt.g * qt.ny;
			sax += ag * pt.nx + bg * qt.nx;
			say += ag * pt.ny + bg * qt.ny;
			srho += a[j] * pt.w + a[k] * qt.w;
		}
		for (int32_t j = 2 * half; j < n; j++) {
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
    .incore =
	/* In-core minimum: one pair's (colony.h, COLONY_PAIR_*) a lane.
	 * vectors 2: the loop evaluates pairs j and j + N/2 an iteration. */
    {.functions = "colony_fused_pairs",
	.vectors = 2,
	.fma = COLONY_PAIR_FMA,
	.divsqrt = COLONY_PAIR_DIVSQRT,
	.round = COLONY_PAIR_ROUND,
	.select = COLONY_PAIR_SELECT,
	.gather = 0,
	.extra = 35,
	.extra_why =
	    "an iteration is two vectors of pairs (j and j + N/2): each "
	    "needs loads of u_j's two components (2) and up to 10 "
	    "register copies and reloads on x86-64-v3, whose 16 vector "
	    "registers cannot hold the row's 14 invariants (-x_i, -y_i, "
	    "u_i, the box and its inverse, the frame's five lengths, 1, "
	    "FLT_MIN) and 5 sums, 19 values (the native build, with 32, "
	    "needs few); the two pairs' terms added before each of the "
	    "5 sums (5); the loop control once (3): 35"},
    .passes = {COLONY_STEP_PASSES},
};
