/*
 * colony tiled: the pair space cut into blocks of T particles j, each
 * block's state (x, y, axes, activity) staged in a small contiguous buffer
 * with its own accumulators, so the vectorized j loop runs out of the L1
 * cache. Each unordered pair is evaluated once (rows i before the block
 * against the whole block, rows inside it against the j after them) and
 * applied to both particles: -F on j (Newton's third law), j's torque and
 * density from the same geometry (colony_pair_both). Half fused's pair
 * evaluations. T is --tile, or derived from the L1 data cache size.
 *
 * With several threads each takes every threads-th block and sums into
 * force buffers of its own (four arrays of N; thread 0 uses the state's),
 * since a block's pairs reach particles of other threads' blocks; after the
 * pass the buffers are added in thread order. Their memory is part of the
 * model: (threads-1) N 16 bytes.
 */
#include <math.h>
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

/* The state: colony's, and the block size, found once at setup: the L1
 * size is read from sysfs (files opened and parsed, tens of thousands of
 * instructions), which each step used to repeat inside the measured
 * region. */
typedef struct colony_tiled_state_s {
	colony_state_t base;
	uint64_t tile;
} colony_tiled_state_t;

static int
colony_tiled_setup(const params_t *p, void **state)
{
	if (colony_state_setup(p, sizeof(colony_tiled_state_t), state) != 0)
		return -1;
	((colony_tiled_state_t *)*state)->tile = colony_tiled_size(p);
	return 0;
}

/* Where one thread's pair sums go: four arrays of N (thread 0's are the
 * state's own f_x, f_y, torque and rho). */
typedef struct colony_tiled_out_s {
	float *fx, *fy, *tq, *rho;
} colony_tiled_out_t;

/* A staged block: `tile` floats per field, its particles' state and the
 * accumulators of the pairs' other side. The block's force accumulators
 * hold +F (the force on j is their negation, taken when they are added out)
 * so that each is one addition with a memory operand. */
typedef struct colony_tiled_stage_s {
	float *restrict x, *restrict y, *restrict ux, *restrict uy, *restrict a;
	float *restrict fx, *restrict fy, *restrict tq, *restrict rho;
} colony_tiled_stage_t;

/* The pair of row i (state in r[0..4]: -x_i, -y_i, ux_i, uy_i, a_i) and
 * staged particle l: its other side added to the block's accumulators, its
 * row terms returned. */
typedef struct colony_tiled_terms_s {
	float fx, fy, ax, ay, rho; /* F_x, F_y, arm_i F in x and y, rho */
} colony_tiled_terms_t;

static inline __attribute__((always_inline)) colony_tiled_terms_t
colony_tiled_pair(const colony_tiled_stage_t *b, float box, colony_frame_t fr,
    const float *r, int32_t l, int self)
{
	/* The pointers in locals: read through b, they could be changed by
	 * the loop's own stores, and gcc gathers and scatters per lane with
	 * 64-bit indices (it did for AVX-512). */
	const float *restrict x = b->x, *restrict y = b->y,
			      *restrict ux = b->ux;
	const float *restrict uy = b->uy, *restrict a = b->a;
	float *restrict bfx = b->fx, *restrict bfy = b->fy,
			*restrict btq = b->tq;
	float *restrict brho = b->rho;
	float dx = colony_min_image(x[l] + r[0], box);
	float dy = colony_min_image(y[l] + r[1], box);
	colony_pair_t pt = colony_pair_both(
	    dx, dy, r[2], r[3], ux[l], uy[l], r[4], a[l], self, fr);
	float ag = pt.arm_i * pt.g;

	bfx[l] += pt.g * pt.nx;
	bfy[l] += pt.g * pt.ny;
	btq[l] += pt.arm_j * pt.g * (uy[l] * pt.nx - ux[l] * pt.ny);
	brho[l] += r[4] * pt.w;
	return (colony_tiled_terms_t){
	    pt.g * pt.nx, pt.g * pt.ny, ag * pt.nx, ag * pt.ny, a[l] * pt.w};
}

/* The pairs of [l0, l1) past the whole vectors, one at a time (a block
 * shorter than a whole number of vectors: a --tile or N that is not a
 * multiple of the lanes), their row terms added to sum. Not inlined: its
 * loop is no copy of the span's. */
static __attribute__((noinline)) void
colony_tiled_rest(const colony_tiled_stage_t *b, float box, colony_frame_t fr,
    const float *r, int32_t l0, int32_t l1, int masked, int32_t lself,
    float *sum)
{
	for (int32_t l = l0; l < l1; l++) {
		colony_tiled_terms_t t =
		    colony_tiled_pair(b, box, fr, r, l, masked && l < lself);

		sum[0] += t.fx;
		sum[1] += t.fy;
		sum[2] += t.ax;
		sum[3] += t.ay;
		sum[4] += t.rho;
	}
}

/* Row i against the staged particles l in [l0, l1), its sums added to
 * sum[0..4]. int32 indices, as in colony_fused.c. With `masked` (a
 * constant: each caller is its own copy) the lanes l < lself are the
 * kernel's self lanes, which add exactly 0 to every sum. A vector a pass,
 * its sums kept in lanes and added by halves after the loop: an omp simd
 * reduction of the five sums stored them and added 16 lanes one by one
 * from the stack, 80 dependent adds a row (as in colony_cells.c). */
static inline __attribute__((always_inline)) void
colony_tiled_span_in(const colony_tiled_stage_t *b, float box,
    colony_frame_t fr, const float *r, int32_t l0, int32_t l1, int masked,
    int32_t lself, float *sum)
{
	colony_lanes_t afx = {0}, afy = {0}, aax = {0}, aay = {0}, arho = {0};
	/* Row i's state copied: read through r, each vector of pairs loaded
	 * and broadcast it again (five instructions of 80 a pass), since the
	 * stores into the block's sums might have changed it. */
	const float ri[5] = {r[0], r[1], r[2], r[3], r[4]};
	int32_t k0 = l0;

	for (; k0 + COLONY_LANES <= l1; k0 += COLONY_LANES) {
		float tfx[COLONY_LANES], tfy[COLONY_LANES], tax[COLONY_LANES],
		    tay[COLONY_LANES], trho[COLONY_LANES];

#pragma omp simd
		for (int32_t q = 0; q < COLONY_LANES; q++) {
			const int32_t l = k0 + q;
			colony_tiled_terms_t t = colony_tiled_pair(
			    b, box, fr, ri, l, masked && l < lself);

			tfx[q] = t.fx;
			tfy[q] = t.fy;
			tax[q] = t.ax;
			tay[q] = t.ay;
			trho[q] = t.rho;
		}
		colony_lanes_add(&afx, tfx);
		colony_lanes_add(&afy, tfy);
		colony_lanes_add(&aax, tax);
		colony_lanes_add(&aay, tay);
		colony_lanes_add(&arho, trho);
	}
	sum[0] += colony_lanes_sum(&afx);
	sum[1] += colony_lanes_sum(&afy);
	sum[2] += colony_lanes_sum(&aax);
	sum[3] += colony_lanes_sum(&aay);
	sum[4] += colony_lanes_sum(&arho);
	if (k0 < l1)
		colony_tiled_rest(b, box, fr, r, k0, l1, masked, lself, sum);
}

/* The rows before the block and the triangle rows' whole vectors. Not
 * inlined (nor the masked copy): the time model and the instruction check
 * find the hot loop in these functions. */
static __attribute__((noinline)) void
colony_tiled_span(const colony_tiled_stage_t *b, float box, colony_frame_t fr,
    const float *r, int32_t l0, int32_t l1, float *sum)
{
	colony_tiled_span_in(b, box, fr, r, l0, l1, 0, 0, sum);
}

/* A triangle row's first vector, [l0, l1) with l0 a multiple of the
 * lanes, the lanes before lself (the pairs l <= i) masked. */
static __attribute__((noinline)) void
colony_tiled_span_masked(const colony_tiled_stage_t *b, float box,
    colony_frame_t fr, const float *r, int32_t l0, int32_t l1, int32_t lself,
    float *sum)
{
	colony_tiled_span_in(b, box, fr, r, l0, l1, 1, lself, sum);
}

/* Block j0 (len particles, staged in buf of `tile` per field) against the
 * rows before it and its own upper triangle, summed into out. The row's
 * torque is u_i x sum(arm_i F). A triangle row starts at l = i - j0 + 1:
 * from that rounded down to a multiple of the lanes it runs whole vectors,
 * the lanes before it masked, so that it ends in no scalar remainder (when
 * len is a multiple of the lanes): one vector for up to 15 scalar pairs.
 * Rounded to 8 on AVX-512, half the triangle rows ended in 8 scalar
 * pairs. */
static void
colony_tiled_block(const colony_state_t *st, uint64_t j0, uint64_t len,
    uint64_t tile, float *buf, const colony_tiled_out_t *out)
{
	const colony_tiled_stage_t b = {buf, buf + tile, buf + 2 * tile,
	    buf + 3 * tile, buf + 4 * tile, buf + 5 * tile, buf + 6 * tile,
	    buf + 7 * tile, buf + 8 * tile};
	const int32_t n_l = (int32_t)len;
	const colony_frame_t fr = colony_frame_make();

	for (uint64_t l = 0; l < len; l++) {
		b.x[l] = st->x[j0 + l];
		b.y[l] = st->y[j0 + l];
		b.ux[l] = st->ux[j0 + l];
		b.uy[l] = st->uy[j0 + l];
		b.a[l] = st->a[j0 + l];
		b.fx[l] = b.fy[l] = b.tq[l] = b.rho[l] = 0.0f;
	}
	for (uint64_t i = 0; i < j0 + len - 1; i++) {
		/* -x_i added (see colony_fused.c). */
		const float r[5] = {0.0f - st->x[i], 0.0f - st->y[i], st->ux[i],
		    st->uy[i], st->a[i]};
		float sum[5] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f};

		if (i < j0) {
			colony_tiled_span(&b, st->box, fr, r, 0, n_l, sum);
		} else {
			const int32_t ls = (int32_t)(i - j0 + 1);

			colony_tiled_span_masked(&b, st->box, fr, r,
			    ls & ~(COLONY_LANES - 1), n_l, ls, sum);
		}
		out->fx[i] += COLONY_K_CC * sum[0];
		out->fy[i] += COLONY_K_CC * sum[1];
		out->tq[i] +=
		    COLONY_K_CC * colony_cross(r[2], r[3], sum[2], sum[3]);
		out->rho[i] += COLONY_RHO_W * sum[4];
	}
	for (uint64_t l = 0; l < len; l++) {
		out->fx[j0 + l] -= COLONY_K_CC * b.fx[l];
		out->fy[j0 + l] -= COLONY_K_CC * b.fy[l];
		out->tq[j0 + l] += COLONY_K_CC * b.tq[l];
		out->rho[j0 + l] += COLONY_RHO_W * b.rho[l];
	}
}

/* Thread t's part: its own staging buffer and (t > 0) force buffers, the
 * blocks t, t + T, t + 2T, ... (cyclic: later blocks have more rows before
 * them). Fills out[t]; -1 when an allocation failed. */
static int
colony_tiled_thread(colony_state_t *st, uint64_t tile, int t, int threads,
    colony_tiled_out_t *out)
{
	const uint64_t n = st->n;
	float *buf = malloc(tile * COLONY_TILED_FIELDS * sizeof(float));
	float *forces = t == 0 ? NULL : malloc(4 * n * sizeof(float));

	if (buf == NULL || (t > 0 && forces == NULL)) {
		free(buf);
		free(forces);
		out[t].fx = NULL;
		return -1;
	}
	if (t == 0) {
		out[0] =
		    (colony_tiled_out_t){st->f_x, st->f_y, st->torque, st->rho};
	} else {
		out[t] = (colony_tiled_out_t){
		    forces, forces + n, forces + 2 * n, forces + 3 * n};
	}
	for (uint64_t i = 0; i < n; i++)
		out[t].fx[i] = out[t].fy[i] = out[t].tq[i] = out[t].rho[i] = 0;
	for (uint64_t j0 = (uint64_t)t * tile; j0 < n;
	     j0 += (uint64_t)threads * tile)
		colony_tiled_block(
		    st, j0, n - j0 < tile ? n - j0 : tile, tile, buf, &out[t]);
	free(buf);
	return 0;
}

/* The threads' force buffers added into thread 0's (the state's), in
 * thread order, split by particle; the buffers freed. */
static void
colony_tiled_reduce(colony_state_t *st, int threads, colony_tiled_out_t *out)
{
	VARIANT_PARALLEL({
		uint64_t lo, hi;

		variant_share(st->n, variant_thread_num(), threads, &lo, &hi);
		for (int t = 1; t < threads; t++) {
			for (uint64_t i = lo; i < hi; i++) {
				st->f_x[i] += out[t].fx[i];
				st->f_y[i] += out[t].fy[i];
				st->torque[i] += out[t].tq[i];
				st->rho[i] += out[t].rho[i];
			}
		}
	});
	for (int t = 1; t < threads; t++)
		free(out[t].fx);
}

static int
colony_tiled_step(void *state, uint64_t k)
{
	colony_state_t *st = state;
	const uint64_t tile = ((colony_tiled_state_t *)state)->tile;
	const int threads = variant_threads(&st->params);
	colony_tiled_out_t out[VARIANT_THREADS_MAX];
	int failed = 0;

	colony_step_begin(st);
	VARIANT_PARALLEL({
		const int t = variant_thread_num();

		colony_tiled_thread(st, tile, t, threads, out);
	});
	for (int t = 0; t < threads; t++)
		failed |= out[t].fx == NULL;
	if (failed) {
		for (int t = 1; t < threads; t++)
			free(out[t].fx);
		return -1;
	}
	colony_tiled_reduce(st, threads, out);
	colony_step_end(st, k);
	return 0;
}

static uint64_t
colony_tiled_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	const uint64_t threads = (uint64_t)variant_threads(p);
	uint64_t staging = round(model_mul(
	    colony_tiled_size(p), COLONY_TILED_FIELDS * sizeof(float)));
	uint64_t forces = round(model_mul(p->n, 4 * sizeof(float)));

	return model_add(
	    model_mul(staging, threads), model_mul(forces, threads - 1));
}

static double
colony_tiled_flops(const params_t *p)
{
	/* Half the ordered pairs, each with the other side's terms from the
	 * same geometry: its force sums g n 4 (two FMAs), arm_j g 1, the
	 * cross product u_j x n 3, its torque sum 2 and density sum 2 (one
	 * FMA each): 12 more (colony_pair_both). */
	return (colony_flops_per_pair() + 12.0) * (double)p->n *
	    (double)(p->n - 1) / 2.0 * (double)p->steps;
}

static double
colony_tiled_bytes(const params_t *p)
{
	/* Every block stages its 5 arrays once; the rows before it (five
	 * arrays) are read once per block, from the caches while they fit. */
	return (19.0 + 5.0) * 4.0 * (double)p->n * (double)p->steps;
}

/* The span loop's vector iterations a step, for the time model: the rows
 * before each block against the whole block (colony_tiled_span, the hot
 * loop) into *full; the triangle rows' vectors from the row's own lane
 * rounded down (colony_tiled_span_masked) into *masked. Counted as one,
 * at two pairs a lane, the masked copy's share (at N = 4096 and a tile of
 * 448, 12% of a run's samples) was priced in the hot loop and sampled
 * outside it. */
static void
colony_tiled_iterations(const params_t *p, double *full, double *masked)
{
	const uint64_t n = p->n, tile = colony_tiled_size(p);
	const uint64_t lanes = COLONY_LANES;

	*full = *masked = 0.0;
	for (uint64_t j0 = 0; j0 < n; j0 += tile) {
		const uint64_t len = n - j0 < tile ? n - j0 : tile;

		*full += (double)j0 * (double)(len / lanes);
		for (uint64_t ls = 1; ls < len; ls++)
			*masked += (double)((len - ls / lanes * lanes) / lanes);
	}
}

/* Units (ordered pairs, N^2 a step) an iteration of the hot loop: N^2
 * over its iterations; a run of one block, whose rows are all the
 * triangle's, never enters it (HUGE_VAL: no unit of the loop). */
static double
colony_tiled_hot_units(const params_t *p)
{
	double full, masked;

	colony_tiled_iterations(p, &full, &masked);
	return full > 0 ? (double)p->n * (double)p->n / full : HUGE_VAL;
}

/* The masked copy's iterations in one run. */
static double
colony_tiled_masked(const params_t *p)
{
	double full, masked;

	colony_tiled_iterations(p, &full, &masked);
	return masked * (double)p->steps;
}

const variant_t colony_tiled = {
    .name = "tiled",
    .workload = &colony_workload,
    .description = "blocks of T particles staged in L1, each unordered "
		   "pair once, applied to both (--tile)",
    .idiom = "a hand-tiled kernel (Pallas/Triton style blocks) with "
	     "Newton's third law",
    .loops = "for each block of T particles j (staged): for i: for j in "
	     "block, j > i: p = pair(i, j); f_i += p; f_j -= p",
    .notes = "each unordered pair once, applied to both particles; a "
	     "block of T particles staged in L1",
    .model_formula = "threads*T*36 + (threads-1)*N*16",
    .model_bytes = colony_tiled_model,
    .setup = colony_tiled_setup,
    .reset = colony_state_reset,
    .step = colony_tiled_step,
    .digest = colony_state_digest,
    .teardown = colony_state_teardown,
    .flops = colony_tiled_flops,
    .bytes = colony_tiled_bytes,
    .incore =
	/* In-core minimum: one pair's (colony.h, COLONY_PAIR_*) a lane,
	 * and the other side's terms from the same geometry
	 * (colony_pair_both): its force sums 2 FMAs, arm_j g and u_j x n 3,
	 * its torque sum and density sum 2 FMAs: 7 multiply-adds more. */
    {.functions = "colony_tiled_span colony_tiled_thread",
	.vectors = 1,
	.fma = COLONY_PAIR_FMA + 7,
	.divsqrt = COLONY_PAIR_DIVSQRT,
	.round = COLONY_PAIR_ROUND,
	.select = COLONY_PAIR_SELECT,
	.gather = 0,
	.extra = 28,
	.extra_why =
	    "the block's four accumulators of the other side loaded and "
	    "stored (8), loop control (3), the loads of u_j (2), and up "
	    "to 15 register copies and reloads on x86-64-v3 (the row's 14 "
	    "invariants and 5 sums and the other side's terms in 16 "
	    "registers; 3 in the native build): 28"},
    /* Each lane of the span loop is an unordered pair applied to both
     * particles: about 2 ordered pairs (units) a lane, for the time
     * model, counted from the blocks (colony_tiled_iterations) with the
     * triangle rows' masked copy a pass of its own; COLONY_LANES lanes
     * (16 with AVX-512, 8 with AVX2: a constant 32 halved the AVX2
     * build's predicted time). */
    .hot_units_of = colony_tiled_hot_units,
    .passes = {{"colony_tiled_span_masked", 0, 0, colony_tiled_masked, 0},
	COLONY_STEP_PASSES},
};
