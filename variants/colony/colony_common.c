/*
 * colony: the workload's definition, its inputs, the shared time step around
 * the pair sums, and the state every colony variant shares. The float64
 * reference is in colony_reference.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "colony/colony.h"
#include "splitmix.h"

#define COLONY_TWO_PI 6.28318530717958647692f

double
colony_box_side(uint64_t n)
{
	const double r = 0.5, l = 2.0;

	return sqrt((double)n * (2.0 * r * l + M_PI * r * r) / COLONY_PHI);
}

uint64_t
colony_cells_per_side(uint64_t n)
{
	/* The float32 box the state lives in. */
	return (uint64_t)floor(
	    (double)(float)colony_box_side(n) / (double)COLONY_R_CUT);
}

static void
colony_defaults(params_t *p)
{
	memset(p, 0, sizeof(*p));
	p->threads = 1;
	p->n = 4096;
	p->seed = 42;
	p->steps = 10;
}

static void
colony_smoke(params_t *p)
{
	colony_defaults(p);
	p->n = 200;
	p->steps = 2;
	p->chunk = 64;
	p->tile = 32;
}

static int
colony_check(const params_t *p, char *msg, size_t msglen)
{
	if (params_check_range("threads", p->threads, 0, VARIANT_THREADS_MAX,
		msg, msglen) != 0)
		return -1;
	if (params_check_range("n", p->n, 16, 1u << 30, msg, msglen) != 0 ||
	    params_check_range("steps", p->steps, 1, UINT64_MAX, msg, msglen) !=
		0)
		return -1;
	return params_check_blocks(p, msg, msglen);
}

static uint64_t
colony_steps(const params_t *p)
{
	return p->steps;
}

/* Ordered pairs (i, j) including i == j: the N*N iteration space of the
 * original nested maps, per step. */
static double
colony_units(const params_t *p)
{
	return (double)p->n * (double)p->n * (double)p->steps;
}

uint64_t
colony_inputs_bytes(const params_t *p)
{
	/* 16 float32 arrays of N (state, initial state, axes, pair sums,
	 * displacement), each its own allocation, plus the state struct. */
	return model_add(
	    model_mul(model_mul(p->n, 4), 16), sizeof(colony_state_t));
}

/* The validation: relative 1e-3 on each figure, with an absolute floor per
 * figure (1e-6 of N times the figure's per-particle scale: for sum_disp a
 * bacterium propelled at full activity for K steps) so that a figure near
 * zero is not held to a relative bound its rounding cannot meet. The spec
 * promises 1e-3 for K <= 10 only: beyond, float32 and float64 trajectories
 * drift apart (every contact amplifies a difference), so the final-state
 * figures (sum_disp, mean_a) get 1e-3 * K / 10. The first-step figures do not
 * depend on K and keep 1e-3. */
static int
colony_validate(const params_t *p, const double *got, const double *ref,
    char *msg, size_t msglen)
{
	static const char *const names[COLONY_DIGEST] = {
	    "sum_abs_F", "sum_abs_T", "sum_rho", "sum_disp", "mean_a"};
	double n = (double)p->n;
	double move = (double)p->steps * COLONY_F_PROP * COLONY_DT /
	    (COLONY_GAMMA * COLONY_L);
	double scale[COLONY_DIGEST] = {n * 50.0, n * 50.0, n, n * move, 1.0};
	double rel_final =
	    p->steps <= 10 ? 1e-3 : 1e-3 * (double)p->steps / 10.0;

	for (int f = 0; f < COLONY_DIGEST; f++) {
		double rel = f < 3 ? 1e-3 : rel_final;
		double tol = rel * fabs(ref[f]) + 1e-6 * scale[f];

		if (!(fabs(got[f] - ref[f]) <= tol)) {
			snprintf(msg, msglen,
			    "%s %.9g differs from the float64 reference %.9g "
			    "by %.3g (tolerance %.3g)",
			    names[f], got[f], ref[f], fabs(got[f] - ref[f]),
			    tol);
			return -1;
		}
	}
	return 0;
}

static int
colony_reference(const params_t *p, double *digest)
{
	return colony_reference_run(p, COLONY_REF_AUTO, digest);
}

const workload_t colony_workload = {
    .name = "colony",
    .description = "rod-shaped bacteria with pairwise contact forces, "
		   "torques and sensing density, K steps",
    .params = "n seed chunk tile steps threads",
    .unit = "pair",
    .digest_count = COLONY_DIGEST,
    .digest_names = {"sum_abs_F", "sum_abs_T", "sum_rho", "sum_disp", "mean_a"},
    .defaults = colony_defaults,
    .smoke = colony_smoke,
    .check = colony_check,
    .steps = colony_steps,
    .units = colony_units,
    .input_bytes = colony_inputs_bytes,
    .reference = colony_reference,
    .validate = colony_validate,
};

void
colony_state_teardown(void *state)
{
	colony_state_t *st = state;

	if (st == NULL)
		return;
	free(st->x);
	free(st->y);
	free(st->theta);
	free(st->a);
	free(st->x_init);
	free(st->y_init);
	free(st->theta_init);
	free(st->a_init);
	free(st->ux);
	free(st->uy);
	free(st->f_x);
	free(st->f_y);
	free(st->torque);
	free(st->rho);
	free(st->disp_x);
	free(st->disp_y);
	free(st);
}

int
colony_state_setup(const params_t *p, size_t size, void **state)
{
	colony_state_t *st = calloc(1, size);
	float **arrays[16];
	size_t bytes = p->n * sizeof(float);
	uint64_t rng = p->seed;
	int ret = -1;

	if (st == NULL)
		goto label_return;
	st->params = *p;
	st->n = p->n;
	st->box = (float)colony_box_side(p->n);
	st->inv_box = 1.0f / st->box;
	arrays[0] = &st->x;
	arrays[1] = &st->y;
	arrays[2] = &st->theta;
	arrays[3] = &st->a;
	arrays[4] = &st->x_init;
	arrays[5] = &st->y_init;
	arrays[6] = &st->theta_init;
	arrays[7] = &st->a_init;
	arrays[8] = &st->ux;
	arrays[9] = &st->uy;
	arrays[10] = &st->f_x;
	arrays[11] = &st->f_y;
	arrays[12] = &st->torque;
	arrays[13] = &st->rho;
	arrays[14] = &st->disp_x;
	arrays[15] = &st->disp_y;
	for (int i = 0; i < 16; i++) {
		*arrays[i] = calloc(1, bytes);
		if (*arrays[i] == NULL)
			goto label_return;
	}
	/* The spec's initial state: four float32 uniforms per bacterium, in
	 * order, scaled in float32. */
	for (uint64_t i = 0; i < p->n; i++) {
		float u1 = splitmix_float(&rng), u2 = splitmix_float(&rng);
		float u3 = splitmix_float(&rng), u4 = splitmix_float(&rng);

		st->x_init[i] = st->box * u1;
		st->y_init[i] = st->box * u2;
		st->theta_init[i] = COLONY_TWO_PI * u3;
		st->a_init[i] = u4;
	}
	colony_state_reset(st);
	*state = st;
	st = NULL;
	ret = 0;
label_return:
	colony_state_teardown(st);
	return ret;
}

int
colony_setup(const params_t *p, void **state)
{
	return colony_state_setup(p, sizeof(colony_state_t), state);
}

void
colony_state_reset(void *state)
{
	colony_state_t *st = state;
	size_t bytes = st->n * sizeof(float);

	memcpy(st->x, st->x_init, bytes);
	memcpy(st->y, st->y_init, bytes);
	memcpy(st->theta, st->theta_init, bytes);
	memcpy(st->a, st->a_init, bytes);
	memset(st->disp_x, 0, bytes);
	memset(st->disp_y, 0, bytes);
	st->sum_abs_f = 0.0;
	st->sum_abs_t = 0.0;
	st->sum_rho = 0.0;
}

void
colony_state_digest(void *state, double *digest)
{
	colony_state_t *st = state;
	double sd = 0.0, sa = 0.0;

	for (uint64_t i = 0; i < st->n; i++) {
		sd += fabsf(st->disp_x[i]) + fabsf(st->disp_y[i]);
		sa += st->a[i];
	}
	digest[0] = st->sum_abs_f;
	digest[1] = st->sum_abs_t;
	digest[2] = st->sum_rho;
	digest[3] = sd;
	digest[4] = sa / (double)st->n;
}

/* v wrapped into [0, period). Rounding can leave v - period*floor(v/period)
 * a hair outside; those land on 0, the same point of the circle. */
static inline float
colony_wrap(float v, float period, float inv_period)
{
	v -= period * floorf(v * inv_period);
	return (v >= period || v < 0.0f) ? 0.0f : v;
}

/* Step 1 for particles [lo, hi): the centres wrapped into the box, the
 * axes from the angles (a call of cosf and sinf a particle). One
 * function that every thread count runs, so that the loop the time model
 * prices and the profile samples is the one a run executes (with the
 * loop inside VARIANT_PARALLEL, a run on one thread ran a copy of its
 * own, compiled apart from the threaded one). */
static __attribute__((noinline)) void
colony_orient(colony_state_t *st, uint64_t lo, uint64_t hi)
{
	float *restrict x = st->x, *restrict y = st->y;
	float *restrict ux = st->ux, *restrict uy = st->uy;
	const float *restrict theta = st->theta;
	const float box = st->box, inv_box = st->inv_box;

	for (uint64_t i = lo; i < hi; i++) {
		x[i] = colony_wrap(x[i], box, inv_box);
		y[i] = colony_wrap(y[i], box, inv_box);
		ux[i] = cosf(theta[i]);
		uy[i] = sinf(theta[i]);
	}
}

void
colony_step_begin(colony_state_t *st)
{
	const int threads = variant_threads(&st->params);

	/* Element by element: the threads' shares do not change a value. */
	VARIANT_PARALLEL({
		uint64_t lo, hi;

		variant_share(st->n, variant_thread_num(), threads, &lo, &hi);
		colony_orient(st, lo, hi);
	});
}

/* Step 4 for particles [lo, hi): the activity from the density, the
 * propulsion added to the pair sums, the moves and turns, the positions
 * and angles wrapped. One function for every thread count, as
 * colony_orient; its pointers restrict, so that it vectorizes (the copy
 * that ran on one thread, reading the arrays through st, was a scalar
 * loop with two branches a wrap, the threaded one packed on xmm). */
static __attribute__((noinline)) void
colony_integrate(colony_state_t *st, uint64_t lo, uint64_t hi)
{
	const float box = st->box, inv_box = st->inv_box;
	const float v_scale = COLONY_DT / (COLONY_GAMMA * COLONY_L);
	const float w_scale =
	    COLONY_DT * 12.0f / (COLONY_GAMMA * COLONY_L * COLONY_L * COLONY_L);
	float *restrict a = st->a, *restrict x = st->x, *restrict y = st->y;
	float *restrict theta = st->theta;
	float *restrict disp_x = st->disp_x, *restrict disp_y = st->disp_y;
	const float *restrict f_x = st->f_x, *restrict f_y = st->f_y;
	const float *restrict torque = st->torque, *restrict rho = st->rho;
	const float *restrict ux = st->ux, *restrict uy = st->uy;

	/* simd: gcc does not take restrict from these block-scope copies
	 * (each array read and written at i alone, as the step defines). */
#pragma omp simd
	for (uint64_t i = lo; i < hi; i++) {
		float ai = a[i];
		float fx = f_x[i] + COLONY_F_PROP * ai * ux[i];
		float fy = f_y[i] + COLONY_F_PROP * ai * uy[i];
		float t = torque[i] + COLONY_T_PROP * ai;
		float mx = fx * v_scale, my = fy * v_scale;

		a[i] = colony_clamp01(rho[i] / COLONY_A_TH);
		x[i] = colony_wrap(x[i] + mx, box, inv_box);
		y[i] = colony_wrap(y[i] + my, box, inv_box);
		disp_x[i] += mx;
		disp_y[i] += my;
		theta[i] = colony_wrap(theta[i] + t * w_scale, COLONY_TWO_PI,
		    1.0f / COLONY_TWO_PI);
	}
}

void
colony_step_end(colony_state_t *st, uint64_t k)
{
	const int threads = variant_threads(&st->params);

	/* The digest's sums stay on one thread (one order for every T). */
	if (k == 0) {
		double sf = 0.0, stq = 0.0, sr = 0.0;

		for (uint64_t i = 0; i < st->n; i++) {
			sf += fabsf(st->f_x[i]) + fabsf(st->f_y[i]);
			stq += fabsf(st->torque[i]);
			sr += st->rho[i];
		}
		st->sum_abs_f = sf;
		st->sum_abs_t = stq;
		st->sum_rho = sr;
	}
	/* Shares of whole blocks of 16: each particle takes the same path
	 * through the vectorized loop (its body or its remainder) at every
	 * T, so that the state does not depend on T. */
	VARIANT_PARALLEL({
		uint64_t lo, hi;

		variant_share_blocks(
		    st->n, 16, variant_thread_num(), threads, &lo, &hi);
		colony_integrate(st, lo, hi);
	});
}

void
colony_rows_fill(const colony_state_t *st, uint64_t i0, uint64_t rows,
    const colony_pair_arrays_t *arrays)
{
	float *forces = arrays->forces, *torques = arrays->torques;
	float *density = arrays->density;
	const uint64_t n = st->n;
	const float box = st->box;
	const float *x = st->x, *y = st->y, *ux = st->ux, *uy = st->uy;
	const float *a = st->a;
	const colony_frame_t fr = colony_frame_make();

	for (uint64_t r = 0; r < rows; r++) {
		const uint64_t i = i0 + r;
		const float xi = x[i], yi = y[i], uix = ux[i], uiy = uy[i];
		float *f = forces + r * n * 2, *tq = torques + r * n;
		float *rho = density + r * n;

		/* An int32 counter, as in colony_fused_pairs. */
#pragma omp simd
		for (int32_t j = 0; j < (int32_t)n; j++) {
			float dx = colony_min_image(x[j] - xi, box);
			float dy = colony_min_image(y[j] - yi, box);
			colony_pair_t pt = colony_pair(dx, dy, uix, uiy, ux[j],
			    uy[j], a[j], j == (int32_t)i, fr);

			f[2 * j] = pt.fx;
			f[2 * j + 1] = pt.fy;
			tq[j] = pt.tqi;
			rho[j] = pt.rhoi;
		}
	}
}

void
colony_rows_sum(colony_state_t *st, uint64_t i0, uint64_t rows,
    const colony_pair_arrays_t *arrays)
{
	const float *forces = arrays->forces, *torques = arrays->torques;
	const float *density = arrays->density;
	const uint64_t n = st->n;

	for (uint64_t r = 0; r < rows; r++) {
		const float *f = forces + r * n * 2, *tq = torques + r * n;
		const float *rho = density + r * n;
		float sfx = 0.0f, sfy = 0.0f, stq = 0.0f, srho = 0.0f;

#pragma omp simd reduction(+ : sfx, sfy, stq, srho)
		for (uint64_t j = 0; j < n; j++) {
			sfx += f[2 * j];
			sfy += f[2 * j + 1];
			stq += tq[j];
			srho += rho[j];
		}
		st->f_x[i0 + r] = sfx;
		st->f_y[i0 + r] = sfy;
		st->torque[i0 + r] = stq;
		st->rho[i0 + r] = srho;
	}
}

/* Rows [lo, hi) of the (N,N) arrays a, as a block of their own. */
static colony_pair_arrays_t
colony_rows_block(const colony_pair_arrays_t *a, uint64_t n, uint64_t lo)
{
	return (colony_pair_arrays_t){
	    a->forces + lo * n * 2, a->torques + lo * n, a->density + lo * n};
}

void
colony_rows_all(colony_state_t *st, const colony_pair_arrays_t *a, int threads)
{
	const uint64_t n = st->n;

	/* Two regions, as the serial schedule has two passes: every row
	 * filled, then every row summed. */
	VARIANT_PARALLEL({
		uint64_t lo, hi;
		colony_pair_arrays_t block;

		variant_share(n, variant_thread_num(), threads, &lo, &hi);
		block = colony_rows_block(a, n, lo);
		colony_rows_fill(st, lo, hi - lo, &block);
	});
	VARIANT_PARALLEL({
		uint64_t lo, hi;
		colony_pair_arrays_t block;

		variant_share(n, variant_thread_num(), threads, &lo, &hi);
		block = colony_rows_block(a, n, lo);
		colony_rows_sum(st, lo, hi - lo, &block);
	});
}

double
colony_materialized_bytes(const params_t *p)
{
	return 32.0 * (double)p->n * (double)p->n * (double)p->steps;
}

uint64_t
colony_model_zero(const params_t *p, uint64_t (*round)(uint64_t))
{
	(void)p;
	(void)round;
	return 0;
}

/* noipa: the callers in this file (colony_rows_fill) must not see the
 * values either (colony_frame_t). clang (the fuzz build) has no noipa;
 * noinline is its nearest. */
#if defined(__clang__)
#define COLONY_OPAQUE __attribute__((noinline))
#else
#define COLONY_OPAQUE __attribute__((noipa))
#endif
COLONY_OPAQUE colony_frame_t
colony_frame_make(void)
{
	return (colony_frame_t){0.5f * COLONY_L, -0.5f * COLONY_L,
	    2.0f * COLONY_R, 1e-4f, COLONY_R_S};
}

double
colony_flops_per_pair(void)
{
	/* Counted from colony_pair_both's one side as fused sums it
	 * (colony.h, colony_fused.c), each divide, square root and rounding
	 * counted as one and an FMA as two: d = c_j - c_i 2, its minimum
	 * image 2 x 4 (a multiply, a rounding, a fused multiply-subtract),
	 * the dots c, A and B 9, 1 - c^2 2, alpha0 3 (one divide), beta and
	 * alpha 4, the normal m 8, |m| and |d| 9 (two square roots), g 2 (a
	 * subtraction and a divide), the density's weight 2; and the five
	 * sums g n, arm g n and a_j w 11 (four FMAs, the product arm g, one
	 * FMA): 60 (21 FMAs, 18 other adds and multiplies, 2 divides, 2
	 * square roots, 2 roundings). The clamps (min and max), the selects
	 * and the row's constants (k_cc, the density's factor, the torque's
	 * cross product, once a row) are no flops. The materializing and cell
	 * schedules compute the same terms with k_cc multiplied in a pair
	 * (colony_pair_t.fx) instead of once a row. */
	return 60.0;
}

double
colony_step_particles(const params_t *p)
{
	return (double)p->n * (double)p->steps;
}

double
colony_step_pairs(const params_t *p)
{
	return (double)p->n * (double)p->n * (double)p->steps;
}

double
colony_all_pairs_flops(const params_t *p)
{
	return colony_flops_per_pair() * (double)p->n * (double)p->n *
	    (double)p->steps;
}

int
colony_pair_arrays_alloc(colony_pair_arrays_t *a, uint64_t rows, uint64_t n)
{
	a->forces = malloc(rows * n * 2 * sizeof(float));
	a->torques = malloc(rows * n * sizeof(float));
	a->density = malloc(rows * n * sizeof(float));
	if (a->forces == NULL || a->torques == NULL || a->density == NULL) {
		colony_pair_arrays_free(a);
		return -1;
	}
	return 0;
}

void
colony_pair_arrays_free(colony_pair_arrays_t *a)
{
	free(a->forces);
	free(a->torques);
	free(a->density);
	a->forces = a->torques = a->density = NULL;
}

uint64_t
colony_pair_arrays_model(uint64_t rows, uint64_t n, uint64_t (*round)(uint64_t))
{
	uint64_t rn = model_mul(rows, n);

	return model_add(round(model_mul(rn, 8)),
	    model_add(round(model_mul(rn, 4)), round(model_mul(rn, 4))));
}
