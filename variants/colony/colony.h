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

#include "lanes.h"
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
/* The density's factor w_a / R_s^2 (colony_pair_t.w). */
#define COLONY_RHO_W (COLONY_W_A / (COLONY_R_S * COLONY_R_S))

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
/* The arithmetic one pair (one side) needs at the least, the in-core
 * minimum of every all-pairs and cell-list variant's hot loop, counted from
 * the spec's operations in the centred-arm form colony.h derives
 * (colony_pair_both): d from the centres (2 adds), its minimum image (2
 * x: a multiply, a rounding, a multiply-subtract), the dots u_i.u_j,
 * u_i.d and u_j.d (6), 1 - c^2 (1), the parallel rods' compare and
 * bound select (2 selects), alpha0 (a multiply-subtract and a divide),
 * its clamp (2 selects), beta and alpha (2) with their clamps (4
 * selects), the contact vector (4), |m| and |d| (4 and 2 square roots),
 * the crossing test and its four selects (5 selects), 2R - dist and its
 * divide (1 and a divide), the contact's and the density's cut-offs (2
 * selects), the density's (R_s - |d|)^2 (2), and the sums g n, arm g n
 * and a_j w (the product arm g and 5 FMAs: 6): 33 multiply-adds, 4
 * divides and square roots, 2 roundings, 15 selects. */
#define COLONY_PAIR_FMA 33
#define COLONY_PAIR_DIVSQRT 4
#define COLONY_PAIR_ROUND 2
#define COLONY_PAIR_SELECT 15
/* The in-core entry of colony_rows_fill's loop, the one hot loop of the
 * variants that fill pair rows (naive, naive-reuse, chunked): one pair's
 * minimum a lane. */
#define COLONY_ROWS_FILL_INCORE                                                \
	{                                                                      \
		.functions = "colony_rows_fill", .vectors = 1,                 \
		.fma = COLONY_PAIR_FMA, .divsqrt = COLONY_PAIR_DIVSQRT,        \
		.round = COLONY_PAIR_ROUND, .select = COLONY_PAIR_SELECT,      \
		.gather = 0, .extra = 30,                                      \
		.extra_why = "fused's loop control (3) and loads of u_j (2), " \
			     "the four terms stored (forces x and y, "         \
			     "torque, density: 4), the self lane's select (a " \
			     "compare and the two selects of g and w: 3), "    \
			     "k_cc and the density factor a pair (the terms "  \
			     "are stored, not summed: 2 multiplies and 3 "     \
			     "more), and up to 13 register copies and "        \
			     "reloads in x86-64-v3's 16 registers (7 in the "  \
			     "native build): 30"                               \
	}
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
/* Particles a run's steps visit: N a step. */
double colony_step_particles(const params_t *p);
/* The passes every colony variant runs (colony_common.c), for the time
 * model: colony_orient before the pairs, a particle an iteration (the
 * wraps, and a call of cosf and sinf, priced at the ceilings' measured
 * call); colony_integrate after them, a particle a lane of its vector
 * loop. Under 1% of the variants that evaluate all N^2 pairs at N =
 * 4096; 16% of colony cells's samples (perf record -e cpu-clock, N =
 * 4096, 5 steps: sinf and cosf 10%, the step's end 4%, its beginning
 * 2%). */
#define COLONY_STEP_PASSES                                                     \
	{"colony_orient", 0, 0, colony_step_particles, 0},                     \
	{                                                                      \
		"colony_integrate", 0, 0, colony_step_particles, 1             \
	}
/* Pairs a run's steps visit: N^2 a step. */
double colony_step_pairs(const params_t *p);
/* The pass of the variants that sum stored (rows, N) arrays
 * (colony_rows_sum): a pair a lane of its vector loop; it reads back what
 * the pair loop stored. */
#define COLONY_ROWS_SUM_PASS                                                   \
	{                                                                      \
		"colony_rows_sum", 0, 0, colony_step_pairs, 1, .reads_back = 1 \
	}
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

/* The kernel's length constants, made once by colony_frame_make outside
 * the loops, so that the compiler does not fold them: gcc 12 then makes
 * each side of an arm's clamp one vmaxps or vminps (with literal bounds it
 * emits a compare and a blend per side, more when jump threading nests
 * them). */
typedef struct colony_frame_s {
	float h, neg_h; /* L/2: the arms lie in [-h, h] */
	float two_r;    /* 2R, the contact distance */
	float crossing; /* 1e-4, the crossing rods' threshold on dist */
	float rs;       /* R_s */
} colony_frame_t;

colony_frame_t colony_frame_make(void);

/* The pair terms of one pair (i, j), see colony_pair_both. */
typedef struct colony_pair_s {
	float fx, fy;     /* contact force on i; on j it is (-fx, -fy) */
	float tqi, tqj;   /* torques about c_i and about c_j */
	float rhoi, rhoj; /* density contributions of j to i and of i to j */
	/* The force as k_cc g (nx, ny), and the contact points as arms along
	 * the axes: k_i = c_i + arm_i u_i and k_j = c_j + arm_j u_j, so tqi =
	 * arm_i (u_i x F) and tqj = -arm_j (u_j x F). A row's torque sum is u_i
	 * x sum(arm_i F): one cross product after the loop instead of one a
	 * pair, with arm_i g nx and arm_i g ny summed. */
	float g, nx, ny;
	float arm_i, arm_j;
	/* The density's weight over COLONY_RHO_W: rhoi = COLONY_RHO_W aj w. */
	float w;
} colony_pair_t;

/* cond ? a : b as a bit blend of the two values (one vpblendvb in a
 * vectorized loop). Written as a ? : on floats, gcc 12's jump threading
 * turns a select followed by a clamp or another select on the same
 * condition into a branch it duplicates code across, which if-conversion
 * then makes compare, and, or and blend chains (the parallel case's bound
 * merged with the first clamp cost 18 such instructions a vector, the
 * self selects 30 in colony_rows_fill). */
static inline float
colony_select_bits(int cond, float a, float b)
{
	int32_t ab, bb, m = -(int32_t)(cond != 0);

	memcpy(&ab, &a, sizeof(ab));
	memcpy(&bb, &b, sizeof(bb));
	ab = (ab & m) | (bb & ~m);
	memcpy(&a, &ab, sizeof(a));
	return a;
}

/* v clamped to [lo, h]: one vmaxps and one vminps (lo and h not literal,
 * see colony_frame_t). NaN gives lo. */
static inline float
colony_clamp_arm(float v, float lo, float h)
{
	v = v > lo ? v : lo;
	return v < h ? v : h;
}

/*
 * The pair kernel: the pair term of j on i and, from the same geometry, of i
 * on j (Newton's third law), in the frame centred on c_i. d = (dx, dy) is the
 * minimum image of c_j - c_i, (uix, uiy) and (ujx, ujy) the rods' axes, ai
 * and aj the activities; self is nonzero when j is i or a padding lane (no
 * contribution). Every term is exactly 0 beyond r_cut.
 *
 * The spec's closest points in arms measured from the centres: k_i = alpha
 * u_i, k_j = d + beta u_j with alpha, beta in [-h, h] (h = L/2; the spec's
 * s = (h - alpha)/L and t = (h - beta)/L). With c = u_i.u_j, A = u_i.d and
 * B = u_j.d (unit axes), the lines' closest points are alpha0 =
 * (A - c B)/(1 - c^2) and beta = c alpha - B; the segments' are alpha0
 * clamped (h, the spec's s = 0, for parallel rods: 1 - c^2 <= 1e-6), then
 * beta = clamp(c alpha0 - B) (the spec's t) and alpha = clamp(A + c beta),
 * which is the spec's re-clamped s where t was clamped.
 * alpha = clamp(A + c beta) is taken where beta was inside [-h, h] too: for
 * rods that are not parallel it then equals alpha0 (up to rounding), and
 * the select between the two (a compare and a blend) is saved. For
 * parallel rods (where the spec takes s = 0, alpha = h) it moves the
 * contact point from i's head by at most |d| |u_i - c u_j| (under 3e-3 for
 * rods in contact). The spec's expansion (its aa, bb, cc, ee, ff from the
 * heads' difference) is the same arithmetic with h added to both arms; the
 * centred arms save the heads' difference (4 operations a pair).
 *
 * Branch-free and returned by value: every decision is a comparison and a
 * bit blend of values already computed (colony_select_bits: one vcmpps and
 * one vpblendvb), the arms' clamps are vmaxps and vminps, the others
 * integer min (colony_negative), and nothing has its address taken, so a
 * loop over j vectorizes. A caller that needs only one side uses
 * colony_pair; the other side's work is then dead code. The force is
 * returned as g and the normal, and the density's weight as w, so that a
 * caller can sum them with one FMA each and apply k_cc and COLONY_RHO_W
 * once a row (fx, fy, tqi, tqj, rhoi and rhoj are the real terms).
 *
 * The spec computes the pair from i's frame; for nearly parallel rods
 * (1 - c^2 <= 1e-6) its contact point is i's head, so the torque on j that
 * j's own frame would give differs from tqj (a measure-zero set of pairs).
 */
static inline colony_pair_t
colony_pair_both(float dx, float dy, float uix, float uiy, float ujx, float ujy,
    float ai, float aj, int self, colony_frame_t fr)
{
	colony_pair_t out;
	float c = uix * ujx + uiy * ujy;
	float ad = uix * dx + uiy * dy, bd = ujx * dx + ujy * dy;
	float den = 1.0f - c * c;
	float alpha, beta, mx, my, dist, dlen, rr, delta, g, w;
	int crossing;

	/* For parallel rods the lower bound is h: then alpha0 = h whatever
	 * the quotient (also when 0/0 made it NaN). The select of the bound
	 * and not of alpha0: selected after the clamp, gcc 12 merges the
	 * select with the clamp's upper side into two compares, an or and a
	 * blend. */
	alpha = colony_clamp_arm((ad - c * bd) / den,
	    colony_select_bits(den <= 1e-6f, fr.h, fr.neg_h), fr.h);
	beta = colony_clamp_arm(c * alpha - bd, fr.neg_h, fr.h);
	alpha = colony_clamp_arm(ad + c * beta, fr.neg_h, fr.h);
	out.arm_i = alpha;
	out.arm_j = beta;

	/* m = k_j - k_i (minus the spec's n); |d| with FLT_MIN added so that
	 * coincident centres (and j = i) divide by a normal number, not by
	 * 0. */
	mx = dx + beta * ujx - alpha * uix;
	my = dy + beta * ujy - alpha * uiy;
	dist = sqrtf(mx * mx + my * my);
	dlen = sqrtf(1.17549435e-38f + dx * dx + dy * dy);

	/* F = -k_cc (2R - dist) m / dist where dist < 2R, as k_cc g n with
	 * g <= 0 (clamped as an integer): a caller that sums g n multiplies
	 * by k_cc once; crossing rods (dist < 1e-4) have no contact normal and
	 * are pushed apart along the centre line: dist taken as 0, m as d and
	 * the divisor as |d|, F = -k_cc 2R d / |d|, which is 0 when d = 0.
	 * The selects are bit blends (colony_select_bits): as ? : gcc's jump
	 * threading duplicated the code between two of them into both paths
	 * (and two divides were then blended). */
	crossing = dist < fr.crossing;
	rr = colony_select_bits(crossing, dlen, dist);
	delta = colony_select_bits(crossing, 0.0f, dist);
	out.nx = colony_select_bits(crossing, dx, mx);
	out.ny = colony_select_bits(crossing, dy, my);
	g = colony_negative(delta - fr.two_r) / rr;
	out.g = colony_select_bits(self, 0.0f, g);
	out.fx = COLONY_K_CC * out.g * out.nx;
	out.fy = COLONY_K_CC * out.g * out.ny;
	/* alpha (u_i x F) and -beta (u_j x F). */
	out.tqi = alpha * (uix * out.fy - uiy * out.fx);
	out.tqj = beta * (ujy * out.fx - ujx * out.fy);

	/* (R_s - |d|)^2 where positive: the spec's weight over
	 * COLONY_RHO_W. */
	w = colony_negative(dlen - fr.rs);
	out.w = colony_select_bits(self, 0.0f, w * w);
	out.rhoi = COLONY_RHO_W * aj * out.w;
	out.rhoj = COLONY_RHO_W * ai * out.w;
	return out;
}

/* float32 lanes of one vector of the build's widest (AVX-512: 16,
 * otherwise 8), and a row's sums kept as such vectors, their lanes added
 * by halves (lanes.h: an omp simd reduction's tail of one-by-one additions
 * was 64 dependent additions a particle in colony cells, about 100 cycles
 * of latency against the 1.4 pair vectors of its loop). */
#if defined(__AVX512F__)
#define COLONY_LANES 16
typedef lanes_16_t colony_lanes_t;
#define colony_lanes_sum lanes_sum_16
#else
#define COLONY_LANES 8
typedef lanes_8_t colony_lanes_t;
#define colony_lanes_sum lanes_sum_8
#endif

/* *acc += the COLONY_LANES floats at p (an array the vectorized loop
 * filled: one vector store and load). By pointer: a vector passed by
 * value would change the ABI between the AVX2 and AVX-512 builds. */
static inline __attribute__((always_inline)) void
colony_lanes_add(colony_lanes_t *acc, const float *p)
{
	colony_lanes_t v;

	memcpy(&v, p, sizeof(v));
	*acc += v;
}

/* The pair term of j on i alone (see colony_pair_both): fx, fy, tqi, rhoi. */
static inline colony_pair_t
colony_pair(float dx, float dy, float uix, float uiy, float ujx, float ujy,
    float aj, int self, colony_frame_t fr)
{
	return colony_pair_both(dx, dy, uix, uiy, ujx, ujy, 0.0f, aj, self, fr);
}

#endif /* FB_COLONY_H */
