/*
 * interp gram: beyond sorting, the algebra. Every interpolant shares one
 * grid, so a point's cell s and weights w_0..w_3 serve all M of them (as in
 * hoisted), and its value for interpolant i is v_i = sum_k F_i[s+k] w_k. The
 * sum of their squares is then a quadratic form in the point's four weights:
 *
 *     sum_i v_i^2 = sum_k sum_l w_k w_l K_s[k][l],
 *     K_s[k][l]   = sum_i F_i[s+k] F_i[s+l],
 *
 * K_s the 4x4 block at (s, s) of the table's column Gram matrix F^T F
 * (F the M x (G+2) table), of which only the four central diagonals are
 * ever read: band d holds D_d[j] = sum_i F_i[j] F_i[j+d], d = 0..3, so that
 * K_s[k][l] = D_{|l-k|}[s + min(k, l)]. The bands take 4 multiply-adds a
 * (column, interpolant), made inside the measured run; then a point takes
 * its cell, its weights and the 10 multiply-adds of its form, whatever M
 * is. The work is O(G M + N), not O(N M): at the question's size 4.9
 * million multiply-adds for the bands and 10 million for the points,
 * against 1.5 billion for hoisted's pairs.
 *
 * The bands are 4 arrays of G+2 floats (64 kB at G = 4096, held in L2),
 * made a block of columns at a time so that the block's four rows of sums
 * stay in the L1 cache while every interpolant's table row streams past
 * once. The points' loop gathers each point's 10 entries from them.
 *
 * Rounding: a matrix entry is a float32 sum of M products and a point's
 * form a float32 sum of 10 terms; the forms are summed in float32 a chunk
 * of points at a time, the chunks in float64. Where cancellation would
 * matter, it does not: K_s is positive semidefinite and the weights sum to
 * one, so the form's terms are within a small factor of the result.
 *
 * Threads split the columns for the bands and the points for the forms.
 *
 * Workspace: the 4 bands, G+2 floats each rounded up to 16.
 */
#include <stdlib.h>
#include <string.h>

#include "interp/interp.h"

/* Columns a block of the bands' loop: its 4 rows of sums, 8 KiB, stay in
 * L1 while the M table rows pass. */
#define GRAM_BLOCK 512
/* Points whose forms are summed in float32 before the float64 total. */
#define GRAM_CHUNK 1024
/* The bands D_0 .. D_3. */
#define GRAM_BANDS 4

/* Floats from one band to the next: the G+2 columns rounded up to 16, so
 * that each band starts on a 64-byte line. */
static uint64_t
gram_stride(uint64_t g)
{
	return (g + 2 + 15) / 16 * 16;
}

/* The bands' columns [b, b + len), len at most GRAM_BLOCK, into k (band
 * d's column j at k[d * stride + j]): the block's four rows of sums stay
 * in L1 while every table row passes. Band d has G+2-d columns (its
 * product's second factor ends there); its columns past that stay zero,
 * and no row is read past its G+2 floats. Never inlined: the time model
 * finds its loop by this name. */
static __attribute__((noinline)) void
interp_gram_bands(const interp_inputs_t *in, float *restrict k, uint64_t stride,
    uint64_t b, uint64_t len)
{
	const uint64_t cols = in->g + 2;
	/* The columns whose four bands all exist. */
	const uint64_t full = b + len + 3 <= cols ? len
	    : cols > b + 3                        ? cols - 3 - b
						  : 0;
	float acc[GRAM_BANDS][GRAM_BLOCK] __attribute__((aligned(64)));

	memset(acc, 0, sizeof(acc));
	for (uint64_t i = 0; i < in->m; i++) {
		const float *f = in->table + i * in->row + b;

#pragma omp simd
		for (uint64_t j = 0; j < full; j++) {
			const float f0 = f[j];

			acc[0][j] += f0 * f0;
			acc[1][j] += f0 * f[j + 1];
			acc[2][j] += f0 * f[j + 2];
			acc[3][j] += f0 * f[j + 3];
		}
		for (uint64_t j = full; j < len; j++)
			for (uint64_t d = 0; d < GRAM_BANDS; d++)
				if (b + j + d < cols)
					acc[d][j] += f[j] * f[j + d];
	}
	for (int d = 0; d < GRAM_BANDS; d++) {
		const float scale = d == 0 ? 1.0f : 2.0f;

		for (uint64_t j = 0; j < len; j++)
			k[(uint64_t)d * stride + b + j] = scale * acc[d][j];
	}
}

/* The points [lo, hi): each point's form in its cell's matrix; their sum.
 * Never inlined: the time model's hot loop is this one. */
static __attribute__((noinline)) double
interp_gram_points(
    const interp_inputs_t *in, const void *arg, uint64_t lo, uint64_t hi)
{
	const float *k = arg;
	const uint64_t st = gram_stride(in->g);
	/* The bands, the off-diagonal ones doubled. */
	const float *d0 = k, *d1 = k + st, *d2 = k + 2 * st, *d3 = k + 3 * st;
	const int32_t s_max = interp_s_max(in->g);
	/* The points through a local pointer: read through in, gcc 12
	 * vectorized x[n] as two gathers of 64-bit addresses a vector. */
	const float *restrict x = in->x;
	const float a = in->a[0], dx = in->dx[0], lb = in->lb[0],
		    ub = in->ub[0];
	double total = 0.0;

	for (uint64_t c = lo; c < hi; c += GRAM_CHUNK) {
		const uint64_t end = hi - c < GRAM_CHUNK ? hi : c + GRAM_CHUNK;
		float sum = 0.0f;

#pragma omp simd reduction(+ : sum)
		for (uint64_t n = c; n < end; n++) {
			int32_t s;
			float t;
			interp_weights_t w;

			interp_cell(x[n], a, dx, lb, ub, s_max, &s, &t);
			w = interp_weights(t);
			sum += w.w0 *
				(w.w0 * d0[s] + w.w1 * d1[s] + w.w2 * d2[s] +
				    w.w3 * d3[s]) +
			    w.w1 *
				(w.w1 * d0[s + 1] + w.w2 * d1[s + 1] +
				    w.w3 * d2[s + 1]) +
			    w.w2 * (w.w2 * d0[s + 2] + w.w3 * d1[s + 2]) +
			    w.w3 * w.w3 * d0[s + 3];
		}
		total += (double)sum;
	}
	return total;
}

static int
interp_gram_step(void *state, uint64_t k)
{
	interp_state_t *st = state;
	const interp_inputs_t *in = &st->in;
	const int threads = variant_threads(&st->params);
	const uint64_t stride = gram_stride(in->g), cols = in->g + 2;
	float *mat = aligned_alloc(64, GRAM_BANDS * stride * sizeof(float));
	/* Whole blocks a thread. */
	const uint64_t blocks = (cols + GRAM_BLOCK - 1) / GRAM_BLOCK;

	(void)k;
	if (mat == NULL)
		return -1;
#pragma omp parallel for num_threads(threads) schedule(static)
	for (uint64_t b = 0; b < blocks; b++) {
		const uint64_t j0 = b * GRAM_BLOCK;

		interp_gram_bands(in, mat, stride, j0,
		    cols - j0 < GRAM_BLOCK ? cols - j0 : GRAM_BLOCK);
	}
	st->total = interp_points_split(in, threads, interp_gram_points, mat);
	free(mat);
	return 0;
}

static uint64_t
interp_gram_model(const params_t *p, uint64_t (*round)(uint64_t))
{
	return round(model_mul(
	    model_mul(GRAM_BANDS, gram_stride(interp_g(p))), sizeof(float)));
}

/* The points' loop: one iteration a vector of INTERP_LANES points, each
 * point M pairs. */
static double
interp_gram_hot_units(const params_t *p)
{
	return (double)INTERP_LANES * (double)interp_m(p);
}

/* The bytes the points' gathers range over: the 4 bands, not the inputs
 * (L2 holds them at G = 4096, where the inputs are L3's). */
static double
interp_gram_gather_bytes(const params_t *p)
{
	return (double)interp_gram_model(p, model_bare);
}

/* The bands' loop: one element a (column, interpolant), all steps. */
static double
interp_gram_elements(const params_t *p)
{
	return (double)(interp_g(p) + 2) * (double)interp_m(p) *
	    (double)p->steps;
}

static double
interp_gram_flops(const params_t *p)
{
	/* The bands: 4 multiply-adds a (column, interpolant); a point: the
	 * four weights' polynomials (3 multiply-adds each) and the form's 10
	 * multiply-adds and 4 multiplies by a weight; 2 flops a multiply-add.
	 */
	return 8.0 * (double)(interp_g(p) + 2) * (double)interp_m(p) +
	    52.0 * (double)p->n;
}

static double
interp_gram_bytes(const params_t *p)
{
	/* DRAM traffic: the points and every table row once; the bands (64 kB
	 * at G = 4096) stay in L2. */
	return 4.0 * (double)p->n +
	    4.0 * (double)(interp_g(p) + 2) * (double)interp_m(p);
}

const variant_t interp_gram = {
    .name = "gram",
    .workload = &interp_workload,
    .description = "the sum of squares over interpolants as a quadratic form "
		   "in each point's four weights: the table's column Gram "
		   "matrix on its four central diagonals, then 10 "
		   "multiply-adds a point",
    .idiom = "what the algebra allows beyond any schedule: sum_i (F_i . "
	     "w)^2 = w^T (F^T F) w, four diagonals of F^T F made once (a sum "
	     "of shifted products over the tables), then one small quadratic "
	     "form per point",
    .loops = "for d in 0..3: for i: for j: D_d[j] += F[j, i] F[j+d, i]; for "
	     "n: s, w of x[n]; total += sum_kl w_k w_l D_|l-k|[s+min(k,l)]",
    .notes = "the tables are read once, to make 4 bands of G+2 numbers; a "
	     "point's work does not depend on M",
    .model_formula = "4*ceil16(G+2)*4",
    .model_bytes = interp_gram_model,
    .setup = interp_shared_grid_setup,
    .reset = interp_state_reset,
    .step = interp_gram_step,
    .digest = interp_state_digest,
    .teardown = interp_state_teardown,
    .flops = interp_gram_flops,
    .bytes = interp_gram_bytes,
    .incore =
	/* In-core minimum, per point (vectors 1: an iteration of the points'
	 * loop is a vector of points): its cell (the clamp's two selects,
	 * the subtraction of a, the divide by dx, the floor, the clamp of the
	 * window start to 0..G-2, two selects, its conversion to an integer,
	 * and t's add and subtract: 3 adds, 1 divide, 2 roundings, 4
	 * selects); its four weights (three multiply-adds each: 12); its
	 * form, nested by rows (w0 d0 + w1 o01 + w2 o02 + w3 o03: 4; the
	 * second row 3, the third 2, the fourth 1; the rows times their
	 * weights and added: 4), 14, and its sum, 1: 30 multiply-adds; and
	 * the 10 gathers of its matrix. */
    {.functions = "interp_gram_points",
	.vectors = 1,
	.fma = 30,
	.divsqrt = 1,
	.round = 2,
	.select = 4,
	.gather = 10,
	.extra = 25,
	.extra_why =
	    "a gather clears the mask it is given, so each of the 10 takes "
	    "a fresh copy of an all-ones mask (kmovw with AVX-512, vmovaps "
	    "with AVX2: 10); register copies, a three-operand multiply-add "
	    "overwriting one of its inputs (t for the four polynomials, the "
	    "weights for the form: 9 vmovaps in the AVX-512 loop); the loop "
	    "control (add, compare, branch: 3); the clamp's zeroing (a "
	    "masked move with AVX-512; with AVX2 an and, a blend and a "
	    "zeroing xor): 23 in the AVX-512 loop (70 instructions), 25 in "
	    "the AVX2 one (72)"},
    .hot_symbol = "interp_gram_points",
    .hot_units_of = interp_gram_hot_units,
    .gather_bytes_of = interp_gram_gather_bytes,
    .passes = {{"interp_gram_bands", 0, 0, interp_gram_elements, 1}},
};
