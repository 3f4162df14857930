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
#include <string.h>

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
 * |d| < S and the rounded quotient is -1, 0 or 1; rounding to nearest
 * (rintf, one vroundps; the build has -fno-trapping-math) differs from
 * floor(. + 1/2) only at |d| = S/2, beyond r_cut in every box. 1/box is
 * loop-invariant and hoisted by the compiler. */
static inline float
colony_min_image(float d, float box)
{
	return d - box * rintf(d * (1.0f / box));
}

/* v clamped to [0, hi] for hi >= 0 as integers: the bit patterns of
 * non-negative floats order as they do, and every negative float's pattern
 * is a negative int32, so the clamp is one vpmaxsd and one vpminsd. The
 * float forms (a < b ? b : a, or fminf and fmaxf with their NaN rules) cost
 * a comparison and a blend each with gcc 12, more when jump threading
 * nests them. */
static inline float
colony_clamp_to(float v, float hi)
{
	int32_t b, top;

	memcpy(&b, &v, sizeof(b));
	memcpy(&top, &hi, sizeof(top));
	b = b < 0 ? 0 : b;
	b = b > top ? top : b;
	memcpy(&v, &b, sizeof(v));
	return v;
}

/* max(v, 0), the same way: one vpmaxsd. */
static inline float
colony_positive(float v)
{
	int32_t b;

	memcpy(&b, &v, sizeof(b));
	b = b < 0 ? 0 : b;
	memcpy(&v, &b, sizeof(v));
	return v;
}

/* min(v, 0), the same way: one vpminsd. */
static inline float
colony_negative(float v)
{
	int32_t b;

	memcpy(&b, &v, sizeof(b));
	b = b > 0 ? 0 : b;
	memcpy(&v, &b, sizeof(v));
	return v;
}

static inline float
colony_clamp01(float v)
{
	return colony_clamp_to(v, 1.0f);
}

/* The z component of the cross product a x b: the torque of force b applied
 * at a. */
static inline float
colony_cross(float ax, float ay, float bx, float by)
{
	return ax * by - ay * bx;
}

/* The pair terms of one pair (i, j), see colony_pair_both. */
typedef struct colony_pair_s {
	float fx, fy;     /* contact force on i; on j it is (-fx, -fy) */
	float tqi, tqj;   /* torques about c_i and about c_j */
	float rhoi, rhoj; /* density contributions of j to i and of i to j */
	/* The contact points as arms along the axes: k_i = c_i + arm_i u_i
	 * and k_j = c_j + arm_j u_j, so tqi = arm_i (u_i x F) and
	 * tqj = -arm_j (u_j x F). arm_i = L/2 - sigma (sigma = L s, the
	 * spec's s scaled), so a row's torque sum is
	 * u_i x (L/2 sum F - sum sigma F): two sums and one cross product
	 * after the loop instead of a cross product a pair. */
	float arm_i, arm_j, sigma;
} colony_pair_t;

/*
 * The pair kernel: the pair term of j on i and, from the same geometry, of i
 * on j (Newton's third law), in the frame centred on c_i. d = (dx, dy) is the
 * minimum image of c_j - c_i, (uix, uiy) and (ujx, ujy) the rods' axes, ai
 * and aj the activities; self is nonzero when j is i or a padding lane (no
 * contribution). Every term is exactly 0 beyond r_cut.
 *
 * The spec's closest points with its terms expanded for unit axes
 * (aa = ee = L^2, bb = L^2 c with c = u_i.u_j, den = L^4 (1 - c^2)) and
 * scaled by L: sigma = L s and tau = L t in [0, L]. With the heads'
 * difference q = p_j - p_i = d + h (u_j - u_i) (h = L/2; the spec's
 * r = -q), F = -u_i.q = -cc/L and E = u_j.q = ff/L, the spec's s is then
 * sigma0 = (F + c E) / (1 - c^2) clamped (0 for parallel rods), its t is
 * tau0 = c sigma0 + E, and where tau0 leaves [0, L] tau is clamped and
 * sigma = clamp(F + c tau): the spec's clamp(-cc/aa) at t = 0 and
 * clamp((bb - cc)/aa) at t = 1. The contact points are k_i = alpha u_i and
 * k_j = d + beta u_j with alpha = h - sigma and beta = h - tau.
 * sigma = clamp(F + c tau) is taken where tau0 is inside [0, L] too: for
 * rods that are not parallel it then equals sigma0 (up to rounding), and
 * the select between the two (a compare and a blend) is saved. For
 * parallel rods (1 - c^2 <= 1e-6, where the spec takes s = 0) it is
 * F + c E = (1 - c^2) sigma_lines, exactly 0 for exactly parallel rods and
 * at most |d| |u_i - c u_j| (under 3e-3 for rods in contact) otherwise:
 * the arm of such a pair moves by that much from i's head.
 *
 * Branch-free and returned by value: every decision is a comparison and a
 * select between values already computed (with -fno-trapping-math one
 * vcmpps and one vblendvps, or an and), the clamps are integer min/max
 * (colony_clamp_to), and nothing has its address taken, so a loop over j
 * vectorizes. A caller that needs only one side uses colony_pair; the other
 * side's work is then dead code.
 *
 * The spec computes the pair from i's frame; for nearly parallel rods
 * (1 - c^2 <= 1e-6) its contact point is i's head, so the torque on j that
 * j's own frame would give differs from tqj (a measure-zero set of pairs).
 */
static inline colony_pair_t
colony_pair_both(float dx, float dy, float uix, float uiy, float ujx, float ujy,
    float ai, float aj, int self)
{
	const float h = 0.5f * COLONY_L, k = COLONY_K_CC,
		    two_r = 2.0f * COLONY_R;
	colony_pair_t out;
	/* q = p_j - p_i, the heads' difference (the spec's -r). */
	float qx = dx + h * ujx - h * uix, qy = dy + h * ujy - h * uiy;
	float c = uix * ujx + uiy * ujy;
	float fm = uix * qx + uiy * qy, e = ujx * qx + ujy * qy;
	float den = 1.0f - c * c;
	float sigma0, sigma, tau, alpha, beta;
	float nx, ny, dist, dlen, rr, delta, g, w;
	int crossing;

	sigma0 = colony_clamp_to((c * e - fm) / den, COLONY_L);
	sigma0 = den > 1e-6f ? sigma0 : 0.0f;
	tau = colony_clamp_to(c * sigma0 + e, COLONY_L);
	sigma = colony_clamp_to(c * tau - fm, COLONY_L);
	alpha = h - sigma;
	beta = h - tau;
	out.sigma = sigma;

	/* m = k_j - k_i = q + t d2 - s d1 (minus the spec's n); |d| with
	 * FLT_MIN added so that coincident centres (and j = i) divide by a
	 * normal number, not by 0. */
	nx = qx - tau * ujx + sigma * uix;
	ny = qy - tau * ujy + sigma * uiy;
	dist = sqrtf(nx * nx + ny * ny);
	dlen = sqrtf(1.17549435e-38f + dx * dx + dy * dy);

	/* F = -k_cc (2R - dist) m / dist where dist < 2R (g <= 0, clamped as
	 * an integer); crossing rods (dist < 1e-4) have no contact normal and
	 * are pushed apart along the centre line: dist taken as 0, m as d and
	 * the divisor as |d|, F = -k_cc 2R d / |d|, which is 0 when d = 0.
	 * The selects on crossing are kept together: with code between two
	 * of them gcc's jump threading duplicates that code into both paths
	 * (and two divides would then be blended). */
	crossing = dist < 1e-4f;
	rr = crossing ? dlen : dist;
	delta = crossing ? 0.0f : dist;
	nx = crossing ? dx : nx;
	ny = crossing ? dy : ny;
	g = colony_negative(k * delta - k * two_r) / rr;
	g = self ? 0.0f : g;
	out.fx = g * nx;
	out.fy = g * ny;
	out.arm_i = alpha;
	out.arm_j = beta;
	out.tqi = alpha * colony_cross(uix, uiy, out.fx, out.fy);
	/* The force on j is -F, applied at its own closest point k_j. */
	out.tqj = beta * colony_cross(ujx, ujy, -out.fx, -out.fy);

	w = colony_positive(1.0f - dlen * (1.0f / COLONY_R_S));
	w = self ? 0.0f : COLONY_W_A * w * w;
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
