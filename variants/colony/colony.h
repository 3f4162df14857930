/*
 * colony: N rod-shaped bacteria in a periodic box with pairwise contact
 * forces, torques and a sensing density, stepped K times (docs/workloads.md,
 * section colony).
 *
 * The mathematics lives here once: the minimum image (colony_min_image) and
 * the pair kernel (colony_pair_both, and colony_pair for one side), static
 * inline and branch-free so that a loop over j vectorizes. The time step around
 * the pair sums (wrap, axes, propulsion, activity, integration) is
 * colony_step_begin and colony_step_end in colony_common.c; a variant supplies
 * only how the pair sums F_int, T_int and rho are computed, between the two.
 *
 * The float64 reference (colony_reference.c) is separate code that shares
 * nothing with the float32 kernel but the parameters' values.
 *
 * Limits: N must fit an int32 index for the cell lists and N*N*16 must fit
 * size_t for the variants that materialize (N up to about 10^9 / 4).
 * Threads (params_t.threads) split the rows i and the per-particle loops of
 * colony_step_begin and colony_step_end; eager's pair sums stay on one
 * thread.
 */
#ifndef FB_COLONY_H
#define FB_COLONY_H

#include <math.h>
#include <stdint.h>

#include "variant.h"

/* The spec's parameters (float32 for the kernels). */
#define COLONY_L 2.0f
#define COLONY_R 0.5f
#define COLONY_K_CC 50.0f
#define COLONY_F_PROP 1.0f
#define COLONY_T_PROP 0.05f
#define COLONY_W_A 1.0f
#define COLONY_R_S (2.0f * COLONY_L)
#define COLONY_A_TH 0.5f
#define COLONY_GAMMA 1.0f
#define COLONY_DT 0.01f
#define COLONY_PHI 0.25
/* The digest: sum_abs_F, sum_abs_T, sum_rho (first step), sum_disp,
 * mean_a (after K steps). */
#define COLONY_DIGEST 5
/* max(L + 2R, R_s): no pair farther apart than this interacts. */
#define COLONY_R_CUT 4.0f

/* The state every colony variant's state starts with. The arrays are float32
 * structure-of-arrays of N, all allocated by setup (they are the input, not
 * workspace): the evolving state, its initial copy for reset, the rods' axes
 * made at the start of each step, the step's pair sums that a variant
 * fills, and each bacterium's displacement summed over the run's steps,
 * never wrapped (the digest's sum_disp). */
typedef struct colony_state_s {
	params_t params;
	uint64_t n;
	float box, inv_box;
	float *x, *y, *theta, *a;
	float *x_init, *y_init, *theta_init, *a_init;
	float *ux, *uy;
	float *f_x, *f_y, *torque, *rho;
	float *disp_x, *disp_y;
	/* The digest's first-step figures, recorded by colony_step_end. */
	double sum_abs_f, sum_abs_t, sum_rho;
} colony_state_t;

extern const workload_t colony_workload;

/* The box side S = sqrt(N (2RL + pi R^2) / phi), in double. */
double colony_box_side(uint64_t n);

/* The shared setup/teardown/reset/digest of all colony variants: the state is
 * `size` bytes (a colony_state_t at its start), zeroed, then filled with the
 * initial state. Returns 0, or -1 when an allocation failed (nothing is then
 * owned). */
int colony_state_setup(const params_t *p, size_t size, void **state);
int colony_setup(const params_t *p, void **state);
void colony_state_teardown(void *state);
void colony_state_reset(void *state);
void colony_state_digest(void *state, double *digest);
uint64_t colony_inputs_bytes(const params_t *p);

/* Spec steps 1-2: centres wrapped into [0,S), axes u_i from theta_i. */
void colony_step_begin(colony_state_t *st);
/* Spec steps 4-7 from the pair sums in f_x, f_y, torque, rho; on step 0 it
 * also records the digest's first-step figures. */
void colony_step_end(colony_state_t *st, uint64_t k);

/* The float64 reference. method: COLONY_REF_AUTO picks all pairs for small
 * runs and the cell list for large ones; the other two force one. Returns 0,
 * or -1 on allocation failure (or when CELLS is forced on a box smaller than
 * three cells). */
enum { COLONY_REF_AUTO = 0, COLONY_REF_ALL_PAIRS = 1, COLONY_REF_CELLS = 2 };
int colony_reference_run(const params_t *p, int method, double *digest);

/* Cells per box side for a cell list of side >= r_cut; below 3 the 3x3
 * neighbourhood would visit a cell twice. */
uint64_t colony_cells_per_side(uint64_t n);

/* The materializing schedules' arrays for a block of rows: forces
 * (rows,N,2), torques (rows,N) and density (rows,N), 16 rows N bytes. */
typedef struct colony_pair_arrays_s {
	float *forces, *torques, *density;
} colony_pair_arrays_t;
/* 0, or -1 with nothing held. */
int colony_pair_arrays_alloc(
    colony_pair_arrays_t *a, uint64_t rows, uint64_t n);
/* Frees and empties a; an empty a is fine. */
void colony_pair_arrays_free(colony_pair_arrays_t *a);
/* Their bytes as the model counts them. */
uint64_t colony_pair_arrays_model(
    uint64_t rows, uint64_t n, uint64_t (*round)(uint64_t));
/* The materializing schedules' two halves, for rows i0..i0+rows-1: fill the
 * arrays with every pair term, then reduce each row into f_x, f_y, torque
 * and rho. */
void colony_rows_fill(const colony_state_t *st, uint64_t i0, uint64_t rows,
    const colony_pair_arrays_t *a);
void colony_rows_sum(colony_state_t *st, uint64_t i0, uint64_t rows,
    const colony_pair_arrays_t *a);
/* Both halves over all N rows of (N,N) arrays, each split across the
 * step's threads by rows (naive and naive-reuse). */
void colony_rows_all(
    colony_state_t *st, const colony_pair_arrays_t *a, int threads);
/* DRAM bytes of one run of the materializing schedules: the three arrays
 * written and read back once, 32 bytes a pair, when they exceed the caches. */
double colony_materialized_bytes(const params_t *p);

/* Shared model and roofline pieces. */
uint64_t colony_model_zero(const params_t *p, uint64_t (*round)(uint64_t));
double colony_flops_per_pair(void);
double colony_all_pairs_flops(const params_t *p);

/* The minimum image of one component of d = c_j - c_i in a box of side box:
 * d - S floor(d/S + 1/2). Both centres are wrapped into [0,S) (step 1), so
 * |d| < S and floor() is -1, 0 or 1: two selects, which vectorize where
 * floorf does not (gcc keeps it a libm call under -ftrapping-math). */
static inline float
colony_min_image(float d, float box)
{
	float up = d + box, down = d - box;

	d = isgreaterequal(d, 0.5f * box) ? down : d;
	return isless(d, -0.5f * box) ? up : d;
}

/* v clamped to [0, 1] with quiet comparisons and selects: gcc calls libm for
 * fminf and fmaxf (their NaN rules), which stops vectorization. */
static inline float
colony_clamp01(float v)
{
	v = isless(v, 0.0f) ? 0.0f : v;
	return isgreater(v, 1.0f) ? 1.0f : v;
}

/* The pair terms of one pair (i, j), see colony_pair_both. */
typedef struct colony_pair_s {
	float fx, fy;     /* contact force on i; on j it is (-fx, -fy) */
	float tqi, tqj;   /* torques about c_i and about c_j */
	float rhoi, rhoj; /* density contributions of j to i and of i to j */
} colony_pair_t;

/*
 * The pair kernel: the pair term of j on i and, from the same geometry, of i
 * on j (Newton's third law), in the frame centred on c_i. d = (dx, dy) is the
 * minimum image of c_j - c_i, (uix, uiy) and (ujx, ujy) the rods' axes, ai
 * and aj the activities; self is nonzero when j is i (no contribution).
 * Every term is exactly 0 beyond r_cut.
 *
 * Branch-free and returned by value: every decision is a select between
 * values already computed, made with the quiet comparisons (isless,
 * isgreater; under the default -ftrapping-math gcc will not if-convert an
 * ordinary < or a select whose arm does arithmetic, as either may trap), and
 * nothing has its address taken, so that a loop over j with this body
 * vectorizes without per-lane temporaries in memory. Divisors that the spec
 * only uses when they are nonzero are replaced in the lanes that discard the
 * quotient. A caller that needs only one side uses colony_pair; the other
 * side's work is then dead code.
 *
 * The spec computes the pair from i's frame; for nearly parallel rods
 * (den <= 1e-6 aa ee) its contact point is i's head, so the torque on j that
 * j's own frame would give differs from tqj (a measure-zero set of pairs).
 */
static inline colony_pair_t
colony_pair_both(float dx, float dy, float uix, float uiy, float ujx, float ujy,
    float ai, float aj, int self)
{
	const float h = 0.5f * COLONY_L;
	colony_pair_t out;
	/* Endpoints relative to c_i: p_i = h u_i, q_i = -h u_i,
	 * p_j = d + h u_j; d1 = q_i - p_i = -L u_i exactly in float32, and
	 * d2 = q_j - p_j is taken as -L u_j (the same value, one rounding). */
	float pix = h * uix, piy = h * uiy;
	float pjx = dx + h * ujx, pjy = dy + h * ujy;
	float d1x = -2.0f * pix, d1y = -2.0f * piy;
	float d2x = -COLONY_L * ujx, d2y = -COLONY_L * ujy;
	float rx = pix - pjx, ry = piy - pjy;
	float aa = d1x * d1x + d1y * d1y, ee = d2x * d2x + d2y * d2y;
	float ff = d2x * rx + d2y * ry, cc = d1x * rx + d1y * ry;
	float bb = d1x * d2x + d1y * d2y;
	float den = aa * ee - bb * bb;
	int skew = isgreater(den, 1e-6f * aa * ee);
	float inv_aa = 1.0f / aa;
	float s = (bb * ff - cc * ee) / (skew ? den : 1.0f);
	float t, s_lo, s_hi;
	float kix, kiy, kjx, kjy, nx, ny, cx, cy, dist, dlen, inv_dist;
	float inv_dlen, mag;
	float w;
	int crossing;

	s = colony_clamp01(s);
	s = skew ? s : 0.0f;
	t = (bb * s + ff) / ee;
	s_lo = colony_clamp01(-cc * inv_aa);
	s_hi = colony_clamp01((bb - cc) * inv_aa);
	s = isless(t, 0.0f) ? s_lo : (isgreater(t, 1.0f) ? s_hi : s);
	t = colony_clamp01(t);

	kix = pix + s * d1x;
	kiy = piy + s * d1y;
	/* k_j relative to c_j: h u_j + t d2. */
	kjx = h * ujx + t * d2x;
	kjy = h * ujy + t * d2y;
	nx = kix - (dx + kjx);
	ny = kiy - (dy + kjy);
	dist = sqrtf(nx * nx + ny * ny);
	dlen = sqrtf(dx * dx + dy * dy);

	/* Crossing rods have no contact normal: push apart along the centre
	 * line instead, -d/|d|, at dist = 0. */
	crossing = isless(dist, 1e-4f);
	inv_dist = 1.0f / (crossing ? 1.0f : dist);
	inv_dlen = 1.0f / (isgreater(dlen, 0.0f) ? dlen : 1.0f);
	cx = -dx * inv_dlen;
	cy = -dy * inv_dlen;
	nx *= inv_dist;
	ny *= inv_dist;
	nx = crossing ? cx : nx;
	ny = crossing ? cy : ny;
	dist = crossing ? 0.0f : dist;

	/* Contact needs dist < 2R, |d| > 0 and j not i: selects in turn, not
	 * an integer and of the conditions, which gcc cannot vectorize. */
	mag = COLONY_K_CC * (2.0f * COLONY_R - dist);
	mag = isless(dist, 2.0f * COLONY_R) ? mag : 0.0f;
	mag = isgreater(dlen, 0.0f) ? mag : 0.0f;
	mag = self ? 0.0f : mag;
	out.fx = mag * nx;
	out.fy = mag * ny;
	out.tqi = kix * out.fy - kiy * out.fx;
	/* The force on j is -F, applied at its own closest point k_j. */
	out.tqj = kjy * out.fx - kjx * out.fy;

	w = 1.0f - dlen * (1.0f / COLONY_R_S);
	w = isgreater(w, 0.0f) ? w : 0.0f;
	w = COLONY_W_A * w * w;
	w = self ? 0.0f : w;
	out.rhoi = aj * w;
	out.rhoj = ai * w;
	return out;
}

/* The pair term of j on i alone (see colony_pair_both): fx, fy, tqi, rhoi. */
static inline colony_pair_t
colony_pair(float dx, float dy, float uix, float uiy, float ujx, float ujy,
    float aj, int self)
{
	return colony_pair_both(dx, dy, uix, uiy, ujx, ujy, 0.0f, aj, self);
}

#endif /* FB_COLONY_H */
