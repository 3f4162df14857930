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
	if (interp_m(p) > (uint64_t)INT32_MAX / interp_row(interp_g(p))) {
		snprintf(msg, msglen,
		    "m %llu: the m tables of g+2 (a row padded to an odd "
		    "number of cache lines) exceed 2^31 floats at g %llu",
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

/* The sine of g_i at grid node x: i enters it only by i % 7. */
static double
interp_node_sin(uint64_t i, double x)
{
	return sin(2.0 * M_PI * (double)(1 + i % 7) * x);
}

/* g_i at grid node x, in double, rounded once to float32; sine, when not
 * NULL, the node's interp_node_sin. */
static float
interp_node_value(
    int preset, uint64_t i, uint64_t m, double x, const double *sine)
{
	if (preset == PRESET_SEED)
		return (float)(x * x);
	return (float)((sine != NULL ? *sine : interp_node_sin(i, x)) +
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
	uint64_t row = interp_row(interp_g(p));
	float a = 0.0f, dx = (float)(1.0 / (double)(interp_g(p) - 1));
	double *sines;

	memset(in, 0, sizeof(*in));
	in->n = p->n;
	in->m = interp_m(p);
	in->g = interp_g(p);
	in->row = row;
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
	/* The sines of the 7 frequencies at every node, computed once: the
	 * same doubles as each row's own call, 43 times fewer calls at
	 * M = 300. A cache simulation of interp hoisted (M = 300, N = 1e5)
	 * took 12.4 s against 14.0 s with the 1.2 million calls; most of
	 * the rest is the counted region's vector code under valgrind. */
	sines = interp_preset(p) == PRESET_SEED
	    ? NULL
	    : malloc(7 * interp_g(p) * sizeof(double));
	for (uint64_t i = 0; sines != NULL && i < 7 && i < interp_m(p); i++)
		for (uint64_t k = 0; k < interp_g(p); k++)
			sines[i * interp_g(p) + k] =
			    interp_node_sin(i, (double)k * (double)dx);
	for (uint64_t i = 0; i < interp_m(p); i++) {
		float *f = in->table + i * row;

		in->a[i] = a;
		in->dx[i] = dx;
		in->lb[i] = a;
		in->ub[i] = a + (float)(interp_g(p) + 1) * dx;
		/* F_i[0] and F_i[G+1] are the spec's zeros; the row's
		 * padding past them is never read, zeroed all the same. */
		for (uint64_t k = interp_g(p) + 1; k < row; k++)
			f[k] = 0.0f;
		f[0] = 0.0f;
		for (uint64_t k = 0; k < interp_g(p); k++) {
			float v = interp_node_value(interp_preset(p), i,
			    interp_m(p), (double)k * (double)dx,
			    sines != NULL ? sines + (i % 7) * interp_g(p) + k
					  : NULL);
			f[k + 1] = v;
			if (fabsf(v) > in->max_abs_f)
				in->max_abs_f = fabsf(v);
		}
	}
	free(sines);
	return 0;
}

/* fmin(fmax(x, lo), hi) as comparisons, the same value for every input (a
 * NaN x takes lo, as fmax gives it): gcc 12 calls libm for fmin and fmax
 * and for their float forms, four calls for each of the reference's
 * pairs. */
static inline double
clamp64(double x, double lo, double hi)
{
	return !(x >= lo) ? lo : (x > hi ? hi : x);
}

static inline float
clamp32(float x, float lo, float hi)
{
	return !(x >= lo) ? lo : (x > hi ? hi : x);
}

/* The float64 value of interpolant i at x; inlined into the reference's
 * loop over a block's points, which gcc then vectorizes (a call per pair
 * kept it scalar). */
static inline double
reference_value(const interp_inputs_t *in, uint64_t i, float x)
{
	const float *f = in->table + i * in->row;
	double a = in->a[i], dx = in->dx[i];
	double xc =
	    clamp64((double)x, (double)in->lb[i], (double)in->ub[i]) - a;
	int32_t hi = (int32_t)in->g + 2 - 4;
	/* The cell decision in float32, as the spec's arithmetic makes it. */
	int32_t ix = (int32_t)floorf(
	    (clamp32(x, in->lb[i], in->ub[i]) - in->a[i]) / in->dx[i]);
	int32_t s = ix < 0 ? 0 : (ix > hi ? hi : ix);
	double t = xc / dx - ((double)ix + 0.5), v = 0.0;

	for (int k = 0; k < 4; k++) {
		double w = coef_a64[k] +
		    t * (coef_b64[k] + t * (coef_c64[k] + t * coef_d64[k]));
		v += (double)f[s + k] * w;
	}
	return v;
}

double
interp_reference_value(const interp_inputs_t *in, uint64_t i, float x)
{
	return reference_value(in, i, x);
}

/* Points in a block of the reference: their row sums (16 KiB) and one
 * interpolant's table (16 KiB at G = 4096) stay in L1. */
#define INTERP_REFERENCE_BLOCK 2048

/* Block by block of points, interpolant by interpolant inside a block:
 * point by point, every pair read a line of the 4.9 MB of tables from L3,
 * and a sweep at N = 1e6, M = 300 waited 13 to 17 s for the reference on
 * an idle two-core VM, 2.3 to 3.1 s after blocking; with reference_value
 * inlined and the points' loop vectorized, `harness run interp sorted
 * --n 1e6 --m 300 --repeat 1` took 0.83 to 0.86 s in all against 1.15 to
 * 1.23 s (Zen 4 VM, 2026-12-07; the same total to the last digit).
 *
 * Each point's row is still summed in interpolant order. On every core
 * (the reference is not timed and a sweep waits for it): the rows' sum
 * then depends on the thread count in its last bits only, far under the
 * check's 1e-4. */
static int
interp_reference(const params_t *p, double *digest)
{
	interp_inputs_t in;
	double total = 0.0;

	if (interp_inputs_build(p, &in) != 0)
		return -1;
#pragma omp parallel for reduction(+ : total) schedule(static)
	for (uint64_t b = 0; b < in.n; b += INTERP_REFERENCE_BLOCK) {
		double row[INTERP_REFERENCE_BLOCK] = {0.0};
		uint64_t len = in.n - b < INTERP_REFERENCE_BLOCK
		    ? in.n - b
		    : INTERP_REFERENCE_BLOCK;

		for (uint64_t i = 0; i < in.m; i++)
#pragma omp simd
			for (uint64_t k = 0; k < len; k++) {
				double v = reference_value(&in, i, in.x[b + k]);
				row[k] += v * v;
			}
		for (uint64_t k = 0; k < len; k++)
			total += row[k];
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

/* float32 lanes of the transpose's square blocks (one register of the
 * build's widest), and the shuffle masks of its rounds: round s, with
 * h = W / 2^(s+1), makes of vectors a and b (h apart) the vector of
 * entries k of a where bit h of k is clear and k - h of b where it is set
 * (lo; index W + j is b's entry j), and the vector of entries k + h of a
 * and k of b (hi). */
#if defined(__AVX512F__)
#define GRID_MAJOR_W 16
#define GRID_MAJOR_ROUNDS 4
#define GRID_MAJOR_MASKS                                                       \
	{{0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23},             \
	    {8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31}},   \
	    {{0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27},       \
		{4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31}}, \
	    {{0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29},       \
		{2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31}}, \
	{                                                                      \
		{0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30},   \
		{                                                              \
			1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, \
			    31                                                 \
		}                                                              \
	}
#elif defined(__AVX__)
#define GRID_MAJOR_W 8
#define GRID_MAJOR_ROUNDS 3
#define GRID_MAJOR_MASKS                                                       \
	{{0, 1, 2, 3, 8, 9, 10, 11}, {4, 5, 6, 7, 12, 13, 14, 15}},            \
	    {{0, 1, 8, 9, 4, 5, 12, 13}, {2, 3, 10, 11, 6, 7, 14, 15}},        \
	{                                                                      \
		{0, 8, 2, 10, 4, 12, 6, 14},                                   \
		{                                                              \
			1, 9, 3, 11, 5, 13, 7, 15                              \
		}                                                              \
	}
#else
#define GRID_MAJOR_W 4
#define GRID_MAJOR_ROUNDS 2
#define GRID_MAJOR_MASKS                                                       \
	{{0, 1, 4, 5}, {2, 3, 6, 7}},                                          \
	{                                                                      \
		{0, 4, 2, 6},                                                  \
		{                                                              \
			1, 5, 3, 7                                             \
		}                                                              \
	}
#endif

typedef float grid_major_vec_t __attribute__((vector_size(4 * GRID_MAJOR_W)));
typedef int32_t grid_major_mask_t
    __attribute__((vector_size(4 * GRID_MAJOR_W)));

static const grid_major_mask_t grid_major_masks[GRID_MAJOR_ROUNDS][2] = {
    GRID_MAJOR_MASKS};

/* r = the shuffle of a and b by mask m. clang (the fuzz build) has no
 * __builtin_shuffle with a mask vector: there it is done entry by entry. */
#if defined(__clang__)
#define GRID_MAJOR_SHUFFLE(r, a, b, m)                                         \
	do {                                                                   \
		for (int k_ = 0; k_ < GRID_MAJOR_W; k_++)                      \
			(r)[k_] = (m)[k_] < GRID_MAJOR_W                       \
			    ? (a)[(m)[k_]]                                     \
			    : (b)[(m)[k_] - GRID_MAJOR_W];                     \
	} while (0)
#else
#define GRID_MAJOR_SHUFFLE(r, a, b, m) ((r) = __builtin_shuffle((a), (b), (m)))
#endif

/* One W x W block (W = GRID_MAJOR_W): rows k0 .. k0+W-1 of gm, columns i0
 * .. i0+W-1, from W table lines (tables i0 .., entries k0 ..). Loaded as
 * W vectors, transposed in registers in log2(W) rounds (round h swaps the
 * off-diagonal h x h blocks of each 2h x 2h block: two shuffles for each
 * pair of vectors h apart), stored as W vectors. The row-by-row copy
 * gathered each row down a column of the tables: 0.7 ms of sorted's 15 at
 * N = 10^6. */
static void
interp_grid_major_block(float *restrict gm, const float *restrict table,
    uint64_t row, uint64_t mp, uint64_t i0, uint64_t k0)
{
	grid_major_vec_t r[GRID_MAJOR_W];

	/* Unrolled, so that r stays in registers: as a loop, gcc 12 at
	 * -march=znver3 copied each line to the stack in two 16-byte halves
	 * and read it back as one 32-byte vector, a load that no store can
	 * forward. */
#pragma GCC unroll 16
	for (int j = 0; j < GRID_MAJOR_W; j++)
		memcpy(
		    &r[j], table + (i0 + (uint64_t)j) * row + k0, sizeof(r[j]));
#pragma GCC unroll 4
	for (int s = 0; s < GRID_MAJOR_ROUNDS; s++) {
		const int h = GRID_MAJOR_W >> (s + 1);

#pragma GCC unroll 16
		for (int i = 0; i < GRID_MAJOR_W; i++) {
			if ((i & h) == 0) {
				const grid_major_vec_t a = r[i], b = r[i + h];

				GRID_MAJOR_SHUFFLE(
				    r[i], a, b, grid_major_masks[s][0]);
				GRID_MAJOR_SHUFFLE(
				    r[i + h], a, b, grid_major_masks[s][1]);
			}
		}
	}
#pragma GCC unroll 16
	for (int j = 0; j < GRID_MAJOR_W; j++)
		memcpy(gm + (k0 + (uint64_t)j) * mp + i0, &r[j], sizeof(r[j]));
}

/* Grid rows a call of interp_grid_major_rows copies: a multiple of W
 * (16, 8 or 4). */
#define GRID_MAJOR_GROUP 64

/* Rows [k0, k1) of gm: the whole W x W blocks, W tables at a time, each
 * table's entries k0 .. k1 read in order (GRID_MAJOR_GROUP of them, four
 * lines); then the rows past the last whole block, the columns past the
 * last whole block, and the padding. A call a block of W rows had read,
 * for each block, one line of every table (300 lines, 8 of their floats
 * used), and the transposition's loads waited on them: 4.7 ms of interp
 * sorted's 52 at N = 1e6 on a Zen 3 VM (--profile), 17% of hoisted's
 * samples at N = 1e5. */
static void
interp_grid_major_rows(float *restrict gm, const float *restrict table,
    uint64_t m, uint64_t row, uint64_t k0, uint64_t k1)
{
	const uint64_t mp = interp_grid_major_row(m);
	const uint64_t mw = m - m % GRID_MAJOR_W;
	const uint64_t kw = k0 + (k1 - k0) / GRID_MAJOR_W * GRID_MAJOR_W;

	for (uint64_t i0 = 0; i0 < mw; i0 += GRID_MAJOR_W)
		for (uint64_t kb = k0; kb < kw; kb += GRID_MAJOR_W)
			interp_grid_major_block(gm, table, row, mp, i0, kb);
	for (uint64_t k = kw; k < k1; k++)
		for (uint64_t i = 0; i < mw; i++)
			gm[k * mp + i] = table[i * row + k];
	for (uint64_t k = k0; k < k1; k++) {
		for (uint64_t i = mw; i < m; i++)
			gm[k * mp + i] = table[i * row + k];
		for (uint64_t i = m; i < mp; i++)
			gm[k * mp + i] = 0.0f;
	}
}

float *
interp_grid_major(const interp_inputs_t *in, int threads)
{
	const uint64_t m = in->m, rows = in->g + 2; /* grid rows: F_i[k] */
	const uint64_t mp = interp_grid_major_row(m);
	const uint64_t blocks =
	    (rows + GRID_MAJOR_GROUP - 1) / GRID_MAJOR_GROUP;
	float *gm = aligned_alloc(64, rows * mp * sizeof(float));

	if (gm == NULL)
		return NULL;
	/* Split by groups of grid rows: each thread writes its own rows of
	 * gm. */
	VARIANT_PARALLEL({
		_Pragma("omp for schedule(static)") for (uint64_t b = 0;
							 b < blocks; b++)
		{
			const uint64_t k0 = b * GRID_MAJOR_GROUP;
			const uint64_t k1 = k0 + GRID_MAJOR_GROUP < rows
			    ? k0 + GRID_MAJOR_GROUP
			    : rows;

			interp_grid_major_rows(
			    gm, in->table, m, in->row, k0, k1);
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
	double tables = interp_tables_bytes(p);

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

double
interp_remainder_iterations(const params_t *p, double per_turn)
{
	const double m = (double)interp_m(p);
	const double tail = (double)((uint64_t)m % INTERP_LANES);

	return interp_point_iterations(p) / per_turn * tail;
}

double
interp_tables_bytes(const params_t *p)
{
	return 4.0 * (double)interp_m(p) * (double)(interp_g(p) + 2);
}

double
interp_point_iterations(const params_t *p)
{
	return (double)p->n * (double)p->steps;
}

double
interp_block_remainder_iterations(const params_t *p)
{
	const double tail = (double)(interp_m(p) % INTERP_LANES);

	/* gcc 12 runs 8 of a tail of 8 or more in straight ymm code (the
	 * point's code around the pair loop, a pass of its own). */
	return interp_point_iterations(p) * (tail >= 8.0 ? tail - 8.0 : tail);
}

double
interp_square_iterations(const params_t *p)
{
	return (double)p->n * (double)interp_m(p) * (double)p->steps /
	    (double)INTERP_LANES;
}

double
interp_reduce_iterations(const params_t *p)
{
	return (double)p->n * (double)(interp_m(p) / INTERP_LANES) *
	    (double)p->steps;
}
