/*
 * interp: the workload's definition, its inputs, its float64 reference and
 * the state every interp variant shares.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp/interp.h"
#include "splitmix.h"

const float interp_coef_a[4] = {-1.0f / 16, 9.0f / 16, 9.0f / 16, -1.0f / 16};
const float interp_coef_b[4] = {1.0f / 24, -9.0f / 8, 9.0f / 8, -1.0f / 24};
const float interp_coef_c[4] = {1.0f / 4, -1.0f / 4, -1.0f / 4, 1.0f / 4};
const float interp_coef_d[4] = {-1.0f / 6, 1.0f / 2, -1.0f / 2, 1.0f / 6};

static const double coef_a64[4] = {-1.0 / 16, 9.0 / 16, 9.0 / 16, -1.0 / 16};
static const double coef_b64[4] = {1.0 / 24, -9.0 / 8, 9.0 / 8, -1.0 / 24};
static const double coef_c64[4] = {1.0 / 4, -1.0 / 4, -1.0 / 4, 1.0 / 4};
static const double coef_d64[4] = {-1.0 / 6, 1.0 / 2, -1.0 / 2, 1.0 / 6};

/* interp's own parameters, in the order INTERP_PARAM_* names them. The
 * largest count is what a result's JSON integer holds. */
static const char *const interp_preset_names[] = {"random", "seed", NULL};

static const param_decl_t interp_params[] = {
    {"m", "interpolants", 1, INT64_MAX, 300, 0, NULL, 0},
    {"g", "grid points per interpolant", 1, INT64_MAX, 4096, 0, NULL, 1},
    {"preset", "inputs: seed (the question's) or random", 0, 1, PRESET_RANDOM,
	0, interp_preset_names, 1},
    {NULL, NULL, 0, 0, 0, 0, NULL, 0},
};

static void
interp_defaults(params_t *p)
{
	memset(p, 0, sizeof(*p));
	p->threads = 1;
	p->n = 1000000;
	for (int i = 0; interp_params[i].name != NULL; i++)
		p->extra[i] = interp_params[i].def;
	p->seed = 42;
	p->steps = 1;
}

static void
interp_smoke(params_t *p)
{
	interp_defaults(p);
	p->n = 2000;
	p->extra[INTERP_PARAM_M] = 4;
	p->extra[INTERP_PARAM_G] = 32;
	p->chunk = 256;
	p->tile = 64;
}

static int
interp_check(const params_t *p, char *msg, size_t msglen)
{
	if (params_check_range("n", p->n, 1, UINT64_MAX, msg, msglen) != 0 ||
	    params_check_range("m", interp_m(p), 1, UINT64_MAX, msg, msglen) !=
		0 ||
	    params_check_range("g", interp_g(p), 4, 1u << 30, msg, msglen) !=
		0 ||
	    params_check_range("threads", p->threads, 0, VARIANT_THREADS_MAX,
		msg, msglen) != 0)
		return -1;
	/* interp_value indexes the tables with int32 offsets. */
	if (interp_m(p) > (uint64_t)INT32_MAX / (interp_g(p) + 2)) {
		snprintf(msg, msglen,
		    "m %llu: m*(g+2) tables exceed 2^31 floats at g %llu",
		    (unsigned long long)interp_m(p),
		    (unsigned long long)interp_g(p));
		return -1;
	}
	if (p->steps != 1) {
		snprintf(msg, msglen,
		    "steps %llu: interp has one step (--steps is for colony)",
		    (unsigned long long)p->steps);
		return -1;
	}
	return params_check_blocks(p, msg, msglen);
}

static uint64_t
interp_steps(const params_t *p)
{
	(void)p;
	return 1;
}

static double
interp_units(const params_t *p)
{
	return (double)p->n * (double)interp_m(p);
}

uint64_t
interp_inputs_bytes(const params_t *p)
{
	uint64_t b = model_mul(p->n, 4);
	b = model_add(b, model_mul(interp_m(p), 16));
	return model_add(
	    b, model_mul(model_mul(interp_m(p), interp_g(p) + 2), 4));
}

/* g_i at grid node x, in double, rounded once to float32. */
static float
interp_node_value(int preset, uint64_t i, uint64_t m, double x)
{
	if (preset == PRESET_SEED)
		return (float)(x * x);
	return (float)(sin(2.0 * M_PI * (double)(1 + i % 7) * x) +
	    (double)i / (double)m);
}

void
interp_inputs_free(interp_inputs_t *in)
{
	free(in->x);
	free(in->a);
	free(in->dx);
	free(in->lb);
	free(in->ub);
	free(in->table);
	memset(in, 0, sizeof(*in));
}

int
interp_inputs_build(const params_t *p, interp_inputs_t *in)
{
	uint64_t rng = p->seed;
	uint64_t row = interp_g(p) + 2;
	float a = 0.0f, dx = (float)(1.0 / (double)(interp_g(p) - 1));

	memset(in, 0, sizeof(*in));
	in->n = p->n;
	in->m = interp_m(p);
	in->g = interp_g(p);
	in->x = malloc(p->n * sizeof(float));
	in->a = malloc(interp_m(p) * sizeof(float));
	in->dx = malloc(interp_m(p) * sizeof(float));
	in->lb = malloc(interp_m(p) * sizeof(float));
	in->ub = malloc(interp_m(p) * sizeof(float));
	in->table = malloc(interp_m(p) * row * sizeof(float));
	if (in->x == NULL || in->a == NULL || in->dx == NULL ||
	    in->lb == NULL || in->ub == NULL || in->table == NULL) {
		interp_inputs_free(in);
		return -1;
	}
	for (uint64_t n = 0; n < p->n; n++) {
		in->x[n] = interp_preset(p) == PRESET_SEED
		    ? 0.0f
		    : splitmix_float(&rng);
	}
	for (uint64_t i = 0; i < interp_m(p); i++) {
		float *f = in->table + i * row;

		in->a[i] = a;
		in->dx[i] = dx;
		in->lb[i] = a;
		in->ub[i] = a + (float)(interp_g(p) + 1) * dx;
		f[0] = 0.0f;
		f[row - 1] = 0.0f;
		for (uint64_t k = 0; k < interp_g(p); k++) {
			float v = interp_node_value(interp_preset(p), i,
			    interp_m(p), (double)k * (double)dx);
			f[k + 1] = v;
			if (fabsf(v) > in->max_abs_f)
				in->max_abs_f = fabsf(v);
		}
	}
	return 0;
}

double
interp_reference_value(const interp_inputs_t *in, uint64_t i, float x)
{
	const float *f = in->table + i * (in->g + 2);
	double a = in->a[i], dx = in->dx[i];
	double xc =
	    fmin(fmax((double)x, (double)in->lb[i]), (double)in->ub[i]) - a;
	int32_t hi = (int32_t)in->g + 2 - 4;
	/* The cell decision in float32, as the spec's arithmetic makes it. */
	int32_t ix = (int32_t)floorf(
	    (fminf(fmaxf(x, in->lb[i]), in->ub[i]) - in->a[i]) / in->dx[i]);
	int32_t s = ix < 0 ? 0 : (ix > hi ? hi : ix);
	double t = xc / dx - ((double)ix + 0.5), v = 0.0;

	for (int k = 0; k < 4; k++) {
		double w = coef_a64[k] +
		    t * (coef_b64[k] + t * (coef_c64[k] + t * coef_d64[k]));
		v += (double)f[s + k] * w;
	}
	return v;
}

static int
interp_reference(const params_t *p, double *digest)
{
	interp_inputs_t in;
	double total = 0.0;

	if (interp_inputs_build(p, &in) != 0)
		return -1;
	for (uint64_t n = 0; n < in.n; n++) {
		double row = 0.0;
		for (uint64_t i = 0; i < in.m; i++) {
			double v = interp_reference_value(&in, i, in.x[n]);
			row += v * v;
		}
		total += row;
	}
	interp_inputs_free(&in);
	digest[0] = total;
	return 0;
}

static int
interp_validate(const params_t *p, const double *got, const double *ref,
    char *msg, size_t msglen)
{
	/* Relative 1e-4; an absolute floor for totals that are exactly zero
	 * (the seed preset evaluates x^2 at 0). */
	double tol = 1e-4 * fabs(ref[0]) + 1e-30;

	(void)p;
	if (!(fabs(got[0] - ref[0]) <= tol)) {
		snprintf(msg, msglen,
		    "total %.9g differs from the float64 reference %.9g "
		    "by %.3g (tolerance %.3g)",
		    got[0], ref[0], fabs(got[0] - ref[0]), tol);
		return -1;
	}
	return 0;
}

const workload_t interp_workload = {
    .name = "interp",
    .description = "M cubic interpolants at N points, squared and summed",
    .params = "n m g preset seed chunk tile steps threads",
    .unit = "pair",
    .digest_count = 1,
    .digest_names = {"total"},
    .defaults = interp_defaults,
    .smoke = interp_smoke,
    .check = interp_check,
    .steps = interp_steps,
    .units = interp_units,
    .input_bytes = interp_inputs_bytes,
    .reference = interp_reference,
    .validate = interp_validate,
    .extra_params = interp_params,
};

int
interp_state_setup(const params_t *p, size_t size, void **state)
{
	interp_state_t *st = calloc(1, size);

	if (st == NULL)
		return -1;
	st->params = *p;
	if (interp_inputs_build(p, &st->in) != 0) {
		free(st);
		return -1;
	}
	*state = st;
	return 0;
}

int
interp_setup(const params_t *p, void **state)
{
	return interp_state_setup(p, sizeof(interp_state_t), state);
}

void
interp_state_teardown(void *state)
{
	interp_state_t *st = state;

	if (st == NULL)
		return;
	interp_inputs_free(&st->in);
	free(st);
}

void
interp_state_reset(void *state)
{
	((interp_state_t *)state)->total = 0.0;
}

void
interp_state_digest(void *state, double *digest)
{
	digest[0] = ((interp_state_t *)state)->total;
}

uint64_t
interp_model_zero(const params_t *p, uint64_t (*round)(uint64_t))
{
	(void)p;
	(void)round;
	return 0;
}

double
interp_flops_per_pair_recomputed(void)
{
	/* clamp 2, shift 1, divide 1, offset 2, weights 4 x 6, dot 7, square
	 * and add 2 */
	return 39.0;
}

uint64_t
interp_grid_major_row(uint64_t m)
{
	return (m + 15) & ~(uint64_t)15;
}

/* dst[i] = col[i * stride] for i < m. */
static void
interp_grid_major_row_fill(
    float *restrict dst, const float *restrict col, int32_t m, int32_t stride)
{
#pragma omp simd
	for (int32_t i = 0; i < m; i++)
		dst[i] = col[i * stride];
}

float *
interp_grid_major(const interp_inputs_t *in, int threads)
{
	const uint64_t m = in->m, row = in->g + 2;
	const uint64_t mp = interp_grid_major_row(m);
	float *gm = aligned_alloc(64, row * mp * sizeof(float));

	if (gm == NULL)
		return NULL;
	/* Split by grid row: each thread writes its own rows of gm, each row
	 * one vectorized loop of contiguous stores whose loads gather down a
	 * column of the tables (int32 offsets: check keeps M*(G+2) below
	 * 2^31), then the padding. The m loads of one row fall in m cache
	 * lines that the next rows reuse. */
	VARIANT_PARALLEL({
		_Pragma("omp for schedule(static)") for (uint64_t k = 0;
							 k < row; k++)
		{
			interp_grid_major_row_fill(gm + k * mp, in->table + k,
			    (int32_t)m, (int32_t)row);
			for (uint64_t i = m; i < mp; i++)
				gm[k * mp + i] = 0.0f;
		}
	});
	return gm;
}

uint64_t
interp_grid_major_bytes(const params_t *p, uint64_t (*round)(uint64_t))
{
	return round(model_mul(
	    model_mul(interp_g(p) + 2, interp_grid_major_row(interp_m(p))), 4));
}

int
interp_shared_grid_setup(const params_t *p, void **state)
{
	interp_state_t *st;

	if (interp_setup(p, state) != 0)
		return -1;
	st = *state;
	for (uint64_t i = 1; i < st->in.m; i++) {
		if (st->in.a[i] != st->in.a[0] ||
		    st->in.dx[i] != st->in.dx[0] ||
		    st->in.lb[i] != st->in.lb[0] ||
		    st->in.ub[i] != st->in.ub[0]) {
			interp_state_teardown(st);
			*state = NULL;
			return -1;
		}
	}
	return 0;
}

double
interp_block_materialized(const interp_inputs_t *in, uint64_t n0, uint64_t len,
    float *restrict values, float *restrict rowsum)
{
	/* values is restrict and the point hoisted: gcc must know the stores
	 * alias none of the gathered table loads, or it does not vectorize
	 * the loop over interpolants (it cannot version a gather for alias). */
	const interp_inputs_t inputs = *in;
	const uint64_t m = inputs.m;
	double total = 0.0;

	for (uint64_t n = 0; n < len; n++) {
		const float x = inputs.x[n0 + n];
		float *row = values + n * m;

		for (int32_t i = 0; i < (int32_t)m; i++)
			row[i] = interp_value(&inputs, i, x);
	}
	for (uint64_t j = 0; j < len * m; j++)
		values[j] *= values[j];
	for (uint64_t n = 0; n < len; n++) {
		float acc = 0.0f;
#pragma omp simd reduction(+ : acc)
		for (uint64_t i = 0; i < m; i++)
			acc += values[n * m + i];
		rowsum[n] = acc;
	}
	for (uint64_t n = 0; n < len; n++)
		total += rowsum[n];
	return total;
}

double
interp_table_traffic(const params_t *p, double passes)
{
	double tables = 4.0 * (double)(interp_g(p) + 2) * (double)interp_m(p);

	if (tables <= (double)variant_cache_bytes(3, 8u << 20))
		return tables;
	return tables * passes;
}

double
interp_points_split(const interp_inputs_t *in, int threads,
    interp_points_fn points, const void *arg)
{
	/* A local copy: nothing in the loops can then change the input
	 * pointers, so they are not reloaded per lane. */
	const interp_inputs_t inputs = *in, *local = &inputs;
	double partial[VARIANT_THREADS_MAX];

	VARIANT_PARALLEL({
		const int t = variant_thread_num();
		uint64_t lo, hi;

		variant_share(local->n, t, threads, &lo, &hi);
		partial[t] = points(local, arg, lo, hi);
	});
	return variant_sum_partials(partial, threads);
}
