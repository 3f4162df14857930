/*
 * interp: M cubic interpolants evaluated at N points, every value squared and
 * summed (docs/workloads.md, section interp).
 *
 * The mathematics lives here once: the cell and weights of a point
 * (interp_cell, interp_weights) and the value of one interpolant
 * (interp_value). Variants differ only in schedule and memory.
 *
 * The inputs keep what the question's code had: each interpolant carries its
 * own grid parameters (a, dx, lb, ub), as a vmapped constructor produces them,
 * even though every interpolant shares one grid. Only the hoisted variant
 * makes use of that sharing.
 *
 * Limits: M*(G+2) must fit an int32 index (check refuses more); N*M*16 must
 * fit size_t for the variants that materialize.
 */
#ifndef FB_INTERP_H
#define FB_INTERP_H

#include <math.h>
#include <stdint.h>

#include "lanes.h"
#include "variant.h"

/* interp's own parameters (interp_workload.extra_params), in params_t.extra
 * in this order: the number of interpolants M, the grid points per
 * interpolant G, and how the inputs are made (preset). */
enum { INTERP_PARAM_M = 0, INTERP_PARAM_G = 1, INTERP_PARAM_PRESET = 2 };
/* The preset's values: random inputs from the seed, or the question's. */
enum { PRESET_RANDOM = 0, PRESET_SEED = 1 };

static inline uint64_t
interp_m(const params_t *p)
{
	return p->extra[INTERP_PARAM_M];
}

static inline uint64_t
interp_g(const params_t *p)
{
	return p->extra[INTERP_PARAM_G];
}

static inline int
interp_preset(const params_t *p)
{
	return (int)p->extra[INTERP_PARAM_PRESET];
}

typedef struct interp_inputs_s {
	uint64_t n, m, g;
	uint64_t row;            /* floats from one row of table to the next */
	float *x;                /* N evaluation points */
	float *a, *dx, *lb, *ub; /* M each: per-interpolant grid parameters */
	float *table; /* M rows, row floats apart: the G+2 padded values F_i */
	float max_abs_f; /* max |f_i[k]|, for tolerances */
} interp_inputs_t;

/* Every interp variant's state starts with the inputs and the total. */
typedef struct interp_state_s {
	params_t params;
	interp_inputs_t in;
	double total;
} interp_state_t;

extern const workload_t interp_workload;

/* The spec's polynomial coefficients, k = 0..3. */
extern const float interp_coef_a[4], interp_coef_b[4], interp_coef_c[4],
    interp_coef_d[4];

/* Builds the inputs for p. Returns 0, or -1 when an allocation failed (in is
 * then empty). interp_inputs_free releases them; it accepts a zeroed struct. */
int interp_inputs_build(const params_t *p, interp_inputs_t *in);
void interp_inputs_free(interp_inputs_t *in);
uint64_t interp_inputs_bytes(const params_t *p);

/* The shared setup/teardown/reset/digest of all interp variants: the state is
 * `size` bytes (an interp_state_t at its start), zeroed. */
int interp_state_setup(const params_t *p, size_t size, void **state);
void interp_state_teardown(void *state);
/* setup for variants whose state is a bare interp_state_t. */
int interp_setup(const params_t *p, void **state);
void interp_state_reset(void *state);
void interp_state_digest(void *state, double *digest);

/* The cell of point x on a grid (float32, the spec's arithmetic): the window
 * start s (already clamped to 0..s_max) and the offset t. Written without
 * branches, so that loops calling it vectorize. */
static inline void
interp_cell(float x, float a, float dx, float lb, float ub, int32_t s_max,
    int32_t *s, float *t)
{
	/* Selects, not fminf/fmaxf: those carry NaN rules that keep gcc from
	 * vectorizing without -ffinite-math-only; inputs here are finite. */
	float xl = x < lb ? lb : x;
	float xc = (xl > ub ? ub : xl) - a;
	float r = xc / dx;
	float ix = floorf(r);
	float sf = ix < 0.0f ? 0.0f : ix;

	*t = r - (ix + 0.5f);
	*s = (int32_t)(sf > (float)s_max ? (float)s_max : sf);
}

/* The floats from one interpolant's row of the table to the next: G+2
 * rounded up to an odd number of 64-byte lines. The vectorized loops
 * gather one column of 16 rows at once. Rows of G+2 = 4098 floats are 8
 * bytes past a multiple of 4 KiB, so those 16 lines fell in 2 or 3 of
 * the L1's 64 sets (address bits 6 to 11) and evicted each other between
 * a window's four gathers; an odd number of lines puts them in 16 sets.
 * On the Zen 4 VM interp's gathers alone ran 13 to 15% faster so
 * (docs/model.md). */
static inline uint64_t
interp_row(uint64_t g)
{
	uint64_t lines = (g + 2 + 15) / 16;

	return 16 * (lines % 2 == 0 ? lines + 1 : lines);
}

/* The largest window start: G+2-4. */
static inline int32_t
interp_s_max(uint64_t g)
{
	return (int32_t)g - 2;
}

/* The four weights at offset t (Horner's rule, coefficients inline so that
 * the compiler keeps them in registers). A struct rather than an array:
 * inside an `omp simd` loop a local array becomes a per-lane array in memory
 * and defeats vectorization. */
typedef struct interp_weights_s {
	float w0, w1, w2, w3;
} interp_weights_t;

static inline interp_weights_t
interp_weights(float t)
{
	interp_weights_t w;

	w.w0 = -1.0f / 16 + t * (1.0f / 24 + t * (1.0f / 4 + t * (-1.0f / 6)));
	w.w1 = 9.0f / 16 + t * (-9.0f / 8 + t * (-1.0f / 4 + t * (1.0f / 2)));
	w.w2 = 9.0f / 16 + t * (9.0f / 8 + t * (-1.0f / 4 + t * (-1.0f / 2)));
	w.w3 = -1.0f / 16 + t * (-1.0f / 24 + t * (1.0f / 4 + t * (1.0f / 6)));
	return w;
}

/* sum_k f[s+k] * w_k */
static inline float
interp_dot(const float *f, int32_t s, interp_weights_t w)
{
	return f[s] * w.w0 + f[s + 1] * w.w1 + f[s + 2] * w.w2 +
	    f[s + 3] * w.w3;
}

/* v_i(x): interpolant i of in at point x, in float32. i is an int32 (check
 * keeps M*(G+2) below 2^31), and so should the loop counter that passes it
 * be: with a 64-bit counter a vectorized loop over interpolants builds its
 * table offsets in 64-bit lanes and narrows them (nine instructions per
 * vector on x86-64-v3), or gathers with 64-bit indices, eight lanes per
 * instruction instead of sixteen. */
static inline float
interp_value(const interp_inputs_t *in, int32_t i, float x)
{
	int32_t s;
	float t;

	interp_cell(x, in->a[i], in->dx[i], in->lb[i], in->ub[i],
	    interp_s_max(in->g), &s, &t);
	return interp_dot(
	    in->table, i * (int32_t)in->row + s, interp_weights(t));
}

/* The materialized schedule over the points [n0, n0+len): every value into
 * the (len,M) buffer values, squared in place, each row reduced in float32
 * into rowsum[len]; returns the float64 sum of the rows. materialized runs
 * it once over all N points, chunked once per block of B. */
double interp_block_materialized(const interp_inputs_t *in, uint64_t n0,
    uint64_t len, float *restrict values, float *restrict rowsum);
/* The in-core minimum of interp_block_materialized's loop, the hot loop of
 * materialized and chunked, per one pair (point, interpolant), from the spec's
 * formula: the clamp of x to [lb, ub] (a max and a min), xc - a, xc /
 * dx (a divide), floor and its conversion to int32 (2 roundings), t = r
 * - (ix + 0.5) (2), the four weights by Horner's rule (12 FMAs), the
 * clamp of the window start (a max and a min), the four table reads (4
 * gathers), the dot product (a multiply and 3 FMAs): 19
 * multiply-adds (the square and its sum are the second pass's loop),
 * 1 divide, 2 roundings, 4 selects, 4 gathers a pair. */
#define INTERP_BLOCK_MATERIALIZED_INCORE                                       \
	{                                                                      \
		.functions = "interp_block_materialized", .vectors = 1,        \
		.fma = 19, .divsqrt = 1, .round = 2, .select = 4, .gather = 4, \
		.extra = 22,                                                   \
		.extra_why = "gather masks 4, window index 2, parameters 4, "  \
			     "copies of t 4, the x86-64-v3 clamp 3, loop "     \
			     "control 3, the store of the value into the "     \
			     "(N, M) array 1 (instead of fused's sum), and 1 " \
			     "copy: 22"                                        \
	}

/* The grid-major table of hoisted and sorted: row k holds F_i[k] for every
 * interpolant i, padded with zeros to interp_grid_major_row(M) floats (a
 * multiple of 16, one 64-byte vector) so that the loop over interpolants has
 * no scalar tail, aligned loads, and adds exact zeros to each sum. Returns a
 * 64-byte-aligned table the caller frees, or NULL. */
uint64_t interp_grid_major_row(uint64_t m);
/* Made by `threads` threads (each writes whole columns). */
float *interp_grid_major(const interp_inputs_t *in, int threads);
/* Its size as the model counts it. */
uint64_t interp_grid_major_bytes(
    const params_t *p, uint64_t (*round)(uint64_t));
/* setup for the variants that rely on the shared grid: -1 (and no state)
 * when the interpolants' grid parameters differ. */
int interp_shared_grid_setup(const params_t *p, void **state);

/* The independent float64 evaluation of v_i(x). The cell index is taken as
 * the float32 formula takes it (a discrete decision, compared elsewhere);
 * everything after it is computed in double. */
double interp_reference_value(const interp_inputs_t *in, uint64_t i, float x);

/* DRAM bytes for reading all M tables `passes` times: once when the
 * 4(G+2)M bytes fit the last-level cache (every later pass hits it), else
 * every pass. */
double interp_table_traffic(const params_t *p, double passes);

/* float32 lanes of the build's widest vector, which gcc's loops over the
 * interpolants use: 16 with AVX-512, 8 with AVX2. */
#if defined(__AVX512F__)
#define INTERP_LANES 16
#elif defined(__AVX__)
#define INTERP_LANES 8
#else
#define INTERP_LANES 4
#endif

/* A vector of INTERP_LANES float32 sums and the sum of its lanes by
 * halves (lanes.h: where a sum ends every few vectors, an omp simd
 * reduction's tail of one-by-one additions is much of the time). */
#if INTERP_LANES == 16
typedef lanes_16_t interp_lanes_t;
#define interp_lanes_sum lanes_sum_16
#elif INTERP_LANES == 8
typedef lanes_8_t interp_lanes_t;
#define interp_lanes_sum lanes_sum_8
#else
typedef lanes_4_t interp_lanes_t;
#define interp_lanes_sum lanes_sum_4
#endif

/* Iterations a run of the loops the time model prices beside a pair loop
 * over the M interpolants of each point (variant_pass_t): the remainder,
 * a scalar loop of a whole pair's arithmetic a turn, M mod INTERP_LANES
 * turns a point (at M = 300: 12 with AVX-512, 4 with AVX2);
 * materialized's square, a vector of INTERP_LANES values of the (N, M)
 * array a turn; its reduction, M / INTERP_LANES vectors a row. per_turn:
 * points a turn of the pair loop (interp tiled: 2). The remainder was
 * once taken for a 4-lane loop of (M mod 16) / 4 turns: its register
 * copies (vmovaps %xmm0,%xmm5) counted as packed arithmetic
 * (docs/model.md). */
double interp_remainder_iterations(const params_t *p, double per_turn);
/* The points a run visits (N a step): the iterations of a pass that runs
 * once a point (interp sorted's count and scatters, hoisted's code around
 * its prefetch loop). */
double interp_point_iterations(const params_t *p);
double interp_square_iterations(const params_t *p);
/* The bytes the pair loops' gathers range over (variant_t.gather_bytes_of):
 * the M tables of G + 2 floats. The points, the rest of the inputs, are
 * read in order; counted with the tables they put the set at 8.9 MB at
 * N = 1e6, where L2 holds a share of the 4.9 MB of tables alone. */
double interp_tables_bytes(const params_t *p);
double interp_reduce_iterations(const params_t *p);

/* The passes of interp_block_materialized (materialized and chunked):
 * its remainder (the largest scalar loop), the point's code around the
 * pair loop, then the square and the reduction (the INTERP_LANES-lane
 * loops after the pair loop, the largest), which read back the block the
 * pair loop stored. With AVX-512 gcc 12 takes 8 of the remainder's 12
 * interpolants (M = 300) in straight ymm code, four masked gathers, once
 * a point: counted as the scalar loop's, the remainder was priced at 5.2
 * ms a run at N = 1e5 against 1.67 ms sampled, and the ymm code nowhere;
 * as the code around the pair loop, 2.3 ms predicted against 3.0 ms, the
 * remainder 1.7 against 2.0 ms (Intel Xeon VM, 2026-12-06, `harness run
 * interp materialized --n 1e5 --m 300 --model --profile`). At 8 lanes gcc 12
 * writes the remainder as straight code, not a loop (the AVX2 build's loops:
 * the pair loop, the square and the reduction at 8 lanes, two float64 loops):
 * it is stated at 16 lanes alone. */
double interp_block_remainder_iterations(const params_t *p);
#if INTERP_LANES == 16
#define INTERP_BLOCK_REMAINDER_PASS                                            \
	{"interp_block_materialized", 1, 0, interp_block_remainder_iterations},
#else
#define INTERP_BLOCK_REMAINDER_PASS
#endif
#define INTERP_BLOCK_MATERIALIZED_PASSES                                       \
	{                                                                      \
		INTERP_BLOCK_REMAINDER_PASS{"interp_block_materialized",       \
		    VARIANT_PASS_AROUND, 0, interp_point_iterations},          \
		    {"interp_block_materialized", INTERP_LANES, 1,             \
			interp_square_iterations, .reads_back = 1},            \
		    {"interp_block_materialized", INTERP_LANES, 2,             \
			interp_reduce_iterations, .reads_back = 1},            \
	}

/* Shared model pieces. */
uint64_t interp_model_zero(const params_t *p, uint64_t (*round)(uint64_t));
double interp_flops_per_pair_recomputed(void);

/* The step's threads split the N points: points(in, arg, lo, hi) runs on
 * each thread's share [lo, hi) and the partial sums are added in thread
 * order, so a given T gives the same total every run. NAN from a share
 * (its buffer could not be allocated) makes the total NAN. */
typedef double (*interp_points_fn)(
    const interp_inputs_t *in, const void *arg, uint64_t lo, uint64_t hi);
double interp_points_split(const interp_inputs_t *in, int threads,
    interp_points_fn points, const void *arg);

#endif /* FB_INTERP_H */
