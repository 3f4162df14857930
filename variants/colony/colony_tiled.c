/*
 * colony tiled: the pair space cut into blocks of T particles j, each
 * block's state (x, y, axes, activity) staged in a small contiguous buffer
 * with its own accumulators, so the vectorized j loop runs out of the L1
 * cache. Each unordered pair is evaluated once (rows i before the block
 * against the whole block, rows inside it against the j after them) and
 * applied to both particles: -F on j (Newton's third law), j's torque and
 * density from the same geometry (colony_pair_both). Half fused's pair
 * evaluations. T is --tile, or derived from the L1 data cache size.
 */
#include <stdlib.h>

#include "colony/colony.h"

/* Floats staged per particle j: x, y, ux, uy, a, and the accumulators fx,
 * fy, torque, rho. */
#define COLONY_TILED_FIELDS 9

/* Half the L1 cache for the staged block; the rest for the rows. */
static uint64_t
colony_tiled_size(const params_t *p)
{
	return variant_tile_items(p, COLONY_TILED_FIELDS * sizeof(float), 64);
}

static void
colony_tiled_pairs(colony_state_t *st, uint64_t tile, float *buf)
{
	const uint64_t n = st->n;
	const float box = st->box;
	float *bx = buf, *by = buf + tile, *bux = buf + 2 * tile;
	float *buy = buf + 3 * tile, *ba = buf + 4 * tile;
	float *bfx = buf + 5 * tile, *bfy = buf + 6 * tile;
	float *btq = buf + 7 * tile, *brho = buf + 8 * tile;

	for (uint64_t i = 0; i < n; i++) {
		st->f_x[i] = st->f_y[i] = st->torque[i] = st->rho[i] = 0.0f;
	}
	for (uint64_t j0 = 0; j0 < n; j0 += tile) {
		const uint64_t len = n - j0 < tile ? n - j0 : tile;

		for (uint64_t l = 0; l < len; l++) {
			bx[l] = st->x[j0 + l];
			by[l] = st->y[j0 + l];
			bux[l] = st->ux[j0 + l];
			buy[l] = st->uy[j0 + l];
			ba[l] = st->a[j0 + l];
			bfx[l] = bfy[l] = btq[l] = brho[l] = 0.0f;
		}
		for (uint64_t i = 0; i < j0 + len - 1; i++) {
			const float xi = st->x[i], yi = st->y[i];
			const float uix = st->ux[i], uiy = st->uy[i];
			const float ai = st->a[i];
			const uint64_t start = i < j0 ? 0 : i - j0 + 1;
			float sfx = 0.0f, sfy = 0.0f, stq = 0.0f, srho = 0.0f;

#pragma omp simd reduction(+ : sfx, sfy, stq, srho)
			for (uint64_t l = start; l < len; l++) {
				float dx = colony_min_image(bx[l] - xi, box);
				float dy = colony_min_image(by[l] - yi, box);
				colony_pair_t pt = colony_pair_both(dx, dy, uix,
				    uiy, bux[l], buy[l], ai, ba[l], 0);

				sfx += pt.fx;
				sfy += pt.fy;
				stq += pt.tqi;
				srho += pt.rhoi;
				bfx[l] -= pt.fx;
				bfy[l] -= pt.fy;
				btq[l] += pt.tqj;
				brho[l] += pt.rhoj;
			}
			st->f_x[i] += sfx;
			st->f_y[i] += sfy;
			st->torque[i] += stq;
			st->rho[i] += srho;
		}
		for (uint64_t l = 0; l < len; l++) {
			st->f_x[j0 + l] += bfx[l];
			st->f_y[j0 + l] += bfy[l];
			st->torque[j0 + l] += btq[l];
			st->rho[j0 + l] += brho[l];
		}
	}
}

static int
colony_tiled_step(void *state, uint64_t k)
{
	colony_state_t *st = state;
	const uint64_t tile = colony_tiled_size(&st->params);
	float *buf = malloc(tile * COLONY_TILED_FIELDS * sizeof(float));

	if (buf == NULL)
		return -1;
	colony_step_begin(st);
	colony_tiled_pairs(st, tile, buf);
	colony_step_end(st, k);
	free(buf);
	return 0;
}

static uint64_t
colony_tiled_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	return round(model_mul(
	    colony_tiled_size(p), COLONY_TILED_FIELDS * sizeof(float)));
}

static double
colony_tiled_flops(const params_t *p)
{
	/* Half the ordered pairs, each with the other side's torque and
	 * density (about 10 more) and the accumulations on j (4). */
	return (colony_flops_per_pair() + 14.0) * (double)p->n *
	    (double)(p->n - 1) / 2.0 * (double)p->steps;
}

static double
colony_tiled_bytes(const params_t *p)
{
	/* Every block stages its 5 arrays once; the rows before it (five
	 * arrays) are read once per block, from the caches while they fit. */
	return (19.0 + 5.0) * 4.0 * (double)p->n * (double)p->steps;
}

const variant_t colony_tiled = {
    .name = "tiled",
    .workload = &colony_workload,
    .description = "blocks of T particles staged in L1, each unordered "
		   "pair once, applied to both (--tile)",
    .idiom = "a hand-tiled kernel (Pallas/Triton style blocks) with "
	     "Newton's third law",
    .model_formula = "T*36",
    .model_bytes = colony_tiled_model,
    .setup = colony_setup,
    .reset = colony_state_reset,
    .step = colony_tiled_step,
    .digest = colony_state_digest,
    .teardown = colony_state_teardown,
    .flops = colony_tiled_flops,
    .bytes = colony_tiled_bytes,
};
